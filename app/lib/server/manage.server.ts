/**
 * What the staff screens (/manage) share on the server: who may see them, and the API's answer to a
 * decision as the screens show it. The API checks role and scope on every call; these checks only
 * keep the screens (and their links) away from members, who get the same 404 as for a page that
 * does not exist.
 */
import { isStaffRole, type DecisionOutcome, type StaffRole } from "~/domain/manage";
import type { ApiArgs, ApiResult } from "./api.server";

export type { DecisionOutcome };
import { memberIdentity } from "./member.server";

export const notFound = () => new Response("Not found", { status: 404 });

/** The member's role when it is one of `roles` (every staff role by default), else 404. */
export async function requireStaff(args: ApiArgs, roles?: readonly StaffRole[]): Promise<{ role: StaffRole; org: string }> {
  const organization = (await memberIdentity(args)).organizations[0];
  const role = organization.role;
  if (!isStaffRole(role) || (roles && !roles.includes(role))) throw notFound();
  return { role, org: organization.slug };
}

/** The status of the item as stored, from a 409's `current` (decision 025), for the screen to name. */
function storedStatus(current: unknown): string | undefined {
  if (!current || typeof current !== "object") return undefined;
  const { status, manager_approval_status: approval } = current as { status?: unknown; manager_approval_status?: unknown };
  if (typeof approval === "string" && approval !== "not_needed" && approval !== "pending") return approval;
  return typeof status === "string" ? status : undefined;
}

/**
 * A staff list's answer as its page reads it: the data, or null when the API could not answer (5xx,
 * 429: the page says the list failed and offers a reload, with a 502). The API's refusal of the
 * page's own query (a bad cursor or a filter in the address: 400) is that page's 4xx, and another
 * organiser's or a missing record (403, 404) the page that does not exist: never a 502 (issue 25).
 */
export function listData<T>(result: ApiResult<T>): T | null {
  if (result.ok) return result.data;
  if (result.status === 403 || result.status === 404) throw notFound();
  if (result.status >= 400 && result.status < 500 && result.status !== 429) throw new Response("Bad request", { status: result.status });
  return null;
}

export function decisionOutcome(result: ApiResult<unknown>, status: string, count: number, id?: string): { status: number; outcome: DecisionOutcome } {
  if (result.ok) return { status: 200, outcome: { done: { status, count }, error: null, fields: {}, id } };
  const stored = storedStatus((result.error as { current?: unknown }).current);
  return { status: result.status, outcome: { done: null, error: result.error.error, fields: result.error.fields ?? {}, id, ...(stored ? { stored } : {}) } };
}

/** One of `values` from the query string, else the first. */
export function pick<T extends string>(url: URL, name: string, values: readonly T[]): T {
  const value = url.searchParams.get(name);
  return values.includes(value as T) ? (value as T) : values[0];
}

/** The list's cursor from the query string, passed on to the API only when it has one. */
export const cursorOf = (url: URL) => {
  const cursor = url.searchParams.get("cursor");
  return cursor ? { cursor } : {};
};

/**
 * The decision of a queue's form (BulkQueue): its button says what (`validated`, for the items
 * ticked) or what for which (`validated:{id}`: that item alone). A 400 outcome without a known
 * decision, and `selected_none` without any item.
 */
export function readQueueDecision<D extends string>(
  form: FormData,
  decisions: readonly D[],
): { ok: true; decision: D; ids: string[]; reason: string | null } | { ok: false; status: number; outcome: DecisionOutcome } {
  const [value, one] = String(form.get("decide") ?? "").split(":", 2);
  const decision = decisions.find((known) => known === value);
  if (!decision) return { ok: false, status: 400, outcome: { done: null, error: "validation_error", fields: { decide: "form_error_invalid" } } };
  const ids = one ? [one] : form.getAll("ids").map(String);
  if (!ids.length) return { ok: false, status: 400, outcome: { done: null, error: "selected_none", fields: {} } };
  return { ok: true, decision, ids, reason: String(form.get("reason") ?? "").trim() || null };
}

/**
 * A queue's decision as the screen shows it: how many this decision changed and how many someone
 * else had decided first (they keep that decision, decision 025); none changed is the 409
 * `alreadyKey`, with the one item's status as stored when it was one.
 */
export function queueOutcome<T extends { applied: string[]; lost: string[] }>(
  result: ApiResult<T>,
  decision: string,
  count: number,
  alreadyKey: string,
  storedOf: (data: T) => string | undefined = () => undefined,
): { status: number; outcome: DecisionOutcome } {
  if (!result.ok) return decisionOutcome(result, decision, count);
  const { applied, lost } = result.data;
  if (!applied.length) {
    const stored = count === 1 ? storedOf(result.data) : undefined;
    return { status: 409, outcome: { done: null, error: alreadyKey, fields: {}, ...(stored ? { stored } : {}) } };
  }
  return { status: 200, outcome: { done: { status: decision, count: applied.length }, error: null, fields: {}, ...(lost.length ? { lost: lost.length } : {}) } };
}
