/**
 * Frozen reports of closed periods (issue 30, section 2): the totals as they were reported, the
 * SHA-256 of the evidence rows under them and their count, signed with the deployment's secret.
 * A snapshot is never rewritten: reading one recomputes the period live beside it, so a later
 * correction (a record refused, a rate changed) shows as a difference, not a silent change.
 */
import { and, desc, eq } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { getConfig } from "../lib/config";
import { crockfordBase32Encode, hmacSha256, sha256Hex } from "../lib/crypto";
import { badRequest, notFound } from "../lib/domain-errors";
import { auditStatements } from "../audit/statements";
import { IMPACT_READING_ROLES, requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";
import { csvRow } from "../lib/csv";
import { EVIDENCE_HEADER, evidenceCells } from "./exports";
import { regionZone } from "../../app/domain/zoned-time";
import { ledgerRows, type LedgerPeriod, type LedgerRow } from "./ledger";
import { localDay, zonedPeriod } from "./periods";
import { impactReport, type ImpactReport } from "./report";

/** What a snapshot freezes: the report's figures, without the previous period or a breakdown. */
type FrozenTotals = Pick<ImpactReport, "from" | "to" | "totals" | "participants" | "initiatives">;

/** The period's figures and the hash of its evidence (the evidence CSV's text, header first). */
async function periodState(env: Env, org: Tenant, actor: StaffActor, period: LedgerPeriod) {
  const [report, { results }] = await Promise.all([
    impactReport(env, org, actor, period, null),
    ledgerRows(env.DB, org.id, period, org.community.consider_working_hours !== false).all<LedgerRow>(),
  ]);
  const text = [EVIDENCE_HEADER, ...results.map(evidenceCells)].map(csvRow).join("");
  const totals: FrozenTotals = { from: report.from, to: report.to, totals: report.totals, participants: report.participants, initiatives: report.initiatives };
  return { totals, rowsHash: await sha256Hex(text), rowCount: results.length };
}

const signed = (env: Env, row: { id: string; orgId: string; periodFrom: number; periodTo: number; totals: string; rowsHash: string; rowCount: number }) =>
  hmacSha256(getConfig(env).TOKEN_SECRET, `impact-snapshot:${row.id}:${row.orgId}:${row.periodFrom}:${row.periodTo}:${row.rowsHash}:${row.rowCount}:${row.totals}`).then(crockfordBase32Encode);

type SnapshotRow = typeof schema.impactSnapshots.$inferSelect;

/** A snapshot as the API answers it; `first_day` and `last_day` are its period's days in the organisation's zone. */
const serialize = (row: SnapshotRow, verified: boolean, zone: string) => ({
  id: row.id,
  from: new Date(row.periodFrom).toISOString(),
  to: new Date(row.periodTo).toISOString(),
  first_day: localDay(row.periodFrom, zone),
  last_day: localDay(row.periodTo - 1, zone),
  created_at: new Date(row.createdAt).toISOString(),
  created_by: row.createdBy,
  rows_hash: row.rowsHash,
  row_count: row.rowCount,
  signature: row.signature,
  /** Whether the stored snapshot is the one signed (an edited row is not). */
  verified,
  ...frozenFigures(JSON.parse(row.totals) as FrozenTotals),
});

/** The frozen figures without their period (the row's own columns say it). */
const frozenFigures = ({ totals, participants, initiatives }: FrozenTotals) => ({ totals, participants, initiatives });

/** Freezes the report of a period that is over. */
export async function freezeSnapshot(env: Env, org: Tenant, actor: StaffActor, period: LedgerPeriod, now: number) {
  requireRole(actor, ["admin"]);
  if (period.to > now) throw badRequest("validation_error", "Only a period that is over can be frozen.", { to: "impact_error_period_open" });
  const state = await periodState(env, org, actor, period);
  const row = { id: crypto.randomUUID(), orgId: org.id, periodFrom: period.from, periodTo: period.to, totals: JSON.stringify(state.totals), rowsHash: state.rowsHash, rowCount: state.rowCount, createdBy: actor.memberId, createdAt: now };
  const signature = await signed(env, row);
  const db = getDb(env);
  await db.batch([
    db.insert(schema.impactSnapshots).values({ ...row, signature }),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "impact_snapshot.frozen", targetType: "impact_snapshot", targetId: row.id, detail: { from: period.from, to: period.to, rows_hash: row.rowsHash } }], now),
  ]);
  return serialize({ ...row, signature }, true, regionZone(org.region));
}

export async function listSnapshots(env: Env, org: Tenant, actor: StaffActor) {
  requireRole(actor, IMPACT_READING_ROLES);
  const rows = await getDb(env).select().from(schema.impactSnapshots).where(eq(schema.impactSnapshots.orgId, org.id)).orderBy(desc(schema.impactSnapshots.createdAt)).limit(200);
  return { snapshots: await Promise.all(rows.map(async (row) => serialize(row, (await signed(env, row)) === row.signature, regionZone(org.region)))) };
}

/** Where two JSON values differ, as paths (`totals.hours.paid`), with both values. */
function differences(frozen: unknown, live: unknown, path = ""): { path: string; frozen: unknown; live: unknown }[] {
  if (typeof frozen === "object" && frozen !== null && typeof live === "object" && live !== null) {
    const keys = [...new Set([...Object.keys(frozen), ...Object.keys(live)])];
    return keys.flatMap((key) => differences((frozen as Record<string, unknown>)[key], (live as Record<string, unknown>)[key], path ? `${path}.${key}` : key));
  }
  return frozen === live ? [] : [{ path, frozen: frozen ?? null, live: live ?? null }];
}

/** One snapshot as frozen, and what the same period adds up to now. */
export async function snapshotWithChanges(env: Env, org: Tenant, actor: StaffActor, id: string) {
  requireRole(actor, IMPACT_READING_ROLES);
  const [row] = await getDb(env).select().from(schema.impactSnapshots).where(and(eq(schema.impactSnapshots.id, id), eq(schema.impactSnapshots.orgId, org.id)));
  if (!row) throw notFound("snapshot_not_found", "The snapshot cannot be found.");
  const frozen = serialize(row, (await signed(env, row)) === row.signature, regionZone(org.region));
  const live = await periodState(env, org, actor, zonedPeriod(regionZone(org.region), row.periodFrom, row.periodTo));
  const frozenTotals = JSON.parse(row.totals) as FrozenTotals;
  // Snapshots frozen before beneficiaries were counted had none: 0, not a change.
  frozenTotals.totals.beneficiaries ??= 0;
  const changes = differences({ ...frozenTotals, rows_hash: row.rowsHash, row_count: row.rowCount }, { ...live.totals, rows_hash: live.rowsHash, row_count: live.rowCount });
  return { snapshot: frozen, live: { ...live.totals, rows_hash: live.rowsHash, row_count: live.rowCount }, changed: changes.length > 0, changes };
}
