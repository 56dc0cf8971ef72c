/** Saving settings: one PUT of the own profile (partial body) and its error in the page's terms. */
import { memberApi, type ApiArgs } from "./api.server";
import { memberOrgSlug, type OwnProfile } from "./member.server";

export type SaveResult = { ok: true; profile: OwnProfile } | { ok: false; status: number; error: string; fields: Record<string, string> };

export async function saveProfile(args: ApiArgs, body: Record<string, unknown>): Promise<SaveResult> {
  const org = await memberOrgSlug(args);
  const result = await memberApi<OwnProfile>(args, "PUT", `/api/${org}/profile`, body);
  if (result.ok) return { ok: true, profile: result.data };
  return { ok: false, status: result.status, error: result.error.error, fields: result.error.fields ?? {} };
}
