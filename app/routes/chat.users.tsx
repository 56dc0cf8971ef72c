/** GET /chat/users?cursor=&limit=: the members the chat widget can start a chat with (docs/api/chat.md). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { forwardQuery, relayChat } from "~/lib/server/chat.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => relayChat({ request, context }, "GET", `/users${forwardQuery(request, ["cursor", "limit"])}`);
