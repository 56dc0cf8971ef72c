/**
 * /verify/{id}: a social CV certificate's public page (issue 13, point 5), on the organisation's
 * own host, without signing in: what the certificate states (name, organisation, hours, period,
 * SDGs) and whether it is authentic and in force. A changed statement shows as not valid, a
 * revoked one says so; an unknown id, or another organisation's, is a 404.
 * A verifiable credential's id (issue 32; sixteen characters) shows its machine check instead
 * (components/credentials/credential-verification.tsx), and a credential can be uploaded there.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CredentialVerification, Item } from "~/components/credentials/credential-verification";
import { loadCredentialVerification, verifyUploadedCredential } from "./credential-verification.server";
import { CREDENTIAL_ID_PATTERN } from "~/domain/credentials";
import { BadgeCheck, ShieldAlert, ShieldX } from "lucide-react";
import { RouteErrorBoundary } from "~/components/error-page";
import { SdgIcon, sdgName } from "~/components/initiative/sdg";
import { formatDateTime, formatOneDecimal } from "~/domain/initiatives/format";
import { useTranslation } from "~/i18n/react";
import { pathParam, publicCall } from "~/lib/server/api.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [...titleMeta(matches, "responsible_profile", "verify_title"), { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (CREDENTIAL_ID_PATTERN.test(id)) return { kind: "credential" as const, ...(await loadCredentialVerification({ request, context }, id)) };
  const slug = context.tenant.slug;
  const result = await publicCall({ request, context }, (api) => api.api.organization.profile[":slug"].certificate[":id"].$get({ param: { slug: pathParam(slug), id: pathParam(id) } }));
  if (!result.ok && (result.status === 404 || result.status === 400)) throw new Response("Not found", { status: 404 });
  if (!result.ok) throw new Response("Unavailable", { status: 502 });
  return { kind: "certificate" as const, ...result.data };
}

/** A credential pasted or uploaded on a credential's page, checked the same way. */
export const action = (args: ActionFunctionArgs) => verifyUploadedCredential(args);

export default function Verify() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.kind === "credential" ? <CredentialVerification verification={loaded.verification} /> : <VerifyCertificate certificate={loaded} />;
}

function VerifyCertificate({ certificate }: { certificate: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "certificate" }> }) {
  const { t, i18n } = useTranslation("responsible_profile");
  const { t: credentials } = useTranslation("credentials");
  const statement = certificate.statement;
  const state = certificate.valid ? "valid" : certificate.authentic ? "revoked" : "invalid";
  const Icon = state === "valid" ? BadgeCheck : state === "revoked" ? ShieldAlert : ShieldX;
  const date = (at: string | null) => (at ? formatDateTime(at, i18n.language, undefined, false) : "");
  const hours = (value: number) => t("hours", { count: value, formatted: formatOneDecimal(value, i18n.language).replace(/[.,]0$/, "") });
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-5 py-10 sm:px-8">
      <h1 className="text-2xl font-bold">{t("verify_title")}</h1>
      <div
        role="status"
        className={
          state === "valid" ? "flex items-start gap-3 rounded-lg border border-emerald-600/40 bg-emerald-50 p-4 text-emerald-900" : "flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
        }
      >
        <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0" />
        <div>
          <p className="font-semibold">{t(`verify_${state}_title`)}</p>
          <p className="text-sm">{state === "revoked" ? t("verify_revoked_body", { date: date(certificate.revoked_at) }) : t(`verify_${state}_body`)}</p>
        </div>
      </div>
      {statement ? (
        <section aria-labelledby="verify-statement" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5">
          <h2 id="verify-statement" className="text-lg font-semibold">
            {t("verify_statement_title")}
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Item label={t("verify_name")} value={statement.name} />
            <Item label={t("verify_organization")} value={statement.organization} />
            <Item label={t("validated_hours")} value={hours(statement.hours)} />
            <Item label={t("initiatives_joined")} value={String(statement.initiatives)} />
            <Item label={t("verify_period")} value={statement.period.from ? `${date(statement.period.from)} – ${date(statement.period.to)}` : t("verify_period_none")} />
            <Item label={t("verify_issued")} value={date(statement.issued_at)} />
            {certificate.code ? <Item label={t("verify_code")} value={certificate.code} /> : null}
          </dl>
          {statement.sdgs.length ? (
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">{t("sdgs_title")}</h3>
              <ul className="flex flex-col gap-1.5 text-sm">
                {statement.sdgs.map((sdg) => (
                  <li key={sdg.id} className="flex items-center gap-2">
                    <SdgIcon id={sdg.id} size={22} />
                    <span className="flex-1">{sdgName(t, sdg.id)}</span>
                    <span>{hours(sdg.hours)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
      {certificate.credential_verify_url ? (
        <p className="text-sm">
          <a href={certificate.credential_verify_url} className="font-medium text-brand underline-offset-4 hover:underline">
            {credentials("verify_certificate_credential")}
          </a>
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">{t("verify_note")}</p>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
