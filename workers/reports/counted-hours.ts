/**
 * Which hours count, and the reports built on them (SPEC.md section 3; issues 13, 14 and 15): only
 * records staff validated, or hours granted to the member, of type `hours` (indicator values the
 * same way). The social CV, its certificate and the administrators' dashboard read through these
 * conditions and statements, and the ranking through hour rollups summed by the same condition
 * (the SQL of migrations/0017_hour_rollups.sql; docs/decisions/037), so their numbers always agree.
 */

/**
 * SQL condition on a participation_records row aliased `r`: it is counted hours. Written out again
 * in the hour rollups' view and triggers (migrations/0017): a change here needs a migration there.
 */
export const COUNTED_HOURS = `r.type = 'hours' and r.status in ('validated', 'granted')`;

/** SQL condition on a participation_records row aliased `r`: it is a counted indicator value. */
export const COUNTED_INDICATORS = `r.type = 'indicator' and r.status in ('validated', 'granted')`;

/**
 * What a report covers: one organisation, one of its members or all of them (or the members of
 * one of its groups, by the group's slug), and the records created in [from, to) (all time without them).
 */
export interface ReportScope {
  orgId: string;
  memberId?: string | null;
  groupSlug?: string | null;
  from?: number;
  to?: number;
}

/**
 * SQL condition: the member in `column` belongs to the organisation's (?org) group whose slug is
 * bound at ?slug, or that parameter is null (no group asked). Groups are the organisation's own
 * (public_user_groups), so another organisation's slug never matches.
 */
export const IN_GROUP = (column: string, org: string, slug: string) =>
  `(${slug} is null or ${column} in (select mg.member_id from member_user_groups mg join public_user_groups g on g.id = mg.group_id where g.org_id = ${org} and g.slug = ${slug}))`;

/** The scope on a participation `p` and its record `r`, bound as ?1 to ?5 (scopeBinds). */
const IN_SCOPE = `p.org_id = ?1 and (?2 is null or p.member_id = ?2) and r.created_at >= ?3 and r.created_at < ?4 and ${IN_GROUP("p.member_id", "?1", "?5")}`;
const scopeBinds = (scope: ReportScope) => [scope.orgId, scope.memberId ?? null, scope.from ?? 0, scope.to ?? Number.MAX_SAFE_INTEGER, scope.groupSlug ?? null];
const FROM_RECORDS = `from participation_records r join participations p on p.id = r.participation_id`;

/**
 * One member's reports (the social CV and its certificate) start from that member's participations,
 * on their index (org_id, member_id), and read only their records: `?2 is null or ...` would leave
 * the planner the organisation's participations or the records' status index (every counted record
 * of every organisation). The CROSS JOIN keeps SQLite from reordering the two tables, and INDEXED BY
 * from reading each participation's records through the status index (all counted records again).
 */
const MEMBER_SCOPE = `p.org_id = ?1 and p.member_id = ?2 and r.created_at >= ?3 and r.created_at < ?4 and ${IN_GROUP("p.member_id", "?1", "?5")}`;
const FROM_MEMBER_RECORDS = `from participations p cross join participation_records r indexed by participation_records_participation_idx on r.participation_id = p.id`;
const inScope = (scope: ReportScope) => (scope.memberId ? MEMBER_SCOPE : IN_SCOPE);
const recordsOf = (scope: ReportScope) => (scope.memberId ? FROM_MEMBER_RECORDS : FROM_RECORDS);

// Sums are aliased `total`: `value` is also a column of participation_records, which HAVING would read instead.

/** Counted hours and the members who gave them: one row `{hours, participants}`. */
export const countedTotals = (db: D1Database, scope: ReportScope) =>
  db.prepare(`select coalesce(sum(r.hours), 0) as hours, count(distinct p.member_id) as participants ${recordsOf(scope)} where ${inScope(scope)} and ${COUNTED_HOURS} and r.hours > 0`).bind(...scopeBinds(scope));

/**
 * Counted hours and the members who gave them per group of the organisation, as countedTotals
 * counts them (a member in two groups counts in both): `{group_id, hours, participants}`, only
 * groups with hours. One statement for every group (no query per group).
 */
export const countedTotalsByGroup = (db: D1Database, scope: ReportScope) =>
  db
    .prepare(
      `select mg.group_id, coalesce(sum(r.hours), 0) as hours, count(distinct p.member_id) as participants ${recordsOf(scope)}
       join member_user_groups mg on mg.member_id = p.member_id join public_user_groups g on g.id = mg.group_id and g.org_id = ?1
       where ${inScope(scope)} and ${COUNTED_HOURS} and r.hours > 0 group by mg.group_id`,
    )
    .bind(...scopeBinds(scope));

/** Counted hours per SDG (an initiative's hours count for each of its SDGs), most first: `{id, total, participants}`. */
export const hoursBySdg = (db: D1Database, scope: ReportScope) =>
  db
    .prepare(
      `select s.sdg_id as id, sum(r.hours) as total, count(distinct p.member_id) as participants ${recordsOf(scope)} join initiative_sdgs s on s.initiative_id = p.initiative_id
       where ${inScope(scope)} and ${COUNTED_HOURS} group by s.sdg_id having total > 0 order by total desc, id`,
    )
    .bind(...scopeBinds(scope));

/** Counted hours per competence the initiatives applied, most first: `{id, total}`. */
export const hoursByCompetence = (db: D1Database, scope: ReportScope) =>
  db
    .prepare(
      `select c.competence_slug as id, sum(r.hours) as total ${recordsOf(scope)} join initiative_competences c on c.initiative_id = p.initiative_id
       where ${inScope(scope)} and ${COUNTED_HOURS} group by c.competence_slug having total > 0 order by total desc, id`,
    )
    .bind(...scopeBinds(scope));

/** Counted indicator values summed per unit, largest first: `{unit, total}`. */
export const impactByUnit = (db: D1Database, scope: ReportScope) =>
  db
    .prepare(
      `select coalesce(r.unit, ind.unit) as unit, sum(r.value) as total ${recordsOf(scope)} left join indicators ind on ind.id = r.indicator_id
       where ${inScope(scope)} and ${COUNTED_INDICATORS} and coalesce(r.unit, ind.unit) is not null
       group by coalesce(r.unit, ind.unit) having total > 0 order by total desc, unit`,
    )
    .bind(...scopeBinds(scope));

/** Counted hours per calendar month (UTC, "YYYY-MM"), oldest first: `{month, total}`. */
export const hoursByMonth = (db: D1Database, scope: ReportScope) =>
  db
    .prepare(
      `select strftime('%Y-%m', r.created_at / 1000, 'unixepoch') as month, sum(r.hours) as total ${recordsOf(scope)}
       where ${inScope(scope)} and ${COUNTED_HOURS} group by month having total > 0 order by month`,
    )
    .bind(...scopeBinds(scope));
