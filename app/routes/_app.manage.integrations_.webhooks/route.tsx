/**
 * /manage/integrations/webhooks (issue 31, section 3; docs/integrations.md): an
 * administrator's webhook endpoints: add one (address, description, events; the signing secret is
 * shown once), switch it on or off, rotate its secret (the old one keeps signing for a day), send
 * the test event, remove it; each links to its delivery log.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { WEBHOOK_EVENT_TYPES } from "~/domain/webhooks";
import { RouteErrorBoundary } from "~/components/error-page";
import { ManageSection } from "~/components/manage/decision-parts";
import { IntegrationsNav } from "~/components/manage/integrations-nav";
import { CheckboxGroup, IntentButton, RowActions, SecretOnce, useFieldMessage } from "~/components/manage/webhook-parts";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { endpointAction, loadEndpoints } from "./webhooks.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "webhooks", "webhooks_title");

export async function loader(args: LoaderFunctionArgs) {
  return loadEndpoints(args);
}

export async function action(args: ActionFunctionArgs) {
  const { status, answer } = await endpointAction(args);
  return data(answer, { status });
}

export default function WebhookEndpoints() {
  const { endpoints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("webhooks");
  const message = useFieldMessage();
  const eventOptions = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }));
  const adding = answer?.intent === "add" && !answer.ok;
  return (
    <div className="flex flex-col gap-6">
      <IntegrationsNav current="webhooks" />
      <ManageSection id="webhooks-title" title={t("webhooks_title")} intro={t("webhooks_intro")}>
        {answer?.secret ? <SecretOnce secret={answer.secret} /> : null}
        {answer?.ok && answer.intent === "test" ? <Alert variant="success">{t("test_sent")}</Alert> : null}
        {answer && !answer.ok && !Object.keys(answer.fields).length ? <Alert>{t("error_default")}</Alert> : null}
        {endpoints === null ? <Alert>{t("error_default")}</Alert> : null}
        {endpoints?.length === 0 ? <p className="text-muted-foreground">{t("webhooks_none")}</p> : null}
        <ul className="flex flex-col gap-3">
          {endpoints?.map((endpoint) => (
            <li key={endpoint.id} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/manage/integrations/webhooks/${endpoint.id}`} className="break-all font-medium text-brand underline">
                  {endpoint.url}
                </Link>
                <span className={endpoint.enabled ? "text-sm text-success" : "text-sm text-destructive"}>
                  {endpoint.enabled ? t("status_enabled") : endpoint.disabled_reason === "failing" ? t("status_disabled_failing") : t("status_disabled")}
                </span>
              </div>
              {endpoint.description ? <p className="text-sm">{endpoint.description}</p> : null}
              <p className="text-sm text-muted-foreground">{t("events_count", { count: endpoint.events.length })}</p>
              {endpoint.previous_secret_until ? <p className="text-sm text-muted-foreground">{t("rotation_overlap", { date: endpoint.previous_secret_until.slice(0, 16).replace("T", " ") })}</p> : null}
              <RowActions id={endpoint.id} enabled={endpoint.enabled} testLabel={t("action_test")}>
                <IntentButton intent="rotate" small>
                  {t("action_rotate")}
                </IntentButton>
              </RowActions>
            </li>
          ))}
        </ul>
      </ManageSection>
      <ManageSection id="webhook-add-title" title={t("add_title")} intro={t("add_intro")}>
        <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
          <Field id="webhook-url" name="url" type="url" inputMode="url" label={t("field_url")} hint={t("field_url_hint")} defaultValue={adding ? answer.values.url : ""} required error={adding ? message(answer.fields.url) : null} />
          <Field id="webhook-description" name="description" label={t("field_description")} defaultValue={adding ? answer.values.description : ""} error={adding ? message(answer.fields.description) : null} />
          <CheckboxGroup name="events" legend={t("field_events")} options={eventOptions} checked={adding ? answer.values.events : []} error={adding ? message(answer.fields.events) : null} />
          <div>
            <IntentButton intent="add">{t("action_add")}</IntentButton>
          </div>
        </Form>
      </ManageSection>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
