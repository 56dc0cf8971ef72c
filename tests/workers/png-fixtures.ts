/** Hand-made image bytes for the picture tests: PNG chunks (the CRC left unchecked) and joining bytes. */

export function pngChunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  // The CRC is not checked by the metadata stripper; a fixed value keeps the fixtures short.
  view.setUint32(8 + data.length, 0xdeadbeef);
  return out;
}

export function joinBytes(...parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An IHDR chunk for a `width` by `height` 8-bit RGB image (what the pixel caps read). */
export function ihdr(width: number, height: number) {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([8, 2, 0, 0, 0], 8);
  return pngChunk("IHDR", data);
}

/** A whole PNG of `width` by `height` with `extra` chunks before its image data. */
export const pngOf = (width: number, height: number, ...extra: Uint8Array[]) =>
  joinBytes(PNG_SIGNATURE, ihdr(width, height), ...extra, pngChunk("IDAT", new Uint8Array([1, 2, 3])), pngChunk("IEND", new Uint8Array()));
