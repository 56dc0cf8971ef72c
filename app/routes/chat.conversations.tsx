/**
 * /chat/conversations for the chat widget: GET my conversations (`?summary=unread` answers only
 * `{ unread }`, the launcher's badge); POST `{ member_id }` starts (or finds) a private conversation.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { chatBody, methodNotAllowed, relayChat } from "~/lib/server/chat.server";

type Listed = { conversations: { unread_count: number }[] };

export function loader({ request, context }: LoaderFunctionArgs) {
  const summary = new URL(request.url).searchParams.get("summary") === "unread";
  return relayChat({ request, context }, "GET", "/conversations", undefined, (data) =>
    summary ? { unread: (data as Listed).conversations.reduce((sum, c) => sum + c.unread_count, 0) } : data,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const parsed = await chatBody(request);
  if ("refusal" in parsed) return parsed.refusal;
  return relayChat({ request, context }, "POST", "/conversations", parsed.body);
}
