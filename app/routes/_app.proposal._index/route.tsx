/** /proposal: the member's proposals with their status, and the way to propose another (SPEC.md sections 2 and 8; issue 12). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { DateTime } from "~/components/initiative/date-time";
import { EmptyState, LoadError } from "~/components/initiative/initiative-list";
import { ScreenCrash } from "~/components/screen-crash";
import { buttonVariants } from "~/components/ui/button";
import type { ProposalSummary } from "~/domain/proposals";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { loadProposals } from "./proposals.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "proposals", "list_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadProposals(args);
  return data(loaded, { status: loaded.proposals ? 200 : 502 });
}

const CHIP: Record<ProposalSummary["status"], string> = {
  proposed: "bg-muted text-foreground",
  open: "bg-success/10 text-success",
  rejected: "bg-destructive/10 text-destructive",
};

export default function Proposals() {
  const { proposals } = useLoaderData<typeof loader>();
  const { t } = useTranslation("proposals");
  const { t: ti } = useTranslation("initiatives");
  const { settings } = useSignedIn();
  const location = useLocation();
  const propose = (
    <Link to="/proposal/new/type" className={buttonVariants()}>
      {t("list_new")}
    </Link>
  );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("list_title")}</h1>
        {proposals?.length ? propose : null}
      </div>
      {!proposals ? (
        <LoadError message={t("load_error")} reloadLabel={t("reload")} reloadHref={location.pathname} />
      ) : proposals.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {proposals.map((proposal) => (
            <li key={proposal.id} className="flex flex-col gap-1 p-4 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-base font-semibold">{proposal.title}</p>
                <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", CHIP[proposal.status])}>{t(`status_${proposal.status}`)}</span>
              </div>
              <p className="text-muted-foreground">
                {ti(`type_${proposal.type}`)} · {t("sent_on")} <DateTime iso={proposal.created_at} region={settings.region} withTime={false} />
              </p>
              {proposal.status === "rejected" && proposal.reject_reason ? <p>{t("rejected_reason", { reason: proposal.reject_reason })}</p> : null}
              {proposal.status === "open" && proposal.initiative_slug ? (
                <Link to={`/initiative/${proposal.initiative_slug}`} className="font-medium text-brand underline-offset-2 hover:underline">
                  {t("view_initiative")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t("empty_title")} actions={propose}>
          <p>{t("empty_body")}</p>
        </EmptyState>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenCrash area="proposals" />;
}
