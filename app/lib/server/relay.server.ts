/**
 * Resource routes that hand the browser an API answer as it is (the chat widget, the editor's
 * address search): `/api/{org}{path}` called as the signed-in member, its JSON and status relayed,
 * never cached. Without a session the answer is a 401 JSON (not the /signin redirect a page
 * gets), so the script that asked can say so.
 */
import { memberApi, type ApiArgs } from "./api.server";
import { memberOrgSlug } from "./member.server";

const NO_STORE = { "cache-control": "private, no-store" };

export const json = (body: unknown, status: number, headers: Record<string, string> = {}) => Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

export const methodNotAllowed = (allow: string) => json({ error: "method_not_allowed", message: `Use ${allow}.` }, 405, { allow });

export async function relayApi(args: ApiArgs, method: string, path: string, body?: unknown, shape: (data: unknown) => unknown = (data) => data) {
  try {
    const org = await memberOrgSlug(args);
    const result = await memberApi(args, method, `/api/${org}${path}`, body);
    return result.ok ? json(shape(result.data), result.status) : json(result.error, result.status);
  } catch (thrown) {
    // memberApi throws a redirect to /signin when the session is gone; a fetch wants a status.
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const cookie = thrown.headers.get("set-cookie");
      return json({ error: "unauthenticated", message: "Sign in again." }, 401, cookie ? { "set-cookie": cookie } : {});
    }
    throw thrown;
  }
}

/** Passes the query parameters the API knows on to it. */
export function forwardQuery(request: Request, names: string[]): string {
  const given = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) query.set(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * The JSON body of a script's write (the chat widget, the check-in queue). Only `application/json` is accepted: a cross-site form cannot
 * send it without a CORS preflight (on top of the SameSite=Lax session cookie).
 */
export async function jsonWriteBody(request: Request): Promise<{ body: unknown } | { refusal: Response }> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    return { refusal: json({ error: "unsupported_media_type", message: "Send JSON." }, 415) };
  }
  const text = await request.text();
  if (!text) return { body: {} };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { refusal: json({ error: "bad_request", message: "The body must be JSON." }, 400) };
  }
}
