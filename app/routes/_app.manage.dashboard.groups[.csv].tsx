/** /manage/dashboard/groups.csv: the dashboard's breakdown by group over the screen's period, as a spreadsheet streamed from the API. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { dashboardCsv } from "./_app.manage._index/dashboard.server";

export const loader = (args: LoaderFunctionArgs) => dashboardCsv(args, "groups");
