/**
 * The offline basemap (public/basemap/world.pmtiles, built by scripts/build-basemap.mjs) read back
 * with the `pmtiles` decoder the browser uses, and its tiles decoded with the vector-tile parser
 * maplibre uses (@mapbox/vector-tile, a dependency of maplibre-gl).
 */
import { VectorTile } from "@mapbox/vector-tile";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { PbfReader } from "pbf";
import { Compression, PMTiles, TileType, zxyToTileId, type Source } from "pmtiles";
import { describe, expect, it } from "vitest";
import { tileId, writeArchive } from "../../scripts/build-basemap.mjs";

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

  it("moves entries to leaf directories when the root would not fit in 16 KiB, and runs identical tiles together", async () => {
    const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
    // Tiles are gzip-compressed in the archive (the header says so); gzip is deterministic here.
    const same = gzipSync(new Uint8Array([7, 7, 7]));
    for (let x = 0; x < 256; x++) {
      for (let y = 0; y < 256; y++) {
        // Every third tile is distinct content; the rest share one blob.
        const distinct = (x * 256 + y) % 3 === 0;
        tiles.push({ z: 8, x, y, data: distinct ? gzipSync(new Uint8Array([x, y, 1])) : same });
      }
    }
    const bytes = new Uint8Array(writeArchive(tiles, { vector_layers: [] }));
    const { source } = memorySource(bytes);
    const pm = new PMTiles(source);
    const header = await pm.getHeader();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryLength + 127).toBeLessThanOrEqual(16384);
    expect(header.numAddressedTiles).toBe(65536);
    expect(header.numTileContents).toBe(Math.ceil(65536 / 3) + 1);
    for (const [x, y] of [
      [0, 0],
      [0, 1],
      [255, 255],
      [17, 200],
      [128, 3],
    ]) {
      const tile = await pm.getZxy(8, x, y);
      const expected = (x * 256 + y) % 3 === 0 ? [x, y, 1] : [7, 7, 7];
      expect([...new Uint8Array(tile!.data)], `8/${x}/${y}`).toEqual(expected);
    }
    expect(await pm.getZxy(7, 0, 0)).toBeUndefined();
  });
});
