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
