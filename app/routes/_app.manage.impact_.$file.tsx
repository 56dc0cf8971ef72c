/** /manage/impact/{file}: an export of the impact report (b4si.csv, esrs-s3.md, evidence.xlsx...) over the page's period, streamed from the API. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { impactFile } from "./_app.manage.impact/impact.server";

export const loader = (args: LoaderFunctionArgs) => impactFile(args, args.params.file ?? "");
