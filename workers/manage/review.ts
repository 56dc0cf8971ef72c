/**
 * The one rule of every staff decision on what members send (records, pledges, uploads): all the
 * items named must be the organisation's (else 404) and in initiatives the actor manages (else 403);
 * an item already decided otherwise refuses the whole decision (409); an item already in the
 * decided state is left alone, so a repeated click changes nothing. Answers the items to change.
 */
import { conflict, notFound } from "../lib/domain-errors";
import { requireManaged } from "./scope";

export interface ReviewedRow {
  /** 1 when the actor manages the item's initiative (managedColumn). */
  managed?: unknown;
}

/** `statusOf` reads an item's current status from its row. */
export function itemsToChange<R extends ReviewedRow>(
  rows: R[],
  ids: readonly string[],
  target: string,
  kind: "record" | "contribution" | "attachment",
  statusOf: (row: R) => string,
): R[] {
  if (rows.length !== new Set(ids).size) throw notFound(`${kind}_not_found`, `The ${kind} cannot be found.`);
  for (const row of rows) requireManaged(Number(row.managed) === 1);
  if (rows.some((row) => statusOf(row) !== "pending" && statusOf(row) !== target)) {
    throw conflict(`${kind}_already_reviewed`, `The ${kind} was already decided otherwise.`);
  }
  return rows.filter((row) => statusOf(row) === "pending");
}

/** The columns a decision writes, and the item shows after it: the status, the reason (refusals only), who and when. */
export function reviewChange<S extends string>(decision: { status: S; reason: string | null }, actor: { memberId: string }, now: number) {
  return { status: decision.status, rejectReason: decision.status === "rejected" ? decision.reason : null, reviewedBy: actor.memberId, reviewedAt: now };
}
