/**
 * Metadata removal and pixel sizes for every image type an upload may be (issue 25, point 5):
 * GIF and WebP beside PNG and JPEG, sizes read from each header, and the caps.
 */
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, imageSize, withinImageCaps } from "../../workers/files/image-size";
import { stripGifMetadata, stripWebpMetadata } from "../../workers/files/strip-metadata";

const text = (value: string) => new TextEncoder().encode(value);
const join = (...parts: (Uint8Array | number[])[]) => {
  const chunks = parts.map((part) => (part instanceof Uint8Array ? part : Uint8Array.from(part)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
};
const le16 = (n: number) => [n & 255, n >> 8];
const decoded = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

/** A GIF89a of `width` by `height`: a comment, an XMP application block, the looping block, one frame. */
function gif(width: number, height: number) {
  const subBlocks = (data: Uint8Array) => join([data.length], data, [0]);
  return join(
    text("GIF89a"),
    [...le16(width), ...le16(height), 0x80, 0, 0],
    new Uint8Array(6), // a global colour table of 2 entries
    [0x21, 0xfe], subBlocks(text("comment-secret")),
    [0x21, 0xff, 11], text("XMP DataXMP"), subBlocks(text("<x:xmpmeta>GPS-secret</x:xmpmeta>")),
    [0x21, 0xff, 11], text("NETSCAPE2.0"), [3, 1, 0, 0, 0],
    [0x21, 0xf9, 4, 0, 0, 0, 0, 0],
    [0x2c, 0, 0, 0, 0, ...le16(width), ...le16(height), 0],
    [2], subBlocks(new Uint8Array([0x44, 0x01])),
    [0x3b],
  );
}

function riffChunk(type: string, data: Uint8Array) {
  const size = data.length;
  return join(text(type), [size & 255, (size >> 8) & 255, (size >> 16) & 255, size >>> 24], data, size % 2 ? [0] : []);
}
function webp(...chunks: Uint8Array[]) {
  const body = join(text("WEBP"), ...chunks);
  return join(text("RIFF"), [body.length & 255, (body.length >> 8) & 255, (body.length >> 16) & 255, body.length >>> 24], body);
}
const uint24 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255];
const vp8x = (width: number, height: number, flags = 0x0c) => riffChunk("VP8X", Uint8Array.from([flags, 0, 0, 0, ...uint24(width - 1), ...uint24(height - 1)]));

describe("GIF", () => {
  it("loses comments and application data but keeps looping and the frames", () => {
    const clean = stripGifMetadata(gif(640, 480))!;
    expect(clean).not.toBeNull();
    expect(decoded(clean)).not.toContain("comment-secret");
    expect(decoded(clean)).not.toContain("GPS-secret");
    expect(decoded(clean)).toContain("NETSCAPE2.0");
    expect(clean[clean.length - 1]).toBe(0x3b);
    expect(imageSize(clean, "image/gif")).toEqual({ width: 640, height: 480 });
  });
  it("refuses a file whose blocks do not add up", () => {
    expect(stripGifMetadata(gif(10, 10).subarray(0, 40))).toBeNull();
    expect(stripGifMetadata(text("GIF89a not really"))).toBeNull();
  });
  it("counts a frame larger than the logical screen", () => {
    const bytes = gif(10, 10);
    // The frame's descriptor: width and height at its bytes 5 to 8.
    const frame = bytes.lastIndexOf(0x2c, bytes.length - 8);
    bytes.set([...le16(20_000), ...le16(20_000)], frame + 5);
    expect(imageSize(bytes, "image/gif")).toEqual({ width: 20_000, height: 20_000 });
  });
});

describe("WebP", () => {
  it("loses its EXIF and XMP chunks, clears their flags and fixes the RIFF size", () => {
    const bytes = webp(vp8x(300, 200), riffChunk("VP8L", Uint8Array.from([0x2f, 0, 0, 0, 0])), riffChunk("EXIF", text("GPS-secret")), riffChunk("XMP ", text("xmp-secret!")));
    const clean = stripWebpMetadata(bytes)!;
    expect(decoded(clean)).not.toContain("GPS-secret");
    expect(decoded(clean)).not.toContain("xmp-secret");
    expect(clean[20] & 0x0c).toBe(0);
    expect(new DataView(clean.buffer).getUint32(4, true)).toBe(clean.length - 8);
    expect(imageSize(clean, "image/webp")).toEqual({ width: 300, height: 200 });
  });
  it("reads lossy and lossless frame sizes", () => {
    const lossy = webp(riffChunk("VP8 ", Uint8Array.from([0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(1920), ...le16(1080), 0, 0])));
    expect(imageSize(lossy, "image/webp")).toEqual({ width: 1920, height: 1080 });
    // VP8L: 14 bits of width - 1, then 14 bits of height - 1.
    const bits = (800 - 1) | ((600 - 1) << 14);
    const lossless = webp(riffChunk("VP8L", Uint8Array.from([0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, bits >>> 24])));
    expect(imageSize(lossless, "image/webp")).toEqual({ width: 800, height: 600 });
  });
  it("refuses a file whose chunks do not add up", () => {
    expect(stripWebpMetadata(webp(vp8x(10, 10)).subarray(0, 25))).toBeNull();
  });
});

describe("the caps", () => {
  it("allow up to 10,000 pixels a side and 40 megapixels", () => {
    expect(withinImageCaps({ width: IMAGE_MAX_SIDE, height: 4_000 })).toBe(true);
    expect(withinImageCaps({ width: IMAGE_MAX_SIDE + 1, height: 1 })).toBe(false);
    expect(withinImageCaps({ width: 1, height: IMAGE_MAX_SIDE + 1 })).toBe(false);
    expect(withinImageCaps({ width: 8_000, height: 5_001 })).toBe(false);
    expect(8_000 * 5_000).toBe(IMAGE_MAX_PIXELS);
    expect(withinImageCaps({ width: 8_000, height: 5_000 })).toBe(true);
  });
});
