/**
 * Initiative images (issue 11, point 2): staff upload one before saving the editor, and the
 * initiative keeps its address. An image is stored in R2 under the organisation
 * (media/{org id}/images/{uuid}.{ext}), its type read from its bytes, and served at
 * /media/images/{uuid}.{ext} on the organisation's own host: the name never changes for other
 * bytes, so it is cached for a year. Another organisation's host answers 404; the platform's host,
 * where every organisation's API answers, serves it too.
 */
import { IMAGE_URL_PATTERN } from "../../app/domain/initiatives/editor";
import { immutableFileResponse, isPlatformHost, storeImage } from "../files/public-file";
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

/**
 * The image's response for GET /media/images/{file}, or null (404): on the organisation's own host
 * its images; on the platform's host (isPlatformHost), where every organisation's API answers, also
 * the image of any organisation's initiative.
 */
export async function imageResponse(env: Env, org: Tenant, file: string, url: string): Promise<Response | null> {
  const path = `/media/images/${file}`;
  if (!IMAGE_URL_PATTERN.test(path)) return null;
  let object = await env.FILES.get(keyOf(org.id, file));
  if (!object && isPlatformHost(env, org, url)) {
    const owner = await env.DB.prepare("select org_id from initiatives where image = ? limit 1").bind(path).first<{ org_id: string }>();
    if (owner) object = await env.FILES.get(keyOf(owner.org_id, file));
  }
  if (!object) return null;
  return immutableFileResponse(object);
}
