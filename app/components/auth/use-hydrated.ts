import { useEffect, useState } from "react";

/**
 * False on the server and in the first browser render, true once React runs. Enhancements that
 * need JavaScript (disabled buttons, popups, show-password) switch on only then, so the page works
 * without it.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
