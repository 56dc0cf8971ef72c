/**
 * An image's size in pixels, read from its header without decoding it (issue 25, point 5): an
 * upload of a few kilobytes can declare a picture of 60,000 by 60,000 pixels, which every browser
 * that shows it has to decode. PNG (IHDR), JPEG (its frame header, SOFn), GIF (the logical screen
 * and every frame) and WebP (VP8X canvas, VP8 or VP8L frame). Null when the header cannot be read.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** The caps (docs/api/initiatives.md, "Images"): 40 megapixels, and no side over 10,000 pixels. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 10_000;

export const withinImageCaps = ({ width, height }: ImageSize) => width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE && width * height <= IMAGE_MAX_PIXELS;

const text = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

function pngSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 24 || text(bytes, 12, 4) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The SOFn markers (frame headers) of JPEG: C0-C3, C5-C7, C9-CB, CD-CF. */
const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view.getUint16(at + 2);
    if (isFrameHeader(marker)) return at + 9 <= bytes.length ? { height: view.getUint16(at + 5), width: view.getUint16(at + 7) } : null;
    at += 2 + length;
  }
  return null;
}

function gifSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 10) return null;
  const size = { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  // A frame may reach past the logical screen: the largest extent counts.
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colourTable(bytes[10]);
  const skipSubBlocks = (from: number) => {
    let p = from;
    while (p < bytes.length && bytes[p] !== 0) p += bytes[p] + 1;
    return p + 1;
  };
  while (at < bytes.length && bytes[at] !== 0x3b) {
    if (bytes[at] === 0x2c) {
      if (at + 10 > bytes.length) return null;
      size.width = Math.max(size.width, view.getUint16(at + 1, true) + view.getUint16(at + 5, true));
      size.height = Math.max(size.height, view.getUint16(at + 3, true) + view.getUint16(at + 7, true));
      at = skipSubBlocks(at + 10 + colourTable(bytes[at + 9]) + 1);
    } else if (bytes[at] === 0x21) {
      at = skipSubBlocks(at + 2);
    } else return null;
  }
  return size;
}

const uint24 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 25) return null;
  const chunk = text(bytes, 12, 4);
  const data = 20;
  if (chunk !== "VP8L" && bytes.length < 30) return null;
  if (chunk === "VP8X") return { width: uint24(bytes, data + 4) + 1, height: uint24(bytes, data + 7) + 1 };
  if (chunk === "VP8 ") {
    // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit width and height.
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return null;
    return { width: view.getUint16(data + 6, true) & 0x3fff, height: view.getUint16(data + 8, true) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (bytes[data] !== 0x2f) return null;
    const bits = view.getUint32(data + 1, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** The image's size by its type (as workers/files/sniff.ts named it), or null. */
export function imageSize(bytes: Uint8Array, mimetype: string): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (mimetype) {
    case "image/png":
      return pngSize(bytes, view);
    case "image/jpeg":
      return jpegSize(bytes, view);
    case "image/gif":
      return gifSize(bytes, view);
    case "image/webp":
      return webpSize(bytes, view);
    default:
      return null;
  }
}
