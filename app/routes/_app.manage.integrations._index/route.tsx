/**
 * /manage/integrations: the organisation's API keys for its other systems (issue 31, section 2;
 * docs/integrations.md): the keys with their scopes, last use and expiry, a form that creates one
 * and shows its secret once (with a copy button), and revoking with a second confirmation. Works
 * without JavaScript: plain forms, and the confirmation is a disclosure holding the real button.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CopyButton } from "~/components/donation/copy-button";
import { RouteErrorBoundary } from "~/components/error-page";
import { ListState, ManageSection } from "~/components/manage/decision-parts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, type ApiKeyScope } from "~/domain/integrations";
import { IntegrationsNav } from "~/components/manage/integrations-nav";
import { useTranslation, type TFunction } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { changeKeys, loadKeys } from "./integrations.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "integrations", "title");

export async function loader(args: LoaderFunctionArgs) {
  const answer = await loadKeys(args);
  return data(answer, { status: answer.keys ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, ...answer } = await changeKeys(args);
  // The secret is in this answer only: never kept by a cache.
  return data(answer, { status, headers: { "cache-control": "no-store" } });
}

/** i18next reads ":" as a namespace separator: the scope's key names it with "_". */
const scopeLabel = (t: TFunction, scope: ApiKeyScope) => t(`scope_${scope.replace(":", "_")}`);

function when(t: TFunction, locale: string, iso: string | null, none: string) {
  return iso ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC" : t(none);
}

function NewSecret({ name, secret }: { name: string; secret: string }) {
  const { t } = useTranslation("integrations");
  return (
    <Alert variant="success" className="flex flex-col gap-2 text-foreground">
      <p className="font-semibold">{t("secret_title", { name })}</p>
      <p>{t("secret_warning")}</p>
      <label htmlFor="new-secret" className="text-sm font-medium">
        {t("secret_label")}
      </label>
      <span className="flex items-center gap-2">
        <input id="new-secret" readOnly value={secret} className="h-10 w-full rounded-md border border-input bg-card px-2 font-mono text-sm" onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={secret} label={t("secret_label")} />
      </span>
    </Alert>
  );
}

function CreateForm() {
  const { t } = useTranslation("integrations");
  const answer = useActionData<typeof action>();
  const draft = answer?.draft ?? null;
  const fields: Record<string, string> = answer?.fields ?? {};
  const message = (key: string | undefined) => (key ? t([key, "form_error_invalid"]) : null);
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4" aria-labelledby="create-key-title">
      <h2 id="create-key-title" className="text-lg font-semibold">
        {t("create_title")}
      </h2>
      <input type="hidden" name="intent" value="create" />
      <Field id="key-name" name="name" label={t("field_name")} hint={t("field_name_hint")} maxLength={API_KEY_NAME_MAX_LENGTH} required defaultValue={draft?.name ?? ""} error={message(fields.name)} />
      <fieldset className="flex flex-col gap-2" aria-describedby={fields.scopes ? "key-scopes-error" : undefined}>
        <legend className="pb-1 text-sm font-medium">{t("field_scopes")}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <div key={scope} className="flex items-start gap-2 text-sm">
            <input id={`scope-${scope.replace(":", "-")}`} type="checkbox" name="scopes" value={scope} defaultChecked={draft?.scopes.includes(scope) ?? false} className="mt-1 h-4 w-4" />
            <label htmlFor={`scope-${scope.replace(":", "-")}`}>
              {scopeLabel(t, scope)} <code className="text-xs text-muted-foreground">{scope}</code>
            </label>
          </div>
        ))}
        {fields.scopes ? (
          <p id="key-scopes-error" className="text-sm text-destructive">
            {message(fields.scopes)}
          </p>
        ) : null}
      </fieldset>
      <Field id="key-expiry" name="expires_on" type="date" label={t("field_expires")} hint={t("field_expires_hint")} defaultValue={draft?.expires_on ?? ""} error={message(fields.expires_on)} />
      <div>
        <Button type="submit">{t("create_submit")}</Button>
      </div>
    </Form>
  );
}

export default function ManageIntegrations() {
  const { keys } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation("integrations");
  return (
    <div className="flex flex-col gap-6">
      <IntegrationsNav current="keys" />
      <ManageSection id="integrations-title" title={t("title")} intro={t("intro")}>
        {answer?.created ? <NewSecret name={answer.created.name} secret={answer.created.secret} /> : null}
        {answer?.revoked ? <Alert variant="success">{t("revoked_notice", { name: answer.revoked })}</Alert> : null}
        {answer?.error && Object.keys(answer.fields ?? {}).length === 0 ? <Alert>{t([`error_${answer.error}`, "error_default"])}</Alert> : null}
        {keys && keys.length ? (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table that scrolls sideways on a phone must take focus so the keyboard can scroll it (axe: scrollable-region-focusable)
          <div className="overflow-x-auto rounded-lg border border-border bg-card p-4" tabIndex={0} role="region" aria-label={t("keys_title")}>
            <table className="w-full text-left text-sm">
              <caption className="pb-2 text-left font-semibold">{t("keys_title")}</caption>
              <thead>
                <tr>
                  {["key_name", "key_scopes", "key_created", "key_last_used", "key_expires", "key_status"].map((column) => (
                    <th key={column} scope="col" className="border-b border-border py-1 pr-3 font-medium">
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} className="align-top">
                    <th scope="row" className="border-b border-border py-2 pr-3 font-medium">
                      {key.name}
                      <span className="block font-mono text-xs font-normal text-muted-foreground">{key.prefix}…</span>
                    </th>
                    <td className="border-b border-border py-2 pr-3">
                      <ul>
                        {key.scopes.map((scope) => (
                          <li key={scope}>{scopeLabel(t, scope)}</li>
                        ))}
                      </ul>
                    </td>
                    <td className="border-b border-border py-2 pr-3">{when(t, i18n.language, key.created_at, "")}</td>
                    <td className="border-b border-border py-2 pr-3">{when(t, i18n.language, key.last_used_at, "key_never_used")}</td>
                    <td className="border-b border-border py-2 pr-3">{when(t, i18n.language, key.expires_at, "key_never_expires")}</td>
                    <td className="border-b border-border py-2 pr-3">
                      <span>{t(`key_status_${key.status}`)}</span>
                      {key.status === "active" ? (
                        <details className="pt-1">
                          <summary className="cursor-pointer text-destructive">
                            {t("revoke")}
                            <span className="sr-only"> ({key.name})</span>
                          </summary>
                          <Form method="post" className="flex flex-col gap-2 pt-2">
                            <input type="hidden" name="intent" value="revoke" />
                            <input type="hidden" name="id" value={key.id} />
                            <p>{t("revoke_confirm", { name: key.name })}</p>
                            <div>
                              <Button type="submit" size="sm" variant="destructive">
                                {t("revoke_submit")}
                                <span className="sr-only"> ({key.name})</span>
                              </Button>
                            </div>
                          </Form>
                        </details>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ListState failed={!keys} empty={t("keys_empty")} reloadHref="/manage/integrations" />
        )}
        {/* A new form after each key made: the fields start empty again (with JavaScript too). */}
        <CreateForm key={answer?.created?.id ?? "create"} />
      </ManageSection>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
