/** /manage/members on the server (issue 15, point 1): the administrators' list of members, a member's changes, and the CSV. */
import { memberCall, memberFetch, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { peopleFromCsv, type ImportedPerson } from "~/domain/csv-import";
import { MEMBER_ROLE_FILTERS, MEMBER_STATUS_FILTERS, ORGANISATION_ROLES } from "~/domain/manage";
import { decisionOutcome, listData, notFound, pick, requireStaff, type DecisionOutcome } from "~/lib/server/manage.server";

type RoleFilter = Exclude<(typeof MEMBER_ROLE_FILTERS)[number], "">;

/** The list's filters from the URL, as the API takes them. */
function filtersOf(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const role = pick(url, "role", MEMBER_ROLE_FILTERS);
  const status = pick(url, "status", MEMBER_STATUS_FILTERS);
  return { ...(q ? { q } : {}), ...(role ? { role: role as RoleFilter } : {}), status };
}

/**
 * The page asked for: after a cursor (Next: `cursor`, the API's paging; `after` in older links) or
 * before one (Previous), as the list's links carry them (decision 043).
 */
function pageOf(url: URL): { cursor: string } | { before: string } | Record<string, never> {
  const param = (name: string) => {
    const value = url.searchParams.get(name) ?? "";
    return /^[\w-]{1,2000}$/.test(value) ? value : null;
  };
  const cursor = param("cursor") ?? param("after");
  const before = param("before");
  return cursor ? { cursor } : before ? { before } : {};
}

export async function loadMembers(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const url = new URL(args.request.url);
  const filters = filtersOf(url);
  // The answer names the line managers offered too: the organisation's managers and administrators.
  const list = await memberCall(args, (api) => api.api[":org"].admin.members.$get({ param: { org: pathParam(org) }, query: { ...filters, ...pageOf(url) } }));
  const data = listData(list);
  return { filters, list: data, managers: data ? data.line_managers : [] };
}

export type MemberIntent = "save" | "disable" | "enable";

/** A row's form: its role and line manager (save), or switching the account off or on. */
export async function changeMember(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ["admin"]);
  const intent = (["save", "disable", "enable"] as const).find((value) => value === form.get("intent"));
  const id = String(form.get("id") ?? "");
  if (!intent || !id) return { status: 400, outcome: { done: null, error: "validation_error", fields: {}, id } };
  const role = String(form.get("role") ?? "");
  const manager = String(form.get("manager_member_id") ?? "");
  const json =
    intent === "save"
      ? { role: role as RoleFilter, manager_member_id: manager || null }
      : { disabled: intent === "disable" };
  const result = await memberCall(args, (api) => api.api[":org"].admin.members[":id"].$put({ param: { org: pathParam(org), id: pathParam(id) }, json }));
  return decisionOutcome(result, intent, 1, id);
}

/** A row's impact attributes (PUT /admin/impact/members/{id}): an empty field clears it. */
export async function memberImpactAction(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ["admin"]);
  const id = String(form.get("id") ?? "");
  if (!id) return { status: 400, outcome: { done: null, error: "validation_error", fields: {}, id } };
  const value = (name: string) => String(form.get(name) ?? "").trim() || null;
  const json = { country: value("country")?.toUpperCase() ?? null, site: value("site"), grade: value("grade") };
  const result = await memberCall(args, (api) => api.api[":org"].admin.impact.members[":id"].$put({ param: { org: pathParam(org), id: pathParam(id) }, json }));
  return decisionOutcome(result, "impact", 1, id);
}

/** A row's removal (DELETE /admin/members/{id}): the membership ends, the account stays (issue 25). */
export async function removeMemberAction(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ["admin"]);
  const id = String(form.get("id") ?? "");
  if (!id) return { status: 400, outcome: { done: null, error: "validation_error", fields: {}, id } };
  const result = await memberCall(args, (api) => api.api[":org"].admin.members[":id"].$delete({ param: { org: pathParam(org), id: pathParam(id) } }));
  return decisionOutcome(result, "remove", 1, id);
}

/**
 * A row's account deletion, on the member's request (POST /admin/members/{id}/deletion; decision
 * 030): only for an account that belongs to this organisation alone; erased after the grace period.
 */
export async function deleteAccountAction(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ["admin"]);
  const id = String(form.get("id") ?? "");
  if (!id) return { status: 400, outcome: { done: null, error: "validation_error", fields: {}, id } };
  const result = await memberCall(args, (api) => api.api[":org"].admin.members[":id"].deletion.$post({ param: { org: pathParam(org), id: pathParam(id) } }));
  return decisionOutcome(result, "delete_account", 1, id);
}

/** /manage/members/{id}/export: a member's data on their request, this organisation's part (decision 034), streamed from the API. */
export async function memberDataDownload(args: ApiArgs, id: string): Promise<Response> {
  const { org } = await requireStaff(args, ["admin"]);
  const answer = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/admin/members/${encodeURIComponent(id)}/export`);
  if (answer.status === 403 || answer.status === 404) throw notFound();
  return answer;
}

/** The API's filters of the members export (decision 038): the screen's, without its page. */
export function membersExportFilters(url: URL): Record<string, string> {
  return filtersOf(url);
}

/** The invitations form's answer: a CSV's preview (nothing written yet), or what was sent. */
export interface InviteOutcome {
  intent: "invite";
  /** The rows as read, for the preview and its "send" button. */
  rows: ImportedPerson[];
  preview: boolean;
  answer: { results: { row: number; email: string; status: string; fields?: Record<string, string> }[]; invited: number; skipped: number; invalid: number } | null;
  error: string | null;
}

/** The largest CSV read: 500 rows of addresses and names fit many times over. */
const CSV_MAX_BYTES = 256 * 1024;

const asRole = (role: string | undefined) => ORGANISATION_ROLES.find((value) => value === role);

/**
 * Inviting: one person (intent invite_one), a CSV read into its preview (invite_preview, a dry
 * run), or the previewed rows sent (invite_send). An unknown role in a CSV counts as member, which
 * the preview shows.
 */
export async function inviteMembersAction(args: ApiArgs, form: FormData): Promise<{ status: number; outcome: InviteOutcome }> {
  const { org } = await requireStaff(args, ["admin"]);
  const intent = String(form.get("intent") ?? "");
  let rows: ImportedPerson[] = [];
  if (intent === "invite_one") {
    rows = [{ email: String(form.get("email") ?? ""), name: String(form.get("name") ?? "") || undefined, role: String(form.get("role") ?? "") || undefined }];
  } else if (intent === "invite_preview") {
    const file = form.get("csv");
    if (!file || typeof file === "string" || file.size === 0) return fail(400, rows, "invitation_error_no_file");
    if (file.size > CSV_MAX_BYTES) return fail(413, rows, "invitation_error_too_large");
    rows = peopleFromCsv(await file.text());
  } else {
    try {
      rows = JSON.parse(String(form.get("rows") ?? "[]")) as ImportedPerson[];
    } catch {
      rows = [];
    }
  }
  if (!rows.length) return fail(400, rows, "invitation_error_empty");
  if (rows.length > 500) return fail(400, rows, "invitation_error_too_many");
  const invitations = rows.map((row) => ({ email: String(row.email ?? "").slice(0, 320), ...(row.name ? { name: String(row.name).slice(0, 200) } : {}), ...(asRole(row.role) ? { role: asRole(row.role) } : {}) }));
  const preview = intent === "invite_preview";
  const result = await memberCall(args, (api) => api.api[":org"].admin.invitations.$post({ param: { org: pathParam(org) }, json: { invitations, dry_run: preview } }));
  if (!result.ok) return fail(result.status, rows, result.error.error);
  return { status: 200, outcome: { intent: "invite", rows, preview, answer: result.data, error: null } };
}

function fail(status: number, rows: ImportedPerson[], error: string): { status: number; outcome: InviteOutcome } {
  return { status, outcome: { intent: "invite", rows, preview: false, answer: null, error } };
}
