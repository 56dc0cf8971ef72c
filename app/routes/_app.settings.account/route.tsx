import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { RouteErrorBoundary } from "~/components/error-page";
import type { AccountContext, AccountIntent } from "~/domain/account-form";
import { SettingsPage } from "~/components/settings/settings-page";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { socialUrl } from "~/domain/social";
import { ACCOUNT_DELETION_GRACE_DAYS } from "~/domain/account-deletion";
import { useHydrated } from "~/lib/use-hydrated";
import { useSignedIn } from "~/lib/signed-in";
import { saveAccountForm } from "~/lib/server/settings.server";
import { titleMeta } from "~/lib/page-title";
import { readForm } from "~/lib/server/form.server";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";
import { accountAccessAction, loadAccountAccess, type AccountAccessAnswer } from "./account-access.server";
import { accountDeletionAction, type AccountDeletionAnswer } from "~/lib/server/account-data.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "settings", "settings_account");

export async function loader(args: LoaderFunctionArgs) {
  return loadAccountAccess(args);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  // Invitations and sign-in links (issue 25) first; the profile forms otherwise.
  const access = await accountAccessAction({ request, context }, form);
  if (access instanceof Response) throw access;
  if (access) return data(access.answer, { status: access.status });
  // Deleting the account (issue 28, point 6): a granted request leaves for /signin.
  const deletion = await accountDeletionAction({ request, context }, form);
  if (deletion instanceof Response) throw deletion;
  if (deletion) return data(deletion.answer, { status: deletion.status });
  const { status, answer } = await saveAccountForm({ request, context }, form);
  return data(answer, { status });
}

type ActionResult = Exclude<ReturnType<typeof useActionData<typeof action>>, AccountAccessAnswer | AccountDeletionAnswer>;
const isAccessAnswer = (answer: unknown): answer is AccountAccessAnswer =>
  typeof answer === "object" && answer !== null && ["invitation_accept", "invitation_decline", "sso_link"].includes(String((answer as { intent?: unknown }).intent));

const isDeletionAnswer = (answer: unknown): answer is AccountDeletionAnswer =>
  typeof answer === "object" && answer !== null && (answer as { intent?: unknown }).intent === "account_delete";

/**
 * "Your data" (issue 28, point 6; decision 034): download everything the account holds, in all its
 * organisations, as one JSON file; delete the account, confirmed by typing its e-mail address.
 */
function YourData({ answer }: { answer: AccountDeletionAnswer | null }) {
  const { t } = useTranslation("settings");
  const busy = usePending();
  const fieldError = answer?.fields?.email;
  return (
    <section aria-labelledby="your-data-title" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="your-data-title" className="text-lg font-semibold">
        {t("account_data_title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("account_data_intro")}</p>
      <a className={buttonVariants({ variant: "outline" })} href="/settings/account/export" download>
        {t("account_data_download")}
      </a>
      <Form method="post" className="mt-2 flex flex-col gap-3 border-t border-border pt-4">
        <h3 className="font-semibold">{t("account_delete_title")}</h3>
        <p className="text-sm text-muted-foreground">{t("account_delete_intro", { count: ACCOUNT_DELETION_GRACE_DAYS })}</p>
        <input type="hidden" name="intent" value="account_delete" />
        <Field
          id="account-delete-email"
          name="email"
          type="email"
          autoComplete="off"
          required
          label={t("account_delete_email")}
          defaultValue={answer?.email ?? ""}
          error={fieldError ? t(fieldError) : null}
        />
        {answer && !answer.fields ? <Alert>{t([`account_delete_error_${answer.error}`, "account_delete_error_default"])}</Alert> : null}
        <Button type="submit" variant="destructive" disabled={busy}>
          {t("account_delete_button")}
        </Button>
      </Form>
    </section>
  );
}

/** Invitations waiting for this account's answer (the app's notice): nothing changes until it accepts. */
function PendingInvitations({ invitations, answer }: { invitations: ReturnType<typeof useLoaderData<typeof loader>>["invitations"]; answer: AccountAccessAnswer | null }) {
  const { t } = useTranslation("settings");
  const mine = answer && answer.intent !== "sso_link" ? answer : null;
  if (!invitations.length && !mine) return null;
  return (
    <section aria-labelledby="invitations-title" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="invitations-title" className="text-lg font-semibold">
        {t("invitations_title")}
      </h2>
      {mine?.ok ? <Alert variant="success">{mine.intent === "invitation_accept" ? t("invitation_accepted", { organization: mine.organization }) : t("invitation_declined")}</Alert> : null}
      {mine && !mine.ok ? <Alert>{t([`invitation_error_${mine.error}`, "invitation_error_default"])}</Alert> : null}
      {invitations.length ? <p className="text-sm text-muted-foreground">{t("invitations_intro")}</p> : null}
      <ul className="flex flex-col gap-3">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-col gap-2 rounded-md border border-border p-3">
            <p>{t("invitation_from", { organization: invitation.organization.name })}</p>
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="id" value={invitation.id} />
              <Button type="submit" name="intent" value="invitation_accept" aria-label={t("invitation_accept_named", { organization: invitation.organization.name })}>
                {t("invitation_accept")}
              </Button>
              <Button type="submit" name="intent" value="invitation_decline" variant="outline" aria-label={t("invitation_decline_named", { organization: invitation.organization.name })}>
                {t("invitation_decline")}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Use my Acme sign-in": the organisation's providers, linked to this account or not (decision 029). */
function SignInLinks({ loaded, answer }: { loaded: ReturnType<typeof useLoaderData<typeof loader>>; answer: AccountAccessAnswer | null }) {
  const { t } = useTranslation("settings");
  if (!loaded.providers.length) return null;
  return (
    <section aria-labelledby="sign-in-links-title" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="sign-in-links-title" className="text-lg font-semibold">
        {t("sso_links_title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("sso_links_intro", { organization: loaded.organization.name })}</p>
      {loaded.linkedNow ? <Alert variant="success">{t("sso_link_done")}</Alert> : null}
      {answer?.intent === "sso_link" && !answer.ok ? <Alert>{t([`sso_link_error_${answer.error}`, "sso_link_error_default"])}</Alert> : null}
      <ul className="flex flex-col gap-2">
        {loaded.providers.map(({ provider, linked }) => (
          <li key={provider} className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{provider}</span>
            {linked ? (
              <span className="text-sm text-muted-foreground">{t("sso_link_linked")}</span>
            ) : (
              <Form method="post">
                <input type="hidden" name="provider" value={provider} />
                <Button type="submit" name="intent" value="sso_link" variant="outline">
                  {t("sso_link_button", { provider })}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One form on its schema (accountFormSchema, the action's): its values, its errors (checked in the
 * browser as the member types, else what the server answered for the values it was sent) and
 * whether Save may be pressed.
 */
function useAccountForm(intent: AccountIntent, stored: Record<string, string>, rules: AccountContext, result: ActionResult, busy: boolean) {
  const own = result?.intent === intent ? result : null;
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...stored, ...(own && !own.saved ? own.values : {}) }));
  const hydrated = useHydrated();
  // The rules (a phone number's carry libphonenumber's metadata, 28 KiB gzip) arrive with the first
  // touch of a field, not with the page (docs/decisions/039-first-visit-weight.md); until then Save
  // stays enabled and the submit waits for them.
  const [rulesModule, setRulesModule] = useState<typeof import("~/domain/account-form")>();
  const schema = useMemo(
    () => () =>
      import("~/domain/account-form").then((module) => {
        setRulesModule(() => module);
        return module.accountFormSchema(intent, rules);
      }),
    [intent, rules],
  );
  const { props, error } = useSchemaForm(schema, { id: `account-${intent}-form`, errors: own?.fields, pending: busy, shouldValidate: "onInput", serverChecksOnly: true });
  const invalid = hydrated && rulesModule !== undefined && !rulesModule.parseAccountForm(intent, values, rules).ok;
  const bind = (name: string) => ({
    name,
    value: values[name] ?? "",
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return { own, bind, error, invalid, props };
}

export default function AccountSettings() {
  const account = useSignedIn().settings;
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const accessAnswer = isAccessAnswer(answered) ? answered : null;
  const deletionAnswer = isDeletionAnswer(answered) ? answered : null;
  const result = isAccessAnswer(answered) || isDeletionAnswer(answered) ? undefined : (answered as ActionResult);
  const { t } = useTranslation("settings");
  const busy = usePending();
  const rules = useMemo<AccountContext>(
    () => ({ region: account.region, phoneRequired: account.phoneRequired, networks: account.networks }),
    [account.region, account.phoneRequired, account.networks],
  );
  const profile = useAccountForm("profile", { name: account.name, phone: account.phone }, rules, result, busy);
  const social = useAccountForm(
    "social",
    Object.fromEntries(account.networks.map((network) => [network, account.social[network] ? socialUrl(network, account.social[network]) : ""])),
    rules,
    result,
    busy,
  );
  const message = (key: string | null) => (key ? t(key) : null);
  const notice = (own: ActionResult | null) =>
    !own ? null : own.saved ? (
      <Alert variant="success">{t("settings_saved")}</Alert>
    ) : own.error === "phone_in_use" ? (
      <Alert>
        <strong className="block">{t("profile_update_error_title")}</strong>
        {t("profile_update_error_desc")}
      </Alert>
    ) : own.error ? (
      <Alert>{t([`profile_error_${own.error}`, "profile_error_default"])}</Alert>
    ) : null;
  return (
    <SettingsPage title={t("settings_account")}>
      <PendingInvitations invitations={loaded.invitations} answer={accessAnswer} />
      <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4" {...profile.props}>
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name="region" value={account.region} />
        <input type="hidden" name="phone_required" value={String(account.phoneRequired)} />
        <Field id="name" label={t("account_name")} autoComplete="name" required error={message(profile.error("name"))} {...profile.bind("name")} />
        <Field id="email" name="email" label={t("account_email")} value={account.email} readOnly aria-readonly="true" hint={t("account_email_hint")} />
        <Field
          id="phone"
          type="tel"
          label={t("account_phone")}
          autoComplete="tel"
          required={account.phoneRequired}
          hint={t("account_phone_hint")}
          error={message(profile.error("phone"))}
          {...profile.bind("phone")}
        />
        {notice(profile.own)}
        <Button type="submit" disabled={busy || profile.invalid}>
          {t("settings_save")}
        </Button>
      </Form>

      <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4" {...social.props}>
        <h2 className="text-lg font-semibold">{t("account_social_title")}</h2>
        <input type="hidden" name="intent" value="social" />
        {account.networks.map((network) => (
          <Field
            key={network}
            id={`social-${network}`}
            label={t(`account_social_${network}`)}
            placeholder={socialUrl(network, t("account_social_placeholder_handle"))}
            inputMode="url"
            error={message(social.error(network))}
            {...social.bind(network)}
          />
        ))}
        {notice(social.own)}
        <Button type="submit" disabled={busy || social.invalid}>
          {t("settings_save")}
        </Button>
      </Form>

      <SignInLinks loaded={loaded} answer={accessAnswer} />

      <section className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
        <h2 className="text-lg font-semibold">{t("account_terms_title")}</h2>
        {account.platformTerms ? (
          <a className="font-medium text-brand underline" href={account.platformTerms} target="_blank" rel="noreferrer">
            {t("account_platform_terms")}
          </a>
        ) : null}
        {account.volunteeringTerms ? (
          <a className="font-medium text-brand underline" href={account.volunteeringTerms} target="_blank" rel="noreferrer">
            {t("account_volunteering_terms")}
          </a>
        ) : null}
      </section>

      <YourData answer={deletionAnswer} />
    </SettingsPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
