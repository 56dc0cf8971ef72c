/**
 * The administrators' dashboard (issue 15, point 5; docs/api/admin.md): how the programme is doing
 * over a period, read live from D1 (a change shows on the next request, not overnight). Hours,
 * participants, SDGs and impact come from the statements the ranking and the social CV use
 * (reports/counted-hours.ts), so the three always agree; what waits is the staff summary the
 * /manage tabs count. One D1 batch, beside the summary's. The figures may be of one group's
 * members (issue 28: Madrid office, IT team), and every answer breaks the period down by group,
 * through the same statements and conditions (reports/counted-hours.ts IN_GROUP), one per figure.
 */
import { fromMinorUnits } from "../../app/domain/initiatives/forms";
import { getDb } from "../db/client";
import { staffSummaryOf, staffSummaryQueries } from "../manage/summary";
import { requireRole, type StaffActor } from "../manage/scope";
import { badRequest } from "../lib/domain-errors";
import { rollupFigures, wholeMonths } from "./dashboard-rollups";
import { countedTotals, countedTotalsByGroup, hoursByMonth, hoursBySdg, IN_GROUP, impactByUnit, type ReportScope } from "../reports/counted-hours";
import type { Tenant } from "../tenant/organizations";

/** The longest period one answer covers (about three years). */
export const METRICS_MAX_DAYS = 1100;

export interface MetricsPeriod {
  from: number;
  /** Exclusive. */
  to: number;
  /** Only the members of this group of the organisation (its slug); everyone without it. */
  group?: string | null;
}

/**
 * Without dates: the last 12 months, this one included (whole UTC months, which the rollups
 * answer: docs/decisions/041).
 */
export function defaultPeriod(now: number): MetricsPeriod {
  const today = new Date(now);
  return { from: Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1), to: Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1) };
}

/** Accepted participations of the organisation (?1) joined in [?2, ?3), aliased `p` (with a join, e.g. to their groups). */
const participationsIn = (join = "") => `from participations p ${join} where p.org_id = ?1 and p.status = 'accepted' and p.created_at >= ?2 and p.created_at < ?3`;
/** Confirmed donations to the organisation (?1) made in [?2, ?3), aliased `c` (with a join, e.g. to their givers' groups). */
const donationsIn = (join = "") => `from contributions c ${join} where c.org_id = ?1 and c.status = 'confirmed' and c.created_at >= ?2 and c.created_at < ?3`;
/**
 * The member's groups among the organisation's (?1). Through the organisation's groups, the
 * member_user_groups key (group_id, member_id) is used for each row read; member_user_groups has
 * no index by member alone, and reading it whole would scan every organisation's groups.
 */
const TO_GROUPS = (member: string) => `join public_user_groups g on g.org_id = ?1 join member_user_groups mg on mg.group_id = g.id and mg.member_id = ${member}`;

interface GroupFigures {
  members: { group_id: string; active: number }[];
  participations: { group_id: string; n: number }[];
  hours: { group_id: string; hours: number; participants: number }[];
  donations: { group_id: string; currency: string; total: number; n: number }[];
}

/** One row per group, zeros where a figure has no row for it. */
function groupBreakdown(groups: { id: string; slug: string; name: string }[], figures: GroupFigures) {
  const byGroup = <T extends { group_id: string }>(rows: T[]) => new Map(rows.map((row) => [row.group_id, row]));
  const members = byGroup(figures.members);
  const participations = byGroup(figures.participations);
  const hours = byGroup(figures.hours);
  return groups.map((group) => ({
    slug: group.slug,
    name: group.name,
    members: Number(members.get(group.id)?.active ?? 0),
    participations: Number(participations.get(group.id)?.n ?? 0),
    participants: Number(hours.get(group.id)?.participants ?? 0),
    hours: Number(hours.get(group.id)?.hours ?? 0),
    donations: figures.donations.filter((row) => row.group_id === group.id).map((row) => ({ currency: row.currency, total: fromMinorUnits(Number(row.total)), count: Number(row.n) })),
  }));
}

/**
 * The figures summed from the records themselves: what the rollups stand for (the Worker test keeps
 * them as its oracle), and the answer for a period that is not whole months.
 */
function recordFigures(db: D1Database, scope: ReportScope & { from: number; to: number }, everyone: ReportScope) {
  const { orgId, from, to } = scope;
  const group = scope.groupSlug ?? null;
  return {
    members: db
      .prepare(
        `select count(*) as total, coalesce(sum(m.disabled_at is null), 0) as active, coalesce(sum(ms.created_at >= ?2 and ms.created_at < ?3), 0) as joined
         from memberships ms join members m on m.id = ms.member_id where ms.org_id = ?1 and ${IN_GROUP("ms.member_id", "?1", "?4")}`,
      )
      .bind(orgId, from, to, group),
    participations: db.prepare(`select count(*) as n ${participationsIn()} and ${IN_GROUP("p.member_id", "?1", "?4")}`).bind(orgId, from, to, group),
    totals: countedTotals(db, scope),
    sdgs: hoursBySdg(db, scope),
    impact: impactByUnit(db, scope),
    months: hoursByMonth(db, scope),
    donations: db
      .prepare(`select c.currency, sum(c.amount) as total, count(*) as n ${donationsIn()} and ${IN_GROUP("c.member_id", "?1", "?4")} group by c.currency order by c.currency`)
      .bind(orgId, from, to, group),
    groupMembers: db
      .prepare(
        `select mg.group_id, count(*) as active from memberships ms join members m on m.id = ms.member_id ${TO_GROUPS("ms.member_id")}
         where ms.org_id = ?1 and m.disabled_at is null group by mg.group_id`,
      )
      .bind(orgId),
    groupParticipations: db.prepare(`select mg.group_id, count(*) as n ${participationsIn(TO_GROUPS("p.member_id"))} group by mg.group_id`).bind(orgId, from, to),
    groupHours: countedTotalsByGroup(db, everyone),
    groupDonations: db
      .prepare(
        `select mg.group_id, c.currency, sum(c.amount) as total, count(*) as n ${donationsIn(TO_GROUPS("c.member_id"))}
         group by mg.group_id, c.currency order by c.currency`,
      )
      .bind(orgId, from, to),
  };
}

/**
 * The dashboard over the period. Whole months are read from the rollups (docs/decisions/041);
 * `source: "records"` sums the records instead, as any other period is (the test's oracle).
 */
export async function organizationMetrics(env: Env, org: Tenant, actor: StaffActor, period: MetricsPeriod, source: "rollups" | "records" = "rollups") {
  requireRole(actor, ["admin"]);
  const group = period.group ?? null;
  const scope = { orgId: org.id, from: period.from, to: period.to, groupSlug: group };
  // The whole organisation per group, whatever group the other figures are filtered by.
  const everyone: ReportScope = { ...scope, groupSlug: null };
  const db = env.DB;
  // What waits is the staff summary's counts, read in this same batch (one round trip in all).
  const summary = staffSummaryQueries(getDb(env), org, actor).map((query) => {
    const { sql, params } = query.toSQL();
    return db.prepare(sql).bind(...params);
  });
  const inMonths = source === "rollups" ? wholeMonths(period) : null;
  const figures = inMonths ? rollupFigures(db, org.id, inMonths, group) : recordFigures(db, scope, everyone);
  const results = await db.batch<Record<string, unknown>>([
    figures.members,
    figures.participations,
    figures.totals,
    figures.sdgs,
    figures.impact,
    figures.months,
    figures.donations,
    // The breakdown by group: every group, then each figure grouped by group in one statement.
    db.prepare("select id, slug, name from public_user_groups where org_id = ?1 order by name collate nocase, slug").bind(org.id),
    figures.groupMembers,
    figures.groupParticipations,
    figures.groupHours,
    figures.groupDonations,
    ...summary,
  ]);
  const [members, participations, totals, sdgs, impact, months, donations, groupRows, groupMembers, groupParticipations, groupHours, groupDonations, ...counts] = results.map((result) => result.results);
  const groups = groupRows as { id: string; slug: string; name: string }[];
  // An unknown group is a wrong filter, not an empty one (its figures were read as zeros in the same batch).
  if (group !== null && !groups.some((row) => row.slug === group)) throw badRequest("validation_error", "No such group in this organisation.", { group: "form_error_invalid" });
  // A count's row has one column (drizzle names it by position, not by its alias).
  const pending = staffSummaryOf(counts.map((rows) => Number(Object.values(rows[0] ?? {})[0] ?? 0)), org, actor);
  const memberRow = members[0] as { total: number; active: number; joined: number };
  const totalRow = totals[0] as { hours: number; participants: number };
  return {
    from: new Date(period.from).toISOString(),
    to: new Date(period.to).toISOString(),
    /** The group the figures are of (all but `pending` and `groups`), or null for everyone. */
    group: group === null ? null : { slug: group, name: groups.find((row) => row.slug === group)!.name },
    members: { total: Number(memberRow.total), active: Number(memberRow.active), joined: Number(memberRow.joined) },
    /** Places taken (accepted participations) in initiatives, joined in the period. */
    participations: Number((participations[0] as { n: number }).n),
    /** Members with counted hours in the period. */
    participants: Number(totalRow.participants),
    hours: Number(totalRow.hours),
    pending: {
      records: pending.records ?? 0,
      uploads: pending.uploads ?? 0,
      contributions: pending.contributions ?? 0,
      approvals: pending.approvals,
      proposals: pending.proposals ?? 0,
    },
    /** Confirmed donations per currency, in the currency's units (12.5 is 12.50). */
    donations: (donations as { currency: string; total: number; n: number }[]).map((row) => ({ currency: row.currency, total: fromMinorUnits(Number(row.total)), count: Number(row.n) })),
    sdgs: (sdgs as { id: number; total: number; participants: number }[]).map((row) => ({ id: Number(row.id), hours: Number(row.total), participants: Number(row.participants) })),
    impact: (impact as { unit: string; total: number }[]).map((row) => ({ unit: row.unit, value: Number(row.total) })),
    months: (months as { month: string; total: number }[]).map((row) => ({ month: row.month, hours: Number(row.total) })),
    /**
     * Every group of the organisation over the period, counted as the figures above: active
     * members, participations, members with counted hours and those hours, confirmed donations. A
     * member in two groups counts in both, so groups need not add up to the organisation.
     */
    groups: groupBreakdown(groups, {
      members: groupMembers as { group_id: string; active: number }[],
      participations: groupParticipations as { group_id: string; n: number }[],
      hours: groupHours as { group_id: string; hours: number; participants: number }[],
      donations: groupDonations as { group_id: string; currency: string; total: number; n: number }[],
    }),
  };
}
export type OrganizationMetrics = Awaited<ReturnType<typeof organizationMetrics>>;
