/**
 * The answer for a public file whose name never changes for other bytes (initiative images,
 * avatars): cached by browsers and the edge for a year.
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
