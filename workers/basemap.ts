/**
 * GET and HEAD /basemap/{name}.pmtiles with HTTP Range requests (docs/maps.md).
 *
 * A PMTiles client reads an archive by byte ranges: 16 KiB of header and root directory, then one
 * range per directory or tile. The static assets binding answers a Range request with the whole
 * file (200), which the client rejects, so the basemap goes through this route:
 *
 * - from the optional R2 bucket `BASEMAP` (key: the file name) when it is bound: where a full
 *   Protomaps build lives in production (R2 reads just the range);
 * - else from the static assets (public/basemap/, the small offline basemap): the file is read once
 *   per isolate, revalidated with its ETag, and sliced.
 *
 * Single ranges only (`bytes=a-b`, `bytes=a-`, `bytes=-n`); anything else gets the whole file, as
 * HTTP allows. Mount before the static-asset catch-all: `app.route("/basemap", basemapRoutes)`.
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "./types";

const FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.pmtiles$/;
const CONTENT_TYPE = "application/vnd.pmtiles";
/** Tiles change only with a new archive, and the client recovers from a changed ETag by itself. */
const CACHE_CONTROL = "public, max-age=86400";

export type ByteRange = { start: number; end: number };

/**
 * The single byte range a `Range` header asks of a file of `size` bytes: `null` for the whole file
 * (no header, several ranges, another unit or a malformed value), `"unsatisfiable"` for 416.
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== "" && Number(match[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

function headersFor(etag: string | null, length: number) {
  const headers = new Headers({
    "content-type": CONTENT_TYPE,
    "content-length": String(length),
    "accept-ranges": "bytes",
    "cache-control": CACHE_CONTROL,
  });
  if (etag) headers.set("etag", etag);
  return headers;
}

function etagMatches(header: string | undefined, etag: string | null) {
  if (!header || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** 304, 416, 206 or 200 for a file of `size` bytes; `read` gives the bytes of a range (or of all). */
async function answer(
  c: Context<AppEnv>,
  size: number,
  etag: string | null,
  read: (range: ByteRange | null) => Promise<BodyInit>,
): Promise<Response> {
  if (etagMatches(c.req.header("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers: { etag: etag!, "cache-control": CACHE_CONTROL } });
  }
  // If-Range with another version: the client's earlier ranges are stale, so send everything.
  const ifRange = c.req.header("if-range");
  const rangeHeader = ifRange && !etagMatches(ifRange, etag) ? null : c.req.header("range");
  const range = parseRange(rangeHeader, size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}`, "accept-ranges": "bytes" } });
  }
  const head = c.req.method === "HEAD";
  if (!range) return new Response(head ? null : await read(null), { status: 200, headers: headersFor(etag, size) });
  const headers = headersFor(etag, range.end - range.start + 1);
  headers.set("content-range", `bytes ${range.start}-${range.end}/${size}`);
  return new Response(head ? null : await read(range), { status: 206, headers });
}

async function fromBucket(c: Context<AppEnv>, bucket: R2Bucket, key: string) {
  const object = await bucket.head(key);
  if (!object) return null;
  return answer(c, object.size, object.httpEtag, async (range) => {
    const body = await bucket.get(key, range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : {});
    if (!body) throw new Error(`basemap ${key} disappeared while being read`);
    return body.body;
  });
}

/** The archive from the static assets, per isolate; revalidated by ETag so a rebuilt file is seen. */
const assetCache = new Map<string, { etag: string | null; bytes: ArrayBuffer }>();

async function fromAssets(c: Context<AppEnv>, path: string) {
  const url = new URL(path, c.req.url);
  const cached = assetCache.get(url.pathname);
  const headers = new Headers();
  if (cached?.etag) headers.set("if-none-match", cached.etag);
  const response = await c.env.ASSETS.fetch(new Request(url, { headers }));
  let entry = cached;
  if (response.status === 304 && cached) {
    await response.body?.cancel();
  } else if (response.ok) {
    entry = { etag: response.headers.get("etag"), bytes: await response.arrayBuffer() };
    assetCache.set(url.pathname, entry);
  } else {
    await response.body?.cancel();
    return null;
  }
  const { bytes, etag } = entry!;
  return answer(c, bytes.byteLength, etag, async (range) => (range ? bytes.slice(range.start, range.end + 1) : bytes));
}

export const basemapRoutes = new Hono<AppEnv>().on(["GET", "HEAD"], "/:file", async (c, next) => {
  const file = c.req.param("file");
  if (!FILE.test(file)) return next();
  const bucket = c.env.BASEMAP;
  const response = (bucket ? await fromBucket(c, bucket, file) : null) ?? (await fromAssets(c, `/basemap/${file}`));
  return response ?? next();
});
