/**
 * /chat/conversations/{id}/messages for the chat widget: GET the history (`?cursor=` or `?before=` pages back);
 * POST `{ content, client_id }` sends when the live socket is down (the same rules apply).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { chatBody, forwardQuery, methodNotAllowed, relayChat } from "~/lib/server/chat.server";

const path = (id: string | undefined) => `/conversations/${encodeURIComponent(id ?? "")}/messages`;

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  relayChat({ request, context }, "GET", `${path(params.id)}${forwardQuery(request, ["before", "cursor", "limit"])}`);

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const parsed = await chatBody(request);
  if ("refusal" in parsed) return parsed.refusal;
  return relayChat({ request, context }, "POST", path(params.id), parsed.body);
}
