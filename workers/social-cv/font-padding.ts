/**
 * A TrueType font whose every glyph is stored at an even length, so that fontkit's subsets print.
 *
 * fontkit (through pdf-lib's `subset: true`) copies each glyph's bytes as they are and writes the
 * subset's `loca` table in its short format (offsets halved) whenever the subset is under 64 KB.
 * Noto Sans stores about a third of its glyphs at an odd length, so the halved offsets of every
 * glyph after the first odd one point one byte early: Chromium's viewer, Poppler and pdf.js then
 * draw nothing or a wrong outline for most letters, while the text layer (ToUnicode) stays right.
 * The OpenType spec allows a zero byte of padding after a glyph's data, so padding every glyph to
 * an even length (and keeping the long `loca`) changes no outline and makes the halving exact.
 */

interface TableRecord {
  tag: string;
  checksum: number;
  offset: number;
  length: number;
}

function tablesOf(view: DataView): TableRecord[] {
  const count = view.getUint16(4);
  return Array.from({ length: count }, (_, index) => {
    const at = 12 + 16 * index;
    const tag = String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
    return { tag, checksum: view.getUint32(at + 4), offset: view.getUint32(at + 8), length: view.getUint32(at + 12) };
  });
}

/** The OpenType table checksum: the sum of its big-endian 32-bit words (zero-padded), modulo 2^32. */
function checksumOf(bytes: Uint8Array) {
  const padded = new Uint8Array((bytes.length + 3) & ~3);
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}

/** `font` with every glyph padded to an even length; the same bytes when no glyph needs it. */
export function padGlyphs(font: ArrayBuffer | Uint8Array): Uint8Array {
  const bytes = font instanceof Uint8Array ? font : new Uint8Array(font);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = tablesOf(view);
  const table = (tag: string) => tables.find((record) => record.tag === tag);
  const head = table("head");
  const maxp = table("maxp");
  const loca = table("loca");
  const glyf = table("glyf");
  // A CFF font has no glyf/loca: nothing to pad.
  if (!head || !maxp || !loca || !glyf) return bytes;

  const longLoca = view.getInt16(head.offset + 50) === 1;
  const glyphCount = view.getUint16(maxp.offset + 4);
  const offsetAt = (index: number) => (longLoca ? view.getUint32(loca.offset + 4 * index) : 2 * view.getUint16(loca.offset + 2 * index));
  const starts = Array.from({ length: glyphCount + 1 }, (_, index) => offsetAt(index));
  if (starts.every((start) => start % 2 === 0)) return bytes;

  // The new glyf (each glyph followed by a zero byte when its length is odd) and a long loca.
  const glyphs: Uint8Array[] = [];
  const newLoca = new Uint8Array(4 * (glyphCount + 1));
  const locaView = new DataView(newLoca.buffer);
  let position = 0;
  for (let index = 0; index < glyphCount; index++) {
    const data = bytes.subarray(glyf.offset + starts[index], glyf.offset + starts[index + 1]);
    locaView.setUint32(4 * index, position);
    const padded = new Uint8Array(data.length + (data.length % 2));
    padded.set(data);
    glyphs.push(padded);
    position += padded.length;
  }
  locaView.setUint32(4 * glyphCount, position);
  const newGlyf = new Uint8Array(position);
  let cursor = 0;
  for (const glyph of glyphs) {
    newGlyf.set(glyph, cursor);
    cursor += glyph.length;
  }
  const newHead = bytes.slice(head.offset, head.offset + head.length);
  const headView = new DataView(newHead.buffer);
  headView.setInt16(50, 1); // indexToLocFormat: long
  headView.setUint32(8, 0); // checkSumAdjustment, set again below

  // Reassemble: the same tables in the same order, each at a 4-byte boundary.
  const contents = tables.map((record) =>
    record.tag === "glyf" ? newGlyf : record.tag === "loca" ? newLoca : record.tag === "head" ? newHead : bytes.subarray(record.offset, record.offset + record.length),
  );
  const directoryLength = 12 + 16 * tables.length;
  const total = contents.reduce((sum, content) => sum + ((content.length + 3) & ~3), directoryLength);
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  out.set(bytes.subarray(0, 12));
  let offset = directoryLength;
  tables.forEach((record, index) => {
    const content = contents[index];
    const at = 12 + 16 * index;
    out.set(bytes.subarray(at, at + 4), at);
    outView.setUint32(at + 4, checksumOf(content));
    outView.setUint32(at + 8, offset);
    outView.setUint32(at + 12, content.length);
    out.set(content, offset);
    offset += (content.length + 3) & ~3;
  });
  const headOffset = outView.getUint32(12 + 16 * tables.indexOf(head) + 8);
  outView.setUint32(headOffset + 8, (0xb1b0afba - checksumOf(out)) >>> 0);
  return out;
}
