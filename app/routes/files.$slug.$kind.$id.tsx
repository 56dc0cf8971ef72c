/**
 * Resource route of one attachment for the browser: GET streams the file (the API's headers:
 * type from the stored mimetype, Content-Disposition, nosniff, private caching); DELETE, or a
 * POST with intent=delete from a plain form, deletes the member's own upload.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { deleteAttachment, downloadAttachment, fileActionAnswer, fileParams, returnPath } from "~/lib/server/attachments.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return downloadAttachment({ request, context }, fileParams(params), params.id ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const file = fileParams(params);
  const form = request.method === "POST" ? await request.formData().catch(() => null) : null;
  if (request.method !== "DELETE" && form?.get("intent") !== "delete") {
    return new Response("Method not allowed", { status: 405, headers: { allow: "GET, DELETE, POST" } });
  }
  const result = await deleteAttachment({ request, context }, file, params.id ?? "");
  return fileActionAnswer(request, result, returnPath(form, file.slug));
}
