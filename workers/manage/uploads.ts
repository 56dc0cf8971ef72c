/**
 * Members' uploads waiting for review (issue 11, point 5; SPEC.md section 4): the documents and
 * images members sent to the initiatives the actor manages, and the decision on each. A published
 * upload is seen by whoever sees the initiative's attachments; a refused one only by its uploader,
 * with the reason. Staff open any of them through the initiative's download path.
 */
import { and, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import type { AttachmentKind } from "../../app/domain/attachments";
import { UPLOAD_DECISIONS } from "../../app/domain/manage";
import { selectInChunks } from "../db/chunks";
import { getDb, schema, type Database } from "../db/client";
import { iso } from "../initiatives/serialize";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";
import type { Notice } from "./notify";
import { keyset, pageLimit, pageOf, type PageQuery } from "./paging";
import { alreadyReviewed, decideFound, requireReviewable, reviewChange } from "./review";
import { managedColumn, managedInitiatives, ORGANISING_ROLES, requireRole, type StaffActor } from "./scope";

const { attachments, initiatives, profiles } = schema;

export type UploadDecision = (typeof UPLOAD_DECISIONS)[number];

export interface ManagedUpload {
  id: string;
  kind: AttachmentKind;
  filename: string;
  mimetype: string;
  size: number;
  status: (typeof schema.ATTACHMENT_STATUSES)[number];
  reject_reason: string | null;
  /** The file, for staff who manage the initiative (Bearer or the web session). */
  download: string;
  created_at: string;
  reviewed_at: string | null;
  uploader: { member_id: string; name: string; avatar: string | null };
  initiative: { id: string; slug: string; title: string };
}

export interface UploadListQuery extends PageQuery {
  status: (typeof schema.ATTACHMENT_STATUSES)[number];
  initiative_id?: string;
  kind?: AttachmentKind;
}

const columns = {
  attachment: attachments,
  memberName: profiles.name,
  avatarKey: profiles.avatarKey,
  initiativeSlug: initiatives.slug,
  initiativeTitle: initiatives.title,
};

function fromUploads(db: Database, select: typeof columns & { managed?: SQL.Aliased<number> }) {
  return db
    .select(select)
    .from(attachments)
    .innerJoin(initiatives, eq(initiatives.id, attachments.initiativeId))
    .leftJoin(profiles, eq(profiles.memberId, attachments.memberId));
}

interface Row {
  attachment: typeof attachments.$inferSelect;
  memberName: string | null;
  avatarKey: string | null;
  initiativeSlug: string;
  initiativeTitle: string;
}

function toManagedUpload(org: Tenant, row: Row): ManagedUpload {
  const a = row.attachment;
  const memberId = a.memberId ?? "";
  return {
    id: a.id,
    kind: a.kind,
    filename: a.filename,
    mimetype: a.mimetype,
    size: a.size,
    status: a.status,
    reject_reason: a.status === "rejected" ? a.rejectReason : null,
    download: `/api/${org.slug}/initiative/${row.initiativeSlug}/attachment/${a.kind}/${a.id}/download`,
    created_at: iso(a.createdAt)!,
    reviewed_at: iso(a.reviewedAt),
    uploader: { member_id: memberId, name: row.memberName ?? "", avatar: avatarUrl(memberId, row.avatarKey) },
    initiative: { id: a.initiativeId, slug: row.initiativeSlug, title: row.initiativeTitle },
  };
}

/**
 * One page of the members' uploads of `status` (pending: oldest first; decided: newest first).
 * Uploads of staff are published at once and never wait; a deleted member's stay with no uploader.
 */
export async function listUploads(env: Env, org: Tenant, actor: StaffActor, query: UploadListQuery) {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const limit = pageLimit(query.limit);
  const paging = keyset(attachments.createdAt, attachments.id, query.cursor, query.status === "pending");
  const rows = await fromUploads(db, columns)
    .where(
      and(
        eq(attachments.orgId, org.id),
        eq(initiatives.orgId, org.id),
        managedInitiatives(db, actor),
        isNotNull(attachments.memberId),
        eq(attachments.status, query.status),
        query.initiative_id ? eq(initiatives.id, query.initiative_id) : undefined,
        query.kind ? eq(attachments.kind, query.kind) : undefined,
        paging.after,
      ),
    )
    .orderBy(...paging.order)
    .limit(limit + 1);
  const { page, next } = pageOf(rows, limit, (row) => row.attachment);
  return { uploads: page.map((row) => toManagedUpload(org, row)), next };
}

/**
 * Publishes or refuses the pending uploads `ids` (404 / 403 for the whole decision as every staff
 * decision, review.ts). Each pending upload is decided once: answers them as they now are, the ids
 * this decision changed (`applied`), the others (`lost`), and the e-mails owed for the applied ones.
 */
export async function reviewUploads(
  env: Env,
  org: Tenant,
  actor: StaffActor,
  ids: string[],
  decision: { status: UploadDecision; reason: string | null },
  now: number,
): Promise<{ uploads: ManagedUpload[]; applied: string[]; lost: string[]; notices: Notice[] }> {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const read = (chunk: string[]) =>
    fromUploads(db, { ...columns, managed: managedColumn(db, actor) }).where(and(eq(attachments.orgId, org.id), eq(initiatives.orgId, org.id), inArray(attachments.id, chunk)));
  // Others besides the ids: the organisation twice, and the actor in the managed column.
  const found = await selectInChunks(db, ids, read, 5);
  requireReviewable(found, ids, "attachment");
  const change = reviewChange(decision, actor, now);
  const reason = change.rejectReason;
  const { stored, applied, lost } = await decideFound(db, found, (row) => row.attachment.id, (row) => row.attachment.status === "pending", {
    table: attachments,
    change,
    audit: (id) => ({ action: `attachment.${decision.status}`, targetType: "attachment", targetId: id, detail: reason ? { reason } : {} }),
    read,
    readOthers: 5,
    org,
    actor,
    now,
  });
  return {
    uploads: stored.map((row) => toManagedUpload(org, row)),
    applied: applied.map((row) => row.attachment.id),
    lost: lost.map((row) => row.attachment.id),
    // A deleted member's upload has no one to tell.
    notices: applied.flatMap((row): Notice[] =>
      row.attachment.memberId
        ? [{ kind: decision.status === "published" ? "upload_published" : "upload_rejected", memberId: row.attachment.memberId, initiative: { slug: row.initiativeSlug, title: row.initiativeTitle }, reason }]
        : [],
    ),
  };
}

/** The decision on one upload: its answer, or 409 attachment_already_reviewed with the upload as stored when it lost. */
export async function reviewUpload(
  env: Env,
  org: Tenant,
  actor: StaffActor,
  id: string,
  decision: { status: UploadDecision; reason: string | null },
  now: number,
): Promise<{ upload: ManagedUpload; notices: Notice[] }> {
  const { uploads: [upload], applied, notices } = await reviewUploads(env, org, actor, [id], decision, now);
  if (!applied.length) throw alreadyReviewed("attachment", upload);
  return { upload, notices };
}
