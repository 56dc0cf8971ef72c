/** /manage/approvals: members whose attendance waits for my approval (issue 11, point 7). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { DateTime } from "~/components/initiative/date-time";
import { ListState, ManageSection, OutcomeAlert } from "~/components/manage/decision-parts";
import { DecisionRow } from "~/components/manage/decision-row";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { decideApproval, loadApprovals } from "./approvals.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "approvals_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadApprovals(args);
  return data(loaded, { status: loaded.approvals ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, outcome } = await decideApproval(args, await readForm(args.request));
  return data(outcome, { status });
}

export default function ManageApprovals() {
  const { approvals } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const { settings } = useSignedIn();
  const location = useLocation();
  return (
    <ManageSection id="approvals-title" title={t("approvals_title")} intro={t("approvals_intro")}>
      <OutcomeAlert outcome={outcome} done={(decided) => t(decided === "approved" ? "done_approved" : "done_approval_rejected")} />
      {approvals?.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {approvals.map((approval) => (
            <DecisionRow
              key={approval.participant_uuid}
              id={approval.participant_uuid}
              intent="review_approval"
              person={approval.member}
              hidden={{ initiative_id: approval.initiative.id, participant_uuid: approval.participant_uuid }}
              reason="note"
              reasonError={outcome?.id === approval.participant_uuid ? (outcome.fields.note ?? null) : null}
              buttons={[
                { value: "approved", label: t("approve"), primary: true },
                { value: "rejected", label: t("reject") },
              ]}
            >
              <p className="text-muted-foreground">
                <Link to={`/initiative/${approval.initiative.slug}`} className="underline underline-offset-2">
                  {approval.initiative.title}
                </Link>
                {approval.initiative.start_time ? (
                  <>
                    {" "}
                    · <DateTime iso={approval.initiative.start_time} region={settings.region} />
                  </>
                ) : null}
              </p>
              {approval.initiative.is_working_hours ? <p className="text-muted-foreground">{t("approvals_working_hours")}</p> : null}
            </DecisionRow>
          ))}
        </ul>
      ) : (
        <ListState failed={!approvals} empty={t("approvals_empty")} reloadHref={location.pathname + location.search} />
      )}
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
