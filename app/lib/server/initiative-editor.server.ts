/**
 * The initiative editor's pages on the server (/manage/initiatives/new, .../{id}/edit): what the
 * editor offers and starts from, and its save. The form's image is uploaded first (POST
 * /manage/images), then the form becomes the API's body (initiativeInputFromForm) and the API
 * checks it with the shared schema; its field errors come back by the form's own field names.
 */
import { redirect } from "@remix-run/cloudflare";
import { initiativeInputFromForm } from "~/domain/initiatives/editor";
import { shownPrecision } from "~/domain/location-precision";
import { readUploadBody } from "~/domain/upload-body";
import { regionZone } from "~/domain/zoned-time";
import { DEFAULT_MOTIVATION, IMPACT_MOTIVATIONS } from "~/domain/impact";
import { ORGANISING_ROLES } from "~/domain/manage";
import { memberCall, memberFetch, pathParam, readResult, type ApiArgs } from "./api.server";
import { notFound, requireStaff } from "./manage.server";
import type { EditableInitiative } from "../../../workers/manage/initiative-editor";

export interface EditorAnswer {
  error: string | null;
  fields: Record<string, string>;
  /** What was sent, so a page without JavaScript shows it again. */
  values: Record<string, unknown> | null;
}

/** The editor's choices, and the initiative it starts from: the one edited, the one duplicated, or none. */
export async function loadEditor(args: ApiArgs, from: { edit?: string; copy?: string | null }) {
  const { org, role } = await requireStaff(args, ORGANISING_ROLES);
  const source = from.edit ?? from.copy ?? null;
  const [options, initiative] = await Promise.all([
    memberCall(args, (api) => api.api[":org"].manage.initiatives.options.$get({ param: { org: pathParam(org) } })),
    source ? memberCall(args, (api) => api.api[":org"].manage.initiatives[":id"].$get({ param: { org: pathParam(org), id: pathParam(source) } })) : null,
  ]);
  // Editing another organiser's initiative, or one that does not exist: no such page. A copy of one is a blank editor.
  if (from.edit && initiative && !initiative.ok && (initiative.status === 403 || initiative.status === 404)) throw notFound();
  if (!options.ok || (from.edit && !initiative?.ok)) throw new Response("The editor cannot load", { status: 502 });
  const start: EditableInitiative | null = initiative?.ok ? (initiative.data as EditableInitiative) : null;
  // A pin found approximately (a city's centre for a street) stays "approximate" in the editor until it is moved (issue 28).
  const locationPrecision = shownPrecision(start?.location_precision, start?.latitude, start?.longitude, args.context.locationPrecision);
  const impact = role === "admin" ? await impactAttributes(args, org, start?.slug ?? null) : null;
  return { options: options.data, initiative: start, zone: regionZone(options.data.region), copy: !from.edit && !!start, locationPrecision, impact };
}

/** An administrator's impact fields: the initiative's (a copy starts from the original's), else the defaults. */
async function impactAttributes(args: ApiArgs, org: string, slug: string | null) {
  const blank = { motivation: DEFAULT_MOTIVATION as string, country: null as string | null };
  if (!slug) return blank;
  const found = await memberCall(args, (api) => api.api[":org"].admin.impact.initiatives[":slug"].$get({ param: { org: pathParam(org), slug: pathParam(slug) } }));
  return found.ok ? { motivation: found.data.motivation as string, country: found.data.country } : blank;
}

/** The editor's impact fields as sent (administrators'), the country upper-cased; null when the form has none. */
function impactFromForm(form: FormData) {
  if (!form.has("impact_motivation")) return null;
  const motivation = String(form.get("impact_motivation") ?? "");
  const country = String(form.get("impact_country") ?? "").trim().toUpperCase() || null;
  const fields: Record<string, string> = {};
  if (!(IMPACT_MOTIVATIONS as readonly string[]).includes(motivation)) fields.impact_motivation = "form_error_invalid";
  if (country && !/^[A-Z]{2}$/.test(country)) fields.impact_country = "impact_error_unknown_country";
  return { values: { motivation, country }, fields };
}

/** The zone the page rendered its times in (the organisation's, sent back with the form), if it is one; else UTC. */
function knownZone(value: FormDataEntryValue | null) {
  if (typeof value !== "string" || !value) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value;
  } catch {
    return "UTC";
  }
}

/** The editor's save: the new initiative's page, or the errors at their fields. */
export async function saveEditor(args: ApiArgs, id: string | null): Promise<{ status: number; answer: EditorAnswer } | Response> {
  const { org, role } = await requireStaff(args, ORGANISING_ROLES);
  const body = await readUploadBody(args.request, "image");
  if (!body.ok) {
    const key = body.reason === "too_large" ? "attachments_error_too_large" : "form_error_invalid";
    return { status: body.reason === "too_large" ? 413 : 400, answer: { error: "validation_error", fields: { image: key }, values: null } };
  }
  const form = body.form;
  const file = form.get("image_file");
  if (file && typeof file !== "string" && file.size > 0) {
    const upload = new FormData();
    upload.append("file", file, file.name);
    const uploaded = await readResult<{ url: string }>(await memberFetch(args, "POST", `/api/${pathParam(org)}/manage/images`, { body: upload }));
    if (!uploaded.ok) return { status: uploaded.status, answer: { error: "validation_error", fields: { image: uploaded.error.fields?.file ?? "form_error_invalid" }, values: null } };
    form.set("image", uploaded.data.url);
  } else if (form.get("remove_image") === "on") {
    form.set("image", "");
  }
  const zone = knownZone(form.get("zone"));
  const input = initiativeInputFromForm(form, zone);
  // The impact fields are checked before anything is saved, so a bad country never leaves half a save.
  const impact = role === "admin" ? impactFromForm(form) : null;
  if (impact && Object.keys(impact.fields).length) return { status: 400, answer: { error: "validation_error", fields: impact.fields, values: { ...input, impact: impact.values } } };
  const result = id
    ? await memberCall(args, (api) => api.api[":org"].manage.initiatives[":id"].$put({ param: { org: pathParam(org), id: pathParam(id) }, json: input }))
    : await memberCall(args, (api) => api.api[":org"].manage.initiatives.$post({ param: { org: pathParam(org) }, json: input }));
  if (result.ok) {
    const saved = result.data as { id: string; slug: string };
    if (impact) {
      const json = { motivation: impact.values.motivation as (typeof IMPACT_MOTIVATIONS)[number], country: impact.values.country };
      const stored = await memberCall(args, (api) => api.api[":org"].admin.impact.initiatives[":slug"].$put({ param: { org: pathParam(org), slug: pathParam(saved.slug) }, json }));
      if (!stored.ok) return { status: stored.status, answer: { error: stored.error.error, fields: { impact_country: stored.error.fields?.country ?? "form_error_invalid" }, values: { ...input, impact: impact.values } } };
    }
    return redirect(`/manage/initiatives/${encodeURIComponent(saved.id)}?saved=${id ? "updated" : "created"}`);
  }
  if (result.status === 403 || result.status === 404) throw notFound();
  return { status: result.status, answer: { error: result.error.error, fields: result.error.fields ?? {}, values: input } };
}
