/**
 * Initiative images (issue 11, point 2): staff upload one before saving the editor, and the
 * initiative keeps its address. An image is stored in R2 under the organisation
 * (media/{org id}/images/{uuid}.{ext}), its type read from its bytes, and served at
 * /media/images/{uuid}.{ext} on the organisation's own host: the name never changes for other
 * bytes, so it is cached for a year. Another organisation's host answers 404.
 */
import { IMAGE_URL_PATTERN } from "../../app/domain/initiatives/editor";
import { immutableFileResponse, storeImage } from "../files/public-file";
import type { Tenant } from "../tenant/organizations";
import { ORGANISING_ROLES, requireRole, type StaffActor } from "./scope";

const keyOf = (orgId: string, file: string) => `media/${orgId}/images/${file}`;

/** Stores an uploaded image for the organisation; answers the address an initiative's `image` takes. */
export async function uploadImage(env: Env, org: Tenant, actor: StaffActor, readFile: () => Promise<File>) {
  requireRole(actor, ORGANISING_ROLES);
  const stored = await storeImage(env, actor.memberId, readFile, (name) => keyOf(org.id, name), {});
  return { url: `/media/images/${stored.name}`, mimetype: stored.mimetype, size: stored.size };
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
