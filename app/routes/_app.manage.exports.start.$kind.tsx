/** POST /manage/exports/start/{kind}?{the screen's filters}: asks for a staff export; answers its state (POST /api/{org}/exports/{kind}). */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { ExportKind } from "~/lib/browser/export-job";
import { startExport } from "~/lib/server/exports.server";
import { notFound } from "~/lib/server/manage.server";
import { methodNotAllowed } from "~/lib/server/relay.server";
import { auditExportFilters } from "./_app.manage.audit/audit.server";
import { impactExportFilters } from "./_app.manage.impact/impact.server";
import { membersExportFilters } from "./_app.manage.members/members.server";
import { moneyExportFilters } from "./_app.manage.money/money.server";

/** How each kind's screen's address becomes the API's filters. */
const FILTERS: Record<ExportKind, (url: URL) => Record<string, string>> = { members: membersExportFilters, contributions: moneyExportFilters, audit: auditExportFilters, impact_evidence: impactExportFilters };

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed("POST");
  const kind = args.params.kind ?? "";
  if (!Object.hasOwn(FILTERS, kind)) return notFound();
  return startExport(args, kind as ExportKind, FILTERS[kind as ExportKind]);
}
