/**
 * Attachments as both sides see them: the kinds, what each accepts, the size caps, and how an
 * attachment's API path maps to the web app's resource route. The API (workers/api/attachments.ts)
 * enforces these; the upload dialog shows them (accept attribute, early size check).
 */
import type { Attachment } from "~/domain/initiatives";

export const ATTACHMENT_KINDS = ["document", "image"] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export const isAttachmentKind = (value: unknown): value is AttachmentKind => value === "document" || value === "image";

/** Largest file per kind, in bytes. */
export const ATTACHMENT_MAX_BYTES: Record<AttachmentKind, number> = {
  document: 10 * 1024 * 1024,
  image: 5 * 1024 * 1024,
};

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
export const MULTIPART_OVERHEAD = 16 * 1024;

export type UploadBody = { ok: true; form: FormData } | { ok: false; reason: "too_large" | "not_multipart" };

/**
 * An upload's multipart body, never read past the kind's cap: refused by its Content-Length before
 * a byte is read, and cut off while reading when it has none (a chunked body). Both the API and
 * the web app's upload route read uploads through here.
 */
export async function readUploadBody(request: Request, kind: AttachmentKind): Promise<UploadBody> {
  const max = ATTACHMENT_MAX_BYTES[kind] + MULTIPART_OVERHEAD;
  const declared = request.headers.get("content-length");
  if (declared !== null && !/^\s*\d+\s*$/.test(declared)) return { ok: false, reason: "not_multipart" };
  if (declared !== null && Number(declared) > max) return { ok: false, reason: "too_large" };
  if (!request.body) return { ok: false, reason: "not_multipart" };
  let size = 0;
  const capped = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > max) controller.error(new RangeError("The upload is larger than its cap."));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    const form = await new Response(capped, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, reason: size > max ? "too_large" : "not_multipart" };
  }
}

/** What the file picker offers; the API decides by the file's bytes, never by these names. */
export const ATTACHMENT_ACCEPT: Record<AttachmentKind, string> = {
  document: ".pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp,.txt,.csv,.md",
  image: ".png,.jpg,.jpeg,.gif,.webp",
};

const API_DOWNLOAD = /^\/api\/[^/]+\/initiative\/[^/]+\/attachment\/(document|image)\/([^/]+)\/download$/;

/**
 * The web app's address of an attachment (the browser has no Bearer token, so it downloads through
 * the resource route app/routes/files.$slug.$kind.$id.tsx, which calls the API as the member).
 */
export function webFileUrl(attachment: Pick<Attachment, "download">, slug: string): string {
  const match = API_DOWNLOAD.exec(attachment.download);
  if (!match) return attachment.download;
  return `/files/${encodeURIComponent(slug)}/${match[1]}/${encodeURIComponent(match[2])}`;
}

/** The web upload (and list) address of one kind of an initiative's attachments. */
export const webUploadUrl = (slug: string, kind: AttachmentKind) => `/files/${encodeURIComponent(slug)}/${kind}`;

const ERROR_KEYS: Record<string, string> = {
  file_too_large: "attachments_error_too_large",
  unsupported_file_type: "attachments_error_type",
  attachment_upload_not_allowed: "attachments_error_not_allowed",
  validation_error: "attachments_error_required",
  invalid_multipart: "attachments_error_required",
  upload_quota_exceeded: "attachments_error_quota",
};

/**
 * The `attachments` message key for an API error code (a fetcher's `error`, or the
 * `attachment_error` query parameter a plain form comes back with).
 */
export const attachmentErrorKey = (code: string, action: "upload" | "delete" = "upload") =>
  ERROR_KEYS[code] ?? (action === "delete" ? "attachments_error_delete" : "attachments_error_upload");
