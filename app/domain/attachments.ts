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

/**
 * What each kind of upload takes (issue 28, section 5): the file types by their extensions. The
 * server decides by the bytes (workers/files/sniff.ts names the same extensions) and by the whole
 * name (uploadNameAllowed); every file picker offers exactly these (uploadAccept).
 */
export const UPLOAD_TYPES = {
  pdf: { mimetype: "application/pdf", extensions: ["pdf"] },
  png: { mimetype: "image/png", extensions: ["png"] },
  jpeg: { mimetype: "image/jpeg", extensions: ["jpg", "jpeg"] },
  gif: { mimetype: "image/gif", extensions: ["gif"] },
  webp: { mimetype: "image/webp", extensions: ["webp"] },
  text: { mimetype: "text/plain", extensions: ["txt", "csv", "md"] },
  docx: { mimetype: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: ["docx"] },
  xlsx: { mimetype: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extensions: ["xlsx"] },
  pptx: { mimetype: "application/vnd.openxmlformats-officedocument.presentationml.presentation", extensions: ["pptx"] },
  odt: { mimetype: "application/vnd.oasis.opendocument.text", extensions: ["odt"] },
  ods: { mimetype: "application/vnd.oasis.opendocument.spreadsheet", extensions: ["ods"] },
  odp: { mimetype: "application/vnd.oasis.opendocument.presentation", extensions: ["odp"] },
} as const satisfies Record<string, { mimetype: string; extensions: readonly string[] }>;
export type UploadType = keyof typeof UPLOAD_TYPES;

/**
 * The types each upload takes: an initiative's documents and images, and the pictures of the
 * editor, the organisation's settings and the avatar editor (which uploads the PNG it draws).
 */
export const UPLOAD_KINDS = {
  document: ["pdf", "docx", "xlsx", "pptx", "odt", "ods", "odp", "text"],
  image: ["png", "jpeg", "gif", "webp"],
} as const satisfies Record<AttachmentKind, readonly UploadType[]>;

export const uploadExtensions = (kind: AttachmentKind): string[] => UPLOAD_KINDS[kind].flatMap((type) => [...UPLOAD_TYPES[type].extensions]);

/** A file input's `accept` for the kind: its extensions, and its types for pickers that filter by type. */
export const uploadAccept = (kind: AttachmentKind): string =>
  [...uploadExtensions(kind).map((extension) => `.${extension}`), ...new Set(UPLOAD_KINDS[kind].map((type) => UPLOAD_TYPES[type].mimetype))].join(",");

/**
 * Extensions a system runs or a browser renders as a page: never inside a name either, where
 * "invoice.exe.txt" or "photo.html.png" is made to pass for something else once renamed or unzipped.
 */
const RUNNABLE = new Set(
  "exe com bat cmd scr pif msi msp msc dll cpl sys drv ocx jar apk app appx dmg pkg deb rpm run bin sh bash zsh csh ps1 psm1 psd1 vb vbs vbe js jse mjs cjs wsf wsh wsc hta lnk url reg inf scf iso img vhd html htm xhtml shtml svg xml xsl mht mhtml php py pl rb cgi asp aspx jsp docm dotm xlsm xltm xlam pptm potm ppam sldm".split(" "),
);

/** The name as it is stored (workers/files/sniff.ts safeFilename): the last part of a path, without control, bidi or reserved characters, outer dots and spaces. */
function nameParts(raw: string): string[] {
  const base = raw.normalize("NFC").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control and bidi characters hide what a name says
  const plain = base.replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|;\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim().replace(/^[.\s]+|[.\s]+$/g, "");
  return plain.toLowerCase().split(".").map((part) => part.trim());
}

/**
 * Whether a file's name may go with an upload of this kind: its extension, if it has one, is one
 * the kind takes, and no part before it is a runnable one ("setup.exe" and "setup.exe.txt" are
 * refused; "report.2024.pdf" and a name without an extension are taken).
 */
export function uploadNameAllowed(name: string, kind: AttachmentKind): boolean {
  const [, ...extensions] = nameParts(name);
  if (!extensions.length) return true;
  const last = extensions.pop()!;
  return uploadExtensions(kind).includes(last) && !extensions.some((part) => RUNNABLE.has(part));
}
