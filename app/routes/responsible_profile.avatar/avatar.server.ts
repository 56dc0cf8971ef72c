/**
 * The avatar editor's upload (issue 13, point 3) for the browser, which holds no Bearer token: the
 * cropped picture, posted as multipart `avatar` to /responsible_profile/avatar, goes on to
 * PUT /api/{org}/profile under the image cap, read no further than it. Answers JSON: the new
 * avatar URL, or the API's error with its status.
 */
import { ATTACHMENT_MAX_BYTES } from "~/domain/attachments";
import { readUploadBody } from "~/domain/upload-body";
import { memberFetch, readResult, type ApiArgs } from "~/lib/server/api.server";
import { memberOrgSlug } from "~/lib/server/member.server";
import { json } from "~/lib/server/relay.server";

const refusal = (status: number, error: string, field: string) => json({ error, message: "The picture cannot be used.", fields: { avatar: field } }, status);

export async function uploadAvatar(args: ApiArgs): Promise<Response> {
  const body = await readUploadBody(args.request, "image");
  if (!body.ok) return body.reason === "too_large" ? refusal(413, "file_too_large", "attachments_error_too_large") : refusal(400, "invalid_multipart", "attachments_error_required");
  const picture = body.form.get("avatar");
  if (!picture || typeof picture === "string" || picture.size === 0) return refusal(400, "validation_error", "attachments_error_required");
  if (picture.size > ATTACHMENT_MAX_BYTES.image) return refusal(413, "file_too_large", "attachments_error_too_large");
  // A FormData body can be sent twice, which memberFetch's retry after a refresh needs.
  const forward = new FormData();
  forward.append("avatar", picture, "avatar.png");
  const org = await memberOrgSlug(args);
  const result = await readResult<{ avatar: string | null }>(await memberFetch(args, "PUT", `/api/${encodeURIComponent(org)}/profile`, { body: forward }));
  return result.ok ? json({ avatar: result.data.avatar }, 200) : json(result.error, result.status);
}
