/** /manage/initiatives on the server: the initiatives the member organises, filtered as the URL says. */
import { INITIATIVE_TYPES, type InitiativeType } from "~/domain/initiatives";
import { INITIATIVE_CURSOR, INITIATIVE_STATUS_FILTERS, ORGANISING_ROLES } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { listData, requireStaff } from "~/lib/server/manage.server";

/** The URL's filters, each dropped when it is not one the API takes (a hand-edited URL still shows a list). */
export function initiativeFilters(url: URL) {
  const type = url.searchParams.get("type");
  const status = url.searchParams.get("status");
  const cursor = url.searchParams.get("cursor") ?? "";
  const day = (name: string) => {
    const value = url.searchParams.get(name) ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  };
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    type: INITIATIVE_TYPES.find((value): value is InitiativeType => value === type) ?? null,
    status: INITIATIVE_STATUS_FILTERS.find((value) => value === status) ?? null,
    mine: url.searchParams.get("scope") === "mine",
    from: day("from"),
    to: day("to"),
    // The `next_cursor` the list answered (`{start}.{id}`), else the first page.
    cursor: INITIATIVE_CURSOR.test(cursor) ? cursor : null,
  };
}

export async function loadInitiatives(args: ApiArgs) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const filters = initiativeFilters(new URL(args.request.url));
  const query = {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.mine ? { scope: "mine" as const } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.cursor ? { cursor: filters.cursor } : {}),
  };
  const result = await memberCall(args, (api) => api.api[":org"].manage.initiatives.$get({ param: { org: pathParam(org) }, query }));
  return { filters, list: listData(result) };
}
