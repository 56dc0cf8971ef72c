/**
 * The member's secret calendar feed (issue 29; docs/decisions/044): one per member and
 * organisation, turned on, regenerated and turned off from /settings/notification, and the feed
 * itself as GET /calendar/{token}.ics on the organisation's host reads it.
 *
 * The token is an HMAC of a random seed under TOKEN_SECRET: the settings page can show the URL
 * again, while the database holds only the seed and the token's SHA-256 (the lookup), and neither
 * is the URL. A new seed makes a new token; the old one matches no row from that write on.
 */
import { and, eq, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { FEED_DAYS_BACK } from "../../app/domain/calendar";
import { regionZone } from "../../app/domain/zoned-time";
import { getDb, schema } from "../db/client";
import { getConfig } from "../lib/config";
import { base64UrlEncode, hmacSha256, randomToken, sha256Hex } from "../lib/crypto";
import { conflict } from "../lib/domain-errors";
import { getOrganizationById, organizationOrigin, type Tenant } from "../tenant/organizations";
import { calendarText, initiativeEvents } from "./events";
import { calendarColumns } from "./single-event";
import { writeCalendar } from "./ical";

const { calendarFeeds, initiatives, participations, interests, members, memberships } = schema;
const DAY = 24 * 60 * 60 * 1000;
/** How often calendar apps are asked to fetch again (they mostly choose for themselves). */
const REFRESH_MINUTES = 60;

export interface FeedSettings {
  enabled: boolean;
  /** The secret URL, on the organisation's own host; null while the feed is off. */
  url: string | null;
  include_interests: boolean;
}

const tokenOf = async (env: Env, seed: string) => base64UrlEncode(await hmacSha256(getConfig(env).TOKEN_SECRET, `calendar-feed:${seed}`));
const feedUrl = (env: Env, org: Tenant, token: string) => `${organizationOrigin(env, org)}/calendar/${token}.ics`;

async function settingsOf(env: Env, org: Tenant, row: { tokenSeed: string; includeInterests: boolean } | undefined): Promise<FeedSettings> {
  if (!row) return { enabled: false, url: null, include_interests: false };
  return { enabled: true, url: feedUrl(env, org, await tokenOf(env, row.tokenSeed)), include_interests: row.includeInterests };
}

export async function feedSettings(env: Env, org: Tenant, memberId: string): Promise<FeedSettings> {
  const row = await getDb(env)
    .select({ tokenSeed: calendarFeeds.tokenSeed, includeInterests: calendarFeeds.includeInterests })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.orgId, org.id), eq(calendarFeeds.memberId, memberId)))
    .get();
  return settingsOf(env, org, row);
}

/** Turns the feed on, or gives it a new URL: the old URL stops with this write. The interest setting stays. */
export async function renewFeed(env: Env, org: Tenant, memberId: string, now: number): Promise<FeedSettings> {
  const tokenSeed = randomToken();
  const tokenHash = await sha256Hex(await tokenOf(env, tokenSeed));
  const [row] = await getDb(env)
    .insert(calendarFeeds)
    .values({ orgId: org.id, memberId, tokenSeed, tokenHash, updatedAt: now })
    .onConflictDoUpdate({ target: [calendarFeeds.orgId, calendarFeeds.memberId], set: { tokenSeed, tokenHash, updatedAt: now } })
    .returning({ tokenSeed: calendarFeeds.tokenSeed, includeInterests: calendarFeeds.includeInterests });
  return settingsOf(env, org, row);
}

export async function turnOffFeed(env: Env, org: Tenant, memberId: string): Promise<FeedSettings> {
  await getDb(env).delete(calendarFeeds).where(and(eq(calendarFeeds.orgId, org.id), eq(calendarFeeds.memberId, memberId)));
  return settingsOf(env, org, undefined);
}

/** The interest setting belongs to a feed that is on: 409 calendar_feed_off otherwise. */
export async function setFeedInterests(env: Env, org: Tenant, memberId: string, includeInterests: boolean, now: number): Promise<FeedSettings> {
  const [row] = await getDb(env)
    .update(calendarFeeds)
    .set({ includeInterests, updatedAt: now })
    .where(and(eq(calendarFeeds.orgId, org.id), eq(calendarFeeds.memberId, memberId)))
    .returning({ tokenSeed: calendarFeeds.tokenSeed, includeInterests: calendarFeeds.includeInterests });
  if (!row) throw conflict("calendar_feed_off", "Turn the calendar feed on first.");
  return settingsOf(env, org, row);
}

export interface OpenedFeed {
  org: Tenant;
  memberId: string;
  language: string;
  includeInterests: boolean;
  updatedAt: number;
}

/**
 * Whether a request whose host resolved to `tenant` may serve `org`'s feed: the organisation's own
 * host, or, for an organisation without one, a host of no other organisation (where its pages are).
 */
const servedOn = (org: Tenant, tenant: Tenant) => (org.hostnames.length ? tenant.id === org.id : tenant.isDefault || tenant.id === org.id);

/**
 * The feed a token opens on the request's host: null for an unknown, regenerated or turned-off
 * token, another organisation's host, and a member who is disabled, erased or no longer a member.
 */
export async function openFeed(env: Env, tenant: Tenant, token: string): Promise<OpenedFeed | null> {
  const tokenHash = await sha256Hex(token);
  const row = await getDb(env)
    .select({ orgId: calendarFeeds.orgId, memberId: calendarFeeds.memberId, language: members.language, includeInterests: calendarFeeds.includeInterests, updatedAt: calendarFeeds.updatedAt })
    .from(calendarFeeds)
    .innerJoin(members, eq(members.id, calendarFeeds.memberId))
    .innerJoin(memberships, and(eq(memberships.orgId, calendarFeeds.orgId), eq(memberships.memberId, calendarFeeds.memberId)))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(members.disabledAt), isNull(members.erasedAt)))
    .get();
  if (!row) return null;
  const org = row.orgId === tenant.id ? tenant : await getOrganizationById(env, row.orgId);
  if (!org || !servedOn(org, tenant)) return null;
  return { org, memberId: row.memberId, language: row.language, includeInterests: row.includeInterests, updatedAt: row.updatedAt };
}

/**
 * An initiative is in the feed while it has a start, has not ended more than FEED_DAYS_BACK ago,
 * and, cancelled, was cancelled less than FEED_DAYS_BACK ago.
 */
function inWindow(since: number) {
  return and(
    isNotNull(initiatives.startTime),
    gte(sql`coalesce(${initiatives.endTime}, ${initiatives.startTime})`, since),
    or(sql`${initiatives.status} <> 'canceled'`, gte(initiatives.updatedAt, since)),
  );
}

/** The feed's body and when anything in it last changed (its Last-Modified). */
export async function buildFeed(env: Env, feed: OpenedFeed, now: number): Promise<{ body: string; lastModified: number }> {
  const { org } = feed;
  const db = getDb(env);
  const since = now - FEED_DAYS_BACK * DAY;
  const taking = db
    .select({ ...calendarColumns, participation: participations.status, changedAt: participations.updatedAt })
    .from(participations)
    .innerJoin(initiatives, eq(initiatives.id, participations.initiativeId))
    .where(
      and(
        eq(participations.orgId, org.id),
        eq(participations.memberId, feed.memberId),
        eq(initiatives.orgId, org.id),
        inWindow(since),
        // Accepted, or left (said not going, or refused by staff) within the window: kept, cancelled, so calendars remove it.
        or(eq(participations.status, "accepted"), and(inArray(participations.status, ["not_going", "rejected"]), gte(participations.updatedAt, since))),
      ),
    )
    .orderBy(initiatives.startTime, initiatives.id);
  const interested = db
    .select({ ...calendarColumns, changedAt: interests.createdAt })
    .from(interests)
    .innerJoin(initiatives, eq(initiatives.id, interests.initiativeId))
    .where(and(eq(interests.memberId, feed.memberId), eq(initiatives.orgId, org.id), inWindow(since)))
    .orderBy(initiatives.startTime, initiatives.id);
  const [taken, liked] = feed.includeInterests ? await db.batch([taking, interested]) : [await taking, []];

  const context = { origin: organizationOrigin(env, org), zone: regionZone(org.region), locale: feed.language };
  const seen = new Set<string>();
  const events = [];
  let lastModified = feed.updatedAt;
  for (const row of taken) {
    seen.add(row.id);
    const left = row.participation !== "accepted";
    events.push(...initiativeEvents(row, context, left ? { left, leftAt: row.changedAt } : { left }));
    lastModified = Math.max(lastModified, row.updatedAt, row.changedAt);
  }
  for (const row of liked) {
    if (seen.has(row.id)) continue;
    events.push(...initiativeEvents(row, context));
    lastModified = Math.max(lastModified, row.updatedAt, row.changedAt);
  }
  const t = calendarText(feed.language);
  const body = writeCalendar({ name: t("calendar_feed_name", { organization: org.name }), timeZone: context.zone, refreshMinutes: REFRESH_MINUTES, events });
  return { body, lastModified };
}
