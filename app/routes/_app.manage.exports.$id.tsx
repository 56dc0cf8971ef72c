/** GET /manage/exports/{id}: a staff export's state for the screen's polling (GET /api/{org}/exports/{id}). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportState } from "~/lib/server/exports.server";

export const loader = (args: LoaderFunctionArgs) => exportState(args, args.params.id ?? "");
