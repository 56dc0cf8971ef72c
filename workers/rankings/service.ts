/**
 * The organisation's ranking (SPEC.md sections 3 and 7; issue 14): members by their validated or
 * granted hours in the organisation's initiatives, equal hours sharing a rank (1, 1, 3), members
 * with none left out; over all time or this calendar year of the organisation's zone. Answers the
 * first RANKING_SIZE and the member's own place, wherever it is. Hours as COUNTED_HOURS counts them
 * (workers/reports/counted-hours.ts), summed ahead of time in the hour rollups (docs/decisions/037).
 */
import { regionZone, zoneOffset } from "../../app/domain/zoned-time";
import { notFound } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";

export const RANKING_SIZE = 50;
export const RANKING_PERIODS = ["year", "all"] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

/** Feature `rankings` off, or `hide_ranking_in_app`: the ranking does not exist (404). */
export function requireRanking(org: Tenant) {
  if (!org.community.features.rankings || org.community.hide_ranking_in_app) throw notFound("not_found", "The resource cannot be found.");
}

/**
 * The rollup period (member_hour_totals.period) a ranking period reads: 0 for all time, or this
 * calendar year of the organisation's zone.
 */
export function rollupPeriod(period: RankingPeriod, now: number, zone: string) {
  return period === "year" ? new Date(now + zoneOffset(now, zone)).getUTCFullYear() : 0;
}

export interface RankingEntry {
  rank: number;
  member_id: string;
  name: string;
  avatar: string | null;
  hours: number;
  /** The member asking. */
  mine: boolean;
  /** A deleted account: its hours still count, without a name ("deleted member"; decision 034). */
  deleted: boolean;
}

export async function organizationRanking(env: Env, org: Tenant, memberId: string, period: RankingPeriod, now: number) {
  requireRanking(org);
  const rollup = rollupPeriod(period, now, regionZone(org.region));
  // Read from the rollups the triggers keep (docs/decisions/037), never from the records: the top
  // reads the totals down to the RANKING_SIZEth one (and its ties, ordered by name as before), the
  // member's own rank the few distinct totals above theirs. Raw SQL: the CTE and the rank's subquery
  // read best as written (drizzle's batch takes no raw reads).
  const listed = "t.org_id = ?1 and t.period = ?2 and t.listed = 1";
  // A member's rank is 1 + the listed members of the totals above theirs (hour_total_counts, a
  // few distinct totals): both statements read it there, never through a window over the rows.
  const rankOf = (hours: string) => `1 + coalesce((select sum(c.members) from hour_total_counts c where c.org_id = ?1 and c.period = ?2 and c.hours > ${hours}), 0)`;
  const [top, own] = await env.DB.batch<{ member_id: string; hours: number; rank: number; name: string | null; avatar_key: string | null; deleted: number }>([
    env.DB.prepare(
      // The cut is the RANKING_SIZEth total, or the smallest one above 0 when fewer members have
      // hours; the only range on the index, so the planner reads from the top down to it. Members
      // tied at the cut are ordered by name, so each of them is read once with its name (a large
      // organisation can have a thousand there); the rank and the members row (erased or not)
      // are read for the RANKING_SIZE rows shown only.
      `with cut as (
         select coalesce(
           (select t.hours from member_hour_totals t where ${listed} and t.hours > 0 order by t.hours desc limit 1 offset ?3 - 1),
           (select min(t.hours) from member_hour_totals t where ${listed} and t.hours > 0)) as hours
       ),
       top as (
         select t.member_id, t.hours, pr.name, pr.avatar_key from member_hour_totals t left join profiles pr on pr.member_id = t.member_id
         where ${listed} and t.hours >= (select hours from cut)
         order by t.hours desc, pr.name, t.member_id limit ?3
       )
       select top.member_id, top.hours, ${rankOf("top.hours")} as rank, top.name, top.avatar_key, mm.erased_at is not null as deleted
       from top left join members mm on mm.id = top.member_id
       order by top.hours desc, top.name, top.member_id`,
    ).bind(org.id, rollup, RANKING_SIZE),
    env.DB.prepare(
      `select t.member_id, t.hours, ${rankOf("t.hours")} as rank,
         null as name, null as avatar_key, 0 as deleted
       from member_hour_totals t where t.member_id = ?3 and ${listed} and t.hours > 0`,
    ).bind(org.id, rollup, memberId),
  ]);
  return {
    period,
    organization_ranking: top.results.map(
      (row): RankingEntry => ({
        rank: Number(row.rank),
        member_id: row.member_id,
        name: row.name ?? "",
        avatar: avatarUrl(row.member_id, row.avatar_key),
        hours: Number(row.hours),
        mine: row.member_id === memberId,
        deleted: Boolean(row.deleted),
      }),
    ),
    /** The member's own place, also when outside the list; null with no hours counted. */
    me: own.results[0] ? { rank: Number(own.results[0].rank), hours: Number(own.results[0].hours) } : null,
  };
}
