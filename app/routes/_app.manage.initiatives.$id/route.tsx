/** /manage/initiatives/{id}: who takes part, what they reported, and the organiser's decision on each (issue 11, point 3). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { ListState, OutcomeAlert } from "~/components/manage/decision-parts";
import { DecisionRow } from "~/components/manage/decision-row";
import { buttonVariants } from "~/components/ui/button";
import type { DecisionOutcome } from "~/domain/manage";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/lib/server/form.server";
import { titleMeta } from "~/lib/page-title";
import { MESSAGE_INTENT, MessageForm, type MessageOutcome } from "~/components/manage/message-form";
import { InitiativeState, STATE_INTENT } from "~/components/manage/initiative-state";
import { InitiativeLinks } from "~/components/manage/initiative-links";
import { Alert } from "~/components/ui/alert";
import { WAITLIST_INTENT, WaitlistSection } from "~/components/manage/waitlist-section";
import { changeInitiativeState, decideParticipant, loadParticipants, messageParticipants, reorderWaitlist } from "./participants.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "participants_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadParticipants(args, args.params.id ?? "");
  return data(loaded, { status: loaded.data ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  if (form.get("intent") === MESSAGE_INTENT) {
    const { status, outcome } = await messageParticipants(args, args.params.id ?? "", form);
    return data({ message: outcome }, { status });
  }
  const intent = form.get("intent");
  const decide = intent === STATE_INTENT ? changeInitiativeState : intent === WAITLIST_INTENT ? reorderWaitlist : decideParticipant;
  const { status, outcome } = await decide(args, args.params.id ?? "", form);
  return data({ decision: outcome }, { status });
}

/** The decisions that change a participant from where they are. */
const NEXT: Record<string, ("accepted" | "rejected" | "not_going")[]> = {
  accepted: ["not_going", "rejected"],
  not_going: ["accepted", "rejected"],
  rejected: ["accepted"],
  pending: ["accepted", "rejected"],
};

export default function ManageParticipants() {
  const { data: loaded } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { decision?: DecisionOutcome; message?: MessageOutcome } | undefined;
  const outcome = answer?.decision;
  const { t } = useTranslation("manage");
  const { t: ti } = useTranslation("initiative");
  const location = useLocation();
  // The editor comes back here after a save (?saved=created|updated).
  const saved = new URLSearchParams(location.search).get("saved");
  const label = { accepted: t("action_accept"), rejected: t("reject"), not_going: t("action_not_going") };
  return (
    <section aria-labelledby="participants-title" className="flex flex-col gap-4">
      <Link to="/manage/initiatives" className="text-sm font-medium text-brand underline-offset-2 hover:underline">
        ← {t("participants_back")}
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="participants-title" className="text-xl font-semibold">
            {t("participants_title")}
          </h2>
          {loaded ? <p className="text-sm text-muted-foreground">{loaded.initiative.title}</p> : null}
          {loaded ? <InitiativeLinks id={loaded.initiative.id} title={loaded.initiative.title} type={loaded.initiative.type} slug={loaded.initiative.slug} /> : null}
        </div>
        {loaded?.participants.length ? (
          <a href={`${location.pathname}/participants.csv`} download className={buttonVariants({ variant: "outline" })}>
            {t("participants_download")}
          </a>
        ) : null}
      </div>
      {saved === "created" || saved === "updated" ? (
        <Alert variant="success" role="status">
          {t(`initiative_saved_${saved}`)}
        </Alert>
      ) : null}
      <OutcomeAlert outcome={outcome} done={(status) => (status === "state" ? t("done_state") : status === "waitlist" ? t("done_waitlist") : t("done_participant", { status: t(`pstatus_${status}`) }))} />
      {loaded ? <InitiativeState initiative={loaded.initiative} /> : null}
      {loaded?.participants.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {loaded.participants.map((participant) => (
            <DecisionRow
              key={participant.uuid}
              id={participant.uuid}
              intent="participant_status"
              person={participant}
              hidden={{ uuid: participant.uuid }}
              reason="none"
              buttons={NEXT[participant.status].map((value, index) => ({ value, label: label[value], primary: index === 0 && value === "accepted" }))}
            >
              <p className="text-muted-foreground">
                <span className="font-medium text-foreground">{t(`pstatus_${participant.status}`)}</span> · {participant.email}
              </p>
              {participant.manager_approval_status !== "not_needed" ? <p className="text-muted-foreground">{t(`approval_${participant.manager_approval_status}`)}</p> : null}
              {participant.phone ? <p className="text-muted-foreground">{t("participant_phone", { phone: participant.phone })}</p> : null}
              <p>{t("participant_hours", { validated: participant.hours.validated, pending: participant.hours.pending })}</p>
              {participant.indicators.map((indicator) => (
                <p key={indicator.id}>{t("participant_indicator", { name: indicator.name, unit: ti(`unit_${indicator.unit}`), validated: indicator.validated, pending: indicator.pending })}</p>
              ))}
            </DecisionRow>
          ))}
        </ul>
      ) : (
        <ListState failed={!loaded} empty={t("participants_empty")} reloadHref={location.pathname} />
      )}
      {loaded ? <WaitlistSection entries={loaded.waitlist} /> : null}
      {loaded?.participants.some((participant) => participant.status === "accepted") ? <MessageForm outcome={answer?.message} /> : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
