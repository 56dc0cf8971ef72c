/** Reading an upload's multipart body under its kind's cap (app/domain/attachments.ts). */
import { ATTACHMENT_MAX_BYTES, MULTIPART_OVERHEAD, type AttachmentKind } from "./attachments";

export type UploadBody = { ok: true; form: FormData } | { ok: false; reason: "too_large" | "not_multipart" };

/**
 * An upload's multipart body, never read past the kind's cap: refused by its Content-Length before
 * a byte is read, and cut off while reading when it has none (a chunked body). Both the API and
 * the web app's upload route read uploads through here.
 */
export async function readUploadBody(request: Request, kind: AttachmentKind): Promise<UploadBody> {
  const max = ATTACHMENT_MAX_BYTES[kind] + MULTIPART_OVERHEAD;
  const declared = request.headers.get("content-length");
  if (declared !== null && !/^\s*\d+\s*$/.test(declared)) return { ok: false, reason: "not_multipart" };
  if (declared !== null && Number(declared) > max) return { ok: false, reason: "too_large" };
  if (!request.body) return { ok: false, reason: "not_multipart" };
  let size = 0;
  const capped = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > max) controller.error(new RangeError("The upload is larger than its cap."));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    const form = await new Response(capped, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, reason: size > max ? "too_large" : "not_multipart" };
  }
}
