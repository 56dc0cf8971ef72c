/**
 * Which translation namespaces a page goes without. The root loader sends the page's locale with
 * every page, parsed before hydration; the staff screens' namespaces are about half of it (manage
 * alone is a third) and no member's screen reads them, so a page outside the staff area is sent
 * without them (issue 26: the loader data weighed on every page's blocking time and first paint).
 * The proposal wizard reuses the editor's place and fields, so /proposal keeps `editor`. The root
 * reloads its data when a navigation crosses into or out of the staff area (root.tsx
 * shouldRevalidate), so a client navigation never lands on a screen without its strings.
 */
const STAFF_ONLY = ["manage", "impact", "webhooks", "integrations"];
const EDITOR = "editor";

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function namespacesLeftOut(pathname: string): string[] {
  if (under(pathname, "/manage")) return [];
  if (under(pathname, "/proposal")) return STAFF_ONLY;
  return [...STAFF_ONLY, EDITOR];
}
