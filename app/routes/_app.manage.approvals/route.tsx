/** /manage/approvals: members whose attendance waits for my approval, decided one by one or those ticked (issue 11, point 7). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { DateTime } from "~/components/initiative/date-time";
import { ListState, ManageSection, OutcomeAlert } from "~/components/manage/decision-parts";
import { BulkQueue } from "~/components/manage/bulk-queue";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/lib/server/form.server";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { decideApprovals, loadApprovals } from "./approvals.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "approvals_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadApprovals(args);
  return data(loaded, { status: loaded.approvals ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, outcome } = await decideApprovals(args, await readForm(args.request));
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
      <OutcomeAlert
        outcome={outcome}
        done={(decided, count) =>
          count === 1 ? t(decided === "approved" ? "done_approved" : "done_approval_rejected") : t(decided === "approved" ? "done_approved_count" : "done_approval_rejected_count", { count })
        }
        elsewhere={(count) => t("decided_elsewhere_approvals", { count })}
        noneSelected={t("selected_none_approvals")}
      />
      {approvals?.length ? (
        <BulkQueue
          id="approvals-note"
          intent="review_approvals"
          reason="note"
          reasonError={outcome?.fields.note ?? null}
          buttons={[
            { value: "approved", label: t("approve"), selectedLabel: t("approve_selected"), primary: true },
            { value: "rejected", label: t("reject"), selectedLabel: t("reject_selected") },
          ]}
          items={approvals.map((approval) => ({
            id: approval.participant_uuid,
            person: approval.member,
            title: approval.member.name,
            selectLabel: t("approval_select", { name: approval.member.name, initiative: approval.initiative.title }),
            decided: null,
            children: (
              <>
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
              </>
            ),
          }))}
        />
      ) : (
        <ListState failed={!approvals} empty={t("approvals_empty")} reloadHref={location.pathname + location.search} />
      )}
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
