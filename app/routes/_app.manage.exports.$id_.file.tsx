/** GET /manage/exports/{id}/file: a finished staff export's CSV, streamed from the API (GET /api/{org}/exports/{id}/file). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportDownload } from "~/lib/server/exports.server";

export const loader = (args: LoaderFunctionArgs) => exportDownload(args, args.params.id ?? "");
