/**
 * /manage: the staff area in the signed-in shell (issue 11). Organisers and administrators review
 * what members send (hours and results, files, money); managers and administrators approve
 * attendance. Members get the 404 of a page that does not exist and never see the link.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { TabLinks } from "~/components/initiative/tabs";
import { manageSections, waitingCountLabel } from "~/domain/manage";
import { useTranslation } from "~/i18n/react";
import { memberCall, pathParam } from "~/lib/server/api.server";
import { requireStaff } from "~/lib/server/manage.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "manage_title");

export async function loader(args: LoaderFunctionArgs) {
  const { role, org } = await requireStaff(args);
  // What waits in each section, for its tab; the tabs still work without it.
  const summary = await memberCall(args, (api) => api.api[":org"].manage.summary.$get({ param: { org: pathParam(org) } }));
  return { role, waiting: summary.ok ? summary.data : null };
}

/** The summary's count for a section's tab (none for the initiatives list, or where the role does not review). */
const COUNT_OF = { records: "records", uploads: "uploads", money: "contributions", approvals: "approvals", proposals: "proposals" } as const;

export default function ManageLayout() {
  const { role, waiting } = useLoaderData<typeof loader>();
  const { t } = useTranslation("manage");
  const { pathname } = useLocation();
  // The summary says whether this member moderates proposals (administrators, organisers where allowed).
  const sections = manageSections(role, typeof waiting?.proposals === "number");
  const current = sections.find((section) => pathname.startsWith(`/manage/${section}`)) ?? sections[0];
  const pathOf = (section: string) => (section === "dashboard" ? "/manage" : `/manage/${section}`);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("manage_title")}</h1>
      {sections.length > 1 ? (
        <TabLinks
          label={t("manage_sections")}
          current={current}
          wrap
          tabs={sections.map((section) => {
            const count = section in COUNT_OF ? waiting?.[COUNT_OF[section as keyof typeof COUNT_OF]] : null;
            return { id: section, label: t(`tab_${section}`), to: pathOf(section), ...(typeof count === "number" ? { count: waitingCountLabel(count) } : {}) };
          })}
        />
      ) : null}
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
