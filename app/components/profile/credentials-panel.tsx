/**
 * The member's verifiable credentials on their social CV (issue 32, section 2): one per initiative
 * with validated hours, each to download as JSON, share by its verify link, add to LinkedIn, or
 * revoke; and a button that asks for what validated hours are owed (hours validated at the desk).
 * Forms post to the page's action, so everything but copying works without JavaScript.
 */
import { Form, useRouteLoaderData } from "@remix-run/react";
import { BadgeCheck, Briefcase, Download, ExternalLink, Link as LinkIcon } from "lucide-react";
import { useState } from "react";
import { IconLink, PanelHeading } from "~/components/profile/panel-parts";
import { Button } from "~/components/ui/button";
import type { CredentialRevocationReason } from "~/domain/credentials";
import { formatDateTime } from "~/domain/initiatives/format";
import { useTranslation } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";

export interface CredentialSummary {
  id: string;
  kind: "participation" | "social_cv";
  name: string;
  hours: number;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: CredentialRevocationReason | null;
  verify_url: string;
  json_url: string;
  linkedin_url: string;
}

export function CredentialsPanel({ credentials }: { credentials: CredentialSummary[] }) {
  const { t, i18n } = useTranslation("credentials");
  const organization = useRouteLoaderData<typeof rootLoader>("root")?.organization.name ?? "";
  const [copied, setCopied] = useState<{ id: string; ok: boolean } | null>(null);
  const date = (at: string) => formatDateTime(at, i18n.language, undefined, false);

  async function copy(credential: CredentialSummary) {
    try {
      await navigator.clipboard.writeText(credential.verify_url);
      setCopied({ id: credential.id, ok: true });
    } catch {
      setCopied({ id: credential.id, ok: false });
    }
  }

  return (
    <section aria-labelledby="cv-credentials" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <PanelHeading id="cv-credentials" icon={BadgeCheck} title={t("panel_title")} description={t("panel_description", { organization })}>
        <Form method="post">
          <input type="hidden" name="intent" value="issue_credentials" />
          <Button type="submit" size="sm" variant="outline">
            {t("issue_owed")}
          </Button>
        </Form>
      </PanelHeading>
      {credentials.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {credentials.map((credential) => (
            <li key={credential.id} className="flex flex-col gap-2 p-3 text-sm">
              <div>
                <p className="font-medium">{credential.kind === "social_cv" ? t("rollup_name", { organization }) : credential.name}</p>
                <p className="text-muted-foreground">
                  {t("hours", { count: credential.hours })} · {t("issued", { date: date(credential.issued_at) })} ·{" "}
                  {credential.revoked_at ? t(`revoked_${credential.revoked_reason ?? "staff"}`, { date: date(credential.revoked_at) }) : t("in_force")}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <IconLink href={credential.json_url} download icon={Download} variant="outline">
                  {t("download")}
                </IconLink>
                <IconLink href={credential.verify_url} target="_blank" rel="noopener" icon={ExternalLink}>
                  {t("verify_page")}
                </IconLink>
                {credential.revoked_at ? null : (
                  <>
                    <Button type="button" size="sm" variant="ghost" onClick={() => copy(credential)}>
                      <LinkIcon aria-hidden="true" className="mr-1 h-4 w-4" />
                      {t("copy_link")}
                    </Button>
                    <IconLink href={credential.linkedin_url} target="_blank" rel="noopener noreferrer" icon={Briefcase}>
                      {t("linkedin")}
                    </IconLink>
                    <Form method="post" onSubmit={(event) => (window.confirm(t("revoke_confirm")) ? undefined : event.preventDefault())}>
                      <input type="hidden" name="intent" value="revoke_credential" />
                      <input type="hidden" name="id" value={credential.id} />
                      <Button type="submit" size="sm" variant="ghost">
                        {t("revoke")}
                      </Button>
                    </Form>
                  </>
                )}
              </div>
              {copied?.id === credential.id ? (
                <p role="status" className="text-sm text-muted-foreground">
                  {copied.ok ? t("copied") : t("copy_failed", { url: credential.verify_url })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("empty")}</p>
      )}
    </section>
  );
}
