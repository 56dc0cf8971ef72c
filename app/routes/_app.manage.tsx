/**
 * /manage: the staff area in the signed-in shell (issue 11). Organisers and administrators review
 * what members send (hours and results, files, money); managers and administrators approve
 * attendance. Members get the 404 of a page that does not exist and never see the link.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { TabLinks } from "~/components/initiative/tabs";
import { manageSections } from "~/domain/manage";
import { useTranslation } from "~/i18n/react";
import { requireStaff } from "~/lib/manage.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "manage_title");

export async function loader(args: LoaderFunctionArgs) {
  const { role } = await requireStaff(args);
  return { role };
}

export default function ManageLayout() {
  const { role } = useLoaderData<typeof loader>();
  const { t } = useTranslation("manage");
  const { pathname } = useLocation();
  const sections = manageSections(role);
  const current = sections.find((section) => pathname.startsWith(`/manage/${section}`)) ?? sections[0];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("manage_title")}</h1>
      {sections.length > 1 ? (
        <TabLinks label={t("manage_sections")} current={current} tabs={sections.map((section) => ({ id: section, label: t(`tab_${section}`), to: `/manage/${section}` }))} />
      ) : null}
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
