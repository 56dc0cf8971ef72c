/**
 * Calling a page's loader or action as Remix would, with a real load context against the real API:
 * its data and status (data() or a plain object), or the Response it threw or returned.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { testLoadContext } from "./support";

export type Route = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

export async function run(route: Route, request: Request, params: Record<string, string> = {}, orgSlug = "acme") {
  const context = await testLoadContext(orgSlug);
  try {
    const answer = (await route({ request, context, params })) as { data?: Record<string, unknown>; init?: { status?: number } | null } | Response;
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location"), data: undefined };
    return { status: answer.init?.status ?? 200, data: (answer.data ?? answer) as Record<string, any> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), data: undefined };
    throw thrown;
  }
}

/** A signed-in member's page requests, by name in `cookies`: a GET, and a form POST from the page's own origin. */
export function pageRequests(cookies: Record<string, string>, origin = "http://acme.localhost") {
  return {
    get: (who: string, path: string) => new Request(`${origin}${path}`, { headers: { cookie: cookies[who] } }),
    post: (who: string, path: string, fields: [string, string][]) =>
      new Request(`${origin}${path}`, {
        method: "POST",
        headers: { cookie: cookies[who], "content-type": "application/x-www-form-urlencoded", origin },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}
