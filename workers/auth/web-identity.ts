/**
 * Who is signed in, once per browser request (issue 10, item 2): the web session, the Auth session
 * its tokens stand for, the member, their profile and memberships, read in ONE batch. The Auth
 * session is checked on every browser request, so a revocation (logout elsewhere, a reused refresh
 * token, a disabled account) takes effect on the very next page; no page asks PUT /auth/identity.
 *
 * What the batch read is left in the request's memo, so the page's in-process API calls skip their
 * own session check and membership read (auth/middleware.ts, tenant/memberships.ts). A browser
 * request also reads the member's own profile in this organisation in the same batch: every
 * signed-in page's shell shows it (GET /api/{org}/profile), and a second round trip for it would
 * cost more than the dozen statements it adds here (docs/decisions/012-in-process-api-and-round-trips.md).
 */
import { asc, eq, inArray } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { sha256Hex } from "../lib/crypto";
import type { RequestMemo } from "../lib/request-memo";
import { ownProfileKey, ownProfileStatements, toOwnProfile, type OwnProfileResults } from "../profile/own-profile";
import { membershipColumns, membershipKey } from "../tenant/memberships";
import { organizationOfMembership, organizationsOf, userJsonOf, type UserJson } from "./members";
import { liveSession, liveSessionKey } from "./sessions";
import type { Tenant } from "../tenant/organizations";
import { clearSessionCookie, sessionCookieOf, toSession, webSessionKey, type WebSession } from "./web-session";

export type WebIdentity =
  /** No web session, or it has expired. */
  | { status: "signed-out" }
  /** The Auth session behind it was revoked or has expired: the web session is deleted, and the cookie goes. */
  | { status: "ended"; setCookie: string }
  /** The member's account is disabled (SPEC.md section 8: the app logs out). */
  | { status: "disabled" }
  /** Tokens this Worker cannot read (an upstream API): ask the API who it is. */
  | { status: "unknown"; session: WebSession }
  | { status: "member"; user: UserJson; session: WebSession };

interface Context {
  cloudflare: { env: Env };
  tenant: Tenant;
  memo?: RequestMemo;
  /** The request's D1 session follows the member's bookmark (lib/request-database.ts). */
  followBookmark?: (webSessionId: string, bookmark: string | null) => void;
}

const identityKey = (value: string) => `web-identity:${value}`;

/** The request's web identity; with a memo (a browser request), read once however many loaders ask. */
export function webIdentity(context: Context, request: Request): Promise<WebIdentity> {
  const value = sessionCookieOf(request);
  if (!value) return Promise.resolve({ status: "signed-out" });
  return context.memo ? context.memo.once(identityKey(value), () => readWebIdentity(context, value)) : readWebIdentity(context, value);
}

async function readWebIdentity(context: Context, value: string): Promise<WebIdentity> {
  const env = context.cloudflare.env;
  const db = getDb(env);
  const id = await sha256Hex(value);
  // One batch of single-table reads keyed by the web session row: D1's batch answers rows as
  // objects by column name, so a join of tables that share names (id, member_id) would mix them up.
  const ofWebSession = <C extends typeof schema.webSessions.sessionId | typeof schema.webSessions.memberId>(column: C) =>
    db.select({ value: column }).from(schema.webSessions).where(eq(schema.webSessions.id, id));
  const memberId = ofWebSession(schema.webSessions.memberId);
  const ownProfile = context.memo ? ownProfileStatements(db, context.tenant, (column) => inArray(column, memberId)) : [];
  const [webs, sessions, members, profiles, memberships, ...ownProfileResults] = await db.batch([
    db.select().from(schema.webSessions).where(eq(schema.webSessions.id, id)),
    db.select().from(schema.sessions).where(inArray(schema.sessions.id, ofWebSession(schema.webSessions.sessionId))),
    db.select().from(schema.members).where(inArray(schema.members.id, memberId)),
    db.select().from(schema.profiles).where(inArray(schema.profiles.memberId, memberId)),
    db
      .select({ ...organizationOfMembership, ...membershipColumns })
      .from(schema.memberships)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.memberships.orgId))
      .where(inArray(schema.memberships.memberId, memberId))
      .orderBy(asc(schema.memberships.createdAt)),
    ...ownProfile,
  ]);
  const row = { web: webs[0], session: sessions[0] ?? null, member: members[0] ?? null };
  if (!row.web || row.web.expiresAt <= Date.now()) return { status: "signed-out" };
  const session = await toSession(context, row.web);
  if (!session) return { status: "signed-out" };
  context.followBookmark?.(row.web.id, row.web.bookmark);
  context.memo?.once(webSessionKey(value), async () => session);
  if (!row.web.sessionId) return { status: "unknown", session };

  const live = row.member && row.session?.memberId === row.member.id ? liveSession(row.session, row.member.disabledAt) : null;
  if (!live || !row.member) {
    await db.delete(schema.webSessions).where(eq(schema.webSessions.id, id));
    return { status: "ended", setCookie: clearSessionCookie() };
  }
  if (live.memberDisabled) return { status: "disabled" };

  const member = row.member;
  context.memo?.once(liveSessionKey(live.id), async () => live);
  for (const { orgId, orgSlug: _, ...membership } of memberships) {
    context.memo?.once(membershipKey(member.id, orgId), async () => membership);
    if (ownProfile.length && orgId === context.tenant.id) {
      const profile = toOwnProfile(ownProfileResults as unknown as OwnProfileResults, member.id, context.tenant, membership);
      context.memo?.once(ownProfileKey(orgId, member.id), async () => profile);
    }
  }
  const organizations = await organizationsOf(env, memberships, context.tenant.id);
  return { status: "member", user: userJsonOf(env, member, profiles[0], organizations), session };
}
