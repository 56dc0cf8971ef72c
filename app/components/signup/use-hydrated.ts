import { useEffect, useState } from "react";

/**
 * False on the server and in the first browser render, true once React runs. Buttons are disabled
 * for instant feedback only then, so a page without JavaScript always keeps a working submit.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
