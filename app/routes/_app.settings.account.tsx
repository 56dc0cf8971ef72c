import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { accountFormSchema, parseAccountForm, type AccountContext, type AccountIntent } from "~/domain/account-form";
import { SettingsPage } from "~/components/settings/settings-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { socialUrl } from "~/domain/social";
import { useHydrated } from "~/lib/use-hydrated";
import { useSignedIn } from "~/lib/signed-in";
import { saveAccountForm } from "~/lib/settings.server";
import { titleMeta } from "~/lib/page-title";
import { readForm } from "~/lib/form.server";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "settings", "settings_account");

export async function action({ request, context }: ActionFunctionArgs) {
  const { status, answer } = await saveAccountForm({ request, context }, await readForm(request));
  return data(answer, { status });
}

type ActionResult = ReturnType<typeof useActionData<typeof action>>;

/**
 * One form on its schema (accountFormSchema, the action's): its values, its errors (checked in the
 * browser as the member types, else what the server answered for the values it was sent) and
 * whether Save may be pressed.
 */
function useAccountForm(intent: AccountIntent, stored: Record<string, string>, rules: AccountContext, result: ActionResult, busy: boolean) {
  const own = result?.intent === intent ? result : null;
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...stored, ...(own && !own.saved ? own.values : {}) }));
  const hydrated = useHydrated();
  const schema = useMemo(() => accountFormSchema(intent, rules), [intent, rules]);
  const { props, error } = useSchemaForm(schema, { id: `account-${intent}-form`, errors: own?.fields, pending: busy, shouldValidate: "onInput", serverChecksOnly: true });
  const invalid = hydrated && !parseAccountForm(intent, values, rules).ok;
  const bind = (name: string) => ({
    name,
    value: values[name] ?? "",
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return { own, bind, error, invalid, props };
}

export default function AccountSettings() {
  const account = useSignedIn().settings;
  const result = useActionData<typeof action>();
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
    </SettingsPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
