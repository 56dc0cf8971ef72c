/**
 * The attachment rules both sides keep: the kinds and each kind's size cap. The API
 * (workers/api/attachments.ts) enforces them; the upload dialog shows them (early size check).
 */
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
