/**
 * GET /chat/socket at an edge (issue 16, point 4; docs/decisions/024-chat-through-the-edge.md):
 * the socket is proxied to the upstream, whose chat holds the conversations. A browser opens it
 * with the web session cookie, which only the edge can read: the edge swaps it for the upstream's
 * access token it keeps for that session (refreshed first when due, the one refresh rule), and
 * the upstream authenticates the socket as any other client's. Clients with a token of their own
 * (Authorization or ?token=) pass through untouched.
 */
import type { Context } from "hono";
import { getWebSession, needsRefresh, refreshWebSession, type ApiTokens } from "../auth/web-session";
import { getConfig } from "../lib/config";
import { DomainError, unauthorized, upgradeRequired } from "../lib/domain-errors";
import { errorJson } from "../lib/errors";
import { isOwnOrigin } from "../lib/request-origin";
import { answerOf, forwardedHeaders, upstreamCall, upstreamTarget, type UpstreamFetch } from "../lib/upstream";
import type { AppEnv } from "../types";

/** The upstream's answer to a refresh of the session's tokens; null when it refused them. */
function upstreamRefresher(c: Context<AppEnv>, upstreamFetch: UpstreamFetch) {
  return async (refreshToken: string): Promise<ApiTokens | null> => {
    const response = await upstreamCall(c.env, c.req.url, c.var.requestId, upstreamFetch, "PUT", "/auth/refresh", { refresh_token: refreshToken });
    return response.ok ? ((await response.json()) as ApiTokens) : null;
  };
}

/** The web session's access token for the upstream, refreshed when due; null without a live session. */
async function sessionToken(c: Context<AppEnv>, upstreamFetch: UpstreamFetch): Promise<string | null> {
  const origin = c.req.header("origin");
  // A cookie goes with any page's socket: only pages of this host may use it (no cross-site hijacking).
  if (origin && !isOwnOrigin(origin, c.req.raw)) return null;
  const context = { cloudflare: { env: c.env } };
  let session = await getWebSession(context, c.req.raw);
  if (session && needsRefresh(session)) session = await refreshWebSession(context, session, upstreamRefresher(c, upstreamFetch));
  return session?.accessToken ?? null;
}

export function edgeChatSocket(upstreamFetch: UpstreamFetch) {
  return async (c: Context<AppEnv>) => {
    try {
      if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw upgradeRequired("upgrade_required", "This endpoint only accepts WebSocket upgrades.");
      const headers = forwardedHeaders(c.req.raw, c.env, c.var.requestId);
      // forwardedHeaders drops hop-by-hop headers; an upgrade needs its own back.
      headers.set("upgrade", "websocket");
      headers.delete("cookie");
      if (!c.req.header("authorization") && !c.req.query("token")) {
        const token = await sessionToken(c, upstreamFetch);
        if (!token) throw unauthorized("unauthorized", "Sign in to use chat.");
        headers.set("authorization", `Bearer ${token}`);
      }
      // No deadline here: an accepted socket lives on. The upstream's 101 goes back as it is.
      const response = await upstreamFetch(new Request(upstreamTarget(getConfig(c.env).UPSTREAM_URL!, new URL(c.req.url)), { headers }));
      return response.status === 101 ? response : answerOf(response);
    } catch (cause) {
      if (cause instanceof Response) return cause;
      if (cause instanceof DomainError) return errorJson(c, cause);
      throw cause;
    }
  };
}
