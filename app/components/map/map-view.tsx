/**
 * A map of one place with a marker (docs/maps.md). The server and the first render show a
 * placeholder of the map's height; in the browser, maplibre-gl and pmtiles are fetched with a
 * dynamic import() only when this mounts (map-engine.ts), so pages without a map never load them.
 *
 * Accessible: the region is named by `label`; the map canvas is focusable and moves with the arrow
 * keys and zooms with + and - (maplibre's keyboard handler), with zoom buttons too. Cooperative
 * gestures: on touch one finger scrolls the page and a plain mouse wheel scrolls too, and a hint
 * says how to move the map for GESTURE_HINT_MS. Without WebGL 2 (or if the map cannot load) it
 * shows the address and coordinates instead.
 *
 * `data-map-state` on the region is "loading", then "idle" once the visible tiles are drawn, or
 * "fallback"; browser tests wait on it.
 */
import { useEffect, useRef, useState } from "react";
import type { MapHandle } from "./map-engine";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { DEFAULT_BASEMAP_URL } from "./basemap-style";
import { DETAIL_ZOOM } from "./zoom";

/** SPEC section "Constants": gesture hint on maps 2000 ms. */
export const GESTURE_HINT_MS = 2000;
export { DETAIL_ZOOM } from "./zoom";

export interface MapViewProps {
  latitude: number;
  longitude: number;
  zoom?: number;
  /** Accessible name of the map, e.g. "Map: Calle Mayor 1, Madrid". */
  label: string;
  /** Shown with the coordinates when the map cannot be drawn. */
  address?: string;
  /** The PMTiles archive; the organisation's BASEMAP_URL when set (docs/maps.md). */
  url?: string;
  /** Height in CSS pixels, kept while loading so nothing moves. */
  height?: number;
  className?: string;
  /**
   * A map to place a pin on (the initiative editor): a click or a drag moves the marker and calls
   * this. The map is then made once and its marker follows `latitude` and `longitude`.
   */
  onPick?: (latitude: number, longitude: number) => void;
}

type MapState = "loading" | "idle" | "fallback";
/** The last hint stays in place (its text too) while it fades out. */
type Hint = { gesture: "wheel" | "touch"; visible: boolean };

/** maplibre-gl 6 draws with WebGL 2 only; check before downloading it. */
function canDrawMaps() {
  try {
    const gl = document.createElement("canvas").getContext("webgl2");
    gl?.getExtension("WEBGL_lose_context")?.loseContext();
    return gl !== null;
  } catch {
    return false;
  }
}

/** The engine (maplibre-gl, pmtiles): its own chunks, fetched on mount; left out of the server build. */
const loadEngine = import.meta.env.SSR ? null : () => import("./map-engine");

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);

export function MapView({
  latitude,
  longitude,
  zoom = DETAIL_ZOOM,
  label,
  address,
  url = DEFAULT_BASEMAP_URL,
  height = 256,
  className,
  onPick,
}: MapViewProps) {
  const { t, i18n } = useTranslation("map");
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("loading");
  const [hint, setHint] = useState<Hint | null>(null);
  const handle = useRef<MapHandle | undefined>(undefined);
  // A picking map is made once: the latest callback and place are read through refs.
  const pick = useRef(onPick);
  pick.current = onPick;
  const picking = !!onPick;
  const start = useRef({ latitude, longitude });
  if (!picking) start.current = { latitude, longitude };
  const drawnLatitude = picking ? null : latitude;
  const drawnLongitude = picking ? null : longitude;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !loadEngine) return;
    if (!canDrawMaps()) {
      setState("fallback");
      return;
    }
    setState("loading");
    let cancelled = false;
    let map: MapHandle | undefined;
    let hintTimer: ReturnType<typeof setTimeout> | undefined;
    const fail = () => {
      map?.destroy();
      map = undefined;
      if (!cancelled) setState("fallback");
    };
    loadEngine()
      .then(({ createMap }) => {
        if (cancelled) return;
        map = createMap({
          container,
          archiveUrl: url,
          latitude: start.current.latitude,
          longitude: start.current.longitude,
          zoom,
          onPick: picking ? (lat, lng) => pick.current?.(lat, lng) : undefined,
          strings: { canvas: t("map_canvas"), marker: t("map_marker"), zoomIn: t("map_zoom_in"), zoomOut: t("map_zoom_out") },
          onGestureBlocked(gesture) {
            setHint({ gesture: gesture === "wheel_zoom" ? "wheel" : "touch", visible: true });
            clearTimeout(hintTimer);
            hintTimer = setTimeout(() => setHint((last) => last && { ...last, visible: false }), GESTURE_HINT_MS);
          },
          onIdle: () => !cancelled && setState("idle"),
          onFailure: fail,
        });
        handle.current = map;
      })
      // A chunk that does not load (offline) or a map that cannot start (WebGL refused).
      .catch(fail);
    return () => {
      cancelled = true;
      clearTimeout(hintTimer);
      map?.destroy();
      handle.current = undefined;
    };
    // A picking map keeps itself; another one is drawn again for a new place.
  }, [drawnLatitude, drawnLongitude, picking, zoom, url, t]);

  useEffect(() => {
    if (picking) handle.current?.moveTo(latitude, longitude);
  }, [picking, latitude, longitude]);

  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 5 });
  const hintText = !hint
    ? null
    : hint.gesture === "touch"
      ? t("map_gesture_touch")
      : t(isMac() ? "map_gesture_scroll_mac" : "map_gesture_scroll");

  return (
    <div
      role="region"
      aria-label={label}
      data-map-state={state}
      className={cn("relative w-full overflow-hidden rounded-lg border border-border bg-muted", className)}
      style={{ height }}
    >
      <div ref={containerRef} className="h-full w-full" />
      {state === "loading" ? (
        // The pulse is on a dot, never on the text: a text at half opacity fails AA contrast.
        <div className="absolute inset-0 flex items-center justify-center gap-2 bg-muted text-sm text-muted-foreground">
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-muted-foreground motion-reduce:animate-none" />
          {t("map_loading")}
        </div>
      ) : null}
      {state === "fallback" ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-muted p-4 text-center text-sm">
          <p className="text-muted-foreground">{t("map_unavailable")}</p>
          {address ? <p className="font-medium">{address}</p> : null}
          <p>{t("map_coordinates", { latitude: number.format(latitude), longitude: number.format(longitude) })}</p>
          <a
            className="text-brand underline underline-offset-2"
            href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("map_open_external")}
          </a>
        </div>
      ) : null}
      {/* For pointer users only (the keyboard never triggers it), so screen readers skip it. */}
      <div
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute inset-0 z-10 flex items-center justify-center bg-foreground/50 p-4 text-center text-base font-medium text-white transition-opacity",
          hint?.visible ? "opacity-100 duration-75" : "opacity-0 duration-500",
        )}
      >
        {hintText}
      </div>
    </div>
  );
}
