/**
 * Image metadata removed before a picture is stored for others to see (issue 13, point 3: avatars):
 * EXIF (camera, time, GPS position), XMP, IPTC, text comments. Done on the bytes, without decoding
 * the image: the pixels stay exactly as sent. PNG keeps only the chunks that draw the image; JPEG
 * drops its APP1 to APP13 and APP15 segments (EXIF, XMP, IPTC, vendor data) and comments, keeping
 * JFIF (APP0), the ICC profile (APP2) and Adobe's colour transform (APP14). A file whose structure
 * does not add up is refused (null), never stored half-cleaned.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The chunks that draw the image: what a PNG needs, colour management, transparency. */
const PNG_KEPT = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "bKGD", "pHYs"]);

export function stripPngMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 8 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let ended = false;
  while (at < bytes.length && !ended) {
    if (at + 12 > bytes.length) return null;
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return null;
    if (PNG_KEPT.has(type)) kept.push(bytes.subarray(at, end));
    ended = type === "IEND";
    at = end;
  }
  if (!ended) return null;
  return concat(kept);
}

/** JPEG segments that carry no metadata: JFIF (APP0), ICC profile (APP2), Adobe (APP14). */
const JPEG_KEPT_APP = new Set([0xe0, 0xe2, 0xee]);

export function stripJpegMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Start of scan: the compressed image and everything after it (EOI) are kept as they are.
    if (marker === 0xda) {
      kept.push(bytes.subarray(at));
      return concat(kept);
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const dropped = (isApp && !JPEG_KEPT_APP.has(marker)) || marker === 0xfe;
    if (!dropped) kept.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
