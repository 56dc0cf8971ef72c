import { uploadNameAllowed } from "../../app/domain/attachments";
import type { Tenant } from "../tenant/organizations";
import { cleanImage, imageRefused } from "./clean-image";
import { countUpload } from "./upload-quota";

/**
 * Stores an uploaded image under a new name that never names other bytes: PNG, JPEG, GIF or WebP
 * by its bytes and named as one (415 otherwise), its metadata removed and its pixels capped (clean-image.ts),
 * counted against the uploader's quota. `keyOf` places the name in R2. Answers the name and the type.
 */
export async function storeImage(env: Env, memberId: string, readFile: () => Promise<File>, keyOf: (name: string) => string, customMetadata: Record<string, string>) {
  const file = await readFile();
  if (!uploadNameAllowed(file.name, "image")) throw imageRefused()();
  const image = cleanImage(new Uint8Array(await file.arrayBuffer()), { refused: imageRefused() });
  await countUpload(env.DB, memberId, image.bytes.length);
  const name = `${crypto.randomUUID()}.${image.extension}`;
  await env.FILES.put(keyOf(name), image.bytes, { httpMetadata: { contentType: image.mimetype }, customMetadata: { ...customMetadata, memberId } });
  return { name, mimetype: image.mimetype, size: image.bytes.length };
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

/**
 * Whether a request for a public file came to the platform's own host (PUBLIC_URL's, or any host no
 * organisation claims) rather than to one of the organisation's own hostnames. Every organisation's
 * API answers there too (/api/{org}/...), so the media its answers name (pictures, images) must be
 * served there for every organisation: each name is a random UUID that never names other bytes.
 * An organisation's own hostname still serves only that organisation's media.
 */
export function isPlatformHost(env: Env, tenant: Pick<Tenant, "hostnames">, url: string): boolean {
  const hostname = new URL(url).hostname;
  return hostname === new URL(env.PUBLIC_URL).hostname || !tenant.hostnames.includes(hostname);
}
