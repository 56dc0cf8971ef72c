/**
 * The chat's live channel, GET /chat/socket, as the OpenAPI document describes it: a WebSocket
 * upgrade, not a JSON call (its frames are in docs/api/chat.md). Here rather than beside the route
 * in workers/app.ts, which only mounts it.
 */
import type { DescribeRouteOptions } from "hono-openapi";
import { doc } from "./describe";

const described = doc("Chat", "member", {
  summary: "The chat's live channel: one WebSocket per client for all of its conversations.",
  description:
    "Send `Upgrade: websocket`. Credentials: `Authorization: Bearer`, a `token` query parameter, or the web app's session cookie " +
    "(then `Origin` must be this host). With a token, refusals are JSON errors before the upgrade; on the cookie path the upgrade is " +
    "answered and closed at once with a final code: 4401 unauthenticated, 4403 account_disabled or chat_forbidden, 4404 " +
    "organization_not_found or chat_disabled. Frames are JSON text, listed in docs/api/chat.md.",
  status: 101,
  query: {
    org: "The organisation's slug; the host's organisation when left out.",
    after: "The last message id the client has: a `sync` frame brings what came later.",
    token: "An access token, for clients that cannot set headers on a WebSocket.",
  },
  errors: { 403: ["chat_forbidden"], 404: ["organization_not_found", "chat_disabled"], 426: ["upgrade_required"] },
});

export const chatSocketDoc: DescribeRouteOptions = { ...described, security: [{ bearerToken: [] }, {}] };
