/** /manage/initiatives/{id}/participants.csv: the participants as a spreadsheet, streamed from the API. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { participantsCsv } from "./_app.manage.initiatives.$id/participants.server";

export async function loader(args: LoaderFunctionArgs) {
  return participantsCsv(args, args.params.id ?? "");
}
