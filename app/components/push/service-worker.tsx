/**
 * Mounts the service worker for a signed-in page (decision 046): registered after the page's load
 * event (app/lib/browser/push-device.ts), never on a first visit's critical path; the viewer named so the
 * worker keeps one member's pages at a time.
 */
import { useEffect } from "react";

export function ServiceWorker({ viewer }: { viewer: string }) {
  // Its own chunk, fetched after hydration: not part of any route's first-visit JavaScript (decision 039).
  useEffect(() => {
    import("~/lib/browser/push-device").then(({ registerServiceWorker }) => registerServiceWorker(viewer)).catch(() => undefined);
  }, [viewer]);
  return null;
}
