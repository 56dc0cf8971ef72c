/**
 * The organisation's credential signing key on /manage/access (issue 32; docs/credentials.md "Keys
 * and rotation"), for administrators: the key in use (its id and when it was made), the retired
 * ones (kept in the DID document, so what they signed keeps verifying), and rotation behind a
 * confirmation that works without JavaScript (a box to tick, checked on the server too).
 */
import { Form } from "@remix-run/react";
import { KeyRound } from "lucide-react";
import { EditorSection } from "~/components/manage/editor-parts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/domain/initiatives/format";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";
import { useSignedIn } from "~/lib/signed-in";
import { regionZone } from "~/domain/zoned-time";

export const ROTATE_KEY = "credentials_key_rotate";

export interface SigningKeyRow {
  id: string;
  created_at: string;
  retired_at: string | null;
}

/** What the rotation form came to: done, or why not. */
export interface RotationAnswer {
  ok: boolean;
  error: string | null;
  fields: Record<string, string>;
}

function KeyLine({ row, label, current = false }: { row: SigningKeyRow; label: string; current?: boolean }) {
  const { t, i18n } = useTranslation("credentials");
  const { settings } = useSignedIn();
  // In the organisation's zone, as the audit log shows when it was rotated.
  const date = (at: string) => formatDateTime(at, i18n.language, regionZone(settings.region));
  return (
    <li className="flex items-start gap-3 text-sm">
      {current ? <KeyRound aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand" /> : null}
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-medium">{label}</span>
        <span className="break-all font-mono text-xs">{row.id}</span>
        <span className="text-muted-foreground">
          {row.retired_at ? t("keys_retired_dates", { created: date(row.created_at), retired: date(row.retired_at) }) : t("keys_created", { date: date(row.created_at) })}
        </span>
      </div>
    </li>
  );
}

export function SigningKeysSection({ keys, unavailable, answer }: { keys: SigningKeyRow[] | null; unavailable: string | null; answer: RotationAnswer | null }) {
  const { t } = useTranslation("credentials");
  const pending = usePending(ROTATE_KEY);
  const current = keys?.find((key) => key.retired_at === null) ?? null;
  const retired = keys?.filter((key) => key.retired_at !== null).reverse() ?? [];
  const confirmError = answer?.fields.confirm ? "keys-confirm-error" : undefined;
  return (
    <EditorSection id="access-signing-key" title={t("keys_title")} description={t("keys_intro")}>
      {answer?.ok ? <Alert variant="success">{t("keys_rotated")}</Alert> : null}
      {answer && !answer.ok && !answer.fields.confirm ? <Alert>{t(`keys_error_${answer.error}`, { defaultValue: t("keys_error_default") })}</Alert> : null}
      {keys === null ? (
        <Alert>{t(unavailable ? `keys_error_${unavailable}` : "keys_error_default", { defaultValue: t("keys_error_default") })}</Alert>
      ) : (
        <>
          {current ? (
            <ul className="rounded-md border border-border p-3">
              <KeyLine row={current} label={t("keys_current")} current />
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t("keys_none")}</p>
          )}
          {retired.length ? (
            <div className="flex flex-col gap-2">
              <h4 className="text-sm font-semibold">{t("keys_retired", { count: retired.length })}</h4>
              <ul className="flex flex-col gap-3 rounded-md border border-border p-3">
                {retired.map((row) => (
                  <KeyLine key={row.id} row={row} label={t("keys_retired_key")} />
                ))}
              </ul>
            </div>
          ) : null}
          <details open={Boolean(confirmError) || undefined}>
            <summary className="cursor-pointer text-sm font-semibold text-brand">{t("keys_rotate")}</summary>
            <Form method="post" className="flex flex-col gap-3 pt-3">
              <input type="hidden" name="intent" value={ROTATE_KEY} />
              <p className="text-sm">{t("keys_rotate_explained")}</p>
              <label className="flex min-h-11 items-start gap-2 text-sm">
                <input type="checkbox" name="confirm" required aria-describedby={confirmError} aria-invalid={confirmError ? true : undefined} className="mt-1 h-4 w-4" />
                {t("keys_rotate_confirm")}
              </label>
              {confirmError ? (
                <p id={confirmError} className="text-sm text-destructive">
                  {t("keys_rotate_confirm_required")}
                </p>
              ) : null}
              <div>
                <Button type="submit" variant="outline" disabled={pending}>
                  {t("keys_rotate_submit")}
                </Button>
              </div>
            </Form>
          </details>
        </>
      )}
    </EditorSection>
  );
}
