/** /manage/audit.csv: the audit log's rows the screen's filters name, as a spreadsheet streamed from the API. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { auditCsv } from "./_app.manage.audit/audit.server";

export const loader = (args: LoaderFunctionArgs) => auditCsv(args);
