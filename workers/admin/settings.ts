/**
 * The organisation's settings (issue 15, point 2; docs/api/admin.md): what GET /admin/config shows
 * and PUT /admin/config changes, administrators only. The shape of a change and the rule of each
 * key are app/domain/organization-settings.ts; here are the rules that need the stored state (images
 * uploaded to this organisation, known texts, steps required but not offered, a centre given whole).
 * A change goes through `updateOrganization`, in one batch with its audit row, so the cached
 * organisation is dropped and members see it on their next page.
 */
import { getDb } from "../db/client";
import { immutableFileResponse, storeImage } from "../files/public-file";
import { badRequest, type FieldErrors } from "../lib/domain-errors";
import { auditStatements } from "../audit/statements";
import { requireRole, type StaffActor } from "../manage/scope";
import { updateOrganization, type OrganizationChanges, type Tenant } from "../tenant/organizations";
import { withCommunityDefaults } from "../../app/domain/community-config";
import type { OrganizationImage, SettingsChange } from "../../app/domain/organization-settings";
import { isKnownText } from "./text-catalogue";

/** Uploaded logos and covers: public on every host (the sign-up pages show other organisations' logos). */
export const ORGANIZATION_IMAGE_PATTERN = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;
const IMAGE_PREFIX = "/media/logos/";
const keyOf = (file: string) => `media/logos/${file}`;
const fileOf = (url: string | null | undefined) => (url?.startsWith(IMAGE_PREFIX) ? url.slice(IMAGE_PREFIX.length) : null);

/** GET /admin/config: every setting as the editor shows it (the community config with its defaults). */
export function organizationSettings(org: Tenant, actor: StaffActor) {
  requireRole(actor, ["admin"]);
  return {
    name: org.name,
    slug: org.slug,
    region: org.region,
    contact_email: org.general.contact_email ?? null,
    logo: org.logo,
    logo_small: org.logoSmall,
    hostnames: org.hostnames,
    community: org.community,
  };
}
export type OrganizationSettings = ReturnType<typeof organizationSettings>;

/** Whether `url` may be the organisation's image: kept as it is, or uploaded to this organisation. */
async function imageAllowed(env: Env, org: Tenant, url: string | null, current: string | null | undefined) {
  if (url === null || url === current) return true;
  const file = fileOf(url);
  if (!file || !ORGANIZATION_IMAGE_PATTERN.test(file)) return false;
  const object = await env.FILES.head(keyOf(file));
  return object?.customMetadata?.orgId === org.id;
}

/**
 * Objects of the config merge key by key (`appIntl` thus replaces only the locales it names);
 * every other value replaces the stored one.
 */
function merged(stored: Record<string, unknown>, change: Record<string, unknown>) {
  const plainObject = (item: unknown): item is object => item !== null && typeof item === "object" && !Array.isArray(item);
  const next: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(change)) next[key] = plainObject(value) && plainObject(stored[key]) ? { ...stored[key], ...value } : value;
  return next;
}

async function check(env: Env, org: Tenant, change: SettingsChange, community: Record<string, unknown>) {
  const fields: FieldErrors = {};
  const steps = (community.onboarding_steps as string[]) ?? [];
  const required = (community.required_onboarding_steps as string[]) ?? [];
  if (required.some((step) => !steps.includes(step))) fields["community.required_onboarding_steps"] = "settings_error_required_not_offered";
  if ((community.default_latitude == null) !== (community.default_longitude == null)) fields["community.default_latitude"] = "settings_error_centre_incomplete";
  for (const [locale, overrides] of Object.entries(change.community?.appIntl ?? {})) {
    const unknown = Object.keys(overrides ?? {}).find((key) => !isKnownText(key));
    if (unknown) fields[`community.appIntl.${locale}.${unknown}`] = "settings_error_unknown_text";
  }
  const images: [string, string | null | undefined, string | null | undefined][] = [
    ["logo", change.logo, org.logo],
    ["logo_small", change.logo_small, org.logoSmall],
    ["community.cover_url", change.community?.cover_url, org.community.cover_url],
  ];
  for (const [name, url, current] of images) {
    if (url !== undefined && !(await imageAllowed(env, org, url, current))) fields[name] = "settings_error_image";
  }
  if (Object.keys(fields).length) throw badRequest("validation_error", "Some fields are missing or invalid.", fields);
}

/** What changed, key by key, for the audit row (the config's keys as `community.{key}`). */
function differences(before: Record<string, unknown>, after: Record<string, unknown>) {
  const diff: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    diff.before[key] = before[key] ?? null;
    diff.after[key] = after[key] ?? null;
  }
  return diff;
}

const flatSettings = (settings: OrganizationSettings) => {
  const { community, hostnames: _hostnames, slug: _slug, ...rest } = settings;
  return { ...rest, ...Object.fromEntries(Object.entries(community).map(([key, value]) => [`community.${key}`, value])) };
};

/**
 * PUT /admin/config: applies a validated change. Answers the settings as they now are; a change
 * that changes nothing writes nothing (no audit row either).
 */
export async function updateSettings(env: Env, org: Tenant, actor: StaffActor, change: SettingsChange, now = Date.now()): Promise<OrganizationSettings> {
  requireRole(actor, ["admin"]);
  const community = merged(org.community, { ...(change.community ?? {}), ...(change.region ? { region: change.region } : {}) });
  await check(env, org, change, community);
  const changes: OrganizationChanges = {
    communityConfig: community,
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.region !== undefined ? { region: change.region } : {}),
    ...(change.logo !== undefined ? { logo: change.logo } : {}),
    ...(change.logo_small !== undefined ? { logoSmall: change.logo_small } : {}),
    ...(change.contact_email !== undefined ? { generalConfig: { ...org.general, contact_email: change.contact_email } } : {}),
  };
  const before = organizationSettings(org, actor);
  const after: OrganizationSettings = {
    ...before,
    name: changes.name ?? before.name,
    region: changes.region ?? before.region,
    logo: changes.logo !== undefined ? changes.logo : before.logo,
    logo_small: changes.logoSmall !== undefined ? changes.logoSmall : before.logo_small,
    contact_email: change.contact_email !== undefined ? change.contact_email : before.contact_email,
    // As the next read will parse it (nested objects get their defaults).
    community: withCommunityDefaults(community),
  };
  const diff = differences(flatSettings(before), flatSettings(after));
  if (Object.keys(diff.after).length === 0) return before;
  const audit = auditStatements(getDb(env), org.id, actor.memberId, [{ action: "organization.settings_changed", targetType: "organization", targetId: org.id, detail: diff }], now);
  await updateOrganization(env, org, changes, audit);
  // Images no longer used by the organisation go (only ones uploaded here; the demo's are static files).
  const replaced = [[before.logo, after.logo], [before.logo_small, after.logo_small], [before.community.cover_url, after.community.cover_url]];
  await Promise.all(
    replaced
      .filter(([old, current]) => old !== current && fileOf(old) && ![after.logo, after.logo_small, after.community.cover_url].includes(old))
      .map(([old]) => env.FILES.delete(keyOf(fileOf(old)!))),
  );
  // `after` is what was stored: no need to read the organisation back.
  return after;
}

/**
 * PUT /admin/config/images/{kind}: a new logo, small logo or cover (PNG, JPEG, GIF or WebP by its
 * bytes, capped as images are, counted against the administrator's upload quota), stored under a
 * new name and made the organisation's at once.
 */
export async function uploadOrganizationImage(env: Env, org: Tenant, actor: StaffActor, kind: OrganizationImage, readFile: () => Promise<File>) {
  requireRole(actor, ["admin"]);
  const { name } = await storeImage(env, actor.memberId, readFile, keyOf, { orgId: org.id });
  const url = `${IMAGE_PREFIX}${name}`;
  const change: SettingsChange = kind === "cover" ? { community: { cover_url: url } } : kind === "logo" ? { logo: url } : { logo_small: url };
  try {
    return await updateSettings(env, org, actor, change);
  } catch (error) {
    // No file outlives its row: the upload nothing names is taken back (and a Worker stopped here
    // leaves one the scheduled sweep deletes, workers/files/orphan-sweep.ts).
    await env.FILES.delete(keyOf(name));
    throw error;
  }
}

/** GET /media/logos/{file}: an organisation's uploaded logo or cover, or null (404). */
export async function organizationImageResponse(env: Env, file: string): Promise<Response | null> {
  if (!ORGANIZATION_IMAGE_PATTERN.test(file)) return null;
  const object = await env.FILES.get(keyOf(file));
  return object ? immutableFileResponse(object) : null;
}
