/**
 * The offline basemap (public/basemap/world.pmtiles, built by scripts/build-basemap.mjs) read back
 * with the `pmtiles` decoder the browser uses, and its tiles decoded with the vector-tile parser
 * maplibre uses (@mapbox/vector-tile, a dependency of maplibre-gl).
 */
import { VectorTile } from "@mapbox/vector-tile";
import { validateStyleMin } from "@maplibre/maplibre-gl-style-spec";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { PbfReader } from "pbf";
import { Compression, PMTiles, TileType, zxyToTileId, type Source } from "pmtiles";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { BASEMAP_COLORS, DEFAULT_BASEMAP_URL, basemapStyle } from "../../app/components/map/basemap-style";
import { tileId, writeArchive } from "../../scripts/build-basemap.mjs";
import { basemapRoutes, parseRange } from "../../workers/basemap";
import type { AppEnv } from "../../workers/types";

const ARCHIVE = new URL("../../public/basemap/world.pmtiles", import.meta.url);

/** A pmtiles Source over bytes in memory; counts the reads so tests can see what a client fetches. */
function memorySource(bytes: Uint8Array) {
  const reads: { offset: number; length: number }[] = [];
  const source: Source = {
    getKey: () => "memory",
    async getBytes(offset, length) {
      reads.push({ offset, length });
      return { data: bytes.slice(offset, offset + length).buffer };
    },
  };
  return { source, reads };
}

function layersOf(data: ArrayBuffer) {
  return new VectorTile(new PbfReader(new Uint8Array(data))).layers;
}

describe("offline basemap archive", () => {
  const bytes = new Uint8Array(readFileSync(ARCHIVE));
  const archive = () => new PMTiles(memorySource(bytes).source);

  it("is a small PMTiles v3 archive of gzip-compressed vector tiles, zooms 0 to 6", async () => {
    expect(bytes.length).toBeLessThan(4 * 1024 * 1024);
    expect(new TextDecoder().decode(bytes.slice(0, 7))).toBe("PMTiles");
    const header = await archive().getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      rootDirectoryOffset: 127,
      tileType: TileType.Mvt,
      tileCompression: Compression.Gzip,
      internalCompression: Compression.Gzip,
      clustered: true,
      minZoom: 0,
      maxZoom: 6,
      minLon: -180,
      maxLon: 180,
    });
    // The root directory is within the first 16 KiB, as clients fetch that much first.
    expect(header.rootDirectoryOffset + header.rootDirectoryLength).toBeLessThanOrEqual(16384);
    expect(header.tileDataOffset + (header.tileDataLength ?? 0)).toBe(bytes.length);
    expect(header.numTileContents).toBeLessThanOrEqual(header.numAddressedTiles);
  });

  it("describes its layers and credits Natural Earth", async () => {
    const metadata = (await archive().getMetadata()) as { attribution: string; vector_layers: { id: string }[] };
    expect(metadata.attribution).toContain("Natural Earth");
    expect(metadata.vector_layers.map((layer) => layer.id)).toEqual(["earth", "boundaries"]);
  });

  it("has the whole world at zoom 0 as MVT with land polygons and border lines", async () => {
    const tile = await archive().getZxy(0, 0, 0);
    expect(tile).toBeDefined();
    const layers = layersOf(tile!.data);
    expect(Object.keys(layers).sort()).toEqual(["boundaries", "earth"]);
    expect(layers.earth.extent).toBe(4096);
    expect(layers.earth.length).toBeGreaterThan(0);
    expect(layers.earth.feature(0).type).toBe(3); // polygon
    expect(layers.boundaries.feature(0).type).toBe(2); // line
  });

  it("has land at zoom 6 around Madrid, Lisbon and São Paulo (the demo initiatives), and no tile in open sea", async () => {
    const pm = archive();
    // Zoom 6 tiles holding the three cities, and one in the middle of the South Atlantic.
    for (const [x, y] of [
      [31, 24], // Madrid
      [30, 24], // Lisbon
      [23, 36], // São Paulo
    ]) {
      const tile = await pm.getZxy(6, x, y);
      expect(tile, `6/${x}/${y}`).toBeDefined();
      expect(layersOf(tile!.data).earth.length).toBeGreaterThan(0);
    }
    expect(await pm.getZxy(6, 28, 38)).toBeUndefined();
  });

  it("closes Antarctica at the pole instead of drawing a band across the world", async () => {
    // The bottom-left zoom-2 tile is all Antarctica below its coast: the polygon reaches the tile's bottom edge.
    const tile = await archive().getZxy(2, 0, 3);
    const earth = layersOf(tile!.data).earth;
    const bottom = Math.max(...earth.feature(0).loadGeometry().flat().map((point) => point.y));
    expect(bottom).toBeGreaterThanOrEqual(4096);
  });
});

describe("PMTiles writer", () => {
  it("numbers tiles along the Hilbert curve as the spec (and the decoder) does", () => {
    for (const [z, x, y] of [
      [0, 0, 0],
      [1, 1, 0],
      [3, 5, 2],
      [6, 31, 24],
      [12, 2047, 1362],
      [20, 500000, 300000],
    ]) {
      expect(tileId(z, x, y)).toBe(zxyToTileId(z, x, y));
    }
  });

  it("moves entries to leaf directories when the root would not fit, and runs identical tiles together", async () => {
    const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
    // Tiles are gzip-compressed in the archive (the header says so); gzip is deterministic here.
    const same = gzipSync(new Uint8Array([7, 7, 7]));
    const distinct = (x: number, y: number) => (x * 64 + y) % 3 === 0;
    for (let x = 0; x < 64; x++) {
      for (let y = 0; y < 64; y++) {
        // Every third tile has content of its own; the rest share one blob.
        tiles.push({ z: 6, x, y, data: distinct(x, y) ? gzipSync(new Uint8Array([x, y, 1])) : same });
      }
    }
    // A 400-byte root limit stands for the real 16 KiB one, so few tiles need several leaves.
    const bytes = new Uint8Array(writeArchive(tiles, { vector_layers: [] }, { rootLimit: 400, leafSize: 256 }));
    const pm = new PMTiles(memorySource(bytes).source);
    const header = await pm.getHeader();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryLength + 127).toBeLessThanOrEqual(400);
    expect(header.numAddressedTiles).toBe(4096);
    expect(header.numTileContents).toBe(Math.ceil(4096 / 3) + 1);
    expect(header.numTileEntries).toBeLessThan(4096);
    for (const [x, y] of [
      [0, 0],
      [0, 1],
      [63, 63],
      [17, 40],
      [32, 3],
    ]) {
      const tile = await pm.getZxy(6, x, y);
      expect([...new Uint8Array(tile!.data)], `6/${x}/${y}`).toEqual(distinct(x, y) ? [x, y, 1] : [7, 7, 7]);
    }
    expect(await pm.getZxy(5, 0, 0)).toBeUndefined();
  });
});

describe("the /basemap route (Range requests for PMTiles clients)", () => {
  const bytes = new Uint8Array(readFileSync(ARCHIVE));
  const ETAG = '"v1"';
  let assetReads = 0;
  const env = {
    ASSETS: {
      async fetch(request: Request) {
        const url = new URL(request.url);
        if (url.pathname !== "/basemap/world.pmtiles") return new Response("not found", { status: 404 });
        if (request.headers.get("if-none-match") === ETAG) return new Response(null, { status: 304 });
        assetReads++;
        return new Response(bytes, { headers: { etag: ETAG } });
      },
    },
  };
  const app = new Hono<AppEnv>().route("/basemap", basemapRoutes).all("*", (c) => c.text("fallback", 404));
  const get = (path: string, headers: Record<string, string> = {}, method = "GET", bindings: object = env) =>
    app.request(`http://localhost${path}`, { method, headers }, bindings as AppEnv["Bindings"]);

  it("answers a range with 206, the bytes, Content-Range and the archive's type", async () => {
    const response = await get("/basemap/world.pmtiles", { range: "bytes=0-16383" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 0-16383/${bytes.length}`);
    expect(response.headers.get("content-length")).toBe("16384");
    expect(response.headers.get("content-type")).toBe("application/vnd.pmtiles");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toBe(ETAG);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice(0, 16384));
  });

  it("reads the asset once per isolate and revalidates it by ETag", async () => {
    const before = assetReads;
    await get("/basemap/world.pmtiles", { range: "bytes=10-19" });
    await get("/basemap/world.pmtiles", { range: "bytes=20-29" });
    expect(assetReads).toBe(before);
  });

  it("handles open, suffix, oversized and unsatisfiable ranges, HEAD, If-None-Match and no range", async () => {
    const size = bytes.length;
    const open = await get("/basemap/world.pmtiles", { range: `bytes=${size - 10}-` });
    expect([open.status, open.headers.get("content-range")]).toEqual([206, `bytes ${size - 10}-${size - 1}/${size}`]);
    const suffix = await get("/basemap/world.pmtiles", { range: "bytes=-5" });
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(size - 5));
    const oversized = await get("/basemap/world.pmtiles", { range: `bytes=${size - 2}-${size + 100}` });
    expect(oversized.headers.get("content-length")).toBe("2");
    const beyond = await get("/basemap/world.pmtiles", { range: `bytes=${size}-` });
    expect([beyond.status, beyond.headers.get("content-range")]).toEqual([416, `bytes */${size}`]);
    const head = await get("/basemap/world.pmtiles", { range: "bytes=0-99" }, "HEAD");
    expect([head.status, head.headers.get("content-length"), (await head.arrayBuffer()).byteLength]).toEqual([206, "100", 0]);
    expect((await get("/basemap/world.pmtiles", { "if-none-match": ETAG })).status).toBe(304);
    const whole = await get("/basemap/world.pmtiles", { range: "bytes=0-1,5-9" });
    expect([whole.status, whole.headers.get("content-length")]).toEqual([200, String(size)]);
    const stale = await get("/basemap/world.pmtiles", { range: "bytes=0-9", "if-range": '"v0"' });
    expect(stale.status).toBe(200);
  });

  it("leaves other paths and missing archives to the next handler", async () => {
    expect(await (await get("/basemap/style.json")).text()).toBe("fallback");
    expect(await (await get("/basemap/missing.pmtiles")).text()).toBe("fallback");
  });

  it("serves from the BASEMAP R2 bucket when one is bound", async () => {
    const reads: unknown[] = [];
    const bucket = {
      async head(key: string) {
        return key === "planet.pmtiles" ? { size: bytes.length, httpEtag: '"r2"' } : null;
      },
      async get(_key: string, options: { range?: { offset: number; length: number } }) {
        reads.push(options.range);
        const { offset, length } = options.range!;
        return { body: new Response(bytes.slice(offset, offset + length)).body };
      },
    };
    const response = await get("/basemap/planet.pmtiles", { range: "bytes=127-226" }, "GET", { ...env, BASEMAP: bucket });
    expect(response.status).toBe(206);
    expect(response.headers.get("etag")).toBe('"r2"');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice(127, 227));
    expect(reads).toEqual([{ offset: 127, length: 100 }]);
    // Not in the bucket: the static assets answer.
    const fallback = await get("/basemap/world.pmtiles", { range: "bytes=0-9" }, "GET", { ...env, BASEMAP: bucket });
    expect(fallback.status).toBe(206);
  });

  it("is what the pmtiles client needs: it reads the archive through the route", async () => {
    const fetchThroughRoute = (input: RequestInfo | URL, init?: RequestInit) =>
      app.request(String(input), init, env as unknown as AppEnv["Bindings"]);
    vi.stubGlobal("fetch", fetchThroughRoute);
    try {
      const pm = new PMTiles("http://localhost/basemap/world.pmtiles");
      expect((await pm.getHeader()).maxZoom).toBe(6);
      const tile = await pm.getZxy(0, 0, 0);
      expect(Object.keys(layersOf(tile!.data))).toContain("earth");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("parseRange", () => {
  it.each([
    [undefined, null],
    ["bytes=0-9", { start: 0, end: 9 }],
    ["bytes=5-", { start: 5, end: 99 }],
    ["bytes=-10", { start: 90, end: 99 }],
    ["bytes=-200", { start: 0, end: 99 }],
    ["bytes=90-500", { start: 90, end: 99 }],
    ["bytes=100-", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=9-5", null],
    ["bytes=-", null],
    ["items=0-9", null],
    ["bytes=0-1,4-5", null],
  ])("%s of 100 bytes -> %o", (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe("basemap style", () => {
  const style = basemapStyle(DEFAULT_BASEMAP_URL, "http://acme.localhost:8787/initiative/clean-up");

  it("reads the archive through the pmtiles protocol with an absolute URL", () => {
    expect(style.sources.basemap).toEqual({ type: "vector", url: "pmtiles://http://acme.localhost:8787/basemap/world.pmtiles" });
  });

  it("is a valid maplibre style that draws the offline basemap's layers", async () => {
    // The validator of maplibre's style specification (a dependency of maplibre-gl).
    expect(validateStyleMin(style)).toEqual([]);
    const sourceLayers = new Set(style.layers.map((layer) => ("source-layer" in layer ? layer["source-layer"] : undefined)));
    expect(sourceLayers).toContain("earth");
    expect(sourceLayers).toContain("boundaries");
    expect(style.layers[0]).toMatchObject({ type: "background", paint: { "background-color": BASEMAP_COLORS.water } });
  });
});
