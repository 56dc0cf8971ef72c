/**
 * Staff exports (docs/decisions/038-exports-as-jobs.md): the kinds, a job's states and who may ask
 * for each kind, one definition for the table, the Worker that checks and runs the jobs and the
 * pages that start and poll them.
 */
import { ORGANISING_ROLES, type StaffRole } from "./manage";

/** `impact_evidence`: the impact ledger's evidence rows of a period (issue 30), for an assurer. */
export const EXPORT_KINDS = ["members", "contributions", "audit", "impact_evidence"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Who may ask for, poll and download each kind: the roles of the screen it lists. */
export const EXPORT_ROLES: Record<ExportKind, readonly StaffRole[]> = { members: ["admin"], contributions: ORGANISING_ROLES, audit: ["admin"], impact_evidence: ["admin"] };
