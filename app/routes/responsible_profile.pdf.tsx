/** POST /responsible_profile/pdf {timezone_offset}: asks for the social CV's PDF; answers the ticket (PUT /api/{org}/responsible_profile/pdf). */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonWriteBody, methodNotAllowed, relayApi } from "~/lib/server/relay.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const read = await jsonWriteBody(request);
  if ("refusal" in read) return read.refusal;
  return relayApi({ request, context }, "PUT", "/responsible_profile/pdf", read.body);
}
