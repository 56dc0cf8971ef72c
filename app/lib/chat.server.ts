/**
 * The chat widget's REST calls, relayed to /api/{org}/chat (docs/api/chat.md) as the signed-in
 * member: the browser holds no token, only the session cookie. Resource routes app/routes/chat.*
 * use this. Answers are the API's JSON and status, never cached; without a session the answer is a
 * 401 JSON (not the /signin redirect a page gets), so the widget can say so.
 */
import type { ApiArgs } from "./api.server";
import { json, relayApi } from "./relay.server";

export { forwardQuery } from "./relay.server";

/**
 * Calls `/api/{org}/chat{path}` and answers its result; `shape` turns a success into what the
 * browser needs (the whole answer by default).
 */
export const relayChat = (args: ApiArgs, method: string, path: string, body?: unknown, shape?: (data: unknown) => unknown) => relayApi(args, method, `/chat${path}`, body, shape);

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

