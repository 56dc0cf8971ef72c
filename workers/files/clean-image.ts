/**
 * What every image upload goes through before it is stored for others to see (issue 25, point 5):
 * its type from its bytes, its metadata removed (workers/files/strip-metadata.ts: no camera, time
 * or GPS position leaves the uploader's device through us) and its size in pixels read from its
 * header and capped (workers/files/image-size.ts), so a small file cannot declare a picture that
 * every browser showing it must decode. Avatars, initiative images, organisation logos and covers.
 */
import { tooLarge, unsupportedType, type FieldErrors } from "../lib/domain-errors";
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, imageSize, withinImageCaps } from "./image-size";
import { detectType } from "./sniff";
import { stripGifMetadata, stripJpegMetadata, stripPngMetadata, stripWebpMetadata } from "./strip-metadata";

const STRIPPERS: Record<string, (bytes: Uint8Array) => Uint8Array | null> = {
  "image/png": stripPngMetadata,
  "image/jpeg": stripJpegMetadata,
  "image/gif": stripGifMetadata,
  "image/webp": stripWebpMetadata,
};

export interface CleanImage {
  bytes: Uint8Array;
  mimetype: string;
  extension: string;
  width: number;
  height: number;
}

/**
 * The image without its metadata, with its type and size. 415 `unsupported_file_type` for another
 * type, or a file whose structure does not add up (never stored half-cleaned); 413
 * `image_too_large` over the pixel caps. `fields` name the form field the errors point at.
 */
export function cleanImage(bytes: Uint8Array, options: { types?: readonly string[]; refused: () => Error; field?: string; tooLargeKey?: string }): CleanImage {
  const type = detectType("image", bytes);
  if (!type || (options.types && !options.types.includes(type.mimetype))) throw options.refused();
  const clean = STRIPPERS[type.mimetype]?.(bytes) ?? null;
  const size = clean ? imageSize(clean, type.mimetype) : null;
  if (!clean || !size || size.width === 0 || size.height === 0) throw options.refused();
  if (!withinImageCaps(size)) {
    const fields: FieldErrors = { [options.field ?? "file"]: options.tooLargeKey ?? "attachments_error_dimensions" };
    throw tooLarge("image_too_large", `An image may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels and ${IMAGE_MAX_SIDE} pixels a side.`, fields);
  }
  return { bytes: clean, mimetype: type.mimetype, extension: type.extensions[0], ...size };
}

export const imageRefused = (field = "file") => () => unsupportedType("unsupported_file_type", "Images must be PNG, JPEG, GIF or WebP.", { [field]: "attachments_error_type" });
