/**
 * A map that never blocks the page (issue 26 section 1; docs/decisions/036-map-on-demand.md): the
 * server and the first render show a light static card (a pin, the address, how approximate the
 * place is, the coordinates, "open in a maps app"), drawn with inline SVG and CSS, no map code. The
 * interactive MapView, whose engine (maplibre-gl, pmtiles, about 300 KiB) is a chunk of its own,
 * mounts only when the member asks for it with the card's button, or, with `autoLoadWide`, on a
 * wide screen once the card is in view and the browser is idle.
 *
 * `data-map-state="preview"` marks the card; MapView's own states follow it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { approximationOf, type Precision } from "~/lib/browser/geocode";
import { useHydrated } from "~/lib/use-hydrated";
import type { MapViewProps } from "./map-view";
import { DETAIL_ZOOM } from "./zoom";
import { externalMapUrl } from "~/domain/map-link";

/** MapView and the basemap's style are a chunk of their own too; the engine is a further one (map-engine.ts). */
const MapView = lazy(() => import("./map-view").then((module) => ({ default: module.MapView })));

/** From this width a page has room for the map beside its text, and the desktop's CPU for the engine. */
export const WIDE_SCREEN = "(min-width: 1024px)";
/** How long an idle callback may wait before the wide screen's map loads anyway. */
const IDLE_TIMEOUT_MS = 2000;

export interface LazyMapProps extends MapViewProps {
  /** Load the map by itself on a wide screen when the card scrolls into view and the page is idle (the detail page). */
  autoLoadWide?: boolean;
  /** How close the point is to the address: anything but exact is said on the card and under the map. */
  precision?: Precision | null;
  /** No place chosen yet (the editor before a pin): the card says so instead of showing coordinates. */
  empty?: boolean;
  /** The card's button, when the map is for something else than looking (the editor: "Place the pin on the map"). */
  showLabel?: string;
}


/** Calls `load` once the element is in view and the browser is idle, on a wide screen only. */
function useLoadWhenSeenOnWideScreen(enabled: boolean, element: React.RefObject<HTMLElement | null>, load: () => void) {
  useEffect(() => {
    const target = element.current;
    if (!enabled || !target || typeof IntersectionObserver === "undefined" || !window.matchMedia(WIDE_SCREEN).matches) return;
    let idle: number | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      // Safari has no requestIdleCallback: a short delay after the first paint stands in for it.
      idle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(load, 200);
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [enabled, element, load]);
}

function Pin() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 32" className="h-10 w-8 drop-shadow">
      <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" className="fill-brand" />
      <circle cx="12" cy="12" r="4.5" className="fill-white" />
    </svg>
  );
}

export function LazyMap({ autoLoadWide = false, precision = null, empty = false, showLabel, ...map }: LazyMapProps) {
  const { t, i18n } = useTranslation("map");
  const hydrated = useHydrated();
  const [interactive, setInteractive] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  const load = useRef(() => setInteractive(true)).current;
  useLoadWhenSeenOnWideScreen(autoLoadWide && !interactive, card, load);
  // The button that was focused is gone: keep the keyboard where the map now is.
  useEffect(() => {
    if (interactive && asked.current) wrapper.current?.focus();
  }, [interactive]);

  const approximate = approximationOf(precision);
  const note = approximate ? <p className="text-sm text-muted-foreground" data-map-precision={approximate}>{t(`map_approximate_${approximate}`)}</p> : null;
  const height = map.height ?? 256;
  const zoom = map.zoom ?? DETAIL_ZOOM;

  if (interactive) {
    return (
      <div ref={wrapper} tabIndex={-1} className="flex flex-col gap-2 outline-none">
        <Suspense
          fallback={
            <div data-map-state="loading" className="flex w-full items-center justify-center gap-2 rounded-lg border border-border bg-muted text-sm text-muted-foreground" style={{ height }}>
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-muted-foreground motion-reduce:animate-none" />
              {t("map_loading")}
            </div>
          }
        >
          <MapView {...map} />
        </Suspense>
        {note}
      </div>
    );
  }
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 5 });
  return (
    <div
      ref={card}
      role="region"
      aria-label={map.label}
      data-map-state="preview"
      className={cn("relative flex w-full flex-col items-center justify-center gap-2 overflow-hidden rounded-lg border border-border p-4 text-center", map.className)}
      // A schematic, not a map: a plain land colour with a faint grid, so the card reads as a place.
      // Its text is the foreground colour: the muted one lacks contrast on the land colour.
      style={{
        height,
        backgroundColor: "#f3f1ea",
        backgroundImage: "linear-gradient(#e5e1d6 1px, transparent 1px), linear-gradient(90deg, #e5e1d6 1px, transparent 1px)",
        backgroundSize: "32px 32px",
      }}
    >
      {empty ? (
        <p className="text-sm">{t("map_no_place")}</p>
      ) : (
        <>
          <Pin />
          {map.address ? <p className="line-clamp-2 max-w-full break-words font-medium">{map.address}</p> : null}
          {approximate ? (
            <p className="text-sm" data-map-precision={approximate}>
              {t(`map_approximate_${approximate}`)}
            </p>
          ) : null}
          <p className="text-xs">{t("map_coordinates", { latitude: number.format(map.latitude), longitude: number.format(map.longitude) })}</p>
        </>
      )}
      <div className="flex flex-wrap items-center justify-center gap-3">
        {hydrated ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              asked.current = true;
              setInteractive(true);
            }}
          >
            {showLabel ?? t("map_show")}
          </Button>
        ) : null}
        {empty ? null : (
          <a className="text-sm text-brand underline underline-offset-2" href={externalMapUrl(map.latitude, map.longitude, zoom)} target="_blank" rel="noopener noreferrer">
            {t("map_open_app")}
          </a>
        )}
      </div>
    </div>
  );
}
