/**
 * /manage/integrations/chat (issue 31, section 5): the Slack and Microsoft Teams channels the
 * organisation announces to: each by its incoming-webhook URL, with what it hears (new initiatives,
 * places left in the last days, last month's totals), switched on or off, tested, removed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CHAT_APP_KINDS, CHAT_APP_TOPICS } from "~/domain/webhooks";
import { RouteErrorBoundary } from "~/components/error-page";
import { Labelled, ManageSection, STAFF_FIELD } from "~/components/manage/decision-parts";
import { IntegrationsNav } from "~/components/manage/integrations-nav";
import { CheckboxGroup, IntentButton, RowActions, useFieldMessage } from "~/components/manage/webhook-parts";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { connectionAction, loadConnections } from "./chat.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "webhooks", "chat_title");

export async function loader(args: LoaderFunctionArgs) {
  return loadConnections(args);
}

export async function action(args: ActionFunctionArgs) {
  const { status, answer } = await connectionAction(args);
  return data(answer, { status });
}

export default function ChatApps() {
  const { connections } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("webhooks");
  const message = useFieldMessage();
  const adding = answer?.intent === "add" && !answer.ok;
  const topics = CHAT_APP_TOPICS.map((topic) => ({ value: topic, label: t(`topic_${topic}`) }));
  return (
    <div className="flex flex-col gap-6">
      <IntegrationsNav current="chat" />
      <ManageSection id="chat-title" title={t("chat_title")} intro={t("chat_intro")}>
        {answer?.ok && answer.intent === "add" ? <Alert variant="success">{t("chat_added")}</Alert> : null}
        {answer?.ok && answer.intent === "test" ? <Alert variant="success">{t("chat_test_sent")}</Alert> : null}
        {answer && !answer.ok && !Object.keys(answer.fields).length ? <Alert>{t("error_default")}</Alert> : null}
        {connections === null ? <Alert>{t("error_default")}</Alert> : null}
        {connections?.length === 0 ? <p className="text-muted-foreground">{t("chat_none")}</p> : null}
        <ul className="flex flex-col gap-3">
          {connections?.map((connection) => (
            <li key={connection.id} className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">
                  {t(`kind_${connection.kind}`)} · {connection.channel}
                </span>
                <span className={connection.enabled ? "text-sm text-success" : "text-sm text-muted-foreground"}>{connection.enabled ? t("status_enabled") : t("status_disabled")}</span>
              </div>
              <p className="text-sm text-muted-foreground">{connection.topics.map((topic) => t(`topic_${topic}`)).join(" · ")}</p>
              <RowActions id={connection.id} enabled={connection.enabled} testLabel={t("action_test_message")} />
            </li>
          ))}
        </ul>
      </ManageSection>
      <ManageSection id="chat-add-title" title={t("chat_add_title")} intro={t("chat_add_intro")}>
        <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
          <Labelled id="chat-kind" label={t("field_kind")}>
            <select id="chat-kind" name="kind" defaultValue={adding ? answer.values.kind : "slack"} className={STAFF_FIELD}>
              {CHAT_APP_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kind_${kind}`)}
                </option>
              ))}
            </select>
          </Labelled>
          <Field id="chat-channel" name="channel" label={t("field_channel")} hint={t("field_channel_hint")} defaultValue={adding ? answer.values.channel : ""} required error={adding ? message(answer.fields.channel) : null} />
          <Field id="chat-url" name="url" type="url" inputMode="url" autoComplete="off" label={t("field_hook_url")} hint={t("field_hook_url_hint")} required error={adding ? message(answer.fields.url) : null} />
          <CheckboxGroup name="topics" legend={t("field_topics")} options={topics} checked={adding ? answer.values.topics : ["new_initiatives"]} error={adding ? message(answer.fields.topics) : null} />
          <div>
            <IntentButton intent="add">{t("action_connect")}</IntentButton>
          </div>
        </Form>
      </ManageSection>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
