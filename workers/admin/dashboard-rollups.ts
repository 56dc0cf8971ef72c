/**
 * The dashboard's figures read from its rollups (migrations/0020_dashboard_rollups.sql;
 * docs/decisions/041) instead of summing the organisation's records: a few hundred rows per view,
 * however large the organisation. The rollups are by UTC calendar month, so they answer periods of
 * whole months (what the web app asks for); any other period is read from the records
 * (workers/admin/metrics.ts), with the same statements the rollups stand for.
 */

/** A UTC calendar month as the rollups number it: year * 12 + month - 1. */
export const monthIndex = (ms: number) => {
  const date = new Date(ms);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

const monthStart = (ms: number) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};

/** [from, to) as months [from, to), when both are the first instant of a UTC month; else null. */
export function wholeMonths(period: { from: number; to: number }): { from: number; to: number } | null {
  if (monthStart(period.from) !== period.from || monthStart(period.to) !== period.to) return null;
  return { from: monthIndex(period.from), to: monthIndex(period.to) };
}

/**
 * The scope of the rollups the figures are of: '' for the whole organisation (?4 null), else the
 * id of the organisation's (?1) group whose slug is ?4 (no scope, so zeros, when it has none).
 */
const SCOPE = `coalesce((select g.id from public_user_groups g where g.org_id = ?1 and g.slug = ?4), case when ?4 is null then '' end)`;
/** A figure of the scope over months [?2, ?3), aliased `f`. */
const figure = (name: string, scope = `f.scope = ${SCOPE}`) =>
  `from dashboard_month_figures f where f.org_id = ?1 and f.figure = '${name}' and f.month >= ?2 and f.month < ?3 and ${scope}`;
/** Members of `dim` active in months [?2, ?3) of the scope in `scope` (an SQL expression). */
const participants = (dim: string, scope: string) =>
  `(select coalesce(sum(c.members), 0) from dashboard_participant_cells c where c.org_id = ?1 and c.since = ?2 and c.dim = ${dim} and c.scope = ${scope} and c.month >= ?2 and c.month < ?3)`;
const GROUPS = `f.scope != ''`;

/**
 * The statements of the dashboard's figures over months [from, to), each answering the rows and
 * columns of the statement it replaces in workers/admin/metrics.ts.
 */
export function rollupFigures(db: D1Database, orgId: string, months: { from: number; to: number }, group: string | null) {
  // Bound up to the last parameter the statement reads (D1 refuses more values than parameters).
  const statement = (sql: string) => db.prepare(sql).bind(...[orgId, months.from, months.to, group].slice(0, Math.max(...[...sql.matchAll(/\?(\d)/g)].map((m) => Number(m[1])))));
  const current = (name: string) => `(select coalesce(sum(f.value), 0) from dashboard_month_figures f where f.org_id = ?1 and f.figure = '${name}' and f.month = 0 and f.scope = ${SCOPE})`;
  return {
    members: statement(`select ${current("members")} as total, ${current("active")} as active, (select coalesce(sum(f.value), 0) ${figure("joined")}) as joined`),
    participations: statement(`select coalesce(sum(f.n), 0) as n ${figure("participations")}`),
    totals: statement(`select (select coalesce(sum(f.value), 0) ${figure("hours")}) as hours, ${participants("''", SCOPE)} as participants`),
    sdgs: statement(
      `select cast(f.item as integer) as id, sum(f.value) as total, ${participants("'sdg:' || f.item", "f.scope")} as participants
       ${figure("sdg_hours")} group by f.item having total > 0 order by total desc, id`,
    ),
    impact: statement(`select f.item as unit, sum(f.value) as total ${figure("impact")} group by f.item having total > 0 order by total desc, unit`),
    months: statement(
      `select printf('%04d-%02d', f.month / 12, f.month % 12 + 1) as month, sum(f.value) as total ${figure("hours_all")} group by f.month having total > 0 order by f.month`,
    ),
    donations: statement(`select f.item as currency, sum(f.value) as total, sum(f.n) as n ${figure("donations")} group by f.item having sum(f.n) != 0 order by f.item`),
    groupMembers: statement(`select f.scope as group_id, f.value as active from dashboard_month_figures f where f.org_id = ?1 and f.figure = 'active' and f.month = 0 and ${GROUPS}`),
    groupParticipations: statement(`select f.scope as group_id, sum(f.n) as n ${figure("participations", GROUPS)} group by f.scope`),
    groupHours: statement(`select f.scope as group_id, sum(f.value) as hours, ${participants("''", "f.scope")} as participants ${figure("hours", GROUPS)} group by f.scope`),
    groupDonations: statement(
      `select f.scope as group_id, f.item as currency, sum(f.value) as total, sum(f.n) as n ${figure("donations", GROUPS)} group by f.scope, f.item having sum(f.n) != 0 order by f.item`,
    ),
  };
}
