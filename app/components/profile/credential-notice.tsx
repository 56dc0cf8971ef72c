/**
 * What the credentials panel's last form post did (issue 32), read from the page's address after
 * its redirect: revoked, issued (how many), nothing owed, or failed. Its own strings (credentials.json).
 */
import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

const MESSAGES = { credential_revoked: "notice_revoked", credentials_issued: "notice_issued", credentials_none: "notice_none", credentials_failed: "notice_failed" } as const;

export function CredentialNotice() {
  const { t } = useTranslation("credentials");
  const [params] = useSearchParams();
  const notice = params.get("notice");
  if (!notice || !(notice in MESSAGES)) return null;
  const key = MESSAGES[notice as keyof typeof MESSAGES];
  const failed = notice === "credentials_failed";
  return (
    <p role="status" className={failed ? "rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm" : "rounded-lg border border-border bg-card p-3 text-sm"}>
      {key === "notice_issued" ? t(key, { count: Number(params.get("count") ?? 1) }) : t(key)}
    </p>
  );
}
