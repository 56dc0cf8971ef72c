/**
 * Staff exports for the browser (decision 038): start one with the screen's filters
 * (POST /api/{org}/exports/{kind}), poll it, and download its file, all as the signed-in member.
 * Only the staff roles a kind's list is for reach its API; anyone else gets this app's 404.
 */
import { EXPORT_ROLES, type ExportKind } from "~/domain/exports";
import { memberFetch, type ApiArgs } from "~/lib/server/api.server";
import { notFound, requireStaff } from "~/lib/server/manage.server";
import { jsonWriteBody, relayApi } from "~/lib/server/relay.server";

/**
 * POST /manage/exports/start/{kind}?{the screen's filters}: the job's state, as the API answers it.
 * `filters` turns the screen's address into the API's filters (each screen's own, as its list reads them).
 */
export async function startExport(args: ApiArgs, kind: ExportKind, filters: (url: URL) => Record<string, string>): Promise<Response> {
  // A JSON body only: a cross-site form cannot send one without a preflight.
  const read = await jsonWriteBody(args.request);
  if ("refusal" in read) return read.refusal;
  await requireStaff(args, EXPORT_ROLES[kind]);
  return relayApi(args, "POST", `/exports/${kind}`, filters(new URL(args.request.url)));
}

/** GET /manage/exports/{id}: the job's state, for the screen's polling. */
export const exportState = (args: ApiArgs, id: string) => relayApi(args, "GET", `/exports/${encodeURIComponent(id)}`);

const PASSED_ON = ["content-type", "content-length", "content-disposition", "cache-control", "x-content-type-options"];

/** GET /manage/exports/{id}/file: the finished CSV, streamed with the API's headers; 404 for anything else. */
export async function exportDownload(args: ApiArgs, id: string): Promise<Response> {
  const { org } = await requireStaff(args);
  const answer = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/exports/${encodeURIComponent(id)}/file`);
  if (answer.status !== 200) return notFound();
  const headers = new Headers();
  for (const name of PASSED_ON) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { headers });
}
