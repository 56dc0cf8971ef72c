/**
 * Mounts the service worker for a signed-in page (decision 046): registered after the page's load
 * event (app/lib/push-device.ts), never on a first visit's critical path; the viewer named so the
 * worker keeps one member's pages at a time.
 */
import { useEffect } from "react";
import { registerServiceWorker } from "~/lib/push-device";

export function ServiceWorker({ viewer }: { viewer: string }) {
  useEffect(() => registerServiceWorker(viewer), [viewer]);
  return null;
}
