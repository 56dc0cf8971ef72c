/**
 * The reminder's "can't come" link (issue 29, section 2): a signed, single-purpose link that frees
 * the member's place without signing in. It names one participation and is signed together with
 * the moment the member joined, so it frees that participation once: after leaving it shows that
 * the place is free, and after joining again it no longer works (a new reminder brings a new one).
 * Opening it changes nothing (mail scanners open links); the confirmation page's POST leaves through
 * the member's own leave path, which moves the waitlist. Only on the organisation's own host.
 */
import { and, eq } from "drizzle-orm";
import { BASE64URL_LETTER } from "../../app/domain/tokens";
import { getDb, schema } from "../db/client";
import { advanceWaitlist } from "../initiatives/waitlist";
import { leave } from "../initiatives/actions";
import { findInitiative } from "../initiatives/queries";
import { iso } from "../initiatives/serialize";
import { base64UrlEncode, hmacSha256, timingSafeEqual } from "../lib/crypto";
import { getConfig } from "../lib/config";
import { conflict, notFound } from "../lib/domain-errors";
import type { Notice } from "../manage/notify";
import type { Tenant } from "../tenant/organizations";

const { participations, initiatives } = schema;

/** `{participation id}.{signature}`: 18 bytes of HMAC-SHA-256, 24 characters. */
export const CANT_COME_TOKEN = new RegExp(`^${BASE64URL_LETTER}{1,64}\\.${BASE64URL_LETTER}{24}$`);

async function signature(env: Env, participationId: string, joinedAt: number) {
  return base64UrlEncode((await hmacSha256(getConfig(env).TOKEN_SECRET, `cant-come:${participationId}:${joinedAt}`)).slice(0, 18));
}

export async function cantComeToken(env: Env, participation: { id: string; createdAt: number }) {
  return `${participation.id}.${await signature(env, participation.id, participation.createdAt)}`;
}

const linkNotFound = () => notFound("cant_come_link_not_found", "This link does not free any place.");

/** The participation the token names, in this organisation, signed for its current joining; else 404. */
async function participationOf(env: Env, org: Tenant, token: string) {
  if (!CANT_COME_TOKEN.test(token)) throw linkNotFound();
  const [id, given] = token.split(".");
  const row = await getDb(env)
    .select({ id: participations.id, memberId: participations.memberId, initiativeId: participations.initiativeId, createdAt: participations.createdAt, status: participations.status })
    .from(participations)
    .where(and(eq(participations.id, id), eq(participations.orgId, org.id)))
    .get();
  const encoder = new TextEncoder();
  if (!row || !timingSafeEqual(encoder.encode(given), encoder.encode(await signature(env, row.id, row.createdAt)))) throw linkNotFound();
  return row;
}

export interface CantComeView {
  initiative: { title: string; slug: string; start_time: string | null };
  /** going: the place can be freed; left: it already was. */
  state: "going" | "left";
}

/** What the confirmation page shows. */
export async function cantComeView(env: Env, org: Tenant, token: string): Promise<CantComeView> {
  const participation = await participationOf(env, org, token);
  const initiative = await getDb(env)
    .select({ title: initiatives.title, slug: initiatives.slug, startTime: initiatives.startTime })
    .from(initiatives)
    .where(eq(initiatives.id, participation.initiativeId))
    .get();
  if (!initiative) throw linkNotFound();
  return { initiative: { title: initiative.title, slug: initiative.slug, start_time: iso(initiative.startTime) }, state: participation.status === "accepted" ? "going" : "left" };
}

/** Frees the place (the member's own "not going") and moves the waitlist; answers the offers to e-mail. 409 once it is free. */
export async function cantCome(env: Env, org: Tenant, token: string, now: number): Promise<Notice[]> {
  const participation = await participationOf(env, org, token);
  const initiative = await findInitiative(env, org, participation.memberId, { id: participation.initiativeId });
  if (!initiative) throw linkNotFound();
  if (initiative.participant_status !== "accepted") throw conflict("cant_come_already_left", "The place was already freed.");
  await leave(env, org.id, participation.memberId, initiative, now);
  return advanceWaitlist(env, org, initiative.id, now);
}
