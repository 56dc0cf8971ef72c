import { useEffect, useState } from "react";

/** Set once React has run in this browser tab; effects never run on the server, so it stays false there. */
let hydratedOnce = false;

/**
 * False on the server and in the first browser render, true once React runs (and from the start for
 * pages reached by client navigation). Buttons are disabled for instant feedback only then, so a
 * page without JavaScript always keeps a working submit.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}

/**
 * Marks the document `data-hydrated` once React has hydrated it: effects run after the commit that
 * attached the page's event handlers, and a parent's after its children's, so from then on every
 * control on the page answers. The browser tests wait on this mark (and on the router being idle)
 * rather than on a network quiet for half a second after every page load.
 */
export function useHydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}
