/**
 * The body of a page's form post. A body that is not a form (JSON, text, a broken multipart) is
 * a 400 in the API's one error shape, thrown so the action stops there: never the 500 that
 * `request.formData()` would otherwise become. A plain Response (no Remix runtime), so the
 * Worker tests can call the actions that use it.
 */
export const NOT_A_FORM = { error: "invalid_form", message: "The body must be a form (application/x-www-form-urlencoded or multipart/form-data)." };

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw Response.json(NOT_A_FORM, { status: 400, headers: { "cache-control": "no-store" } });
  }
}

/** A plain browser form post (no JavaScript) wants a page back, a fetcher wants JSON. */
export function wantsPage(request: Request) {
  return (request.headers.get("accept") ?? "").includes("text/html");
}
