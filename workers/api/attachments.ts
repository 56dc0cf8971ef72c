/**
 * An initiative's documents and images (SPEC.md sections 2, 4, 6 and 7), mounted at
 * /api/{org}/initiative/{slug}/attachment:
 * - GET /{kind}?limit=&before=: the published attachments the member may see, plus the member's
 *   own uploads (each with its status), newest first, one page at a time. kind is document or image.
 * - POST /{kind}?filename=: multipart, the file in the field `file` -> 201 the new attachment.
 * - DELETE /{kind}/{id}: the member's own upload only -> 204.
 * - GET /{kind}/{id}/download: the file, for the uploader or, once published, for whoever sees
 *   the initiative's attachments.
 * workers/attachments/service.ts owns who sees and uploads what, the rows and the R2 files. Sizes
 * are capped per kind here, while the body is read: the JSON body limit of the API does not apply
 * here (workers/app.ts).
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc, FILE_ERRORS, fileBody } from "../openapi/describe";
import { arrayOf, ref } from "../openapi/answers";
import * as v from "valibot";
import { ATTACHMENT_MAX_BYTES, isAttachmentKind, type AttachmentKind } from "../../app/domain/attachments";
import { readUploadBody } from "../../app/domain/upload-body";
import { deleteOwnAttachment, listAttachments, openAttachment, uploadAttachment, type AttachmentScope } from "../attachments/service";
import { conditionalStatus } from "../files/preconditions";
import { contentDisposition } from "../files/sniff";
import { badRequest, notFound, StaleVersionError, tooLarge } from "../lib/domain-errors";
import { linkNext } from "../lib/keyset-links";
import { validate } from "../lib/validation";
import { readMemo } from "../lib/page-request";
import type { AppEnv, MemberEnv } from "../types";
import { orgScope } from "./org-scope";
import { initiativeFromPath } from "./participation";

function kindOf(c: Context<MemberEnv>): AttachmentKind {
  const kind = c.req.param("kind");
  if (!isAttachmentKind(kind)) throw notFound();
  return kind;
}

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const fileTooLarge = (kind: AttachmentKind, field = "file") =>
  tooLarge("file_too_large", `A ${kind} may be at most ${megabytes(ATTACHMENT_MAX_BYTES[kind])}.`, { [field]: "attachments_error_too_large" });

/** The attachments of the path's kind and initiative, as the signed-in member reaches them. */
async function scopeOf(c: Context<MemberEnv>): Promise<AttachmentScope> {
  const kind = kindOf(c);
  const initiative = await initiativeFromPath(c);
  return { env: c.env, org: c.var.org, memberId: c.var.auth.memberId, role: c.var.membership.role, initiative, kind };
}

/**
 * Attachment lists come in pages, newest first: `limit` (1 to 100, default 50) and `cursor`, the
 * next page as the Link header names it (docs/api/pagination.md). The answer stays a bare array,
 * the mobile contract's list (SPEC.md section 7), so the Link header is where the next page is;
 * `before` is the cursor's older name, still taken.
 */
export const ATTACHMENT_PAGE = { default: 50, max: 100 };

const attachmentCursor = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,16}\.[A-Za-z0-9-]{1,64}$/, "form_error_invalid"),
    v.transform((cursor) => ({ createdAt: Number(cursor.slice(0, cursor.indexOf("."))), id: cursor.slice(cursor.indexOf(".") + 1) })),
  ),
);

/** An upload's name, cleaned by the service (workers/attachments/service.ts); absent, the file's own. */
const UploadQuery = v.object({ filename: v.optional(v.string()) });

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
  cursor: attachmentCursor,
  before: attachmentCursor,
});

/** The multipart body's `field` (`file` unless a route says otherwise), within the kind's size cap (413), or 400 when there is none. */
export async function readUpload<E extends AppEnv>(c: Context<E>, kind: AttachmentKind, field = "file"): Promise<File> {
  const max = ATTACHMENT_MAX_BYTES[kind];
  // An oversized body is refused by its Content-Length, or cut off while it is read.
  const body = await readUploadBody(c.req.raw, kind);
  if (!body.ok && body.reason === "too_large") throw fileTooLarge(kind, field);
  if (!body.ok) throw badRequest("invalid_multipart", `Send the file as multipart/form-data in the field \`${field}\`.`, { [field]: "attachments_error_required" });
  const form = body.form;
  const file = form.get(field);
  if (typeof file === "string" || !file || file.size === 0) {
    throw badRequest("validation_error", `Send the file as multipart/form-data in the field \`${field}\`.`, { [field]: "attachments_error_required" });
  }
  if (file.size > max) throw fileTooLarge(kind, field);
  return file;
}

export const attachmentRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/:kind", describeRoute(doc("Participation", "member", { answer: arrayOf(ref("Attachment")), summary: "The initiative's attachments of one kind (document or image), a page at a time.", errors: { 404: ["initiative_not_found"] } })), validate("query", ListQuery), async (c) => {
    const scope = await scopeOf(c);
    const { limit, cursor, before } = c.req.valid("query");
    const { attachments, next } = await listAttachments(scope, limit, cursor ?? before, readMemo(c));
    linkNext(c, next && `${next.createdAt}.${next.id}`, ["before"]);
    return c.json(attachments);
  })
  .post("/:kind", describeRoute(doc("Participation", "member", { answer: ref("Attachment"), summary: "Upload a document or image (`filename` names it when given).", status: 201, body: fileBody("a document (PDF, office files) or an image, by the path's kind."), errors: { 400: FILE_ERRORS, 413: ["file_too_large"], 415: ["unsupported_file_type"] } })), validate("query", UploadQuery), async (c) => {
    const scope = await scopeOf(c);
    return c.json(await uploadAttachment(scope, () => readUpload(c, scope.kind), c.req.valid("query").filename), 201);
  })
  .delete("/:kind/:id", describeRoute(doc("Participation", "member", { summary: "Delete one of my attachments.", status: 204 })), async (c) => {
    await deleteOwnAttachment(await scopeOf(c), c.req.param("id"));
    return c.body(null, 204);
  })
  .get("/:kind/:id/download", describeRoute(doc("Participation", "member", { summary: "Download an attachment (conditional requests: ETag, Last-Modified).", media: "application/octet-stream", answer: { type: "string", contentEncoding: "binary" }, errors: { 412: ["precondition_failed"] } })), async (c) => {
    const scope = await scopeOf(c);
    const { row, object } = await openAttachment(scope, c.req.param("id"));
    const headers = new Headers({
      "content-type": row.mimetype,
      "content-disposition": contentDisposition(scope.kind === "image" ? "inline" : "attachment", row.filename),
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=300",
      etag: object.httpEtag,
      "last-modified": object.uploaded.toUTCString(),
    });
    const status = conditionalStatus(c.req.raw.headers, { etag: object.httpEtag, lastModified: object.uploaded });
    if (status !== null) {
      await object.body.cancel();
      if (status === 304) return new Response(null, { status, headers });
      throw new StaleVersionError("precondition_failed", "The file is not the version the request names (If-Match / If-Unmodified-Since).", object.httpEtag);
    }
    headers.set("content-length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  });
