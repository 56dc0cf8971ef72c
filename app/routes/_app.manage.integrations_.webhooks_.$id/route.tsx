/**
 * /manage/integrations/webhooks/{id} (issue 31, section 3): one endpoint's delivery log (event,
 * status, answer time, attempts, the body sent) with "redeliver", the test event, and the form that
 * changes its address, description and events.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { WEBHOOK_EVENT_TYPES } from "~/domain/webhooks";
import { RouteErrorBoundary } from "~/components/error-page";
import { ManageSection } from "~/components/manage/decision-parts";
import { IntegrationsNav } from "~/components/manage/integrations-nav";
import { CheckboxGroup, IntentButton, useFieldMessage } from "~/components/manage/webhook-parts";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { endpointPageAction, loadEndpoint } from "./endpoint.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "webhooks", "log_title");

export async function loader(args: LoaderFunctionArgs) {
  return loadEndpoint(args, args.params.id ?? "");
}

export async function action(args: ActionFunctionArgs) {
  const { status, answer } = await endpointPageAction(args, args.params.id ?? "");
  return data(answer, { status });
}

const when = (iso: string | null) => (iso ? iso.slice(0, 19).replace("T", " ") : "—");

export default function WebhookEndpointLog() {
  const { endpoint, deliveries, next, shown } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("webhooks");
  const message = useFieldMessage();
  if (!endpoint) return <Alert>{t("error_default")}</Alert>;
  const updating = answer?.intent === "update" && !answer.ok;
  return (
    <div className="flex flex-col gap-6">
      <IntegrationsNav current="webhooks" />
      <ManageSection id="log-title" title={t("log_title")} intro={endpoint.url}>
        <p>
          <Link to="/manage/integrations/webhooks" className="text-sm text-brand underline">
            {t("back_to_endpoints")}
          </Link>
        </p>
        {answer?.ok && answer.intent === "redeliver" ? <Alert variant="success">{t("redeliver_sent")}</Alert> : null}
        {answer?.ok && answer.intent === "test" ? <Alert variant="success">{t("test_sent")}</Alert> : null}
        {answer?.ok && answer.intent === "update" ? <Alert variant="success">{t("saved")}</Alert> : null}
        {answer && !answer.ok && !Object.keys(answer.fields).length ? <Alert>{t("error_default")}</Alert> : null}
        {!endpoint.enabled ? <Alert variant="info">{endpoint.disabled_reason === "failing" ? t("disabled_failing_note") : t("status_disabled")}</Alert> : null}
        <Form method="post">
          <IntentButton intent="test">{t("action_test")}</IntentButton>
        </Form>
        {deliveries?.length === 0 ? <p className="text-muted-foreground">{t("log_none")}</p> : null}
        {deliveries?.length ? (
          <div className="overflow-x-auto rounded-lg border border-border bg-card">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-border">
                  <th className="p-2">{t("log_event")}</th>
                  <th className="p-2">{t("log_status")}</th>
                  <th className="p-2">{t("log_answer")}</th>
                  <th className="p-2">{t("log_attempts")}</th>
                  <th className="p-2">{t("log_created")}</th>
                  <th className="p-2">
                    <span className="sr-only">{t("log_actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => (
                  <tr key={delivery.id} className="border-b border-border last:border-0" data-testid="webhook-delivery">
                    <td className="p-2 font-mono">{delivery.event_type}</td>
                    <td className="p-2">{t(`delivery_${delivery.status}`)}</td>
                    <td className="p-2">
                      {delivery.response_status ?? delivery.error ?? "—"}
                      {delivery.response_ms !== null ? ` · ${t("log_ms", { count: delivery.response_ms })}` : ""}
                    </td>
                    <td className="p-2">{delivery.attempts}</td>
                    <td className="p-2">{when(delivery.created_at)}</td>
                    <td className="flex flex-wrap gap-2 p-2">
                      <Link to={`?delivery=${delivery.id}`} className="text-brand underline">
                        {t("log_body")}
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="delivery" value={delivery.id} />
                        <IntentButton intent="redeliver" small>
                          {t("action_redeliver")}
                        </IntentButton>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {next ? (
          <Link to={`?cursor=${next}`} className="text-sm text-brand underline">
            {t("log_older")}
          </Link>
        ) : null}
        {shown ? (
          <div className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
            <h3 className="font-semibold">{t("log_body_title", { event: shown.event_type })}</h3>
            <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs">{"body" in shown ? shown.body : ""}</pre>
          </div>
        ) : null}
      </ManageSection>
      <ManageSection id="edit-title" title={t("edit_title")}>
        <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
          <Field id="webhook-url" name="url" type="url" inputMode="url" label={t("field_url")} hint={t("field_url_hint")} defaultValue={updating ? answer.values.url : endpoint.url} required error={updating ? message(answer.fields.url) : null} />
          <Field id="webhook-description" name="description" label={t("field_description")} defaultValue={updating ? answer.values.description : endpoint.description} error={updating ? message(answer.fields.description) : null} />
          <CheckboxGroup name="events" legend={t("field_events")} options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }))} checked={updating ? answer.values.events : endpoint.events} error={updating ? message(answer.fields.events) : null} />
          <div>
            <IntentButton intent="update">{t("action_save")}</IntentButton>
          </div>
        </Form>
      </ManageSection>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
