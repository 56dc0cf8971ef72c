/**
 * Members' pictures (SPEC.md sections 4 and 9; issue 13, point 3). The app sends a 360 by 360 PNG
 * cropped on the device; any client may send a PNG or JPEG, checked by its bytes, capped as image
 * attachments are, counted against the upload quota, and stored with its metadata removed (no
 * camera, time or position leaves the member's device through us). Each picture gets a new name,
 * served at /media/avatars/{file} on the hosts of the member's organisations and cached for a
 * year; the previous one is deleted. Another organisation's host answers 404.
 */
import { eq } from "drizzle-orm";
import { uploadNameAllowed } from "../../app/domain/attachments";
import { getDb, schema } from "../db/client";
import { immutableFileResponse, isPlatformHost } from "../files/public-file";
import { cleanImage } from "../files/clean-image";
import { countUpload } from "../files/upload-quota";
import { unsupportedType } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";

export const AVATAR_FILE_PATTERN = /^[0-9a-f-]{36}\.(png|jpg)$/;
const keyOf = (file: string) => `media/avatars/${file}`;

const refused = () => unsupportedType("unsupported_file_type", "A picture must be a PNG or JPEG image.", { avatar: "avatar_error_type" });

/** The picture's bytes without metadata, and its extension; 415 for anything else, 413 over the pixel caps. */
function cleaned(bytes: Uint8Array): { bytes: Uint8Array; ext: string; mimetype: string } {
  const image = cleanImage(bytes, { types: ["image/png", "image/jpeg"], refused, field: "avatar", tooLargeKey: "avatar_error_dimensions" });
  return { bytes: image.bytes, ext: image.extension, mimetype: image.mimetype };
}

async function currentKey(env: Env, memberId: string) {
  const row = await env.DB.prepare("select avatar_key from profiles where member_id = ?").bind(memberId).first<{ avatar_key: string | null }>();
  return row?.avatar_key ?? null;
}

/** Stores the member's new picture and makes it theirs; the old one is removed. */
export async function setAvatar(env: Env, memberId: string, readFile: () => Promise<File>) {
  const file = await readFile();
  // The editor sends "avatar.png"; another client's name is held to the pictures' allow-list too.
  if (!uploadNameAllowed(file.name, "image")) throw refused();
  const picture = cleaned(new Uint8Array(await file.arrayBuffer()));
  await countUpload(env.DB, memberId, picture.bytes.length);
  const name = `${crypto.randomUUID()}.${picture.ext}`;
  // The file first (a row never names a missing file), then the row; a failed row write takes the
  // file back. A Worker stopped in between leaves a file no row names: the scheduled sweep
  // deletes it (workers/files/orphan-sweep.ts).
  await env.FILES.put(keyOf(name), picture.bytes, { httpMetadata: { contentType: picture.mimetype }, customMetadata: { memberId } });
  let previous: string | null;
  try {
    previous = await currentKey(env, memberId);
    const updated = await getDb(env).update(schema.profiles).set({ avatarKey: name }).where(eq(schema.profiles.memberId, memberId)).returning({ memberId: schema.profiles.memberId });
    if (!updated.length) throw new Error("The member has no profile to take the picture.");
  } catch (error) {
    await env.FILES.delete(keyOf(name));
    throw error;
  }
  if (previous && previous !== name) await env.FILES.delete(keyOf(previous));
}

/** Removes the member's picture (PUT profile {avatar: null}): initials from now on. */
export async function removeAvatarFile(env: Env, memberId: string) {
  const previous = await currentKey(env, memberId);
  if (previous) await env.FILES.delete(keyOf(previous));
}

/**
 * GET /media/avatars/{file}: on an organisation's own host the picture of one of its members, on the
 * platform's host (isPlatformHost) any member's, as the API there names them; else null (404).
 */
export async function avatarResponse(env: Env, org: Tenant, file: string, url: string): Promise<Response | null> {
  if (!AVATAR_FILE_PATTERN.test(file)) return null;
  const object = await env.FILES.get(keyOf(file));
  const owner = object?.customMetadata?.memberId;
  if (!object || !owner) return null;
  if (!isPlatformHost(env, org, url)) {
    const member = await env.DB.prepare("select 1 as yes from memberships where org_id = ? and member_id = ?").bind(org.id, owner).first();
    if (!member) return null;
  }
  return immutableFileResponse(object);
}
