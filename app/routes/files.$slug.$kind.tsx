/**
 * Resource route of one kind of an initiative's attachments (document or image) for the browser:
 * GET answers the list the member sees (published plus own uploads) as JSON, for the upload
 * dialog; POST uploads the multipart field `file` (optional `filename`, `redirectTo`).
 * app/lib/server/attachments.server.ts does the work.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fetcherFailure, fileActionAnswer, fileParams, listAttachments, returnPath, uploadAttachment } from "~/lib/server/attachments.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const result = await listAttachments({ request, context }, fileParams(params));
  if (!result.ok) return fetcherFailure(result);
  return Response.json({ ok: true, attachments: result.data }, { headers: { "cache-control": "private, no-store" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const file = fileParams(params);
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { allow: "GET, POST" } });
  const { result, form } = await uploadAttachment({ request, context }, file);
  return fileActionAnswer(request, result, returnPath(form, file.slug));
}
