/** POST /manage/initiatives/{id}/checkins: the check-in screen's queue sends each check-in here (JSON), relayed to POST /api/{org}/manage/initiatives/{id}/checkin. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonWriteBody, methodNotAllowed, relayApi } from "~/lib/server/relay.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const read = await jsonWriteBody(request);
  if ("refusal" in read) return read.refusal;
  return relayApi({ request, context }, "POST", `/manage/initiatives/${encodeURIComponent(params.id ?? "")}/checkin`, read.body);
}
