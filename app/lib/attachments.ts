/**
 * Attachments as the web app shows them: what each kind's file picker accepts, how an attachment's
 * API path maps to the web app's resource route, and the message key of each upload error. The
 * kinds and size caps are rules both sides keep (app/domain/attachments.ts).
 */
import type { Attachment } from "~/domain/initiatives";
import { uploadAccept, type AttachmentKind } from "~/domain/attachments";

/** What the file picker offers: the kind's allow-list; the API decides by the file's bytes and its whole name. */
export const ATTACHMENT_ACCEPT: Record<AttachmentKind, string> = {
  document: uploadAccept("document"),
  image: uploadAccept("image"),
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
