/**
 * Everything heavy behind a map, loaded by MapView with a dynamic import() only when a map mounts in
 * the browser: maplibre-gl (with its CSS and its Web Worker file), the pmtiles protocol and our
 * overrides. Vite puts this module, maplibre-gl and pmtiles in chunks of their own (and the CSS in a
 * stylesheet it adds when the chunk loads), so no page without a map downloads any of it.
 */
import "maplibre-gl/dist/maplibre-gl.css";
import "./map-view.css";
import { Map as MaplibreMap, Marker, NavigationControl, addProtocol, setWorkerUrl } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { Protocol } from "pmtiles";
import { basemapStyle } from "./basemap-style";

export interface MapStrings {
  /** Accessible name of the focusable map canvas (how to use it from the keyboard). */
  canvas: string;
  marker: string;
  zoomIn: string;
  zoomOut: string;
}

export interface MapEngineOptions {
  container: HTMLElement;
  archiveUrl: string;
  longitude: number;
  latitude: number;
  zoom: number;
  strings: MapStrings;
  /** A one-finger drag or a plain wheel was left to the page (cooperative gestures): show a hint. */
  onGestureBlocked: (gesture: "wheel_zoom" | "touch_pan") => void;
  /** Style and visible tiles are loaded and drawn. */
  onIdle: () => void;
  /** The map cannot draw (no WebGL context, lost context that does not come back). */
  onFailure: (error: unknown) => void;
  /** A map to place a pin on: a click or a drag of the marker moves it, and says where. */
  onPick?: (latitude: number, longitude: number) => void;
}

export interface MapHandle {
  destroy: () => void;
  /** Moves the marker (and the view, when it left it) to a place picked elsewhere (address search, typed coordinates). */
  moveTo: (latitude: number, longitude: number) => void;
}

let setUp = false;

function setUpOnce() {
  if (setUp) return;
  setUp = true;
  // maplibre looks for its worker next to its own file; bundled, that is elsewhere: tell it.
  setWorkerUrl(workerUrl);
  // metadata: true gives the source the archive's attribution (Natural Earth, or Protomaps/OSM).
  addProtocol("pmtiles", new Protocol({ metadata: true }).tile);
}

function markerElement(label: string) {
  const element = document.createElement("div");
  element.className = "commons-map-marker";
  element.setAttribute("role", "img");
  element.setAttribute("aria-label", label);
  element.innerHTML =
    '<svg viewBox="0 0 24 32" width="28" height="38" aria-hidden="true" focusable="false">' +
    '<path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.6 12 32 12 32s12-11.4 12-20.1C24 5.3 18.6 0 12 0z" fill="currentColor"/>' +
    '<circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>';
  return element;
}

export function createMap(options: MapEngineOptions): MapHandle {
  setUpOnce();
  const { container, strings } = options;
  const center: [number, number] = [options.longitude, options.latitude];
  const map = new MaplibreMap({
    container,
    style: basemapStyle(options.archiveUrl),
    center,
    zoom: options.zoom,
    // On touch, one finger scrolls the page and a plain wheel scrolls too; the map shows a hint.
    cooperativeGestures: true,
    dragRotate: false,
    touchPitch: false,
    pitchWithRotate: false,
    keyboard: true,
    attributionControl: { compact: false },
    locale: {
      "Map.Title": strings.canvas,
      "Marker.Title": strings.marker,
      "NavigationControl.ZoomIn": strings.zoomIn,
      "NavigationControl.ZoomOut": strings.zoomOut,
    },
  });
  map.addControl(new NavigationControl({ showCompass: false }), "top-right");
  const marker = new Marker({ element: markerElement(strings.marker), anchor: "bottom", draggable: !!options.onPick }).setLngLat(center).addTo(map);
  const { onPick } = options;
  if (onPick) {
    marker.on("dragend", () => onPick(marker.getLngLat().lat, marker.getLngLat().lng));
    map.on("click", (event) => {
      marker.setLngLat(event.lngLat);
      onPick(event.lngLat.lat, event.lngLat.lng);
    });
  }

  map.on("cooperativegestureprevented", (event) => options.onGestureBlocked(event.gestureType));
  map.on("error", (event) => {
    // Tile or network errors are passing; a map that cannot render at all is not.
    if (/webgl/i.test(String(event.error?.message ?? ""))) options.onFailure(event.error);
  });
  const idle = () => {
    if (!map.areTilesLoaded()) return;
    map.off("idle", idle);
    options.onIdle();
  };
  map.on("idle", idle);

  return {
    destroy: () => map.remove(),
    moveTo(latitude, longitude) {
      marker.setLngLat([longitude, latitude]);
      if (!map.getBounds().contains([longitude, latitude])) map.jumpTo({ center: [longitude, latitude] });
    },
  };
}
