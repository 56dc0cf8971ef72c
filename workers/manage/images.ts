/**
 * Initiative images (issue 11, point 2): staff upload one before saving the editor, and the
 * initiative keeps its address. An image is stored in R2 under the organisation
 * (media/{org id}/images/{uuid}.{ext}), its type read from its bytes, and served at
 * /media/images/{uuid}.{ext} on the organisation's own host: the name never changes for other
 * bytes, so it is cached for a year. Another organisation's host answers 404.
 */
import { IMAGE_URL_PATTERN } from "../../app/domain/initiatives/editor";
import { immutableFileResponse } from "../files/public-file";
import { detectType } from "../files/sniff";
import { countUpload } from "../files/upload-quota";
import { unsupportedType } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";
import { ORGANISING_ROLES, requireRole, type StaffActor } from "./scope";

const keyOf = (orgId: string, file: string) => `media/${orgId}/images/${file}`;

/** Stores an uploaded image for the organisation; answers the address an initiative's `image` takes. */
export async function uploadImage(env: Env, org: Tenant, actor: StaffActor, readFile: () => Promise<File>) {
  requireRole(actor, ORGANISING_ROLES);
  const file = await readFile();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectType("image", bytes);
  if (!type) throw unsupportedType("unsupported_file_type", "Images must be PNG, JPEG, GIF or WebP.", { file: "attachments_error_type" });
  await countUpload(env.DB, actor.memberId, bytes.length);
  const name = `${crypto.randomUUID()}.${type.extensions[0]}`;
  await env.FILES.put(keyOf(org.id, name), bytes, { httpMetadata: { contentType: type.mimetype }, customMetadata: { memberId: actor.memberId } });
  return { url: `/media/images/${name}`, mimetype: type.mimetype, size: bytes.length };
}

/** Whether `url` names an image uploaded to this organisation. */
export async function imageExists(env: Env, org: Tenant, url: string) {
  if (!IMAGE_URL_PATTERN.test(url)) return false;
  return (await env.FILES.head(keyOf(org.id, url.slice("/media/images/".length)))) !== null;
}

/** The image's response for GET /media/images/{file} on the organisation's host, or null (404). */
export async function imageResponse(env: Env, org: Tenant, file: string): Promise<Response | null> {
  if (!IMAGE_URL_PATTERN.test(`/media/images/${file}`)) return null;
  const object = await env.FILES.get(keyOf(org.id, file));
  if (!object) return null;
  return immutableFileResponse(object);
}
