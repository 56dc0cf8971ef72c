/**
 * /manage/initiatives/{id}/checkin on the server: the sheet the screen works from (who may be
 * checked in, and the initiative's key so it can check codes offline), and the typed check-in of a
 * page without JavaScript (with JavaScript, check-ins go through the queue and
 * POST .../checkins).
 */
import { ORGANISING_ROLES } from "~/domain/manage";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { listData, notFound, requireStaff } from "~/lib/server/manage.server";

export async function loadCheckinSheet(args: ApiArgs, id: string) {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const result = await memberCall(args, (api) => api.api[":org"].manage.initiatives[":id"].checkin.$get({ param: { org: pathParam(org), id: pathParam(id) } }));
  return { sheet: listData(result) };
}

export interface CheckinOutcome {
  done: { name: string; created: boolean } | null;
  error: string | null;
  fields: Record<string, string>;
}

export async function typedCheckin(args: ApiArgs, id: string, form: FormData): Promise<{ status: number; outcome: CheckinOutcome }> {
  const { org } = await requireStaff(args, ORGANISING_ROLES);
  const code = String(form.get("code") ?? "");
  const hoursText = String(form.get("hours") ?? "").trim();
  const hours = hoursText === "" ? undefined : Number(hoursText);
  if (hours !== undefined && !Number.isInteger(hours)) return { status: 400, outcome: { done: null, error: "validation_error", fields: { hours: "form_error_invalid_number" } } };
  const result = await memberCall(args, (api) =>
    api.api[":org"].manage.initiatives[":id"].checkin.$post({ param: { org: pathParam(org), id: pathParam(id) }, json: { code, ...(hours !== undefined ? { hours } : {}) } }),
  );
  if (result.ok) return { status: 200, outcome: { done: { name: result.data.participant.name, created: result.status === 201 }, error: null, fields: {} } };
  if (result.status === 403 || result.status === 404) throw notFound();
  return { status: result.status, outcome: { done: null, error: result.error.error, fields: result.error.fields ?? {} } };
}
