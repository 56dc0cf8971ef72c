/**
 * The organisation's ranking (SPEC.md sections 3 and 7; issue 14): members by their validated or
 * granted hours in the organisation's initiatives, equal hours sharing a rank (1, 1, 3), members
 * with none left out; over all time or this calendar year of the organisation's zone. Answers the
 * first RANKING_SIZE and the member's own place, wherever it is.
 */
import { regionZone, fromLocal, zoneOffset } from "../../app/domain/zoned-time";
import { notFound } from "../lib/domain-errors";
import { avatarUrl } from "../profile/avatar-url";
import { COUNTED_HOURS } from "../reports/counted-hours";
import type { Tenant } from "../tenant/organizations";

export const RANKING_SIZE = 50;
export const RANKING_PERIODS = ["year", "all"] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

/** Feature `rankings` off, or `hide_ranking_in_app`: the ranking does not exist (404). */
export function requireRanking(org: Tenant) {
  if (!org.community.features.rankings || org.community.hide_ranking_in_app) throw notFound("not_found", "The resource cannot be found.");
}

/** The first instant of this calendar year in the organisation's zone. */
function yearStart(now: number, zone: string) {
  const local = new Date(now + zoneOffset(now, zone));
  return fromLocal(Date.UTC(local.getUTCFullYear(), 0, 1), zone);
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
  const since = period === "year" ? yearStart(now, regionZone(org.region)) : 0;
  // One ranked list, read twice in one batch: the top of it, and the member's own row. Raw SQL:
  // the window function and the CTE read best as written (drizzle's batch takes no raw reads).
  const ranked = `with totals as (
      select p.member_id, sum(r.hours) as hours
      from participation_records r
      join participations p on p.id = r.participation_id
      join initiatives i on i.id = p.initiative_id
      join members m on m.id = p.member_id
      where i.org_id = ?1 and ${COUNTED_HOURS} and r.created_at >= ?2 and m.disabled_at is null
      group by p.member_id
      having sum(r.hours) > 0
    ), ranked as (select member_id, hours, rank() over (order by hours desc) as rank from totals)`;
  const [top, own] = await env.DB.batch<{ member_id: string; hours: number; rank: number; name: string | null; avatar_key: string | null; deleted: number }>([
    env.DB.prepare(
      `${ranked} select ranked.member_id, ranked.hours, ranked.rank, pr.name, pr.avatar_key, mm.erased_at is not null as deleted
       from ranked left join profiles pr on pr.member_id = ranked.member_id left join members mm on mm.id = ranked.member_id
       order by ranked.rank, pr.name, ranked.member_id limit ?3`,
    ).bind(org.id, since, RANKING_SIZE),
    env.DB.prepare(`${ranked} select member_id, hours, rank, null as name, null as avatar_key, 0 as deleted from ranked where member_id = ?3`).bind(org.id, since, memberId),
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
