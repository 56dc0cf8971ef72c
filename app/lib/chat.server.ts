/**
 * The chat widget's REST calls, relayed to /api/{org}/chat (docs/api/chat.md) as the signed-in
 * member: the browser holds no token, only the session cookie. Resource routes app/routes/chat.*
 * use this. Answers are the API's JSON and status, never cached; without a session the answer is a
 * 401 JSON (not the /signin redirect a page gets), so the widget can say so.
 */
import { memberApi, type ApiArgs } from "./api.server";
import { memberOrgSlug } from "./member.server";

const NO_STORE = { "cache-control": "private, no-store" };

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

/**
 * Calls `/api/{org}/chat{path}` and answers its result; `shape` turns a success into what the
 * browser needs (the whole answer by default).
 */
export async function relayChat(args: ApiArgs, method: string, path: string, body?: unknown, shape: (data: unknown) => unknown = (data) => data) {
  try {
    const org = await memberOrgSlug(args);
    const result = await memberApi(args, method, `/api/${org}/chat${path}`, body);
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

/**
 * The JSON body of a widget's write. Only `application/json` is accepted: a cross-site form cannot
 * send it without a CORS preflight (on top of the SameSite=Lax session cookie).
 */
export async function chatBody(request: Request): Promise<{ body: unknown } | { refusal: Response }> {
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

export const methodNotAllowed = (allow: string) => json({ error: "method_not_allowed", message: `Use ${allow}.` }, 405, { allow });

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
