/**
 * What each staff export writes (decision 038): who may ask for it, its header and file name, and
 * how its rows are read, one bounded page (one D1 statement) at a time by keyset, from where the
 * last page stopped. The cells are the ones each CSV had when it answered at once.
 */
import { listAudit, type AuditFilters } from "../admin/audit-log";
import { countMembers, memberExportPage, type MemberExportCursor, type MemberFilters } from "../admin/members";
import { listContributions, type ContributionListQuery } from "../manage/contributions";
import { EVIDENCE_HEADER, evidenceCells } from "../impact/exports";
import { ledgerRows, type LedgerCursor, type LedgerPeriod, type LedgerRow } from "../impact/ledger";
import { considersWorkingHours } from "../impact/report";
import { requireRole, type StaffActor, type StaffRole } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";
import { EXPORT_ROLES, type ExportKind } from "../../app/domain/exports";

export type { ExportKind };
export type Cell = string | number | null | undefined;

export interface ExportPage {
  rows: Cell[][];
  /** Where the next page starts (JSON-safe), or null when this was the last. */
  next: unknown;
}

interface KindSpec<P> {
  /** Who may ask for it, poll it and download it. */
  roles: readonly StaffRole[];
  /** Rows per page: one statement each. */
  pageRows: number;
  header: string[];
  fileName(org: Tenant, params: P): string;
  /** How many rows it will have, when that can be counted in one statement; null otherwise. */
  count(env: Env, org: Tenant, actor: StaffActor, params: P): Promise<number | null>;
  page(env: Env, org: Tenant, actor: StaffActor, params: P, after: unknown, limit: number): Promise<ExportPage>;
}

const members: KindSpec<MemberFilters> = {
  roles: EXPORT_ROLES.members,
  pageRows: 500,
  header: ["name", "email", "role", "line_manager", "status", "joined_at"],
  fileName: (org) => `members-${org.slug}.csv`,
  count: (env, org, _actor, params) => countMembers(env, org, params),
  page: (env, org, _actor, params, after, limit) => memberExportPage(env, org, params, after as MemberExportCursor | null, limit),
};

/** The list's own pages (keyset on created_at and id, at most 100 rows: PAGE_SIZE_MAX). */
const contributions: KindSpec<Omit<ContributionListQuery, "cursor" | "limit">> = {
  roles: EXPORT_ROLES.contributions,
  pageRows: 100,
  header: ["created_at", "initiative", "donor", "amount", "currency", "source", "status", "confirmation_code", "anonymous", "comment", "reviewed_at", "reject_reason"],
  fileName: (_org, params) => `contributions-${params.status}.csv`,
  count: async () => null,
  async page(env, org, actor, params, after, limit) {
    const page = await listContributions(env, org, actor, { ...params, limit, cursor: (after as string | null) ?? undefined });
    return {
      rows: page.contributions.map((m) => [m.created_at, m.initiative.title, m.donor.name, m.value, m.currency, m.source, m.status, m.confirmation_code, m.anonymous ? "yes" : "no", m.comment, m.reviewed_at, m.reject_reason]),
      next: page.next,
    };
  },
};

/** The rows the filters name, newest first, with the ids beside the names (names change, ids do not). */
const audit: KindSpec<AuditFilters> = {
  roles: EXPORT_ROLES.audit,
  pageRows: 100,
  header: ["created_at", "action", "actor_id", "actor_name", "target_type", "target_id", "member_id", "member_name", "initiative_id", "initiative_title", "record_type", "hours", "value", "unit", "detail"],
  fileName: (org) => `audit-${org.slug}.csv`,
  count: async () => null,
  async page(env, org, actor, params, after, limit) {
    const page = await listAudit(env, org, actor, { ...params, limit, cursor: (after as string | null) ?? undefined });
    return {
      rows: page.entries.map((e) => [e.created_at, e.action, e.actor.id, e.actor.name, e.target_type, e.target_id, e.member?.id, e.member?.name, e.initiative?.id, e.initiative?.title, e.record?.type, e.record?.hours, e.record?.value, e.record?.unit, JSON.stringify(e.detail)]),
      next: page.next,
    };
  },
};

/**
 * The impact ledger's evidence of a period (issue 30; docs/impact-reporting.md "Evidence"): the rows the
 * report's figures are summed from, by keyset on their order (date, kind, id). Each page runs the
 * ledger statement for the period again and keeps the rows after the last one written.
 */
const impactEvidence: KindSpec<LedgerPeriod> = {
  roles: EXPORT_ROLES.impact_evidence,
  pageRows: 1000,
  header: EVIDENCE_HEADER,
  fileName: (org, period) => `${org.slug}-evidence-${period.first_day ?? new Date(period.from).toISOString().slice(0, 10)}-${period.last_day ?? new Date(period.to - 1).toISOString().slice(0, 10)}.csv`,
  count: async () => null,
  async page(env, org, actor, period, after, limit) {
    requireRole(actor, EXPORT_ROLES.impact_evidence);
    const { results } = await ledgerRows(env.DB, org.id, period, considersWorkingHours(org), { after: (after as LedgerCursor | null) ?? null, limit }).all<LedgerRow>();
    const last = results.at(-1);
    return { rows: results.map(evidenceCells), next: results.length === limit && last ? ([last.at, last.kind, last.id] as LedgerCursor) : null };
  },
};

/** Every kind, by name; its params are the ones its start call validated (workers/api/exports.ts). */
export const EXPORTS: Record<ExportKind, KindSpec<object>> = { members, contributions, audit, impact_evidence: impactEvidence as KindSpec<object> };
