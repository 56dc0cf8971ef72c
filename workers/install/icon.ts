/**
 * The installed app's icon (decision 046): a square PNG in the organisation's brand colour with a
 * ring and a dot in its readable colour, inside the centre 60% so a maskable crop keeps it whole.
 * Drawn and encoded here (PNG: RGB, no filter, zlib through CompressionStream), so installing needs
 * no image service and no library; the uploaded logo has any shape and format, and a Worker has no
 * decoder to scale it to the exact square sizes installability asks for.
 */
import { HEX_COLOUR, readableOn } from "../../app/domain/contrast";

export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];
export const DEFAULT_BRAND = "#1d4ed8";

/** The organisation's brand colour when it is a plain hex colour (as app/lib/theme.ts accepts it), else the default. */
export function brandColour(theme: Record<string, string> | undefined): string {
  const primary = theme?.primary;
  return primary && HEX_COLOUR.test(primary) ? expandHex(primary) : DEFAULT_BRAND;
}

const expandHex = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join("")}` : hex.toLowerCase());
const rgbOf = (hex: string) => [1, 3, 5].map((at) => parseInt(expandHex(hex).slice(at, at + 2), 16));

/** RGB pixels, one filter byte (0) before each row, as PNG's IDAT wants them before compression. */
function drawRows(size: number, background: string): Uint8Array<ArrayBuffer> {
  const [br, bg, bb] = rgbOf(background);
  const [fr, fg, fb] = rgbOf(readableOn(background));
  const rows = new Uint8Array(size * (size * 3 + 1));
  const centre = size / 2;
  // Ring from 0.2 to 0.28 of the size, dot of 0.09: all within the maskable safe zone (radius 0.4).
  const ring = [size * 0.2, size * 0.28];
  const dot = size * 0.09;
  let at = 0;
  for (let y = 0; y < size; y++) {
    rows[at++] = 0;
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      // Coverage of the mark at this pixel, with a one-pixel soft edge.
      const clamp = (value: number) => Math.max(0, Math.min(1, value));
      const cover = Math.max(clamp(Math.min(distance - ring[0], ring[1] - distance) + 0.5), clamp(dot - distance + 0.5));
      rows[at++] = Math.round(br + (fr - br) * cover);
      rows[at++] = Math.round(bg + (fg - bg) * cover);
      rows[at++] = Math.round(bb + (fb - bb) * cover);
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function iconPng(size: number, background: string): Promise<Uint8Array> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method variants, no interlace
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", await deflate(drawRows(size, background))), chunk("IEND", new Uint8Array())];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
