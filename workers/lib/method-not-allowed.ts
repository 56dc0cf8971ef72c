/**
 * 405 for a known path asked with the wrong method (RFC 9110: with `Allow`), 404 for an unknown
 * one: the fallback of /auth and /api (workers/app.ts). Which methods a path has is asked of the
 * app's own routes, so no list is kept by hand; a router of them is built at the first miss.
 */
import type { Context } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { handleNotFound } from "./errors";

interface Route {
  method: string;
  path: string;
}

/** The methods `routes` answer at a path (HEAD wherever GET is); middleware (`ALL`) is no answer. */
export function allowedMethodsOf(routes: readonly Route[]): (path: string) => string[] {
  let router: TrieRouter<string> | null = null;
  return (path) => {
    if (!router) {
      router = new TrieRouter<string>();
      for (const route of routes) if (route.method !== "ALL") router.add("ALL", route.path, route.method);
    }
    const methods = new Set(router.match("GET", path)[0].map(([method]) => method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}

/** The fallback handler: 405 with `Allow` when `routes` know the path under other methods, else 404. */
export function methodNotAllowedOrNotFound(routes: readonly Route[]) {
  const allowedAt = allowedMethodsOf(routes);
  return (c: Context) => {
    const allowed = allowedAt(c.req.path);
    if (!allowed.length || allowed.includes(c.req.method)) return handleNotFound(c);
    c.header("Allow", allowed.join(", "));
    return c.json({ error: "method_not_allowed", message: `${c.req.method} is not allowed here; use ${allowed.join(", ")}.` }, 405);
  };
}
