/**
 * The chat widget's REST calls, relayed to /api/{org}/chat (docs/api/chat.md) as the signed-in
 * member: the browser holds no token, only the session cookie. Resource routes app/routes/chat.*
 * use this. Answers are the API's JSON and status, never cached; without a session the answer is a
 * 401 JSON (not the /signin redirect a page gets), so the widget can say so.
 */
import type { ApiArgs } from "./api.server";
import { relayApi } from "./relay.server";

export { forwardQuery, jsonWriteBody as chatBody, methodNotAllowed } from "./relay.server";

/**
 * Calls `/api/{org}/chat{path}` and answers its result; `shape` turns a success into what the
 * browser needs (the whole answer by default).
 */
export const relayChat = (args: ApiArgs, method: string, path: string, body?: unknown, shape?: (data: unknown) => unknown) => relayApi(args, method, `/chat${path}`, body, shape);



