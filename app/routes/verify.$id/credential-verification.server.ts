/**
 * The verify page's credential side on the server (issue 32): the machine check of a stored
 * credential of the host's organisation, and of one pasted or uploaded (JSON or JWT text, at most
 * MAX_UPLOADED_CREDENTIAL_LENGTH). Both ask the public API (/api/credentials), which reads keys and
 * the status list from the organisation's own records: nothing is fetched from elsewhere.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MAX_UPLOADED_CREDENTIAL_LENGTH } from "~/domain/credentials";
import { pathParam, publicCall, type ApiArgs } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";

export async function loadCredentialVerification(args: ApiArgs, id: string) {
  const result = await publicCall(args, (api) => api.api.credentials.verify[":id"].$get({ param: { id: pathParam(id) } }));
  if (!result.ok && (result.status === 404 || result.status === 400)) throw new Response("Not found", { status: 404 });
  if (!result.ok) throw new Response("Unavailable", { status: 502 });
  return { verification: result.data };
}

/** The text of the form's file if one was chosen, else of its text field; null when neither holds a credential-sized text. */
async function uploadedText(form: FormData): Promise<string | null> {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) return file.size <= MAX_UPLOADED_CREDENTIAL_LENGTH ? file.text() : null;
  const text = String(form.get("credential") ?? "").trim();
  return text && text.length <= MAX_UPLOADED_CREDENTIAL_LENGTH ? text : null;
}

export async function verifyUploadedCredential(args: ActionFunctionArgs) {
  const text = await uploadedText(await readForm(args.request));
  if (text === null) return { uploaded: null, error: true as const };
  const result = await publicCall(args, (api) => api.api.credentials.verify.$post({ json: { credential: text } }));
  if (!result.ok) return { uploaded: null, error: true as const };
  return { uploaded: result.data, error: false as const };
}
