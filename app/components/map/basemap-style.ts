/**
 * The maplibre style of every map in the app: a PMTiles vector archive read through the `pmtiles://`
 * protocol (docs/maps.md). It draws the offline basemap's layers (`earth`, `boundaries`) and, when
 * the archive is a full Protomaps build (same layer names, schema v4), also water, parks and roads.
 * Layers missing from an archive simply draw nothing. No labels: they would need a glyph server.
 *
 * The source takes its zoom range from the archive's header; maplibre overzooms the last level, so
 * the offline basemap (zooms 0 to 6) still shows land and sea at zoom 13 and beyond.
 *
 * Type-only import: maplibre-gl itself is loaded only with a map (map-engine.ts).
 */
import type { LayerSpecification, StyleSpecification } from "maplibre-gl";

/** The archive shipped in public/basemap (scripts/build-basemap.mjs), served by workers/basemap.ts. */
export const DEFAULT_BASEMAP_URL = "/basemap/world.pmtiles";

/** Sober colours on the app's slate palette (app/styles/app.css). Tests read them from the canvas. */
export const BASEMAP_COLORS = {
  water: "#cddbe6",
  earth: "#f3f1ea",
  park: "#e2eadb",
  road: "#ffffff",
  roadCasing: "#d9d6cc",
  boundary: "#98a2b3",
} as const;

const SOURCE = "basemap";
const ROAD_KINDS = ["highway", "major_road", "minor_road"];

/** Roads of a full Protomaps build (none in the offline basemap), widening from zoom 8 to 18. */
function roadLayer(id: string, color: string, widthAt8: number, widthAt18: number): LayerSpecification {
  return {
    id,
    type: "line",
    source: SOURCE,
    "source-layer": "roads",
    filter: ["in", ["get", "kind"], ["literal", ROAD_KINDS]],
    layout: { "line-join": "round", "line-cap": "round" },
    paint: { "line-color": color, "line-width": ["interpolate", ["exponential", 1.6], ["zoom"], 8, widthAt8, 18, widthAt18] },
  };
}

/** `url`: the archive, absolute or relative to the page (the protocol needs an absolute one). */
export function basemapStyle(url: string, base = globalThis.location?.href): StyleSpecification {
  const absolute = new URL(url, base).href;
  return {
    version: 8,
    sources: {
      // Attribution comes from the archive's metadata (pmtiles Protocol with metadata: true).
      [SOURCE]: { type: "vector", url: `pmtiles://${absolute}` },
    },
    layers: [
      { id: "water-background", type: "background", paint: { "background-color": BASEMAP_COLORS.water } },
      { id: "earth", type: "fill", source: SOURCE, "source-layer": "earth", paint: { "fill-color": BASEMAP_COLORS.earth } },
      {
        id: "parks",
        type: "fill",
        source: SOURCE,
        "source-layer": "landuse",
        filter: ["in", ["get", "kind"], ["literal", ["park", "forest", "wood", "nature_reserve", "national_park", "grass"]]],
        paint: { "fill-color": BASEMAP_COLORS.park },
      },
      { id: "water", type: "fill", source: SOURCE, "source-layer": "water", paint: { "fill-color": BASEMAP_COLORS.water } },
      roadLayer("roads-casing", BASEMAP_COLORS.roadCasing, 0.5, 14),
      roadLayer("roads", BASEMAP_COLORS.road, 0.3, 11),
      {
        id: "boundaries",
        type: "line",
        source: SOURCE,
        "source-layer": "boundaries",
        filter: ["==", ["get", "kind"], "country"],
        paint: {
          "line-color": BASEMAP_COLORS.boundary,
          "line-width": ["interpolate", ["linear"], ["zoom"], 0, 0.5, 6, 1.2, 13, 2],
          "line-dasharray": [3, 2],
        },
      },
    ],
  };
}
