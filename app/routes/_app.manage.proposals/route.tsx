/** /manage/proposals: members' proposals for the moderators, each in full, to approve or reject with a reason (issue 12). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { DateTime } from "~/components/initiative/date-time";
import { SdgChip } from "~/components/initiative/sdg";
import { ListState, ManageSection, OutcomeAlert, Pager, StatusTabs } from "~/components/manage/decision-parts";
import { DecisionRow } from "~/components/manage/decision-row";
import { MapView } from "~/components/map/map-view";
import { SDG_SLUGS } from "~/domain/initiatives";
import { PROPOSAL_TABS } from "~/domain/manage";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/lib/server/form.server";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { useHydrated } from "~/lib/use-hydrated";
import { decideProposal, loadModeration } from "./proposals.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "proposals_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadModeration(args);
  return data(loaded, { status: loaded.page ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, outcome } = await decideProposal(args, await readForm(args.request));
  return data(outcome, { status });
}

export default function ManageProposals() {
  const { status, page, paged } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const { t: ti } = useTranslation("initiatives");
  const { t: tl } = useTranslation("lookups");
  const { settings, basemapUrl } = useSignedIn();
  const hydrated = useHydrated();
  const location = useLocation();
  const proposals = page?.proposals ?? [];
  return (
    <ManageSection id="proposals-title" title={t("proposals_title")} intro={t("proposals_intro")}>
      <StatusTabs path="/manage/proposals" statuses={PROPOSAL_TABS} current={status} label={(value) => t(`proposal_status_${value}`)} />
      <OutcomeAlert outcome={outcome} done={(decided) => t(decided === "open" ? "done_proposal_approved" : "done_proposal_rejected")} />
      {proposals.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {proposals.map((proposal) => (
            <DecisionRow
              key={proposal.id}
              id={proposal.id}
              intent="review_proposal"
              person={proposal.proposer}
              hidden={{ id: proposal.id }}
              reason="required"
              reasonError={outcome?.id === proposal.id ? (outcome.fields.reason ?? null) : null}
              decided={proposal.status === "proposed" ? null : proposal.status === "open" ? "approved" : "rejected"}
              buttons={[
                { value: "open", label: t("approve"), primary: true },
                { value: "rejected", label: t("reject") },
              ]}
            >
              <p className="text-muted-foreground">
                {proposal.proposer.email} · <DateTime iso={proposal.created_at} region={settings.region} withTime={false} />
              </p>
              <h3 className="mt-2 text-base font-semibold">{proposal.title}</h3>
              <p className="text-muted-foreground">{ti(`type_${proposal.type}`)}</p>
              <p className="mt-1 whitespace-pre-line">{proposal.description}</p>
              <dl className="mt-2 grid gap-1">
                {proposal.start_time ? (
                  <div>
                    <dt className="inline font-medium">{t("proposal_when")}: </dt>
                    <dd className="inline">
                      <DateTime iso={proposal.start_time} region={settings.region} /> – {proposal.end_time ? <DateTime iso={proposal.end_time} region={settings.region} /> : null}
                    </dd>
                  </div>
                ) : null}
                {proposal.address || proposal.remote_url ? (
                  <div>
                    <dt className="inline font-medium">{t("proposal_where")}: </dt>
                    <dd className="inline">{[proposal.is_in_person ? proposal.address : null, proposal.is_remote ? proposal.remote_url : null].filter(Boolean).join(" · ")}</dd>
                  </div>
                ) : null}
                <div>
                  <dt className="inline font-medium">{t("proposal_places")}: </dt>
                  <dd className="inline">{proposal.max_participants === null ? t("proposal_unlimited") : proposal.max_participants}</dd>
                </div>
                {proposal.competences.length ? (
                  <div>
                    <dt className="inline font-medium">{t("proposal_skills")}: </dt>
                    <dd className="inline">{proposal.competences.map((slug) => tl(`competence.${slug}`, { defaultValue: slug })).join(", ")}</dd>
                  </div>
                ) : null}
              </dl>
              {proposal.help_organize ? <p className="mt-1">{t("proposal_helps")}</p> : null}
              {proposal.sdgs.length ? (
                <ul aria-label={t("proposal_sdgs")} className="mt-2 flex flex-wrap gap-2">
                  {proposal.sdgs.map((slug) => (
                    <li key={slug}>
                      <SdgChip id={SDG_SLUGS.indexOf(slug as (typeof SDG_SLUGS)[number]) + 1} t={ti} size="sm" />
                    </li>
                  ))}
                </ul>
              ) : null}
              {hydrated && proposal.latitude !== null && proposal.longitude !== null ? (
                <div className="mt-3">
                  <MapView latitude={proposal.latitude} longitude={proposal.longitude} zoom={15} label={t("proposal_map", { address: proposal.address ?? "" })} address={proposal.address ?? undefined} url={basemapUrl ?? undefined} height={200} />
                </div>
              ) : null}
              {proposal.reject_reason ? <p className="mt-2 text-muted-foreground">{t("reviewed_reason", { reason: proposal.reject_reason })}</p> : null}
              {proposal.initiative_id ? (
                <p className="mt-2 flex flex-wrap gap-4">
                  <Link to={`/manage/initiatives/${proposal.initiative_id}/edit`} className="font-medium text-brand underline-offset-2 hover:underline">
                    {t("proposal_edit_initiative")}
                  </Link>
                </p>
              ) : null}
            </DecisionRow>
          ))}
        </ul>
      ) : (
        <ListState failed={!page} empty={t(`proposals_empty_${status}`)} reloadHref={location.pathname + location.search} />
      )}
      <Pager path="/manage/proposals" status={status} next={page?.next_cursor ?? null} paged={paged} />
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
