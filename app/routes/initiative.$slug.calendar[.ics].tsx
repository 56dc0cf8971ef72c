/** /initiative/{slug}/calendar.ics: "Add to calendar"'s file, streamed from GET /api/{org}/calendar/initiative/{slug}. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { initiativeCalendarFile } from "~/lib/server/calendar.server";

export async function loader(args: LoaderFunctionArgs) {
  return initiativeCalendarFile(args, args.params.slug ?? "");
}
