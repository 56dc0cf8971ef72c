/** /manage/members on the server (issue 15, point 1): the administrators' list of members, a member's changes, and the CSV. */
import { memberCall, memberFetch, pathParam, type ApiArgs } from "~/lib/api.server";
import { MEMBER_ROLE_FILTERS, MEMBER_STATUS_FILTERS } from "~/domain/manage";
import { decisionOutcome, notFound, pick, requireStaff, type DecisionOutcome } from "~/lib/manage.server";

type RoleFilter = Exclude<(typeof MEMBER_ROLE_FILTERS)[number], "">;

/** The list's filters from the URL, as the API takes them. */
function filtersOf(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const role = pick(url, "role", MEMBER_ROLE_FILTERS);
  const status = pick(url, "status", MEMBER_STATUS_FILTERS);
  const page = /^[1-9]\d{0,3}$/.test(url.searchParams.get("page") ?? "") ? url.searchParams.get("page")! : undefined;
  return { ...(q ? { q } : {}), ...(role ? { role: role as RoleFilter } : {}), status, ...(page ? { page } : {}) };
}

export async function loadMembers(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const filters = filtersOf(new URL(args.request.url));
  const param = { org: pathParam(org) };
  // The line managers offered: the organisation's managers and administrators.
  const [list, managers, admins] = await Promise.all([
    memberCall(args, "GET", (api) => api.api[":org"].admin.members.$get({ param, query: filters })),
    memberCall(args, "GET", (api) => api.api[":org"].admin.members.$get({ param, query: { role: "manager", status: "active" } })),
    memberCall(args, "GET", (api) => api.api[":org"].admin.members.$get({ param, query: { role: "admin", status: "active" } })),
  ]);
  if (!list.ok && list.status === 403) throw notFound();
  const candidates = [...(managers.ok ? managers.data.members : []), ...(admins.ok ? admins.data.members : [])].map((m) => ({ id: m.id, name: m.name || m.email }));
  return { filters, list: list.ok ? list.data : null, managers: candidates.sort((a, b) => a.name.localeCompare(b.name)) };
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
  const result = await memberCall(args, "PUT", (api) => api.api[":org"].admin.members[":id"].$put({ param: { org: pathParam(org), id: pathParam(id) }, json }));
  return decisionOutcome(result, intent, 1, id);
}

/** /manage/members.csv: the members the screen's filters match, streamed from the API. */
export async function membersCsv(args: ApiArgs): Promise<Response> {
  const { org } = await requireStaff(args, ["admin"]);
  const { page: _page, ...filters } = filtersOf(new URL(args.request.url));
  const answer = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/admin/members.csv?${new URLSearchParams(filters)}`);
  if (answer.status === 403 || answer.status === 404) throw notFound();
  return answer;
}
