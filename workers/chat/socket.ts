/**
 * GET /chat/socket?org={slug}: the one WebSocket endpoint of chat (docs/api/chat.md, "Live channel").
 * The Worker authenticates and checks the organisation before the upgrade goes to the member's
 * Durable Object; the object trusts the identity headers set here and nothing else sets them.
 *
 * Credentials, in this order:
 * - `Authorization: Bearer <access token>` (mobile and other non-browser clients);
 * - `?token=<access token>` for clients that cannot set headers on a WebSocket (Node's global
 *   WebSocket, scripts); access tokens live 15 minutes, so a logged URL is soon worthless;
 * - the web app's `commons_session` cookie (browsers cannot set headers on a WebSocket). A cookie is
 *   sent by the browser whatever page opens the socket, so this path also requires an Origin of
 *   this host (no cross-site WebSocket hijacking).
 */
import type { Context } from "hono";
import { isSlug } from "../../app/domain/slug";
import { getWebSession } from "../auth/web-session";
import { authenticate, authenticateClaims, unauthenticated } from "../auth/middleware";
import { verifyAccessToken } from "../auth/tokens";
import { getConfig } from "../lib/config";
import { notFound, upgradeRequired } from "../lib/domain-errors";
import { isOwnOrigin } from "../lib/request-origin";
import { getOrganizationBySlug } from "../tenant/organizations";
import type { AppEnv, AuthContext } from "../types";
import { assertChatAllowed, CHAT_MEMBER_HEADER, CHAT_ORG_HEADER, memberObject } from "./live";
import { chatRole } from "./service";

/** The member of the web session cookie, when the socket comes from a page of this host. */
async function cookieAuth(c: Context<AppEnv>): Promise<AuthContext | null> {
  const origin = c.req.header("origin");
  if (origin && !isOwnOrigin(origin, c.req.raw)) return null;
  const session = await getWebSession({ cloudflare: { env: c.env } }, c.req.raw);
  if (!session) return null;
  // The live web session is the credential here; its stored access token only names the API session,
  // so its 15-minute expiry does not matter (the web app refreshes it on its next page load). The
  // API session itself must still be live: logout and revocation end chat too.
  const claims = await verifyAccessToken(getConfig(c.env).TOKEN_SECRET, session.accessToken, 0);
  return claims ? authenticateClaims(c.env, claims) : null;
}

async function socketAuth(c: Context<AppEnv>): Promise<AuthContext | null> {
  const header = c.req.header("authorization");
  if (header) return authenticate(c.env, header);
  const token = c.req.query("token");
  if (token) return authenticate(c.env, `Bearer ${token}`);
  return cookieAuth(c);
}

export async function chatSocket(c: Context<AppEnv>) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw upgradeRequired("upgrade_required", "This endpoint only accepts WebSocket upgrades.");
  }
  const auth = await socketAuth(c);
  if (!auth) throw unauthenticated();
  const slug = c.req.query("org");
  const org = slug === undefined ? c.var.tenant : isSlug(slug) ? await getOrganizationBySlug(c.env, slug) : null;
  const role = org ? await chatRole(c.env, org.id, auth.memberId) : null;
  if (!org || !role) throw notFound("organization_not_found", "The organisation cannot be found.");
  assertChatAllowed(org, role);

  const url = new URL(c.req.url);
  const forward = new URL("https://chat-member.internal/socket");
  const after = url.searchParams.get("after");
  if (after) forward.searchParams.set("after", after);
  const headers = new Headers({ upgrade: "websocket", [CHAT_ORG_HEADER]: org.id, [CHAT_MEMBER_HEADER]: auth.memberId });
  return memberObject(c.env, org.id, auth.memberId).fetch(forward, { headers });
}
