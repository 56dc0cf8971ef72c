/**
 * The administrators' dashboard (issue 15, point 5; docs/api/admin.md): how the programme is doing
 * over a period, read live from D1 (a change shows on the next request, not overnight). Hours,
 * participants, SDGs and impact come from the statements the ranking and the social CV use
 * (reports/counted-hours.ts), so the three always agree; what waits is the staff summary the
 * /manage tabs count. One D1 batch, beside the summary's.
 */
import { fromMinorUnits } from "../../app/domain/initiatives/forms";
import { getDb } from "../db/client";
import { staffSummaryOf, staffSummaryQueries } from "../manage/summary";
import { requireRole, type StaffActor } from "../manage/scope";
import { countedTotals, hoursByMonth, hoursBySdg, impactByUnit, type ReportScope } from "../reports/counted-hours";
import type { Tenant } from "../tenant/organizations";

/** The longest period one answer covers (about three years). */
export const METRICS_MAX_DAYS = 1100;
const DAY = 86_400_000;

export interface MetricsPeriod {
  from: number;
  /** Exclusive. */
  to: number;
}

/** Without dates: the last 12 months up to now. */
export function defaultPeriod(now: number): MetricsPeriod {
  return { from: now - 365 * DAY, to: now };
}

export async function organizationMetrics(env: Env, org: Tenant, actor: StaffActor, period: MetricsPeriod) {
  requireRole(actor, ["admin"]);
  const scope: ReportScope = { orgId: org.id, from: period.from, to: period.to };
  const db = env.DB;
  // What waits is the staff summary's counts, read in this same batch (one round trip in all).
  const summary = staffSummaryQueries(getDb(env), org, actor).map((query) => {
    const { sql, params } = query.toSQL();
    return db.prepare(sql).bind(...params);
  });
  const results = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `select count(*) as total, coalesce(sum(m.disabled_at is null), 0) as active, coalesce(sum(ms.created_at >= ?2 and ms.created_at < ?3), 0) as joined
         from memberships ms join members m on m.id = ms.member_id where ms.org_id = ?1`,
      )
      .bind(org.id, period.from, period.to),
    countedTotals(db, scope),
    hoursBySdg(db, scope),
    impactByUnit(db, scope),
    hoursByMonth(db, scope),
    db
      .prepare(
        `select currency, sum(amount) as total, count(*) as n from contributions
         where org_id = ?1 and status = 'confirmed' and created_at >= ?2 and created_at < ?3 group by currency order by currency`,
      )
      .bind(org.id, period.from, period.to),
    ...summary,
  ]);
  const [members, totals, sdgs, impact, months, donations, ...counts] = results.map((result) => result.results);
  // A count's row has one column (drizzle names it by position, not by its alias).
  const pending = staffSummaryOf(counts.map((rows) => Number(Object.values(rows[0] ?? {})[0] ?? 0)), org, actor);
  const memberRow = members[0] as { total: number; active: number; joined: number };
  const totalRow = totals[0] as { hours: number; participants: number };
  return {
    from: new Date(period.from).toISOString(),
    to: new Date(period.to).toISOString(),
    members: { total: Number(memberRow.total), active: Number(memberRow.active), joined: Number(memberRow.joined) },
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
  };
}
export type OrganizationMetrics = Awaited<ReturnType<typeof organizationMetrics>>;
