import { unsupportedType } from "../lib/domain-errors";
import { detectType } from "./sniff";
import { countUpload } from "./upload-quota";

/**
 * Stores an uploaded image under a new name that never names other bytes: PNG, JPEG, GIF or WebP
 * by its bytes (415 otherwise), counted against the uploader's quota. `keyOf` places the name in
 * R2. Answers the name and the type.
 */
export async function storeImage(env: Env, memberId: string, readFile: () => Promise<File>, keyOf: (name: string) => string, customMetadata: Record<string, string>) {
  const file = await readFile();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectType("image", bytes);
  if (!type) throw unsupportedType("unsupported_file_type", "Images must be PNG, JPEG, GIF or WebP.", { file: "attachments_error_type" });
  await countUpload(env.DB, memberId, bytes.length);
  const name = `${crypto.randomUUID()}.${type.extensions[0]}`;
  await env.FILES.put(keyOf(name), bytes, { httpMetadata: { contentType: type.mimetype }, customMetadata: { ...customMetadata, memberId } });
  return { name, mimetype: type.mimetype, size: bytes.length };
}

/**
 * The answer for a public file whose name never changes for other bytes (initiative images,
 * avatars, logos): cached by browsers and the edge for a year.
 */
export function immutableFileResponse(object: R2ObjectBody): Response {
  return new Response(object.body, {
    headers: {
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "content-length": String(object.size),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      etag: object.httpEtag,
    },
  });
}
