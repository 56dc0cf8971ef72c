import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import * as v from "valibot";
import { RouteErrorBoundary } from "~/components/error-page";
import { SettingsPage } from "~/components/settings/settings-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { phoneSchema } from "~/domain/phone";
import { SOCIAL_NETWORKS, socialUrl } from "~/domain/social";
import { useSignedIn } from "~/lib/signed-in";
import { saveProfile } from "~/lib/settings.server";
import { titleMeta } from "~/lib/page-title";
import { readForm } from "~/lib/form.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "settings", "settings_account");

const NameSchema = v.pipe(v.string("form_error_required"), v.trim(), v.nonEmpty("form_error_required"), v.maxLength(120, "form_error_max_length"));

type Intent = "profile" | "social";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent") as Intent;
  const args = { request, context };
  let body: Record<string, unknown>;
  if (intent === "profile") {
    // The region only reads national numbers for instant feedback; the API checks again with its own.
    const region = String(form.get("region") ?? "").replace(/[^A-Z]/g, "").slice(0, 2) || undefined;
    const schema = v.object({ name: NameSchema, phone: v.union([v.literal(""), phoneSchema(region)]) });
    const parsed = v.safeParse(schema, { name: form.get("name") ?? "", phone: String(form.get("phone") ?? "").trim() });
    if (!parsed.success) {
      return data({ intent, saved: false, error: null, fields: Object.fromEntries(parsed.issues.map((i) => [String(i.path?.[0]?.key), i.message])) }, { status: 400 });
    }
    body = parsed.output.phone ? parsed.output : { name: parsed.output.name };
  } else if (intent === "social") {
    body = { social: Object.fromEntries(SOCIAL_NETWORKS.filter((n) => form.has(n)).map((n) => [n, String(form.get(n))])) };
  } else {
    throw new Response("Unknown intent", { status: 400 });
  }
  const saved = await saveProfile(args, body);
  if (saved.ok) return { intent, saved: true, error: null, fields: {} as Record<string, string> };
  const fields = Object.fromEntries(Object.entries(saved.fields).map(([key, value]) => [key.replace(/^social\./, ""), value]));
  return data({ intent, saved: false, error: saved.status === 409 ? "phone_in_use" : saved.error, fields }, { status: saved.status });
}

export default function AccountSettings() {
  const account = useSignedIn().settings;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("settings");
  const busy = navigation.state !== "idle";
  const fieldError = (intent: Intent, name: string) => (result?.intent === intent && result.fields[name] ? t(result.fields[name]) : null);
  const notice = (intent: Intent) =>
    result?.intent !== intent ? null : result.saved ? (
      <Alert variant="success">{t("settings_saved")}</Alert>
    ) : result.error === "phone_in_use" ? (
      <Alert>
        <strong className="block">{t("profile_update_error_title")}</strong>
        {t("profile_update_error_desc")}
      </Alert>
    ) : result.error ? (
      <Alert>{t([`profile_error_${result.error}`, "profile_error_default"])}</Alert>
    ) : null;
  return (
    <SettingsPage title={t("settings_account")}>
      <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name="region" value={account.region} />
        <Field id="name" name="name" label={t("account_name")} defaultValue={account.name} autoComplete="name" required error={fieldError("profile", "name")} />
        <Field id="email" name="email" label={t("account_email")} value={account.email} readOnly aria-readonly="true" hint={t("account_email_hint")} />
        <Field id="phone" name="phone" type="tel" label={t("account_phone")} defaultValue={account.phone} autoComplete="tel" hint={t("account_phone_hint")} error={fieldError("profile", "phone")} />
        {notice("profile")}
        <Button type="submit" disabled={busy}>
          {t("settings_save")}
        </Button>
      </Form>

      <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4" noValidate>
        <h2 className="text-lg font-semibold">{t("account_social_title")}</h2>
        <input type="hidden" name="intent" value="social" />
        {account.networks.map((network) => (
          <Field
            key={network}
            id={`social-${network}`}
            name={network}
            label={t(`account_social_${network}`)}
            defaultValue={account.social[network] ? socialUrl(network, account.social[network]) : ""}
            placeholder={socialUrl(network, t("account_social_placeholder_handle"))}
            inputMode="url"
            error={fieldError("social", network)}
          />
        ))}
        {notice("social")}
        <Button type="submit" disabled={busy}>
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
