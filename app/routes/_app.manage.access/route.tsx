/**
 * /manage/access: the organisation's web addresses and sign-in, for its administrators (issue 15,
 * point 4). Custom hostnames: add one, publish the TXT record it shows, check it (then the app
 * answers there, with its certificate from the hostname service where one is configured), remove
 * it. Single sign-on: add an OpenID Connect provider by its issuer, change or remove it, and test
 * the sign-in for real, with what happened said in plain words. E-mail domains: prove one by its
 * TXT record, so the provider may sign in existing accounts on it (issue 25).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { ManageSection } from "~/components/manage/decision-parts";
import { CheckboxInput, EditorErrors, EditorSection, TextInput } from "~/components/manage/editor-parts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { DEFAULT_SSO_SCOPES } from "~/domain/sso-providers";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { ROTATE_KEY, SigningKeysSection } from "~/components/manage/signing-keys";
import { accessAction, loadAccess, type AccessAnswer } from "./access.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "access_title");

export async function loader(args: LoaderFunctionArgs) {
  const answer = await loadAccess(args);
  return data(answer, { status: answer.hostnames && answer.providers ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, answer } = await accessAction(args);
  return data(answer, { status });
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type HostnameRow = NonNullable<Loaded["hostnames"]>[number];
type ProviderRow = NonNullable<Loaded["providers"]>[number];
type EmailDomainRow = NonNullable<Loaded["emailDomains"]>[number];

/** The answer of the form about `target` (or of the add form, with no target). */
const answerFor = (answer: AccessAnswer | undefined, intents: string[], target: string | null) => (answer && intents.includes(answer.intent ?? "") && answer.target === target ? answer : undefined);

/** What came of a form: done, or why not (a form whose fields show their own errors says only that it was not saved). */
function Outcome({ answer, done, fieldsShown = false }: { answer: AccessAnswer | undefined; done: string; fieldsShown?: boolean }) {
  const { t } = useTranslation("manage");
  if (!answer) return null;
  if (answer.ok) return <Alert variant="success">{done}</Alert>;
  const field = Object.values(answer.fields)[0];
  if (field && fieldsShown) return <Alert>{t("access_invalid")}</Alert>;
  return <Alert>{t(field ? `access_${field}` : `access_error_${answer.error}`, { defaultValue: t("manage_error_default") })}</Alert>;
}

function HostnameCard({ row, answer }: { row: HostnameRow; answer: AccessAnswer | undefined }) {
  const { t } = useTranslation("manage");
  const mine = answerFor(answer, ["hostname_verify", "hostname_remove"], row.hostname);
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="break-all font-mono text-sm font-semibold">{row.hostname}</p>
        <StatusBadge verified={row.status === "verified"} label={t(`hostname_status_${row.status}`)} />
      </div>
      {row.status === "pending" && row.record ? (
        <div className="flex flex-col gap-1 text-sm">
          <p>{t("hostname_record_intro")}</p>
          <TxtRecord record={row.record} />
          <p className="text-muted-foreground">{t("hostname_cname_hint")}</p>
          {row.last_error ? <p className="text-destructive">{t(`access_hostname_check_${row.last_error}`)}</p> : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t(`hostname_tls_${row.tls}`, { defaultValue: t("hostname_tls_other", { status: row.tls }) })}</p>
      )}
      <Outcome answer={mine} done={t(mine?.intent === "hostname_remove" ? "hostname_removed" : "hostname_verified")} />
      <div className="flex flex-wrap gap-2">
        {row.record ? (
          <Form method="post">
            <input type="hidden" name="hostname" value={row.hostname} />
            <Button type="submit" name="intent" value="hostname_verify" variant="outline" aria-label={t(row.status === "pending" ? "hostname_check_named" : "hostname_refresh_named", { hostname: row.hostname })}>
              {t(row.status === "pending" ? "hostname_check" : "hostname_refresh")}
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="hostname" value={row.hostname} />
          <Button type="submit" name="intent" value="hostname_remove" variant="ghost" aria-label={t("hostname_remove_named", { hostname: row.hostname })}>
            {t("hostname_remove")}
          </Button>
        </Form>
      </div>
    </li>
  );
}

/** A proof's status: verified in the success colour, anything else muted. */
function StatusBadge({ verified, label }: { verified: boolean; label: string }) {
  return <span className={verified ? "rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-white" : "rounded-full bg-muted px-2 py-0.5 text-xs font-semibold"}>{label}</span>;
}

/** The DNS TXT record to publish, for a hostname or an e-mail domain alike. */
function TxtRecord({ record }: { record: { type: string; name: string; value: string } }) {
  const { t } = useTranslation("manage");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-muted p-2 font-mono text-xs">
      <dt className="font-sans font-medium">{t("hostname_record_type")}</dt>
      <dd>{record.type}</dd>
      <dt className="font-sans font-medium">{t("hostname_record_name")}</dt>
      <dd className="break-all">{record.name}</dd>
      <dt className="font-sans font-medium">{t("hostname_record_value")}</dt>
      <dd className="break-all">{record.value}</dd>
    </dl>
  );
}

/**
 * An e-mail domain and its proof (issue 25): a proven domain lets the organisation's provider sign
 * in existing accounts on it; an unproven one only admits sign-ups.
 */
function EmailDomainCard({ row, answer }: { row: EmailDomainRow; answer: AccessAnswer | undefined }) {
  const { t } = useTranslation("manage");
  const mine = answerFor(answer, ["email_domain_verify"], row.domain);
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="break-all font-mono text-sm font-semibold">{row.domain}</p>
        <StatusBadge verified={row.status === "verified"} label={t(`email_domain_status_${row.status}`)} />
      </div>
      {row.status === "pending" ? (
        <div className="flex flex-col gap-1 text-sm">
          <p>{t("email_domain_record_intro")}</p>
          <TxtRecord record={row.record} />
          {row.last_error ? <p className="text-destructive">{t(`access_email_domain_check_${row.last_error}`, { defaultValue: t("manage_error_default") })}</p> : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("email_domain_proven_hint")}</p>
      )}
      <Outcome answer={mine} done={t("email_domain_verified")} />
      {row.status === "pending" ? (
        <Form method="post">
          <input type="hidden" name="domain" value={row.domain} />
          <Button type="submit" name="intent" value="email_domain_verify" variant="outline" aria-label={t("email_domain_check_named", { domain: row.domain })}>
            {t("hostname_check")}
          </Button>
        </Form>
      ) : null}
    </li>
  );
}

/** A provider's fields (the add form and each provider's own), named as the API's body. */
function ProviderFields({ row, values, idPrefix }: { row?: ProviderRow; values: Record<string, string>; idPrefix: string }) {
  const { t } = useTranslation("manage");
  return (
    <>
      {row ? null : <TextInput name="provider" id={`${idPrefix}-provider`} label={t("sso_field_provider")} hint={t("sso_field_provider_hint")} defaultValue={values.provider ?? ""} maxLength={40} required />}
      <TextInput name="issuer" id={`${idPrefix}-issuer`} label={t("sso_field_issuer")} hint={t("sso_field_issuer_hint")} inputMode="url" defaultValue={values.issuer ?? row?.issuer ?? ""} maxLength={500} required />
      <TextInput name="client_id" id={`${idPrefix}-client-id`} label={t("sso_field_client_id")} defaultValue={values.client_id ?? row?.client_id ?? ""} maxLength={300} required />
      <TextInput
        name="client_secret"
        id={`${idPrefix}-client-secret`}
        type="password"
        autoComplete="off"
        label={t("sso_field_client_secret")}
        hint={t(row?.has_secret ? "sso_field_client_secret_kept" : "sso_field_client_secret_hint")}
        maxLength={500}
      />
      {row?.has_secret ? <CheckboxInput name="clear_secret" id={`${idPrefix}-clear-secret`} label={t("sso_field_clear_secret")} /> : null}
      <TextInput name="scopes" id={`${idPrefix}-scopes`} label={t("sso_field_scopes")} hint={t("sso_field_scopes_hint")} defaultValue={values.scopes ?? row?.scopes ?? DEFAULT_SSO_SCOPES} maxLength={500} />
      <CheckboxInput name="enforced" id={`${idPrefix}-enforced`} label={t("sso_field_enforced")} hint={t("sso_field_enforced_hint")} defaultChecked={values.enforced ? values.enforced === "on" : (row?.enforced ?? false)} />
    </>
  );
}

function ProviderCard({ row, answer }: { row: ProviderRow; answer: AccessAnswer | undefined }) {
  const { t } = useTranslation("manage");
  const mine = answerFor(answer, ["sso_update", "sso_remove"], row.id);
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{row.provider}</p>
        <span className="text-xs text-muted-foreground">{t(row.enforced ? "sso_enforced" : "sso_optional")}</span>
      </div>
      <Outcome answer={mine} done={t(mine?.intent === "sso_remove" ? "sso_removed" : "sso_saved")} fieldsShown />
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="id" value={row.id} />
        <Button type="submit" name="intent" value="sso_test" aria-label={t("sso_test_named", { provider: row.provider })}>
          {t("sso_test")}
        </Button>
        <Button type="submit" name="intent" value="sso_remove" variant="ghost" aria-label={t("sso_remove_named", { provider: row.provider })}>
          {t("sso_remove")}
        </Button>
      </Form>
      <details>
        <summary className="cursor-pointer text-sm text-brand">{t("sso_edit", { provider: row.provider })}</summary>
        <EditorErrors.Provider value={mine?.fields ?? {}}>
          <Form method="post" className="flex flex-col gap-3 pt-3">
            <input type="hidden" name="id" value={row.id} />
            <ProviderFields row={row} values={mine && !mine.ok ? mine.values : {}} idPrefix={`sso-${row.id}`} />
            <div>
              <Button type="submit" name="intent" value="sso_update" variant="outline">
                {t("sso_save")}
              </Button>
            </div>
          </Form>
        </EditorErrors.Provider>
      </details>
    </li>
  );
}

function TestResult({ test }: { test: NonNullable<Loaded["test"]> }) {
  const { t } = useTranslation("manage");
  // A failed test carries codes only (detail.error: one of RFC 6749's token errors); the
  // provider's own words are never shown back (issue 25).
  const detail = test.detail as { email?: string | null; name?: string | null; sub?: string; error?: string };
  const succeeded = test.status === "succeeded";
  return (
    <Alert variant={succeeded ? "success" : undefined}>
      <p className="font-semibold">{t(succeeded ? "sso_test_succeeded" : test.status === "started" ? "sso_test_started" : "sso_test_failed", { provider: test.provider })}</p>
      {succeeded ? <p>{t("sso_test_identity", { name: detail.name ?? "—", email: detail.email ?? "—" })}</p> : null}
      {test.code ? <p>{t(`sso_test_code_${test.code}`, { defaultValue: t("sso_test_code_other") })}</p> : null}
      {!succeeded && detail.error ? <p className="break-all font-mono text-xs">{detail.error}</p> : null}
    </Alert>
  );
}

/** A section's cards: the list, a sentence when there is none, or the error when the API could not say. */
function Cards<Row>({ rows, none, card }: { rows: Row[] | null; none: string; card: (row: Row) => ReactNode }) {
  const { t } = useTranslation("manage");
  if (rows === null) return <Alert>{t("manage_error_default")}</Alert>;
  if (!rows.length) return <p className="text-sm text-muted-foreground">{none}</p>;
  return <ul className="flex flex-col gap-3">{rows.map(card)}</ul>;
}

export default function ManageAccess() {
  const { hostnames, providers, emailDomains, test, signingKeys, signingKeysError } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const addedHostname = answerFor(answer, ["hostname_add"], answer?.target ?? null);
  const addedProvider = answerFor(answer, ["sso_add"], answer?.target ?? null);
  return (
    <ManageSection id="access-title" title={t("access_title")} intro={t("access_intro")}>
      {test ? <TestResult test={test} /> : null}
      {answer?.ok && answer.intent === "hostname_remove" ? <Alert variant="success">{t("hostname_removed")}</Alert> : null}
      {answer?.ok && answer.intent === "sso_remove" ? <Alert variant="success">{t("sso_removed")}</Alert> : null}
      <EditorSection id="access-hostnames" title={t("hostnames_title")} description={t("hostnames_intro")}>
        <Cards rows={hostnames} none={t("hostnames_none")} card={(row) => <HostnameCard key={row.hostname} row={row} answer={answer} />} />
        <EditorErrors.Provider value={addedHostname?.fields ?? {}}>
          {/* Keyed by the list's length: a hostname added empties the field for the next. */}
          <Form key={hostnames?.length ?? 0} method="post" className="flex flex-col gap-3">
            <TextInput name="hostname" id="hostname-new" label={t("hostname_new")} hint={t("hostname_new_hint")} inputMode="url" maxLength={253} required defaultValue={addedHostname && !addedHostname.ok ? addedHostname.values.hostname : ""} />
            <Outcome answer={addedHostname} done={t("hostname_added")} fieldsShown />
            <div>
              <Button type="submit" name="intent" value="hostname_add" variant="outline">
                {t("hostname_add")}
              </Button>
            </div>
          </Form>
        </EditorErrors.Provider>
      </EditorSection>
      <EditorSection id="access-sso" title={t("sso_title")} description={t("sso_intro")}>
        <Cards rows={providers} none={t("sso_none")} card={(row) => <ProviderCard key={row.id} row={row} answer={answer} />} />
        <details open={Boolean(addedProvider && !addedProvider.ok)}>
          <summary className="cursor-pointer text-sm font-semibold text-brand">{t("sso_add_title")}</summary>
          <EditorErrors.Provider value={addedProvider?.fields ?? {}}>
            <Form method="post" className="flex flex-col gap-3 pt-3">
              <ProviderFields values={addedProvider && !addedProvider.ok ? addedProvider.values : {}} idPrefix="sso-new" />
              <Outcome answer={addedProvider} done={t("sso_added")} fieldsShown />
              <div>
                <Button type="submit" name="intent" value="sso_add">
                  {t("sso_add")}
                </Button>
              </div>
            </Form>
          </EditorErrors.Provider>
        </details>
        {addedProvider?.ok ? <Alert variant="success">{t("sso_added")}</Alert> : null}
      </EditorSection>
      <EditorSection id="access-email-domains" title={t("email_domains_title")} description={t("email_domains_intro")}>
        <Cards rows={emailDomains} none={t("email_domains_none")} card={(row) => <EmailDomainCard key={row.domain} row={row} answer={answer} />} />
      </EditorSection>
      <SigningKeysSection keys={signingKeys} unavailable={signingKeysError} answer={answer?.intent === ROTATE_KEY ? answer : null} />
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
