/**
 * The cropped picture's upload from the browser (POST /responsible_profile/avatar), with its
 * progress: XMLHttpRequest, because fetch reports no upload progress.
 */
export type AvatarUploadResult = { ok: true; avatar: string | null } | { ok: false; status: number; field: string | null };

export function uploadAvatarPicture(picture: Blob, onProgress: (fraction: number) => void): Promise<AvatarUploadResult> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append("avatar", picture, "avatar.png");
    const request = new XMLHttpRequest();
    request.open("POST", "/responsible_profile/avatar");
    request.setRequestHeader("accept", "application/json");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const body = (request.response ?? {}) as { avatar?: string | null; fields?: Record<string, string> };
      if (request.status === 200) resolve({ ok: true, avatar: body.avatar ?? null });
      else resolve({ ok: false, status: request.status, field: body.fields?.avatar ?? null });
    });
    request.addEventListener("error", () => resolve({ ok: false, status: 0, field: null }));
    request.send(form);
  });
}
