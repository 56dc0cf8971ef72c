/**
 * Image metadata removed before a picture is stored for others to see (issue 13, point 3: avatars):
 * EXIF (camera, time, GPS position), XMP, IPTC, text comments. Done on the bytes, without decoding
 * the image: the pixels stay exactly as sent. PNG keeps only the chunks that draw the image; JPEG
 * drops its APP1 to APP13 and APP15 segments (EXIF, XMP, IPTC, vendor data) and comments, keeping
 * JFIF (APP0), the ICC profile (APP2) and Adobe's colour transform (APP14). GIF drops its comment
 * and application extensions but for the looping one (NETSCAPE2.0 / ANIMEXTS1.0); WebP drops its
 * EXIF and XMP chunks and clears their flags (issue 25: every image upload, not only avatars). A
 * file whose structure does not add up is refused (null), never stored half-cleaned.
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

/** GIF application extensions that make an animation loop: kept; any other (XMP, vendor data) goes. */
const GIF_KEPT_APPLICATIONS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0"]);

export function stripGifMetadata(bytes: Uint8Array): Uint8Array | null {
  const header = String.fromCharCode(...bytes.subarray(0, 6));
  if (bytes.length < 13 || (header !== "GIF87a" && header !== "GIF89a")) return null;
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colourTable(bytes[10]);
  if (at > bytes.length) return null;
  const kept: Uint8Array[] = [bytes.subarray(0, at)];
  /** Where the data sub-blocks starting at `from` end (after their 0 terminator), or -1. */
  const subBlocksEnd = (from: number) => {
    let p = from;
    while (p < bytes.length && bytes[p] !== 0) p += bytes[p] + 1;
    return p < bytes.length ? p + 1 : -1;
  };
  while (at < bytes.length) {
    const introducer = bytes[at];
    if (introducer === 0x3b) {
      kept.push(bytes.subarray(at, at + 1));
      return concat(kept);
    }
    if (introducer === 0x2c) {
      // Image descriptor (10 bytes), local colour table, LZW code size, then the image's sub-blocks.
      if (at + 11 > bytes.length) return null;
      const end = subBlocksEnd(at + 10 + colourTable(bytes[at + 9]) + 1);
      if (end < 0) return null;
      kept.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    if (introducer !== 0x21 || at + 2 > bytes.length) return null;
    const label = bytes[at + 1];
    const end = subBlocksEnd(at + 2);
    if (end < 0) return null;
    const application = label === 0xff && bytes[at + 2] === 11 ? String.fromCharCode(...bytes.subarray(at + 3, at + 14)) : null;
    // Comments (0xFE) and application data (0xFF) carry metadata; graphic control and plain text draw.
    const dropped = label === 0xfe || (label === 0xff && !GIF_KEPT_APPLICATIONS.has(application ?? ""));
    if (!dropped) kept.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

/** WebP chunks that carry metadata; VP8X's flags for them (XMP 0x04, EXIF 0x08) are cleared. */
const WEBP_DROPPED = new Set(["EXIF", "XMP "]);

export function stripWebpMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 20 || String.fromCharCode(...bytes.subarray(0, 4)) !== "RIFF" || String.fromCharCode(...bytes.subarray(8, 12)) !== "WEBP") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length) return null;
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) return null;
    const type = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    // Chunks are padded to an even size.
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd + (size % 2)) return null;
    if (type === "VP8X") {
      const chunk = bytes.slice(at, Math.min(end, riffEnd));
      chunk[8] &= ~0x0c;
      kept.push(chunk);
    } else if (!WEBP_DROPPED.has(type)) kept.push(bytes.subarray(at, Math.min(end, riffEnd)));
    at = end;
  }
  const body = concat(kept);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
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
