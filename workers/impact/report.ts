/**
 * The impact report (issue 30, section 2; docs/impact-reporting.md): the period's totals, the previous
 * period's beside them, and a breakdown, all summed from the ledger (ledger.ts) in one D1 batch,
 * from its rollups when the period is whole months of the organisation's zone (decision 058).
 * Values stay per currency: nothing here adds two currencies together.
 */
import { fromMinorUnits } from "../../app/domain/initiatives/forms";
import { IMPACT_READING_ROLES, requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";
import { regionZone } from "../../app/domain/zoned-time";
import { ledgerCounts, ledgerSums, readSums, type GroupBy, type LedgerPeriod, type LedgerSums } from "./ledger";
import { withMonths } from "./periods";

export interface CurrencyValue {
  currency: string;
  /** Value of paid working time (the company's contribution in B4SI). */
  paid: number;
  /** Value of own time (leverage). */
  own: number;
  /** Value of the hours staff spent running the programme. */
  management: number;
}

export interface ImpactTotals {
  hours: { paid: number; own: number; management: number; /** Hours (of any basis) that no rate in force values. */ unvalued: number };
  time_value: CurrencyValue[];
  cash: { currency: string; amount: number; count: number }[];
  in_kind: { unit: string; quantity: number }[];
  /** People reached: the counted values of indicators in the unit `beneficiary` (an output, not an input). */
  beneficiaries: number;
}

const byKey = <T>(list: T[], key: (item: T) => string) => list.sort((a, b) => key(a).localeCompare(key(b)));

/** The totals of some ledger sums (the whole period's, or one group's). */
export function totalsOf(sums: LedgerSums[]): ImpactTotals {
  const hours = { paid: 0, own: 0, management: 0, unvalued: 0 };
  const values = new Map<string, CurrencyValue>();
  const cash = new Map<string, { currency: string; amount: number; count: number }>();
  const inKind = new Map<string, { unit: string; quantity: number }>();
  let beneficiaries = 0;
  for (const sum of sums) {
    if (sum.kind === "time" || sum.kind === "management") {
      const part = sum.kind === "management" ? "management" : sum.time_basis === "paid" ? "paid" : "own";
      hours[part] += sum.hours;
      if (sum.currency === null || sum.amount === null) {
        hours.unvalued += sum.hours;
        continue;
      }
      const value = values.get(sum.currency) ?? { currency: sum.currency, paid: 0, own: 0, management: 0 };
      value[part] = round(value[part] + fromMinorUnits(sum.amount));
      values.set(sum.currency, value);
    } else if (sum.kind === "cash" && sum.currency !== null) {
      const given = cash.get(sum.currency) ?? { currency: sum.currency, amount: 0, count: 0 };
      given.amount = round(given.amount + fromMinorUnits(sum.amount ?? 0));
      given.count += sum.rows;
      cash.set(sum.currency, given);
    } else if (sum.kind === "beneficiaries") {
      beneficiaries = round(beneficiaries + sum.quantity);
    } else if (sum.kind === "in_kind") {
      const unit = sum.unit ?? "";
      const collected = inKind.get(unit) ?? { unit, quantity: 0 };
      collected.quantity = round(collected.quantity + sum.quantity);
      inKind.set(unit, collected);
    }
  }
  return {
    hours,
    time_value: byKey([...values.values()], (v) => v.currency),
    cash: byKey([...cash.values()], (c) => c.currency),
    in_kind: byKey([...inKind.values()], (k) => k.unit),
    beneficiaries,
  };
}

/** Cents summed as floats drift (0.1 + 0.2): values are kept to the cent. */
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The period before this one: as many whole months before, when it is whole UTC months (a calendar
 * or fiscal year is compared with the year before, leap day or not), else the same length before.
 */
export function previousPeriod(period: LedgerPeriod): LedgerPeriod {
  const [from, to] = [new Date(period.from), new Date(period.to)];
  const firstOfMonth = (d: Date) => d.getUTCDate() === 1 && d.getTime() % 86_400_000 === 0;
  if (firstOfMonth(from) && firstOfMonth(to)) {
    const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
    return { from: Date.UTC(from.getUTCFullYear(), from.getUTCMonth() - months, 1), to: period.from, year_offset: period.year_offset };
  }
  return { from: period.from - (period.to - period.from), to: period.from, year_offset: period.year_offset };
}

export const considersWorkingHours = (org: Tenant) => org.community.consider_working_hours !== false;

export interface ImpactReport {
  from: string;
  to: string;
  previous: { from: string; to: string; totals: ImpactTotals };
  totals: ImpactTotals;
  participants: number;
  initiatives: number;
  group_by: GroupBy | null;
  groups: ({ group: string | null } & ImpactTotals)[];
}

/** The report of a period: its totals, the previous period's (the fiscal year before, or previousPeriod's), and the breakdown asked for. */
export async function impactReport(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, period: LedgerPeriod, groupBy: GroupBy | null, previous?: LedgerPeriod): Promise<ImpactReport> {
  requireRole(actor, IMPACT_READING_ROLES);
  const working = considersWorkingHours(org);
  const before = previous ?? previousPeriod(period);
  // Whole months of the organisation's zone are read from the rollups (decision 058).
  const [months, monthsBefore] = [withMonths(regionZone(org.region), period), withMonths(regionZone(org.region), before)];
  const [now, then, counts, grouped] = await env.DB.batch<Record<string, unknown>>([
    ledgerSums(env.DB, org.id, months, working, null),
    ledgerSums(env.DB, org.id, monthsBefore, working, null),
    ledgerCounts(env.DB, org.id, months, working),
    ...(groupBy ? [ledgerSums(env.DB, org.id, months, working, groupBy)] : []),
  ]);
  const groups = new Map<string | null, LedgerSums[]>();
  for (const sum of readSums(grouped?.results ?? [])) groups.set(sum.group, [...(groups.get(sum.group) ?? []), sum]);
  return {
    from: new Date(period.from).toISOString(),
    to: new Date(period.to).toISOString(),
    previous: { from: new Date(before.from).toISOString(), to: new Date(before.to).toISOString(), totals: totalsOf(readSums(then.results)) },
    totals: totalsOf(readSums(now.results)),
    participants: Number(counts.results[0]?.participants ?? 0),
    initiatives: Number(counts.results[0]?.initiatives ?? 0),
    group_by: groupBy,
    groups: [...groups.entries()].map(([group, sums]) => ({ group, ...totalsOf(sums) })),
  };
}
