/**
 * An initiative's documents and images (SPEC.md sections 2, 4, 6 and 7), mounted at
 * /api/{org}/initiative/{slug}/attachment:
 * - GET /{kind}?limit=&before=: the published attachments the member may see, plus the member's
 *   own uploads (each with its status), newest first, one page at a time. kind is document or image.
 * - POST /{kind}?filename=: multipart, the file in the field `file` -> 201 the new attachment.
 * - DELETE /{kind}/{id}: the member's own upload only -> 204.
 * - GET /{kind}/{id}/download: the file, for the uploader or, once published, for whoever sees
 *   the initiative's attachments.
 * Files live in R2 under server-made keys ({org}/{initiative}/{kind}/{uuid}); their type comes
 * from their bytes (workers/files/sniff.ts) and their size is capped per kind. The JSON body limit
 * of the API does not apply here (workers/app.ts); this module caps sizes itself.
 */
import { and, desc, eq, lt, or } from "drizzle-orm";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { attachmentsVisible, type Attachment, type Initiative } from "../../app/domain/initiatives";
import { ATTACHMENT_MAX_BYTES, isAttachmentKind, type AttachmentKind } from "../../app/domain/attachments";
import { readUploadBody } from "../../app/domain/upload-body";
import { getDb, schema } from "../db/client";
import { conditionalStatus } from "../files/preconditions";
import { countUpload } from "../files/upload-quota";
import { contentDisposition, detectType, safeFilename } from "../files/sniff";
import { iso } from "../initiatives/serialize";
import { ApiError, badRequest, forbidden, notFound } from "../lib/errors";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";
import { initiativeFromPath } from "./participation";

type AttachmentRow = typeof schema.attachments.$inferSelect;

/** Who publishes: their uploads need no review. */
const PUBLISHER_ROLES = ["organiser", "admin"];

const attachmentNotFound = () => notFound("attachment_not_found", "The attachment cannot be found.");

function kindOf(c: Context<AppEnv>): AttachmentKind {
  const kind = c.req.param("kind");
  if (!isAttachmentKind(kind)) throw notFound();
  return kind;
}

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const tooLarge = (kind: AttachmentKind) =>
  new ApiError(413, "file_too_large", `A ${kind} may be at most ${megabytes(ATTACHMENT_MAX_BYTES[kind])}.`, { file: "attachments_error_too_large" });

/** Whether the member sees the initiative's published attachments of this kind (SPEC.md section 4). */
const seesPublished = (c: Context<AppEnv>, initiative: Initiative, kind: AttachmentKind) => attachmentsVisible(c.var.org.community, initiative, kind);

/**
 * Who may upload: organisers and administrators; members who take part (accepted, gave to the
 * donation, or interested in the informative one). Never a kind the organisation hides.
 */
function mayUpload(c: Context<AppEnv>, initiative: Initiative, kind: AttachmentKind) {
  if (!attachmentsVisible({ ...c.var.org.community, show_attachments_before_participation: true }, initiative, kind)) return false;
  if (PUBLISHER_ROLES.includes(c.var.membership.role)) return true;
  return attachmentsVisible({ ...c.var.org.community, show_attachments_before_participation: false }, initiative, kind);
}

function toAttachment(c: Context<AppEnv>, initiative: Initiative, row: AttachmentRow): Attachment {
  const download = `/api/${c.var.org.slug}/initiative/${initiative.slug}/attachment/${row.kind}/${row.id}/download`;
  return {
    id: row.id,
    filename: row.filename,
    mimetype: row.mimetype,
    size: row.size,
    download,
    url: download,
    status: row.status,
    member_id: row.memberId,
    created_at: iso(row.createdAt)!,
  };
}

/** One attachment of this initiative and kind that the member may see (own, or published and visible), else 404. */
async function visibleAttachment(c: Context<AppEnv>, initiative: Initiative, kind: AttachmentKind) {
  const row = await getDb(c.env)
    .select()
    .from(schema.attachments)
    .where(
      and(
        eq(schema.attachments.id, c.req.param("id") ?? ""),
        eq(schema.attachments.orgId, c.var.org.id),
        eq(schema.attachments.initiativeId, initiative.id),
        eq(schema.attachments.kind, kind),
      ),
    )
    .get();
  const own = row?.memberId === c.var.auth.memberId;
  if (!row || (!own && !(row.status === "published" && seesPublished(c, initiative, kind)))) throw attachmentNotFound();
  return { row, own };
}

/** Attachment lists come in pages, newest first: `limit` (1 to 100, default 50) and the `before` cursor of the Link header. */
export const ATTACHMENT_PAGE = { default: 50, max: 100 };

const ListQuery = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, "form_error_invalid"),
      v.transform(Number),
      v.minValue(1, "form_error_invalid"),
      v.maxValue(ATTACHMENT_PAGE.max, "form_error_invalid"),
    ),
    String(ATTACHMENT_PAGE.default),
  ),
  before: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,16}\.[A-Za-z0-9-]{1,64}$/, "form_error_invalid"),
      v.transform((cursor) => ({ createdAt: Number(cursor.slice(0, cursor.indexOf("."))), id: cursor.slice(cursor.indexOf(".") + 1) })),
    ),
  ),
});

async function readUpload(c: Context<AppEnv>, kind: AttachmentKind): Promise<File> {
  const max = ATTACHMENT_MAX_BYTES[kind];
  // An oversized body is refused by its Content-Length, or cut off while it is read.
  const body = await readUploadBody(c.req.raw, kind);
  if (!body.ok && body.reason === "too_large") throw tooLarge(kind);
  if (!body.ok) throw badRequest("invalid_multipart", "Send the file as multipart/form-data in the field `file`.", { file: "attachments_error_required" });
  const form = body.form;
  const file = form.get("file");
  if (typeof file === "string" || !file || file.size === 0) {
    throw badRequest("validation_error", "Send the file as multipart/form-data in the field `file`.", { file: "attachments_error_required" });
  }
  if (file.size > max) throw tooLarge(kind);
  return file;
}

export const attachmentRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/:kind", validate("query", ListQuery), async (c) => {
    const kind = kindOf(c);
    const initiative = await initiativeFromPath(c);
    const { limit, before } = c.req.valid("query");
    const own = eq(schema.attachments.memberId, c.var.auth.memberId);
    const rows = await getDb(c.env)
      .select()
      .from(schema.attachments)
      .where(
        and(
          eq(schema.attachments.orgId, c.var.org.id),
          eq(schema.attachments.initiativeId, initiative.id),
          eq(schema.attachments.kind, kind),
          seesPublished(c, initiative, kind) ? or(eq(schema.attachments.status, "published"), own) : own,
          before
            ? or(lt(schema.attachments.createdAt, before.createdAt), and(eq(schema.attachments.createdAt, before.createdAt), lt(schema.attachments.id, before.id)))
            : undefined,
        ),
      )
      .orderBy(desc(schema.attachments.createdAt), desc(schema.attachments.id))
      .limit(limit + 1)
      .all();
    const page = rows.slice(0, limit);
    if (rows.length > limit) {
      const last = page[page.length - 1];
      const next = new URL(c.req.url);
      next.search = new URLSearchParams({ limit: String(limit), before: `${last.createdAt}.${last.id}` }).toString();
      c.header("link", `<${next.pathname}${next.search}>; rel="next"`);
    }
    return c.json(page.map((row) => toAttachment(c, initiative, row)));
  })
  .post("/:kind", async (c) => {
    const kind = kindOf(c);
    const initiative = await initiativeFromPath(c);
    if (!mayUpload(c, initiative, kind)) throw forbidden("attachment_upload_not_allowed", "Only members who take part can upload files here.");
    const file = await readUpload(c, kind);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectType(kind, bytes);
    if (!type) {
      throw new ApiError(415, "unsupported_file_type", kind === "image" ? "Images must be PNG, JPEG, GIF or WebP." : "Documents must be PDF, Office, OpenDocument or plain text.", {
        file: "attachments_error_type",
      });
    }
    await countUpload(c.env.DB, c.var.auth.memberId, bytes.length);
    const id = crypto.randomUUID();
    const filename = safeFilename(c.req.query("filename") || file.name, type);
    const key = `${c.var.org.id}/${initiative.id}/${kind}/${id}`;
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: type.mimetype }, customMetadata: { memberId: c.var.auth.memberId } });
    let row: AttachmentRow;
    try {
      [row] = await getDb(c.env)
        .insert(schema.attachments)
        .values({
          id,
          orgId: c.var.org.id,
          initiativeId: initiative.id,
          memberId: c.var.auth.memberId,
          kind,
          filename,
          mimetype: type.mimetype,
          size: bytes.length,
          r2Key: key,
          status: PUBLISHER_ROLES.includes(c.var.membership.role) ? "published" : "pending",
          createdAt: Date.now(),
        })
        .returning();
    } catch (error) {
      // Nothing half-written: no object without its row.
      await c.env.FILES.delete(key);
      throw error;
    }
    return c.json(toAttachment(c, initiative, row), 201);
  })
  .delete("/:kind/:id", async (c) => {
    const kind = kindOf(c);
    const initiative = await initiativeFromPath(c);
    const { row, own } = await visibleAttachment(c, initiative, kind);
    if (!own) throw forbidden("attachment_not_own", "Members can delete only their own uploads.");
    await getDb(c.env).delete(schema.attachments).where(eq(schema.attachments.id, row.id));
    // After the row: an object left behind by a failed delete is unreachable, never a broken link.
    await c.env.FILES.delete(row.r2Key);
    return c.body(null, 204);
  })
  .get("/:kind/:id/download", async (c) => {
    const kind = kindOf(c);
    const initiative = await initiativeFromPath(c);
    const { row } = await visibleAttachment(c, initiative, kind);
    const object = await c.env.FILES.get(row.r2Key);
    if (!object) throw attachmentNotFound();
    const headers = new Headers({
      "content-type": row.mimetype,
      "content-disposition": contentDisposition(kind === "image" ? "inline" : "attachment", row.filename),
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=300",
      etag: object.httpEtag,
      "last-modified": object.uploaded.toUTCString(),
    });
    const status = conditionalStatus(c.req.raw.headers, { etag: object.httpEtag, lastModified: object.uploaded });
    if (status !== null) {
      await object.body.cancel();
      if (status === 304) return new Response(null, { status, headers });
      throw new ApiError(412, "precondition_failed", "The file is not the version the request names (If-Match / If-Unmodified-Since).", undefined, { etag: object.httpEtag });
    }
    headers.set("content-length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  });
