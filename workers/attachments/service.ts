/**
 * An initiative's documents and images (SPEC.md sections 2, 4, 6 and 7): who sees and who may
 * upload them, their rows in D1 and their files in R2 under server-made keys
 * ({org}/{initiative}/{kind}/{uuid}). A file's type comes from its bytes (workers/files/sniff.ts).
 */
import { and, desc, eq, lt, or } from "drizzle-orm";
import { attachmentsVisible, type Attachment, type Initiative } from "../../app/domain/initiatives";
import { uploadNameAllowed, type AttachmentKind } from "../../app/domain/attachments";
import { ORGANISING_ROLES } from "../../app/domain/manage";
import { getDb, schema } from "../db/client";
import { cleanImage, imageRefused } from "../files/clean-image";
import { countUpload } from "../files/upload-quota";
import { detectType, safeFilename } from "../files/sniff";
import { iso } from "../initiatives/serialize";
import { forbidden, notFound, unsupportedType } from "../lib/domain-errors";
import { readKey, type RequestMemo } from "../lib/request-memo";
import { managesInitiative, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";

export type AttachmentRow = typeof schema.attachments.$inferSelect;

/** The attachments of one kind of one initiative, as one member of the organisation reaches them. */
export interface AttachmentScope {
  env: Env;
  org: Tenant;
  memberId: string;
  role: string;
  initiative: Initiative;
  kind: AttachmentKind;
}

/** Where a page of a list starts: after this attachment, newest first. */
export interface AttachmentCursor {
  createdAt: number;
  id: string;
}

/** Who publishes: their uploads need no review. */
const PUBLISHER_ROLES: readonly string[] = ORGANISING_ROLES;

/** 415 for a file the kind does not take, by its bytes or by its name (app/domain/attachments.ts). */
const typeRefused = (kind: AttachmentKind) =>
  unsupportedType(
    "unsupported_file_type",
    kind === "image" ? "Images must be PNG, JPEG, GIF or WebP, named as one." : "Documents must be PDF, Office, OpenDocument or plain text, named as one (never a program).",
    { file: "attachments_error_type" },
  );

export const attachmentNotFound = () => notFound("attachment_not_found", "The attachment cannot be found.");

/** Whether the member sees the initiative's published attachments of this kind (SPEC.md section 4). */
const seesPublished = ({ org, initiative, kind }: AttachmentScope) => attachmentsVisible(org.community, initiative, kind);

/**
 * Who may upload: organisers and administrators; members who take part (accepted, gave to the
 * donation, or interested in the informative one). Never a kind the organisation hides. A gift
 * counts once it is confirmed: a pledge nobody has received yet (a 0.01 promise) gives no right
 * to upload (issue 25, point 5).
 */
function mayUpload({ org, role, initiative, kind }: AttachmentScope) {
  if (!attachmentsVisible({ ...org.community, show_attachments_before_participation: true }, initiative, kind)) return false;
  if (PUBLISHER_ROLES.includes(role)) return true;
  const confirmedOnly = { ...initiative, own_pending_contribution_total: 0 };
  return attachmentsVisible({ ...org.community, show_attachments_before_participation: false }, confirmedOnly, kind);
}

function toAttachment({ org, initiative }: AttachmentScope, row: AttachmentRow): Attachment {
  const download = `/api/${org.slug}/initiative/${initiative.slug}/attachment/${row.kind}/${row.id}/download`;
  return {
    id: row.id,
    filename: row.filename,
    mimetype: row.mimetype,
    size: row.size,
    download,
    url: download,
    status: row.status,
    reject_reason: row.status === "rejected" ? row.rejectReason : null,
    member_id: row.memberId,
    created_at: iso(row.createdAt)!,
  };
}

const inScope = ({ org, initiative, kind }: AttachmentScope) =>
  and(eq(schema.attachments.orgId, org.id), eq(schema.attachments.initiativeId, initiative.id), eq(schema.attachments.kind, kind));

/** One attachment the member may see (own, or published and visible), else not found. */
export async function visibleAttachment(scope: AttachmentScope, id: string) {
  const row = await getDb(scope.env)
    .select()
    .from(schema.attachments)
    .where(and(eq(schema.attachments.id, id), inScope(scope)))
    .get();
  const own = row?.memberId === scope.memberId;
  if (!row) throw attachmentNotFound();
  const visible = own || (row.status === "published" && seesPublished(scope));
  // The initiative's organisers see every upload, waiting or refused, to decide on it (/manage).
  if (!visible && !(await managesInitiative(scope.env, scope.org.id, { memberId: scope.memberId, role: scope.role as StaffActor["role"] }, scope.initiative.id))) {
    throw attachmentNotFound();
  }
  return { row, own };
}

/** The query of one page of the attachments the member sees, newest first (one row more, to know whether a next page exists). */
function pageQuery(scope: AttachmentScope, limit: number, before?: AttachmentCursor) {
  const own = eq(schema.attachments.memberId, scope.memberId);
  return getDb(scope.env)
    .select()
    .from(schema.attachments)
    .where(
      and(
        inScope(scope),
        seesPublished(scope) ? or(eq(schema.attachments.status, "published"), own) : own,
        before
          ? or(lt(schema.attachments.createdAt, before.createdAt), and(eq(schema.attachments.createdAt, before.createdAt), lt(schema.attachments.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(schema.attachments.createdAt), desc(schema.attachments.id))
    .limit(limit + 1);
}

function toPage(scope: AttachmentScope, rows: AttachmentRow[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next: AttachmentCursor | null = rows.length > limit ? { createdAt: last.createdAt, id: last.id } : null;
  return { attachments: page.map((row) => toAttachment(scope, row)), next };
}

/**
 * One page of the attachments the member sees, newest first, and the cursor of the next page if
 * there is one. With a browser request's memo, the first page of each kind is read in one batch:
 * the initiative page lists documents and images together, so its second list costs no round trip.
 */
export async function listAttachments(scope: AttachmentScope, limit: number, before?: AttachmentCursor, memo?: RequestMemo) {
  if (!memo || before) return toPage(scope, await pageQuery(scope, limit, before).all(), limit);
  const { org, memberId, initiative } = scope;
  const firstPages = await memo.once(readKey(`attachments:${org.id}:${memberId}:${initiative.id}:${limit}`), async () => {
    const [documents, images] = await getDb(scope.env).batch([pageQuery({ ...scope, kind: "document" }, limit), pageQuery({ ...scope, kind: "image" }, limit)]);
    return { document: documents, image: images } satisfies Record<AttachmentKind, AttachmentRow[]>;
  });
  return toPage(scope, firstPages[scope.kind], limit);
}

/**
 * Stores an upload (checked, counted against the member's quota): published at once for
 * publishers, else pending. The file is read only once the member may upload.
 */
export async function uploadAttachment(scope: AttachmentScope, readFile: () => Promise<File>, requestedName: string | undefined): Promise<Attachment> {
  const { env, org, memberId, initiative, kind } = scope;
  if (!mayUpload(scope)) throw forbidden("attachment_upload_not_allowed", "Only members who take part can upload files here.");
  const file = await readFile();
  const name = requestedName || file.name;
  if (!uploadNameAllowed(name, kind)) throw typeRefused(kind);
  const sent = new Uint8Array(await file.arrayBuffer());
  // Pictures lose their metadata (GPS position, camera, time) and are capped in pixels, as every
  // image upload is (workers/files/clean-image.ts); documents are stored as sent.
  const bytes = kind === "image" ? cleanImage(sent, { refused: imageRefused() }).bytes : sent;
  const type = detectType(kind, bytes);
  if (!type) throw typeRefused(kind);
  await countUpload(env.DB, memberId, bytes.length);
  const id = crypto.randomUUID();
  const filename = safeFilename(name, type);
  const key = `${org.id}/${initiative.id}/${kind}/${id}`;
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: type.mimetype }, customMetadata: { memberId } });
  try {
    const [row] = await getDb(env)
      .insert(schema.attachments)
      .values({
        id,
        orgId: org.id,
        initiativeId: initiative.id,
        memberId,
        kind,
        filename,
        mimetype: type.mimetype,
        size: bytes.length,
        r2Key: key,
        status: PUBLISHER_ROLES.includes(scope.role) ? "published" : "pending",
        createdAt: Date.now(),
      })
      .returning();
    return toAttachment(scope, row);
  } catch (error) {
    // Nothing half-written: no object without its row.
    await env.FILES.delete(key);
    throw error;
  }
}

/** Deletes the member's own upload; another member's is forbidden. */
export async function deleteOwnAttachment(scope: AttachmentScope, id: string) {
  const { row, own } = await visibleAttachment(scope, id);
  if (!own) throw forbidden("attachment_not_own", "Members can delete only their own uploads.");
  await getDb(scope.env).delete(schema.attachments).where(eq(schema.attachments.id, row.id));
  // After the row: an object left behind by a failed delete is unreachable, never a broken link.
  await scope.env.FILES.delete(row.r2Key);
}

/** The file of an attachment the member may see, with its row; not found when the object is gone. */
export async function openAttachment(scope: AttachmentScope, id: string) {
  const { row } = await visibleAttachment(scope, id);
  const object = await scope.env.FILES.get(row.r2Key);
  if (!object) throw attachmentNotFound();
  return { row, object };
}
