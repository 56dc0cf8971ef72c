/**
 * The impact ledger (issue 30; docs/impact-reporting.md): every figure of the report and every row of its
 * evidence come from one statement, LEDGER, so a total and the rows under it always agree.
 *
 * A ledger row is one of:
 * - `time`: a counted hours record (COUNTED_HOURS, the hours the ranking, the social CV and the
 *   dashboard count), in paid working time or the member's own time, valued with the rate in force
 *   in the year it is dated (its created_at, in the organisation's zone; decisions 048, 057);
 * - `management`: hours staff spent running an initiative, valued the same way (always paid time);
 * - `cash`: a confirmed donation by a member through Commons (leverage in B4SI);
 * - `in_kind`: a counted indicator value of a collection initiative (a quantity in its unit, not valued);
 * - `beneficiaries`: a counted indicator value in the unit `beneficiary` of any initiative: people
 *   reached, the output B4SI and ESRS S3 ask for (never in-kind, even on a collection).
 *
 * A period of whole months in the organisation's zone is summed from rollups of these rows that
 * triggers keep in step with every write (migrations/0032, decision 058): rows read grow with the
 * groups and months, not with the records. Any other period, and the evidence, read the rows.
 */
import { COUNTED_HOURS, COUNTED_INDICATORS } from "../reports/counted-hours";

export const GROUP_BYS = ["country", "site", "sdg", "cause", "motivation"] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

export const LEDGER_KINDS = ["time", "management", "cash", "in_kind", "beneficiaries"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerPeriod {
  from: number;
  /** Exclusive. */
  to: number;
  /** Its first and last days as the organisation's calendar says them (a fiscal year in its zone), when not the UTC days of from and to. */
  first_day?: string;
  last_day?: string;
  /** The organisation's zone ahead of UTC at New Year (periods.ts yearOffset), in ms: the year of an hour's rate is its year there; 0 (UTC) without it. */
  year_offset?: number;
  /**
   * The period as whole months of the organisation's zone, [first, after) numbered year * 12 +
   * month - 1 (periods.ts wholeMonths), when it is: its sums are read from the rollups (decision 058).
   */
  months?: [number, number];
}

/** The calendar year of an instant column in the organisation's zone (?5: its offset at New Year), for the rate in force (decisions 048, 057). */
const yearOf = (column: string) => `cast(strftime('%Y', (${column} + ?5) / 1000, 'unixepoch') as integer)`;

/**
 * The id of the rate that values an hour of member `ms` in `year`: the most specific key that
 * matches (grade, then site, then country, then the default), among the rates in force that year.
 * Periods of one key never overlap (rates.ts), so at most one rate per key is in force.
 */
const RATE_IN_FORCE = (year: string, member = { grade: "ms.grade", site: "ms.site", country: "ms.country" }) => `(select x.id from impact_rates x where x.org_id = ?1 and x.from_year <= ${year} and (x.to_year is null or x.to_year >= ${year})
  and ((x.key_type = 'grade' and x.key_value = ${member.grade}) or (x.key_type = 'site' and x.key_value = ${member.site}) or (x.key_type = 'country' and x.key_value = ${member.country}) or x.key_type = 'default')
  order by case x.key_type when 'grade' then 0 when 'site' then 1 when 'country' then 2 else 3 end limit 1)`;

/**
 * The latest audit entry about a target: the validation (or the entry) an assurer samples. Read for
 * the evidence only: the sums never look at it, so they do not pay a lookup per row for it.
 */
const AUDIT_OF = (type: string, id: string) => `(select a.id from audit_log a indexed by audit_log_target_idx where a.target_type = '${type}' and a.target_id = ${id} order by a.created_at desc limit 1)`;

/**
 * Where a row happened: the initiative's country, or (an initiative without one: remote) the
 * member's, so an initiative with participants in two countries counts in both.
 */
const WHERE = "coalesce(i.country, ms.country)";

/**
 * Paid working time or own time: the record's own basis (corrected by staff), else the initiative's
 * is_working_hours when the organisation considers working hours (?4 = 1), else own time.
 */
const TIME_BASIS = "coalesce(r.time_basis, case when ?4 = 1 and i.is_working_hours then 'paid' else 'own' end)";

const MEMBERSHIP = (member: string) => `left join memberships ms on ms.org_id = ?1 and ms.member_id = ${member}`;

/**
 * The ledger's rows in [?2, ?3) of organisation ?1 (?4: the organisation considers working hours;
 * ?5: its zone's offset at New Year, for the year of a rate).
 * Columns: kind, id, at, member_id, participation_id, initiative_id, initiative_title, motivation,
 * country, site, time_basis, hours, quantity, unit, rate_id, validator_id, validated_at,
 * checkin_day, audit_id.
 * Counted hours and counted in-kind values are one pass over participation_records_status_idx
 * (status, created_at): the period's counted records, each then joined by primary key (the
 * `status in` before the two counted conditions lets the planner use that index; docs/impact-reporting.md "Scale").
 */
const LEDGER_BASE = (evidence: boolean) => `
  select case when r.type = 'hours' then 'time' when r.unit = 'beneficiary' then 'beneficiaries' else 'in_kind' end as kind, r.id, r.created_at as at, p.member_id, p.id as participation_id, i.id as initiative_id,
    i.title as initiative_title, i.motivation, ${WHERE} as country, ms.site,
    case r.type when 'hours' then ${TIME_BASIS} end as time_basis, case r.type when 'hours' then r.hours end as hours,
    case r.type when 'indicator' then r.value end as quantity, case r.type when 'indicator' then r.unit end as unit,
    case r.type when 'hours' then ${RATE_IN_FORCE(yearOf("r.created_at"))} end as rate_id,
    null as cash_amount, null as cash_currency, r.reviewed_by as validator_id, r.reviewed_at as validated_at, r.checkin_day, ${evidence ? AUDIT_OF("record", "r.id") : "null"} as audit_id
  from participation_records r join participations p on p.id = r.participation_id join initiatives i on i.id = p.initiative_id ${MEMBERSHIP("p.member_id")}
  where p.org_id = ?1 and r.created_at >= ?2 and r.created_at < ?3 and r.status in ('validated', 'granted')
    and ((${COUNTED_HOURS} and r.hours > 0) or (${COUNTED_INDICATORS} and (i.type = 'collection' or r.unit = 'beneficiary')))
  union all
  select 'management', h.id, h.spent_at, h.member_id, null, i.id, i.title, i.motivation,
    ${WHERE}, ms.site, 'paid', h.hours, null, null, ${RATE_IN_FORCE(yearOf("h.spent_at"))},
    null, null, h.created_by, h.created_at, null, ${evidence ? AUDIT_OF("impact_management", "h.id") : "null"}
  from impact_management_hours h join initiatives i on i.id = h.initiative_id ${MEMBERSHIP("h.member_id")}
  where h.org_id = ?1 and h.spent_at >= ?2 and h.spent_at < ?3
  union all
  select 'cash', c.id, c.created_at, c.member_id, null, i.id, i.title, i.motivation,
    ${WHERE}, ms.site, null, null, null, null, null,
    c.amount, c.currency, c.reviewed_by, c.reviewed_at, null, ${evidence ? AUDIT_OF("contribution", "c.id") : "null"}
  from contributions c join initiatives i on i.id = c.initiative_id ${MEMBERSHIP("c.member_id")}
  where c.org_id = ?1 and c.status = 'confirmed' and c.created_at >= ?2 and c.created_at < ?3`;

/** An hour's value: hours × the rate's amount, in the rate's currency (minor units); nothing without a rate. */
const HOURS_VALUE = (hours: string) => `case when rate.id is not null then ${hours} * rate.amount end`;

/**
 * LEDGER_BASE with each row's value: hours × the rate's amount in the rate's currency (time and
 * management), the donation's amount (cash), nothing (in-kind, and hours without a rate).
 */
const LEDGER = (evidence = false) => `with base as (${LEDGER_BASE(evidence)}), ledger as (
  select base.*, case when base.kind = 'cash' then base.cash_amount else ${HOURS_VALUE("base.hours")} end as amount,
    case when base.kind = 'cash' then base.cash_currency else rate.currency end as currency, rate.amount as rate_amount, rate.name as rate_name, rate.source as rate_source
  from base left join impact_rates rate on rate.id = base.rate_id)`;

/**
 * The group a row falls in. SDGs and causes come from the initiative's tags: an initiative with two
 * SDGs counts its rows under each (the breakdown overlaps, the totals never do).
 */
const GROUPS: Record<GroupBy | "motivation_country", { join: string; key: string }> = {
  country: { join: "", key: "ledger.country" },
  site: { join: "", key: "ledger.site" },
  motivation: { join: "", key: "ledger.motivation" },
  sdg: { join: "left join initiative_sdgs g on g.initiative_id = ledger.initiative_id", key: "cast(g.sdg_id as text)" },
  cause: { join: "left join initiative_categories g on g.initiative_id = ledger.initiative_id", key: "g.category_slug" },
  /** The B4SI grid's why and where together, as `motivation|country`. */
  motivation_country: { join: "", key: "ledger.motivation || '|' || coalesce(ledger.country, '')" },
};

export interface LedgerSums {
  /** The group (null: the whole period, or rows without one). */
  group: string | null;
  kind: LedgerKind;
  time_basis: "paid" | "own" | null;
  currency: string | null;
  unit: string | null;
  /** Hours (time, management), quantity (in-kind), 0 for cash. */
  hours: number;
  quantity: number;
  /** Minor units of `currency`; null without a value (unvalued hours, in-kind). */
  amount: number | null;
  rows: number;
}

const binds = (orgId: string, period: LedgerPeriod, considerWorkingHours: boolean) => [orgId, period.from, period.to, considerWorkingHours ? 1 : 0, period.year_offset ?? 0];

/** The SQL of ledgerSums (bound as ledgerSums binds it), for its query plan in the tests. */
export function ledgerSumsSql(groupBy: GroupBy | "motivation_country" | null) {
  const group = groupBy ? GROUPS[groupBy] : { join: "", key: "null" };
  return `${LEDGER()} select ${group.key} as grp, ledger.kind, ledger.time_basis, ledger.currency, ledger.unit,
        coalesce(sum(ledger.hours), 0) as hours, coalesce(sum(ledger.quantity), 0) as quantity, sum(ledger.amount) as amount, count(*) as n
       from ledger ${group.join} group by grp, ledger.kind, ledger.time_basis, ledger.currency, ledger.unit order by grp, ledger.kind, ledger.time_basis, ledger.currency, ledger.unit`;
}

/**
 * The group of a rollup row (impact_month_sums, where '' stands for null): the same groups as GROUPS,
 * SDGs and causes from the rows kept per tag (dim 'sdg', 'cause'; item '' for an initiative without one).
 */
const ROLLUP_GROUPS: Record<GroupBy | "motivation_country", { dim: string; key: string }> = {
  country: { dim: "", key: "nullif(s.country, '')" },
  site: { dim: "", key: "nullif(s.site, '')" },
  motivation: { dim: "", key: "s.motivation" },
  sdg: { dim: "sdg", key: "nullif(s.item, '')" },
  cause: { dim: "cause", key: "nullif(s.item, '')" },
  motivation_country: { dim: "", key: "s.motivation || '|' || s.country" },
};

/**
 * ledgerSumsSql read from the rollups (decision 058) for the months [?2, ?3) (?4: the organisation
 * considers working hours): each rollup row's hours valued with the rate in force in its month's
 * year for the grade, site and country it keeps, as LEDGER values each record of it. Reads the
 * organisation's rows of those months (groups × months), and a rate lookup per row.
 */
export function rollupSumsSql(groupBy: GroupBy | "motivation_country" | null) {
  const group = groupBy ? ROLLUP_GROUPS[groupBy] : { dim: "", key: "null" };
  const rate = RATE_IN_FORCE("s.month / 12", { grade: "nullif(s.grade, '')", site: "nullif(s.site, '')", country: "nullif(s.member_country, '')" });
  return `with sums as (
      select ${group.key} as grp, s.kind, case s.basis when 'working' then case when ?4 = 1 then 'paid' else 'own' end else nullif(s.basis, '') end as time_basis,
        s.currency as cash_currency, nullif(s.unit, '') as unit, s.hours, s.quantity, s.amount as cash_amount, s.n,
        case when s.kind in ('time', 'management') then ${rate} end as rate_id
      from impact_month_sums s where s.org_id = ?1 and s.month >= ?2 and s.month < ?3 and s.dim = '${group.dim}')
    select grp, kind, time_basis, case when kind = 'cash' then cash_currency else rate.currency end as currency, unit,
      coalesce(sum(hours), 0) as hours, coalesce(sum(quantity), 0) as quantity,
      sum(case when kind = 'cash' then cash_amount else ${HOURS_VALUE("sums.hours")} end) as amount, sum(n) as n
    from sums left join impact_rates rate on rate.id = sums.rate_id group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;
}

/**
 * The ledger summed by kind, time basis, currency and unit, over the whole period (groupBy null)
 * or per group: one statement, the same rows as ledgerRows.
 */
export const ledgerSums = (db: D1Database, orgId: string, period: LedgerPeriod, considerWorkingHours: boolean, groupBy: GroupBy | "motivation_country" | null) =>
  period.months
    ? db.prepare(rollupSumsSql(groupBy)).bind(orgId, period.months[0], period.months[1], considerWorkingHours ? 1 : 0)
    : db.prepare(ledgerSumsSql(groupBy)).bind(...binds(orgId, period, considerWorkingHours));

export const readSums = (rows: Record<string, unknown>[]): LedgerSums[] =>
  rows.map((row) => ({
    group: row.grp === null ? null : String(row.grp),
    kind: row.kind as LedgerKind,
    time_basis: (row.time_basis as LedgerSums["time_basis"]) ?? null,
    currency: (row.currency as string | null) ?? null,
    unit: (row.unit as string | null) ?? null,
    hours: Number(row.hours),
    quantity: Number(row.quantity),
    amount: row.amount === null ? null : Number(row.amount),
    rows: Number(row.n),
  }));

/**
 * The longest run of months whose distinct members and initiatives the rollups count: their cells
 * go back 36 months from each month (dashboard_month_offsets, as the dashboard's; decision 041).
 */
const CELL_MONTHS = 37;

/**
 * People in the period (any row but management) and initiatives: distinct over the whole ledger,
 * not summed over its groups. For whole months, from the rollups' cells: the members (initiatives)
 * active in the months, each counted in the first of them (at most 37 rows per count, decision 058).
 */
export function ledgerCounts(db: D1Database, orgId: string, period: LedgerPeriod, considerWorkingHours: boolean) {
  if (period.months && period.months[1] - period.months[0] <= CELL_MONTHS) {
    const cells = (dim: string) => `(select coalesce(sum(c.subjects), 0) from impact_subject_cells c where c.org_id = ?1 and c.dim = '${dim}' and c.since = ?2 and c.month >= ?2 and c.month < ?3)`;
    return db.prepare(`select ${cells("member")} as participants, ${cells("initiative")} as initiatives`).bind(orgId, period.months[0], period.months[1]);
  }
  return db
    .prepare(`${LEDGER()} select count(distinct case when kind <> 'management' then member_id end) as participants, count(distinct initiative_id) as initiatives from ledger`)
    .bind(...binds(orgId, period, considerWorkingHours));
}

export interface LedgerRow {
  kind: LedgerKind;
  id: string;
  at: number;
  member_id: string;
  participation_id: string | null;
  initiative_id: string;
  initiative_title: string;
  motivation: string;
  country: string | null;
  site: string | null;
  time_basis: "paid" | "own" | null;
  hours: number | null;
  quantity: number | null;
  unit: string | null;
  amount: number | null;
  currency: string | null;
  rate_id: string | null;
  rate_amount: number | null;
  rate_name: string | null;
  rate_source: string | null;
  validator_id: string | null;
  validated_at: number | null;
  checkin_day: string | null;
  audit_id: string | null;
}

/** Where a page of the evidence stopped: the last row's date, kind and id (the rows' order). */
export type LedgerCursor = [number, string, string];

/**
 * Every row of the ledger in the period, in date order: the evidence under the sums above; or one
 * page of them after `after` (keyset on the order), as the export queue writes it (decision 038).
 */
export function ledgerRows(db: D1Database, orgId: string, period: LedgerPeriod, considerWorkingHours: boolean, page?: { after: LedgerCursor | null; limit: number }) {
  const keyset = page?.after ? " where (at, kind, id) > (?6, ?7, ?8)" : "";
  return db
    .prepare(
      `${LEDGER(true)} select kind, id, at, member_id, participation_id, initiative_id, initiative_title, motivation, country, site, time_basis, hours, quantity, unit,
        amount, currency, rate_id, rate_amount, rate_name, rate_source, validator_id, validated_at, checkin_day, audit_id from ledger${keyset} order by at, kind, id${page ? ` limit ${Math.trunc(page.limit)}` : ""}`,
    )
    .bind(...binds(orgId, period, considerWorkingHours), ...(page?.after ?? []));
}

/**
 * The value of some participations' counted hours, each record valued as the ledger values its
 * `time` rows (the rate in force in the record's year in the organisation's zone, HOURS_VALUE): per participation of
 * organisation `orgId` and per currency, the hours no rate values under a null currency. For the
 * integration API's participations (docs/api/integrations.md); one read for a page of them, on
 * participation_records_participation_idx.
 */
export function participationValues(db: D1Database, orgId: string, yearOffset: number, participationIds: string[]) {
  return db
    .prepare(
      `select r.participation_id, rate.currency, sum(r.hours) as hours, sum(${HOURS_VALUE("r.hours")}) as amount
       from participation_records r join participations p on p.id = r.participation_id ${MEMBERSHIP("p.member_id")}
       left join impact_rates rate on rate.id = ${RATE_IN_FORCE(yearOf("r.created_at"))}
       where p.org_id = ?1 and r.participation_id in (select value from json_each(?2)) and ${COUNTED_HOURS} and r.hours > 0
       group by r.participation_id, rate.currency order by r.participation_id, rate.currency`,
    )
    // ?3 and ?4 (the ledger's period and time basis) are not read here; ?5 is the zone's New Year
    // offset that yearOf reads, as in the ledger (decision 057).
    .bind(orgId, JSON.stringify(participationIds), null, null, yearOffset)
    .all<{ participation_id: string; currency: string | null; hours: number; amount: number | null }>();
}
