/**
 * /manage/initiatives/{id} on the server: the initiative's participants, the organiser's decision on
 * one of them, and the CSV download streamed from the API.
 */
import { INITIATIVE_STATUS_FILTERS, ORGANISING_ROLES, PARTICIPANT_DECISIONS, participantMessageFormSchema } from "~/domain/manage";
import { parseForm } from "~/domain/form-values";
import type { MessageOutcome } from "~/components/manage/message-form";
import { memberCall, memberFetch, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { decisionOutcome, listData, notFound, requireStaff, type DecisionOutcome } from "~/lib/server/manage.server";

export async function loadParticipants(args: ApiArgs, id: string) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const result = await memberCall(args, (api) =>
    api.api[":org"].manage.initiatives[":id"].participants.$get({ param: { org: pathParam(org), id: pathParam(id) } }),
  );
  // Another organiser's initiative, or none: the page does not exist for this member.
  return { data: listData(result) };
}

export async function decideParticipant(args: ApiArgs, id: string, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const status = PARTICIPANT_DECISIONS.find((value) => value === form.get("decide"));
  const uuid = String(form.get("uuid") ?? "");
  if (!status || !uuid) return { status: 400, outcome: { done: null, error: "validation_error", fields: { decide: "form_error_invalid" } } };
  const result = await memberCall(args, (api) =>
    api.api[":org"].manage.initiatives[":id"].participants[":uuid"].$put({ param: { org: pathParam(org), id: pathParam(id), uuid: pathParam(uuid) }, json: { status } }),
  );
  return decisionOutcome(result, status, 1, uuid);
}

/** The API's CSV, streamed to the browser with its own headers. */
export async function participantsCsv(args: ApiArgs, id: string): Promise<Response> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const answer = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/manage/initiatives/${encodeURIComponent(id)}/participants.csv`);
  if (answer.status === 403 || answer.status === 404) throw notFound();
  return answer;
}

/** The organiser's message to everyone going: checked with the API's schema, then POST .../message. */
export async function messageParticipants(args: ApiArgs, id: string, form: FormData): Promise<{ status: number; outcome: MessageOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const parsed = parseForm(participantMessageFormSchema, form);
  if (!parsed.ok) return { status: 400, outcome: { sent: null, error: "validation_error", fields: parsed.errors } };
  const result = await memberCall(args, (api) =>
    api.api[":org"].manage.initiatives[":id"].message.$post({ param: { org: pathParam(org), id: pathParam(id) }, json: parsed.value }),
  );
  if (result.ok) return { status: 200, outcome: { sent: result.data.recipients, error: null, fields: {} } };
  return { status: result.status, outcome: { sent: null, error: result.error.error, fields: result.error.fields ?? {} } };
}

/** The initiative's status or pin, as the state form's button says. */
export async function changeInitiativeState(args: ApiArgs, id: string, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const status = INITIATIVE_STATUS_FILTERS.find((value) => value === form.get("status"));
  const pinned = form.get("pinned");
  const change = status ? { status } : pinned === "true" || pinned === "false" ? { pinned: pinned === "true" } : null;
  if (!change) return { status: 400, outcome: { done: null, error: "validation_error", fields: { status: "form_error_invalid" } } };
  const result = await memberCall(args, (api) => api.api[":org"].manage.initiatives[":id"].$put({ param: { org: pathParam(org), id: pathParam(id) }, json: change }));
  return decisionOutcome(result, "state", 1);
}

/** The waitlist in the order the move button made (entry ids, comma-separated), PUT .../waitlist. */
export async function reorderWaitlist(args: ApiArgs, id: string, form: FormData): Promise<{ status: number; outcome: DecisionOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const order = String(form.get("order") ?? "")
    .split(",")
    .filter(Boolean);
  const result = await memberCall(args, (api) => api.api[":org"].manage.initiatives[":id"].waitlist.$put({ param: { org: pathParam(org), id: pathParam(id) }, json: { order } }));
  return decisionOutcome(result, "waitlist", 1);
}
