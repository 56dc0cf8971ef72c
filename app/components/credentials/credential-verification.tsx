/**
 * A verifiable credential on /verify/{id} (issue 32, section 2): the machine check in the reader's
 * language (authentic, revoked, expired or invalid), what the credential states, and a form to
 * check another credential pasted or uploaded (JSON or JWT text), answered on the same page.
 */
import { Form, useActionData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { BadgeCheck, Hourglass, ShieldAlert, ShieldX } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatDateTime, formatOneDecimal } from "~/domain/initiatives/format";
import { useTranslation } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";
import type { Verification } from "../../../workers/credentials/verify";

/** What the machine check answers (workers/credentials/verify.ts), as the page shows it. */
export type CredentialCheck = Pick<Verification, "state" | "revoked_at" | "credential">;

// Hourglass, not Clock: an icon this page shares with the initiative's detail page becomes a chunk of
// its own that the detail page then loads too, and that page has no room left in its budget.
const ICONS = { authentic: BadgeCheck, revoked: ShieldAlert, expired: Hourglass, invalid: ShieldX } as const;

function Verdict({ check, headingId }: { check: CredentialCheck; headingId: string }) {
  const { t, i18n } = useTranslation("credentials");
  const date = (at: string | null) => (at ? formatDateTime(at, i18n.language, undefined, false) : "");
  const Icon = ICONS[check.state];
  const issuer = check.credential?.issuer.name ?? "";
  const body =
    check.state === "revoked"
      ? t("verify_revoked_body", { issuer, date: date(check.revoked_at) })
      : check.state === "expired"
        ? t("verify_expired_body", { issuer, date: date(check.credential?.valid_until ?? null) })
        : t(`verify_${check.state}_body`, { issuer });
  const credential = check.credential;
  return (
    <>
      <div
        role="status"
        className={
          check.state === "authentic"
            ? "flex items-start gap-3 rounded-lg border border-emerald-600/40 bg-emerald-50 p-4 text-emerald-900"
            : "flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
        }
      >
        <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0" />
        <div>
          <p className="font-semibold">{t(`verify_${check.state}_title`)}</p>
          <p className="text-sm">{body}</p>
        </div>
      </div>
      {credential && check.state !== "invalid" ? (
        <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5">
          <h2 id={headingId} className="text-lg font-semibold">
            {t("verify_statement_title")}
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Item label={t("verify_achievement")} value={credential.achievement.name || credential.name} />
            <Item label={t("verify_issuer")} value={credential.issuer.name} />
            {credential.hours !== null ? <Item label={t("verify_hours")} value={formatOneDecimal(credential.hours, i18n.language).replace(/[.,]0$/, "")} /> : null}
            <Item label={t("verify_valid_from")} value={date(credential.valid_from)} />
          </dl>
          {credential.achievement.description ? <p className="text-sm text-muted-foreground">{credential.achievement.description}</p> : null}
        </section>
      ) : null}
    </>
  );
}

export function CredentialVerification({ verification }: { verification: CredentialCheck }) {
  const { t } = useTranslation("credentials");
  const answer = useActionData<{ uploaded: CredentialCheck | null; error: boolean }>();
  const checking = useNavigation().state === "submitting";
  const organization = useRouteLoaderData<typeof rootLoader>("root")?.organization.name ?? "";
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-5 py-10 sm:px-8">
      <h1 className="text-2xl font-bold">{t("verify_title")}</h1>
      <Verdict check={verification} headingId="verify-credential" />
      <section aria-labelledby="verify-upload" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5">
        <h2 id="verify-upload" className="text-lg font-semibold">
          {t("verify_upload_title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("verify_upload_hint")}</p>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm">
            {t("verify_upload_text")}
            <textarea name="credential" rows={4} className="rounded-md border border-input bg-card p-2 font-mono text-xs" aria-invalid={answer?.error ? true : undefined} aria-describedby={answer?.error ? "verify-upload-error" : undefined} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t("verify_upload_file")}
            <input type="file" name="file" accept=".json,.jwt,.txt,application/json" className="text-sm" />
          </label>
          <div>
            <Button type="submit" disabled={checking}>
              {t("verify_upload_submit")}
            </Button>
          </div>
        </Form>
        {answer?.error ? (
          <p id="verify-upload-error" className="text-sm text-destructive">
            {t("verify_upload_error")}
          </p>
        ) : null}
        {answer?.uploaded ? <Verdict check={answer.uploaded} headingId="verify-uploaded" /> : null}
      </section>
      <p className="text-sm text-muted-foreground">{t("verify_note", { organization })}</p>
    </main>
  );
}

/** One fact of what a certificate or credential states, on the verify page. */
export function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
