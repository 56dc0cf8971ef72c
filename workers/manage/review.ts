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
  managed: number;
  status: string;
}

export function itemsToChange<R extends ReviewedRow>(rows: R[], ids: readonly string[], target: string, kind: "record" | "contribution" | "attachment"): R[] {
  if (rows.length !== new Set(ids).size) throw notFound(`${kind}_not_found`, `The ${kind} cannot be found.`);
  for (const row of rows) requireManaged(Number(row.managed) === 1);
  if (rows.some((row) => row.status !== "pending" && row.status !== target)) {
    throw conflict(`${kind}_already_reviewed`, `The ${kind} was already decided otherwise.`);
  }
  return rows.filter((row) => row.status === "pending");
}
