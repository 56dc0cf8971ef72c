/**
 * The one answer for a request body that is not JSON: 400 `bad_request`, "The body must be JSON."
 * (docs/api/auth.md). Every JSON endpoint reads its body here, or through `validate("json", ...)`,
 * which checks it here first, so a client sees the same code whichever endpoint it called.
 */
import { badRequest } from "./domain-errors";

export const notJson = () => badRequest("bad_request", "The body must be JSON.");

/**
 * Whether the request says its body is JSON (`application/json`, `application/merge-patch+json`...):
 * the media types Hono's validator parses as JSON, so both read the same bodies.
 */
export const saysJson = (contentType: string | undefined) => /^application\/([\w.-]+\+)?json$/i.test(contentType?.split(";")[0].trim() ?? "");

/** The parsed JSON body; `emptyAs` stands for an empty body where one is optional. */
export async function jsonBody(c: { req: { text: () => Promise<string> } }, emptyAs?: unknown): Promise<unknown> {
  const text = await c.req.text();
  if (!text && emptyAs !== undefined) return emptyAs;
  try {
    return JSON.parse(text);
  } catch {
    throw notJson();
  }
}
