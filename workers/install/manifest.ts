/**
 * What makes Commons installable per organisation host (issue 29, section 3; decision 046): the web
 * app manifest, named and coloured as the organisation, opening at /wall, and its icons.
 * Public: an installing browser fetches them without cookies.
 */
import { Hono } from "hono";
import type { AppEnv } from "../types";
import type { Tenant } from "../tenant/organizations";
import { brandColour, iconPng, ICON_SIZES, type IconSize } from "./icon";
import { offlinePage } from "./offline-page";

/** Home screens cut longer names; the organisation's name when it fits, else its first word, else its start. */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed;
  const first = trimmed.split(/\s+/)[0];
  return first.length <= 12 ? first : trimmed.slice(0, 12);
}

export function webManifest(org: Pick<Tenant, "name" | "community">) {
  const colour = brandColour(org.community.theme);
  return {
    // One app per organisation host: the id is this host's /wall, as start_url.
    id: "/wall",
    name: org.name,
    short_name: shortName(org.name),
    start_url: "/wall",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: colour,
    icons: [
      ...ICON_SIZES.map((size) => ({ src: `/app-icon/${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" })),
      { src: "/app-icon/512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/** The same icon for a colour is the same bytes: drawn once per isolate. */
const drawn = new Map<string, Promise<Uint8Array>>();

export const installRoutes = new Hono<AppEnv>()
  .get("/manifest.webmanifest", (c) =>
    c.body(JSON.stringify(webManifest(c.var.tenant)), 200, { "content-type": "application/manifest+json", "cache-control": "public, max-age=3600" }),
  )
  .get("/offline", (c) => c.html(offlinePage(c.var.tenant, c.req.header("accept-language") ?? null)))
  .get("/app-icon/:file{[0-9]+\\.png}", async (c) => {
    const size = Number(c.req.param("file").replace(/\.png$/, ""));
    if (!ICON_SIZES.includes(size as IconSize)) return c.notFound();
    const colour = brandColour(c.var.tenant.community.theme);
    const key = `${colour} ${size}`;
    if (!drawn.has(key)) drawn.set(key, iconPng(size, colour));
    const png = await drawn.get(key)!;
    return c.body(png.slice().buffer as ArrayBuffer, 200, { "content-type": "image/png", "cache-control": "public, max-age=86400" });
  });
