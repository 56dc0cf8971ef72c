#!/usr/bin/env node
/**
 * Builds the offline basemap shipped with the app, public/basemap/world.pmtiles (docs/maps.md):
 *
 *   node scripts/build-basemap.mjs [output file]
 *
 * Source: Natural Earth (public domain) from the `world-atlas` package: land polygons and the
 * borders between countries. They are cut into Mapbox Vector Tiles (geojson-vt, vt-pbf) for zooms
 * 0 to MAX_ZOOM, each zoom from the coarsest Natural Earth scale that still looks right there, and
 * written as a PMTiles version 3 archive by the writer below (header, gzip-compressed root
 * directory, leaf directories only if the root would not fit in the first 16 KiB, JSON metadata,
 * gzip-compressed tiles, identical tiles stored once and run-length encoded).
 *
 * Layers: `earth` (land, polygons) and `boundaries` (country borders, lines). Water is whatever is
 * not land: the style paints it as the background. Beyond MAX_ZOOM, maplibre overzooms the last
 * level (the style sets the source's maxzoom).
 *
 * The built file is committed, so `npm start` and the build need no extra step; run this script
 * again only when changing the zoom range, the layers or the world-atlas version. The output is
 * deterministic for a given Node.js (zlib) and package set.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import GeoJSONVT from "geojson-vt";
import { feature, mesh } from "topojson-client";
import vtpbf from "vt-pbf";

const require = createRequire(import.meta.url);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const output = resolve(process.argv[2] ?? `${repoRoot}/public/basemap/world.pmtiles`);

export const MAX_ZOOM = 6;
const EXTENT = 4096;
/** Which Natural Earth scale serves which zooms (a finer one is heavier and adds nothing when small). */
const SCALES = [
  { scale: "110m", minZoom: 0, maxZoom: 1 },
  { scale: "50m", minZoom: 2, maxZoom: 4 },
  { scale: "10m", minZoom: 5, maxZoom: MAX_ZOOM },
];
const MERCATOR_MAX_LAT = 85.0511287798066;
const ATTRIBUTION = "Natural Earth";

// ---------------------------------------------------------------------------------------------
// Natural Earth -> GeoJSON in a plane (maplibre and geojson-vt draw straight lines between points)
// ---------------------------------------------------------------------------------------------

/**
 * world-atlas is meant for spherical drawing: a ring may cross the antimeridian (Russia, Fiji) or
 * go round a pole (Antarctica). Make each ring continuous in longitude (geojson-vt copies what
 * lies beyond ±180 to the other side), and close a ring that goes round the world through the pole
 * it encloses.
 */
function planarRing(ring) {
  const out = [[ring[0][0], ring[0][1]]];
  let shift = 0;
  for (let i = 1; i < ring.length; i++) {
    const [lon, lat] = ring[i];
    const previous = ring[i - 1][0];
    if (lon - previous > 180) shift -= 360;
    else if (lon - previous < -180) shift += 360;
    out.push([lon + shift, lat]);
  }
  if (shift !== 0) {
    // The ring went once round the world: it encloses a pole. Run down to it and back.
    const first = out[0];
    const last = out[out.length - 1];
    const meanLat = out.reduce((sum, point) => sum + point[1], 0) / out.length;
    const pole = meanLat < 0 ? -90 : 90;
    out.push([last[0], pole], [first[0], pole], [first[0], first[1]]);
  }
  return out;
}

function planarLine(line) {
  return planarRing(line).slice(0, line.length);
}

function clampLat(coordinates) {
  return coordinates.map(([lon, lat]) => [lon, Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat))]);
}

function landOf(scale) {
  const topology = require(`world-atlas/land-${scale}.json`);
  const land = feature(topology, topology.objects.land);
  const polygons = [];
  for (const item of land.features) {
    const geometry = item.geometry;
    const parts = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
    for (const rings of parts) polygons.push(rings.map((ring) => clampLat(planarRing(ring))));
  }
  return {
    type: "FeatureCollection",
    features: [{ type: "Feature", properties: {}, geometry: { type: "MultiPolygon", coordinates: polygons } }],
  };
}

function boundariesOf(scale) {
  const topology = require(`world-atlas/countries-${scale}.json`);
  // Arcs shared by two different countries: land borders (coastlines are the land's edge).
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: { kind: "country" },
        geometry: { type: "MultiLineString", coordinates: borders.coordinates.map((line) => clampLat(planarLine(line))) },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Tiles
// ---------------------------------------------------------------------------------------------

function* tilesOf({ scale, minZoom, maxZoom }) {
  const options = { maxZoom, indexMaxZoom: maxZoom, extent: EXTENT, buffer: 64, tolerance: 3 };
  const layers = { earth: new GeoJSONVT(landOf(scale), options), boundaries: new GeoJSONVT(boundariesOf(scale), options) };
  for (let z = minZoom; z <= maxZoom; z++) {
    const size = 2 ** z;
    for (let x = 0; x < size; x++) {
      for (let y = 0; y < size; y++) {
        const content = {};
        for (const [name, index] of Object.entries(layers)) {
          const tile = index.getTile(z, x, y);
          if (tile && tile.features.length > 0) content[name] = tile;
        }
        // No land and no border: open sea, left out (a missing tile draws as the background).
        if (Object.keys(content).length === 0) continue;
        const mvt = vtpbf.fromGeojsonVt(content, { version: 2, extent: EXTENT });
        yield { z, x, y, data: gzipSync(mvt, { level: 9 }) };
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// PMTiles v3 writer
// ---------------------------------------------------------------------------------------------

const HEADER_BYTES = 127;
const ROOT_LIMIT = 16384;
const COMPRESSION_GZIP = 2;
const TILE_TYPE_MVT = 1;

/** Position of (x, y) on the Hilbert curve of a 2^z by 2^z grid. */
function hilbertIndex(z, x, y) {
  let d = 0;
  for (let s = 2 ** (z - 1); s >= 1; s /= 2) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      [x, y] = [y, x];
    }
  }
  return d;
}

/** TileId: the tiles of every lower zoom ((4^z - 1) / 3 of them), then the Hilbert position. */
export function tileId(z, x, y) {
  return (4 ** z - 1) / 3 + hilbertIndex(z, x, y);
}

function writeVarint(bytes, value) {
  // Numbers up to 2^53: arithmetic, not 32-bit bitwise operators.
  while (value >= 0x80) {
    bytes.push((value % 0x80) | 0x80);
    value = Math.floor(value / 0x80);
  }
  bytes.push(value);
}

/** Entries {tileId, offset, length, runLength}, sorted by tileId, as a gzip-compressed directory. */
function serializeDirectory(entries) {
  const bytes = [];
  writeVarint(bytes, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    writeVarint(bytes, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) writeVarint(bytes, entry.runLength);
  for (const entry of entries) writeVarint(bytes, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    writeVarint(bytes, i > 0 && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1);
  });
  return gzipSync(Uint8Array.from(bytes), { level: 9 });
}

/**
 * The root directory, with leaf directories when all entries do not fit in the first 16 KiB
 * (`rootLimit` and the first `leafSize` are smaller in tests, to get leaves from few tiles).
 */
function buildDirectories(entries, { rootLimit = ROOT_LIMIT, leafSize: firstLeafSize = 4096 } = {}) {
  const root = serializeDirectory(entries);
  if (HEADER_BYTES + root.length <= rootLimit) return { root, leaves: new Uint8Array(0) };
  for (let leafSize = firstLeafSize; ; leafSize *= 2) {
    const rootEntries = [];
    const leaves = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const leaf = serializeDirectory(entries.slice(i, i + leafSize));
      rootEntries.push({ tileId: entries[i].tileId, offset, length: leaf.length, runLength: 0 });
      leaves.push(leaf);
      offset += leaf.length;
    }
    const leafRoot = serializeDirectory(rootEntries);
    if (HEADER_BYTES + leafRoot.length <= rootLimit) return { root: leafRoot, leaves: Buffer.concat(leaves) };
  }
}

function writeHeader(fields) {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  const u64 = [
    "rootOffset",
    "rootLength",
    "metadataOffset",
    "metadataLength",
    "leavesOffset",
    "leavesLength",
    "dataOffset",
    "dataLength",
    "addressedTiles",
    "tileEntries",
    "tileContents",
  ];
  u64.forEach((name, i) => header.writeBigUInt64LE(BigInt(fields[name]), 8 + i * 8));
  header.writeUInt8(1, 96); // clustered: tile data in TileId order
  header.writeUInt8(COMPRESSION_GZIP, 97); // directories and metadata
  header.writeUInt8(COMPRESSION_GZIP, 98); // tiles
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(fields.minZoom, 100);
  header.writeUInt8(fields.maxZoom, 101);
  const e7 = (degrees) => Math.round(degrees * 1e7);
  header.writeInt32LE(e7(-180), 102);
  header.writeInt32LE(e7(-MERCATOR_MAX_LAT), 106);
  header.writeInt32LE(e7(180), 110);
  header.writeInt32LE(e7(MERCATOR_MAX_LAT), 114);
  header.writeUInt8(fields.centerZoom, 118);
  header.writeInt32LE(0, 119);
  header.writeInt32LE(0, 123);
  return header;
}

/**
 * The archive of `tiles` ({z, x, y, data: gzip-compressed MVT}) with JSON `metadata`.
 * @param {{ rootLimit?: number, leafSize?: number }} [layout]
 */
export function writeArchive(tiles, metadata, layout = {}) {
  const sorted = tiles.map((tile) => ({ ...tile, id: tileId(tile.z, tile.x, tile.y) })).sort((a, b) => a.id - b.id);
  const blobs = [];
  const offsets = new Map(); // content hash -> offset: identical tiles (open land) are stored once
  const entries = [];
  let dataLength = 0;
  for (const tile of sorted) {
    const hash = createHash("sha256").update(tile.data).digest("hex");
    let offset = offsets.get(hash);
    if (offset === undefined) {
      offset = dataLength;
      offsets.set(hash, offset);
      blobs.push(tile.data);
      dataLength += tile.data.length;
    }
    const last = entries[entries.length - 1];
    if (last && last.offset === offset && last.tileId + last.runLength === tile.id) last.runLength += 1;
    else entries.push({ tileId: tile.id, offset, length: tile.data.length, runLength: 1 });
  }

  const { root, leaves } = buildDirectories(entries, layout);
  const metadataBytes = gzipSync(Buffer.from(JSON.stringify(metadata)), { level: 9 });
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadataBytes.length;
  const dataOffset = leavesOffset + leaves.length;
  const zooms = sorted.map((tile) => tile.z);
  const header = writeHeader({
    rootOffset,
    rootLength: root.length,
    metadataOffset,
    metadataLength: metadataBytes.length,
    leavesOffset,
    leavesLength: leaves.length,
    dataOffset,
    dataLength,
    addressedTiles: sorted.length,
    tileEntries: entries.length,
    tileContents: blobs.length,
    minZoom: Math.min(...zooms),
    maxZoom: Math.max(...zooms),
    centerZoom: 2,
  });
  return Buffer.concat([header, root, metadataBytes, leaves, ...blobs]);
}

// ---------------------------------------------------------------------------------------------

function main() {
  const worldAtlas = require("world-atlas/package.json");
  const tiles = SCALES.flatMap((level) => [...tilesOf(level)]);
  const metadata = {
    name: "Commons offline basemap",
    description: `Natural Earth land and country borders (world-atlas ${worldAtlas.version}), zooms 0 to ${MAX_ZOOM}.`,
    attribution: ATTRIBUTION,
    type: "baselayer",
    version: "1.0.0",
    vector_layers: [
      { id: "earth", description: "Land", minzoom: 0, maxzoom: MAX_ZOOM, fields: {} },
      { id: "boundaries", description: "Borders between countries", minzoom: 0, maxzoom: MAX_ZOOM, fields: { kind: "String" } },
    ],
  };
  const archive = writeArchive(tiles, metadata);
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, archive);
  const perZoom = {};
  for (const tile of tiles) perZoom[tile.z] = (perZoom[tile.z] ?? 0) + 1;
  console.log(`${output}: ${(archive.length / 1024).toFixed(0)} KiB, ${tiles.length} tiles`, perZoom);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
