/** PUT /chat/conversations/{id}/read `{ message_id? }`: the chat widget marks a conversation read. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { chatBody, methodNotAllowed, relayChat } from "~/lib/server/chat.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const parsed = await chatBody(request);
  if ("refusal" in parsed) return parsed.refusal;
  return relayChat({ request, context }, "PUT", `/conversations/${encodeURIComponent(params.id ?? "")}/read`, parsed.body);
}
