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
 *   this host (no cross-site WebSocket hijacking). Who it is comes from the page's own identity read
 *   (workers/auth/web-identity.ts: the web session, its Auth session, the member and their
 *   memberships in one batch), so the web session's age and the Auth session's are what count; the
 *   access token sealed in it is not read.
 *
 * An access token is taken only within its stated maximum age (verifyAccessToken). A browser
 * cannot read the status of a refused upgrade (it sees 1006 and would retry forever), so the
 * cookie path is refused with an upgrade closed at once with a final code (CHAT_CLOSE: 4401 signed
 * out, 4403 disabled or not allowed, 4404 no such membership or no chat), which stops the widget; a
 * client with a token gets the HTTP status (401, 402, 403, 404).
 */
import type { Context } from "hono";
import { CHAT_CLOSE } from "../../app/domain/chat";
import { isSlug } from "../../app/domain/slug";
import { authenticateClaims, bearerToken, unauthenticated } from "../auth/middleware";
import { verifyAccessToken, type AccessClaims } from "../auth/tokens";
import { webIdentity } from "../auth/web-identity";
import { getConfig } from "../lib/config";
import { DomainError, forbidden, notFound, upgradeRequired } from "../lib/domain-errors";
import { isOwnOrigin } from "../lib/request-origin";
import { getOrganizationBySlug, type Tenant } from "../tenant/organizations";
import type { AppEnv } from "../types";
import { assertChatAllowed, CHAT_MEMBER_HEADER, CHAT_ORG_HEADER, memberObject } from "../chat/live";
import { chatRole } from "../chat/service";

const organizationNotFound = () => notFound("organization_not_found", "The organisation cannot be found.");

/** The member of the access token and their role in `org`: the session check and the role read at once. */
async function tokenMember(c: Context<AppEnv>, org: Tenant, claims: AccessClaims) {
  const [auth, role] = await Promise.all([authenticateClaims(c.env, claims), chatRole(c.env, org.id, claims.sub)]);
  if (!auth) throw unauthenticated();
  return { memberId: auth.memberId, role };
}

/** The member of the web session cookie and their role in `org`, from the page's identity read. */
async function cookieMember(c: Context<AppEnv>, org: Tenant) {
  const identity = await webIdentity({ cloudflare: { env: c.env }, tenant: c.var.tenant }, c.req.raw);
  if (identity.status === "disabled") throw forbidden("account_disabled", "This account is no longer active.");
  if (identity.status !== "member") throw unauthenticated();
  const membership = identity.user.organizations.find((organization) => organization.slug === org.slug);
  return { memberId: identity.user.id, role: membership?.role ?? null };
}

/** What a refused browser reads: an upgrade closed at once, with the final code of why. */
function closedUpgrade(error: DomainError) {
  const code = error.kind === "unauthenticated" ? CHAT_CLOSE.unauthenticated : error.kind === "not_found" ? CHAT_CLOSE.membershipRemoved : CHAT_CLOSE.accountDisabled;
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  server.close(code, error.code);
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * Reads its query (`token`, `org`) by hand, with no validator: an upgrade is not a call of the typed
 * client, and a refusal is not a 400 but an upgrade closed with its code (closedUpgrade), after the
 * Upgrade header and the credential are checked, in that order.
 */
export async function chatSocket(c: Context<AppEnv>) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw upgradeRequired("upgrade_required", "This endpoint only accepts WebSocket upgrades.");
  }
  const header = c.req.header("authorization");
  const byCookie = !header && !c.req.query("token");
  // A cookie rides along whatever site opens the socket: from another site it is no credential.
  const origin = c.req.header("origin");
  if (byCookie && origin && !isOwnOrigin(origin, c.req.raw)) throw unauthenticated();
  const token = header ? bearerToken(header) : (c.req.query("token") ?? null);
  const claims = token ? await verifyAccessToken(getConfig(c.env).TOKEN_SECRET, token) : null;
  if (!byCookie && !claims) throw unauthenticated();
  try {
    const slug = c.req.query("org");
    const org = slug === undefined ? c.var.tenant : isSlug(slug) ? await getOrganizationBySlug(c.env, slug) : null;
    if (!org) throw organizationNotFound();
    const { memberId, role } = claims ? await tokenMember(c, org, claims) : await cookieMember(c, org);
    if (!role) throw organizationNotFound();
    assertChatAllowed(org, role);

    const url = new URL(c.req.url);
    const forward = new URL("https://chat-member.internal/socket");
    const after = url.searchParams.get("after");
    if (after) forward.searchParams.set("after", after);
    const headers = new Headers({ upgrade: "websocket", [CHAT_ORG_HEADER]: org.id, [CHAT_MEMBER_HEADER]: memberId });
    return await memberObject(c.env, org.id, memberId).fetch(forward, { headers });
  } catch (error) {
    if (byCookie && error instanceof DomainError && ["unauthenticated", "declined", "forbidden", "not_found"].includes(error.kind)) return closedUpgrade(error);
    throw error;
  }
}
