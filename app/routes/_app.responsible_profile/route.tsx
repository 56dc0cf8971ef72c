/**
 * /responsible_profile: the member's social CV (SPEC.md sections 2 and 3; issue 13): picture, name,
 * social links, member since, the figures, SDGs and competences with their hours, impact per
 * unit, the initiatives joined, and the PDF certificate with its verify page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useRevalidator, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { EmptyState, LoadError } from "~/components/initiative/initiative-list";
import { CertificatePanel } from "~/components/profile/certificate-panel";
import { CredentialsPanel } from "~/components/profile/credentials-panel";
import { CredentialNotice as CredentialNoticeBar } from "~/components/profile/credential-notice";
import { ImpactReport } from "~/components/profile/impact-report";
import { ScreenCrash } from "~/components/screen-crash";
import { Avatar } from "~/components/shell/avatar";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatDateTime, formatOneDecimal } from "~/domain/initiatives/format";
import { SOCIAL_NETWORKS, socialUrl } from "~/domain/social";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { loadResponsibleProfile, responsibleProfileAction, type ProfileNotice } from "./responsible-profile.server";

// The cropper and the upload: only when the member opens the editor.
const AvatarEditor = lazy(() => import("~/components/profile/avatar-editor"));

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "responsible_profile", "title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadResponsibleProfile(args);
  return data(loaded, { status: loaded.profile ? 200 : 502 });
}

export const action = (args: ActionFunctionArgs) => responsibleProfileAction(args);

const NOTICES: readonly ProfileNotice[] = ["revoked", "avatar_removed", "action_failed"];

export default function ResponsibleProfile() {
  const { profile, certificates, credentials } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("responsible_profile");
  const location = useLocation();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const notice = NOTICES.find((n) => n === params.get("notice"));
  const locale = i18n.language;

  if (!profile) {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-6 text-2xl font-bold">{t("title")}</h1>
        <LoadError message={t("load_error")} reloadLabel={t("reload")} reloadHref={location.pathname} />
      </div>
    );
  }

  const hours = (value: number) => t("hours", { count: value, formatted: formatOneDecimal(value, locale).replace(/[.,]0$/, "") });
  const social = SOCIAL_NETWORKS.filter((network) => profile.social[network]);
  const withPoints = profile.point_count !== undefined;
  const empty = profile.initiatives_joined === 0 && profile.hour_count === 0;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="sr-only">{t("title")}</h1>
      {notice ? (
        <p role="status" className={notice === "action_failed" ? "rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm" : "rounded-lg border border-border bg-card p-3 text-sm"}>
          {t(`notice_${notice}`)}
        </p>
      ) : null}
      <CredentialNoticeBar />

      <section aria-labelledby="cv-name" className="flex flex-col items-center gap-4 rounded-lg border border-border bg-card p-6 text-center sm:flex-row sm:text-left">
        <Avatar name={profile.name} src={profile.avatar} size={96} />
        <div className="flex flex-1 flex-col gap-1">
          <p className="text-sm font-medium text-muted-foreground">{t("title")}</p>
          <h2 id="cv-name" className="text-2xl font-bold">
            {profile.name}
          </h2>
          <p className="text-sm text-muted-foreground">{t("member_since", { date: formatDateTime(profile.created_at, locale, undefined, false) })}</p>
          {social.length ? (
            <ul aria-label={t("social_label")} className="mt-1 flex flex-wrap justify-center gap-3 text-sm sm:justify-start">
              {social.map((network) => (
                <li key={network}>
                  <a href={socialUrl(network, profile.social[network]!)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand underline-offset-4 hover:underline">
                    {t(`social_${network}`)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button type="button" variant="outline" onClick={() => setEditing(true)}>
            {profile.avatar ? t("avatar_change") : t("avatar_add")}
          </Button>
          {profile.avatar ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove_avatar" />
              <Button type="submit" variant="ghost">
                {t("avatar_remove")}
              </Button>
            </Form>
          ) : null}
        </div>
      </section>
      {editing ? (
        <Suspense fallback={<p role="status">{t("loading")}</p>}>
          <AvatarEditor open={editing} onOpenChange={setEditing} onSaved={() => revalidator.revalidate()} />
        </Suspense>
      ) : null}

      <section aria-labelledby="cv-figures">
        <h2 id="cv-figures" className="sr-only">
          {t("figures_title")}
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure label={t("initiatives_joined")} value={String(profile.initiatives_joined)} />
          <Figure label={t("validated_hours")} value={formatOneDecimal(profile.hour_count, locale).replace(/[.,]0$/, "")} />
          {withPoints ? <Figure label={t("points")} value={String(profile.point_count)} /> : null}
        </dl>
      </section>

      {empty ? (
        <EmptyState
          title={t("empty_title")}
          actions={
            <Link to="/initiative" className={buttonVariants()}>
              {t("empty_action")}
            </Link>
          }
        >
          <p>{t("empty_body")}</p>
        </EmptyState>
      ) : (
        <>
          <ImpactReport profile={profile} hours={hours} />
          <section aria-labelledby="cv-initiatives" className="flex flex-col gap-3">
            <h2 id="cv-initiatives" className="text-lg font-semibold">
              {t("initiatives_title")}
            </h2>
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
              {profile.initiative_report.map((row) => (
                <li key={row.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-4">
                  <div className="flex-1">
                    <Link to={`/initiative/${encodeURIComponent(row.slug)}`} className="font-medium underline-offset-4 hover:underline">
                      {row.title}
                    </Link>
                    {row.start_time ? <p className="text-sm text-muted-foreground">{formatDateTime(row.start_time, locale, undefined, false)}</p> : null}
                  </div>
                  <span className="text-sm">{hours(row.valid_hours)}</span>
                  {withPoints ? <span className="text-sm">{t("points_value", { count: row.points ?? 0 })}</span> : null}
                </li>
              ))}
            </ul>
          </section>
          <CertificatePanel certificates={certificates} since={profile.created_at} onCompleted={() => revalidator.revalidate()} />
          {credentials ? <CredentialsPanel credentials={credentials} /> : null}
        </>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse rounded-lg border border-border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-3xl font-bold">{value}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenCrash area="social_cv" />;
}
