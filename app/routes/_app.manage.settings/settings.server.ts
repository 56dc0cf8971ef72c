/**
 * /manage/settings on the server (issue 15, point 2): the organisation's settings from
 * GET /api/{org}/admin/config, and each form of the screen as one PUT (a group's fields, the map
 * centre, an image, a reworded text). The API validates; its field errors come back at the
 * fields' own names.
 */
import { readUploadBody } from "~/domain/upload-body";
import { COMPLETE_LOCALES, type Locale } from "~/domain/locales";
import { centreFromForm, isSettingsGroup, ORGANIZATION_IMAGES, settingsFromForm, SETTINGS_TABS, TEXT_SEARCH_LIMIT, type SettingsTab } from "~/domain/organization-settings";
import { messagesFor } from "~/i18n/messages.server";
import { memberCall, memberFetch, pathParam, readResult, type ApiArgs, type ApiResult } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";
import { notFound, pick, requireStaff } from "~/lib/server/manage.server";

/** A text of the pages, by its `ns:key`, with its wording in the locale (before any override). */
export interface TextEntry {
  key: string;
  text: string;
}

/** The bundled wording of `key` (`ns:key`, or a plain key: the first namespace that has it). */
function defaultText(messages: ReturnType<typeof messagesFor>, key: string): string | null {
  const [ns, name] = key.includes(":") ? key.split(":", 2) : [null, key];
  if (ns) return messages[ns]?.[name] ?? null;
  return Object.values(messages).find((namespace) => name in namespace)?.[name] ?? null;
}

/** The texts whose key or wording contains `query`, at most TEXT_SEARCH_LIMIT. */
function searchTexts(messages: ReturnType<typeof messagesFor>, query: string): TextEntry[] {
  const needle = query.toLowerCase();
  const found: TextEntry[] = [];
  for (const [ns, namespace] of Object.entries(messages)) {
    for (const [name, text] of Object.entries(namespace)) {
      if (!name.includes(needle) && !text.toLowerCase().includes(needle)) continue;
      found.push({ key: `${ns}:${name}`, text });
      if (found.length >= TEXT_SEARCH_LIMIT) return found;
    }
  }
  return found;
}

export async function loadSettings(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const url = new URL(args.request.url);
  const tab: SettingsTab = pick(url, "tab", SETTINGS_TABS);
  const result = await memberCall(args, (api) => api.api[":org"].admin.config.$get({ param: { org: pathParam(org) } }));
  if (!result.ok && result.status === 403) throw notFound();
  const settings = result.ok ? result.data : null;
  // The basemap and geocoder of the deployment, read-only beside the map centre (issue 28).
  const maps = tab === "initiatives" ? args.context.maps : null;
  if (tab !== "texts" || !settings) return { tab, settings, texts: null, maps };
  // The texts tab: the locale's overrides beside their bundled wording, and a search of the wording.
  const locale: Locale = pick(url, "locale", COMPLETE_LOCALES);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const messages = messagesFor(locale);
  const overrides = Object.entries(settings.community.appIntl[locale] ?? {}).map(([key, text]) => ({ key, text, original: defaultText(messages, key) }));
  return { tab, settings, texts: { locale, query, overrides, found: query.length >= 2 ? searchTexts(messages, query) : [] }, maps };
}

export type SettingsAnswer = { saved: true; fields: Record<string, string>; error: null } | { saved: false; fields: Record<string, string>; error: string };

const answerOf = (result: ApiResult<unknown>): { status: number; answer: SettingsAnswer } =>
  result.ok ? { status: 200, answer: { saved: true, fields: {}, error: null } } : { status: result.status, answer: { saved: false, fields: result.error.fields ?? {}, error: result.error.error } };

const refused = (field: string, key: string): { status: number; answer: SettingsAnswer } => ({ status: 400, answer: { saved: false, fields: { [field]: key }, error: "validation_error" } });

/** A new logo, small logo or cover: the multipart form's `file`, relayed to PUT .../config/images/{kind}. */
async function uploadImage(args: ApiArgs, org: string) {
  const body = await readUploadBody(args.request, "image");
  if (!body.ok) return refused("file", body.reason === "too_large" ? "attachments_error_too_large" : "attachments_error_required");
  const kind = ORGANIZATION_IMAGES.find((value) => value === body.form.get("kind"));
  const file = body.form.get("file");
  if (!kind) return refused("kind", "form_error_invalid");
  if (!file || typeof file === "string" || file.size === 0) return refused(`image.${kind}`, "attachments_error_required");
  const forward = new FormData();
  forward.append("file", file, file.name || kind);
  const result = await readResult(await memberFetch(args, "PUT", `/api/${encodeURIComponent(org)}/admin/config/images/${kind}`, { body: forward }));
  // The API names the field `file`; the screen shows it at the image's own form.
  if (!result.ok && result.error.fields?.file) return refused(`image.${kind}`, result.error.fields.file);
  return answerOf(result);
}

/** The change one of the screen's forms asks for, or null for a form that is not one of them. */
async function changeOf(args: ApiArgs, org: string, form: FormData): Promise<Record<string, unknown> | null> {
  const intent = String(form.get("intent") ?? "");
  if (isSettingsGroup(intent)) return settingsFromForm(intent, form);
  if (intent === "centre") return centreFromForm(form);
  if (intent === "remove_image") {
    const kind = ORGANIZATION_IMAGES.find((value) => value === form.get("kind"));
    if (!kind) return null;
    return kind === "cover" ? { community: { cover_url: null } } : { [kind]: null };
  }
  if (intent === "text_set" || intent === "text_remove") {
    const locale = COMPLETE_LOCALES.find((value) => value === form.get("locale"));
    const key = String(form.get("key") ?? "");
    if (!locale || !key) return null;
    // appIntl replaces a locale's overrides whole: start from the ones stored now.
    const current = await memberCall(args, (api) => api.api[":org"].admin.config.$get({ param: { org: pathParam(org) } }));
    if (!current.ok) return null;
    const overrides = { ...(current.data.community.appIntl[locale] ?? {}) };
    if (intent === "text_remove") delete overrides[key];
    else overrides[key] = String(form.get("text") ?? "");
    return { community: { appIntl: { [locale]: overrides } } };
  }
  return null;
}

export async function saveSettings(args: ApiArgs): Promise<{ status: number; answer: SettingsAnswer }> {
  const { org } = await requireStaff(args, ["admin"]);
  if ((args.request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return uploadImage(args, org);
  const form = await readForm(args.request);
  const change = await changeOf(args, org, form);
  if (!change) return refused("form", "form_error_invalid");
  // The change is the API's to validate; its type is the schema's, which a form cannot promise.
  const result = await memberCall(args, (api) => api.api[":org"].admin.config.$put({ param: { org: pathParam(org) }, json: change as never }));
  return answerOf(result);
}
