/**
 * What a file is, by its bytes (DESIGN.md "Files": type checked by magic bytes). The client's
 * name and Content-Type are never trusted: the stored mimetype and extension come from here.
 */
import { UPLOAD_TYPES, type AttachmentKind, type UploadType } from "../../app/domain/attachments";

export interface DetectedType {
  mimetype: string;
  /** Extensions a file of this type may carry; the first is the one we add when it has none of them. */
  extensions: string[];
}

/** A type of the shared allow-list (app/domain/attachments.ts): the picker offers the same extensions. */
const typeOf = (type: UploadType, mimetype: string = UPLOAD_TYPES[type].mimetype): DetectedType => ({ mimetype, extensions: [...UPLOAD_TYPES[type].extensions] });

const PDF = typeOf("pdf");
const PNG = typeOf("png");
const JPEG = typeOf("jpeg");
const GIF = typeOf("gif");
const WEBP = typeOf("webp");
const TEXT = typeOf("text", "text/plain; charset=utf-8");

const OOXML: Record<string, DetectedType> = {
  "word/document.xml": typeOf("docx"),
  "xl/workbook.xml": typeOf("xlsx"),
  "ppt/presentation.xml": typeOf("pptx"),
};

const ODF: Record<string, DetectedType> = Object.fromEntries((["odt", "ods", "odp"] as const).map((type) => [UPLOAD_TYPES[type].mimetype, typeOf(type)]));

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

function sniffImage(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  const head = ascii(bytes, 0, 6);
  if (head === "GIF87a" || head === "GIF89a") return GIF;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return WEBP;
  return null;
}

/** The entry names of a ZIP archive, read from its central directory (null when it is not one). */
function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment (< 64 KB).
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Office Open XML or OpenDocument; any other ZIP (which could carry anything) is refused. */
function sniffOfficeZip(bytes: Uint8Array): DetectedType | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
  // OpenDocument: the first entry is an uncompressed "mimetype" file naming the format.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length > 30) {
    const method = view.getUint16(8, true);
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    const size = view.getUint32(18, true);
    if (method === 0 && ascii(bytes, 30, nameLength) === "mimetype" && size < 100) {
      const odf = ODF[ascii(bytes, 30 + nameLength + extraLength, size)];
      if (odf) return odf;
    }
  }
  const names = zipEntryNames(bytes);
  if (!names?.includes("[Content_Types].xml")) return null;
  for (const [part, type] of Object.entries(OOXML)) if (names.includes(part)) return type;
  return null;
}

/** UTF-8 text without NULs or control characters other than tab, newlines and form feed. */
function sniffText(bytes: Uint8Array): DetectedType | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- binary bytes are what tells a text file from others
  return /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) ? null : TEXT;
}

/** The file's type if the kind accepts it, else null (the API answers 415). */
export function detectType(kind: AttachmentKind, bytes: Uint8Array): DetectedType | null {
  if (bytes.length === 0) return null;
  if (kind === "image") return sniffImage(bytes);
  if (ascii(bytes, 0, 5) === "%PDF-") return PDF;
  if (sniffImage(bytes)) return null;
  return sniffOfficeZip(bytes) ?? (startsWith(bytes, [0x50, 0x4b]) ? null : sniffText(bytes));
}

/**
 * A filename safe to store and to put in Content-Disposition: no path, no control, bidi or
 * reserved characters, at most 120 characters, and an extension that matches the detected type.
 * Only for a name uploadNameAllowed took (no runnable part, an extension of the kind or none).
 */
export function safeFilename(raw: string | null | undefined, type: DetectedType): string {
  const base = (raw ?? "").normalize("NFC").split(/[\\/]/).pop() ?? "";
  let name = base
    // Bidi controls (U+061C, U+200E/F, U+202A-E, U+2066-9) would let "gpj.exe" read as "exe.jpg".
    // eslint-disable-next-line no-control-regex -- control characters never belong in a file name
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|;\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, "");
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  // The name passed uploadNameAllowed: its extension is one the kind takes, replaced by the type's
  // own when the bytes are of another ("photo.jpg" holding a PNG is stored as "photo.png").
  let stem = dot > 0 ? name.slice(0, dot) : name;
  stem = [...stem].slice(0, 100).join("").trim() || "file";
  name = `${stem}.${type.extensions.includes(extension) ? extension : type.extensions[0]}`;
  return name;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(disposition: "inline" | "attachment", filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
