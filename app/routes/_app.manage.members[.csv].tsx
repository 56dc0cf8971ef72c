/** /manage/members.csv: the members the screen's filters match, as a spreadsheet streamed from the API. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { membersCsv } from "./_app.manage.members/members.server";

export const loader = (args: LoaderFunctionArgs) => membersCsv(args);
