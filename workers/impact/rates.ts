/**
 * The rate card (issue 30, section 1; docs/impact-reporting.md "Rates"): what an hour of a member's time is
 * worth, by default or for a country, site or grade, each from a year on. Saved whole (PUT), in one
 * batch with its audit entry: a card is never half replaced. A rate's year range only ever values the
 * hours dated in it, so a new rate for next year leaves last year's figures as they were.
 */
import { eq } from "drizzle-orm";
import * as v from "valibot";
import { fromMinorUnits, toMinorUnits } from "../../app/domain/initiatives/forms";
import { getDb, schema } from "../db/client";
import { chunksFor } from "../db/chunks";
import { badRequest } from "../lib/domain-errors";
import { auditStatements } from "../audit/statements";
import { IMPACT_READING_ROLES, requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";

export const RATES_MAX = 200;
const FIRST_YEAR = 1990;
const LAST_YEAR = 2100;

/** ISO 4217 codes the runtime knows (Intl), read once. */
let currencies: Set<string> | null = null;
export const isKnownCurrency = (code: string) => (currencies ??= new Set(Intl.supportedValuesOf("currency"))).has(code);

const year = v.pipe(v.number("form_error_invalid"), v.integer("form_error_invalid"), v.minValue(FIRST_YEAR, "form_error_out_of_range"), v.maxValue(LAST_YEAR, "form_error_out_of_range"));
const label = (max: number) => v.pipe(v.string("form_error_invalid"), v.trim(), v.maxLength(max, "form_error_max_length"));

const rateSchema = v.pipe(
  v.strictObject(
    {
      key_type: v.picklist(schema.RATE_KEYS, "form_error_invalid"),
      /** '' for the default; a country is ISO 3166-1 alpha-2 (ES, PT, BR). */
      key_value: v.optional(label(100), ""),
      amount: v.pipe(v.number("form_error_invalid"), v.gtValue(0, "impact_error_rate_not_positive"), v.maxValue(1_000_000, "form_error_out_of_range")),
      currency: v.pipe(v.string("form_error_invalid"), v.check((code) => /^[A-Z]{3}$/.test(code) && isKnownCurrency(code), "impact_error_unknown_currency")),
      name: v.optional(v.nullable(label(200)), null),
      source: v.pipe(label(300), v.nonEmpty("form_error_required")),
      from_year: year,
      to_year: v.optional(v.nullable(year), null),
    },
    "form_error_unknown_field",
  ),
  v.forward(v.check((rate) => rate.to_year === null || rate.to_year >= rate.from_year, "form_error_end_before_start"), ["to_year"]),
  v.forward(v.check((rate) => (rate.key_type === "default") === (rate.key_value === ""), "form_error_invalid"), ["key_value"]),
  v.forward(v.check((rate) => rate.key_type !== "country" || /^[A-Z]{2}$/.test(rate.key_value), "impact_error_unknown_country"), ["key_value"]),
  // A rate that rounds to no cents at all values nothing.
  v.forward(v.check((rate) => toMinorUnits(rate.amount) > 0, "impact_error_rate_not_positive"), ["amount"]),
);

export const rateCardSchema = v.strictObject({ rates: v.pipe(v.array(rateSchema, "form_error_invalid"), v.maxLength(RATES_MAX, "form_error_too_many")) }, "form_error_unknown_field");
export type RateInput = v.InferOutput<typeof rateSchema>;

/** Two rates of one key whose year ranges meet: the second one's index, or -1. */
export function overlappingRate(rates: RateInput[]): number {
  for (let j = 0; j < rates.length; j += 1) {
    for (let i = 0; i < j; i += 1) {
      const [a, b] = [rates[i], rates[j]];
      if (a.key_type !== b.key_type || a.key_value !== b.key_value) continue;
      if (a.from_year <= (b.to_year ?? LAST_YEAR) && b.from_year <= (a.to_year ?? LAST_YEAR)) return j;
    }
  }
  return -1;
}

const serialize = (row: typeof schema.impactRates.$inferSelect) => ({
  id: row.id,
  key_type: row.keyType,
  key_value: row.keyValue,
  amount: fromMinorUnits(row.amount),
  currency: row.currency,
  name: row.name,
  source: row.source,
  from_year: row.fromYear,
  to_year: row.toYear,
});

export async function listRates(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor) {
  requireRole(actor, IMPACT_READING_ROLES);
  const rows = await getDb(env).select().from(schema.impactRates).where(sqlOrg(org.id)).orderBy(schema.impactRates.keyType, schema.impactRates.keyValue, schema.impactRates.fromYear);
  return { rates: rows.map(serialize) };
}

const sqlOrg = (orgId: string) => eq(schema.impactRates.orgId, orgId);

/** Replaces the organisation's rate card, in one batch with its audit entry. */
export async function replaceRates(env: Pick<Env, "DB">, org: Tenant, actor: StaffActor, rates: RateInput[], now: number) {
  requireRole(actor, ["admin"]);
  const overlap = overlappingRate(rates);
  if (overlap >= 0) throw badRequest("validation_error", "Two rates of the same key cover the same year.", { [`rates.${overlap}.from_year`]: "impact_error_rate_overlap" });
  const db = getDb(env);
  const rows = rates.map((rate) => ({
    id: crypto.randomUUID(),
    orgId: org.id,
    keyType: rate.key_type,
    keyValue: rate.key_value,
    amount: toMinorUnits(rate.amount),
    currency: rate.currency,
    name: rate.name || null,
    source: rate.source,
    fromYear: rate.from_year,
    toYear: rate.to_year,
    createdAt: now,
  }));
  await db.batch([
    db.delete(schema.impactRates).where(sqlOrg(org.id)),
    ...chunksFor(rows, 11).map((part) => db.insert(schema.impactRates).values(part)),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "rate_card.replaced", targetType: "impact_rate_card", targetId: org.id, detail: { rates: rows.length } }], now),
  ]);
  return listRates(env, org, actor);
}
