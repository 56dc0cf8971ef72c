/**
 * SPEC.md section 2: a banner names the minimum browser versions. Decided on the server from the
 * User-Agent, so it shows even where our JavaScript cannot run.
 */
export const MINIMUM_VERSIONS = { Chrome: 100, Edge: 100, Firefox: 100, Safari: 15 } as const;
export type Browser = keyof typeof MINIMUM_VERSIONS;

export function unsupportedBrowser(userAgent: string | null): { browser: Browser; minimum: number } | null {
  if (!userAgent) return null;
  const checks: [Browser, RegExp][] = [
    ["Edge", /Edg\/(\d+)/],
    ["Firefox", /Firefox\/(\d+)/],
    ["Chrome", /(?:Chrome|CriOS)\/(\d+)/],
    ["Safari", /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari/],
  ];
  for (const [browser, pattern] of checks) {
    const match = pattern.exec(userAgent);
    if (match) return Number(match[1]) < MINIMUM_VERSIONS[browser] ? { browser, minimum: MINIMUM_VERSIONS[browser] } : null;
  }
  if (/MSIE |Trident\//.test(userAgent)) return { browser: "Edge", minimum: MINIMUM_VERSIONS.Edge };
  return null;
}
