/**
 * What the organisation's chat channels are told (issue 31, section 5), in the organisation's
 * language with a link on its own host:
 * - new initiatives: from the outbox's `initiative.created` events, when they are dispatched
 *   (workers/webhooks/dispatch.ts), so an initiative whose creation rolled back is never announced;
 * - places left: an open initiative that starts within PLACES_LEFT_DAYS and has free places, once
 *   per channel and start time (the scheduled handler);
 * - monthly totals: on the first days of a month, last month's validated hours, participations and
 *   new initiatives, once per channel and month (the scheduled handler), from the dashboard's rollups.
 * "Once" is an INSERT OR IGNORE of the announcement's key (chat_app_announcements): two runs at
 * once announce it once.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { regionZone } from "../../app/domain/zoned-time";
import { monthIndex, rollupFigures } from "../admin/dashboard-rollups";
import { getDb, schema } from "../db/client";
import { getOrganizationById, organizationOrigin, type Tenant } from "../tenant/organizations";
import { initiativeUrl } from "../webhooks/payloads";
import { messagesIn } from "../webhooks/strings";
import type { ClaimedEvent } from "../webhooks/dispatch";
import type { Announcement } from "./message";
import { queueAnnouncements } from "./post";

const { chatAppConnections: connections, initiatives } = schema;
const DAY_MS = 86_400_000;
/** "The last days": an initiative starting within this many days. */
export const PLACES_LEFT_DAYS = 3;
/** The month's totals are announced from the 1st to this day of the next month (UTC), once. */
const MONTHLY_UNTIL_DAY = 3;

type Connection = { id: string; orgId: string; topics: string };

const connectionsFor = (env: Env, topic: string, orgId?: string) =>
  getDb(env)
    .select({ id: connections.id, orgId: connections.orgId, topics: connections.topics })
    .from(connections)
    .where(and(eq(connections.enabled, true), sql`${connections.topics} like ${`%"${topic}"%`}`, orgId ? eq(connections.orgId, orgId) : undefined));

const when = (org: Tenant, locale: string, ms: number) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone: regionZone(org.region) }).format(new Date(ms));

/** Claims `key` for each connection; answers the ones this call claimed. */
async function claim(env: Env, connectionIds: string[], key: string, now: number): Promise<string[]> {
  if (!connectionIds.length) return [];
  const results = await env.DB.batch<{ connection_id: string }>(
    connectionIds.map((id) => env.DB.prepare("INSERT OR IGNORE INTO chat_app_announcements (connection_id, key, created_at) VALUES (?, ?, ?) RETURNING connection_id").bind(id, key, now)),
  );
  return results.flatMap((result) => result.results.map((row) => row.connection_id));
}

export function newInitiativeAnnouncement(env: Env, org: Tenant, initiative: { slug: string; title: string; start_time?: string | null }): Announcement {
  const { locale, t } = messagesIn(org.community.language);
  const start = initiative.start_time ? Date.parse(initiative.start_time) : null;
  return {
    title: t("chat_new_initiative", { title: initiative.title }),
    lines: start ? [t("chat_new_initiative_when", { date: when(org, locale, start) })] : [],
    link: { url: initiativeUrl(env, org, initiative.slug), label: t("chat_open") },
  };
}

/** From the dispatch: each new initiative to each channel that announces them. */
export async function announceNewInitiatives(env: Env, orgId: string, claimed: ClaimedEvent[]) {
  const events = claimed.filter((event) => event.type === "initiative.created");
  if (!events.length) return;
  const channels = await connectionsFor(env, "new_initiatives", orgId);
  const org = channels.length ? await getOrganizationById(env, orgId) : null;
  if (!org) return;
  const posts = events.flatMap((event) => {
    const { initiative } = JSON.parse(event.payload) as { initiative: { slug: string; title: string; start_time?: string | null } };
    const announcement = newInitiativeAnnouncement(env, org, initiative);
    return channels.map((channel) => ({ connectionId: channel.id, announcement }));
  });
  await queueAnnouncements(env, posts);
}

export function placesLeftAnnouncement(env: Env, org: Tenant, initiative: { slug: string; title: string; startTime: number; left: number }): Announcement {
  const { locale, t } = messagesIn(org.community.language);
  return {
    title: t("chat_places_left", { title: initiative.title, count: initiative.left }),
    lines: [t("chat_places_left_when", { date: when(org, locale, initiative.startTime) })],
    link: { url: initiativeUrl(env, org, initiative.slug), label: t("chat_open") },
  };
}

async function announcePlacesLeft(env: Env, channels: Connection[], now: number) {
  let queued = 0;
  for (const [orgId, ofOrg] of groupByOrg(channels)) {
    const org = await getOrganizationById(env, orgId);
    if (!org) continue;
    const soon = await getDb(env)
      .select({ id: initiatives.id, slug: initiatives.slug, title: initiatives.title, startTime: initiatives.startTime, max: initiatives.maxParticipants, count: initiatives.participantCount })
      .from(initiatives)
      .where(and(eq(initiatives.orgId, orgId), eq(initiatives.status, "open"), gt(initiatives.startTime, now), lte(initiatives.startTime, now + PLACES_LEFT_DAYS * DAY_MS), gt(initiatives.maxParticipants, 0), sql`${initiatives.participantCount} < ${initiatives.maxParticipants}`));
    for (const initiative of soon) {
      const claimed = await claim(env, ofOrg.map((channel) => channel.id), `places:${initiative.id}:${initiative.startTime}`, now);
      const announcement = placesLeftAnnouncement(env, org, { slug: initiative.slug, title: initiative.title, startTime: initiative.startTime!, left: initiative.max - initiative.count });
      await queueAnnouncements(env, claimed.map((connectionId) => ({ connectionId, announcement })));
      queued += claimed.length;
    }
  }
  return queued;
}

export function monthlyAnnouncement(env: Env, org: Tenant, month: number, totals: { hours: number; participations: number; initiatives: number }): Announcement {
  const { locale, t } = messagesIn(org.community.language);
  const name = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(Math.floor(month / 12), month % 12, 1)));
  const number = new Intl.NumberFormat(locale);
  return {
    title: t("chat_monthly_title", { organization: org.name, month: name }),
    lines: [],
    facts: [
      { label: t("chat_monthly_hours"), value: number.format(totals.hours) },
      { label: t("chat_monthly_participations"), value: number.format(totals.participations) },
      { label: t("chat_monthly_initiatives"), value: number.format(totals.initiatives) },
    ],
    link: { url: `${organizationOrigin(env, org)}/initiative`, label: t("chat_open_all") },
  };
}

async function announceMonthlyTotals(env: Env, channels: Connection[], now: number) {
  if (new Date(now).getUTCDate() > MONTHLY_UNTIL_DAY) return 0;
  const month = monthIndex(now) - 1;
  const from = Date.UTC(Math.floor(month / 12), month % 12, 1);
  const to = Date.UTC(Math.floor((month + 1) / 12), (month + 1) % 12, 1);
  let queued = 0;
  for (const [orgId, ofOrg] of groupByOrg(channels)) {
    const claimed = await claim(env, ofOrg.map((channel) => channel.id), `month:${month}`, now);
    const org = claimed.length ? await getOrganizationById(env, orgId) : null;
    if (!org) continue;
    const figures = rollupFigures(env.DB, orgId, { from: month, to: month + 1 }, null);
    const [totals, participations, created] = await env.DB.batch<Record<string, number>>([
      figures.totals,
      figures.participations,
      env.DB.prepare("SELECT count(*) AS n FROM initiatives WHERE org_id = ? AND created_at >= ? AND created_at < ?").bind(orgId, from, to),
    ]);
    const announcement = monthlyAnnouncement(env, org, month, {
      hours: Number(totals.results[0]?.hours ?? 0),
      participations: Number(participations.results[0]?.n ?? 0),
      initiatives: Number(created.results[0]?.n ?? 0),
    });
    await queueAnnouncements(env, claimed.map((connectionId) => ({ connectionId, announcement })));
    queued += claimed.length;
  }
  return queued;
}

function groupByOrg(channels: Connection[]) {
  const byOrg = new Map<string, Connection[]>();
  for (const channel of channels) byOrg.set(channel.orgId, [...(byOrg.get(channel.orgId) ?? []), channel]);
  return byOrg;
}

/** The scheduled handler's part: places left and monthly totals. Reads only the connections that ask for them. */
export async function scheduledAnnouncements(env: Env, now: number) {
  const [places, monthly] = await Promise.all([connectionsFor(env, "places_left"), connectionsFor(env, "monthly_totals")]);
  return { placesLeft: await announcePlacesLeft(env, places, now), monthlyTotals: await announceMonthlyTotals(env, monthly, now) };
}

