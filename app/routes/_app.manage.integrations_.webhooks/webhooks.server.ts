/**
 * /manage/integrations/webhooks on the server (issue 31, section 3): the endpoints from the admin
 * API, and each form of the page as one call (add, switch on or off, rotate the secret, send the
 * test event, remove). Administrators only: anyone else gets the 404 of a page that does not exist.
 */
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";
import { notFound, requireStaff } from "~/lib/server/manage.server";

export async function loadEndpoints(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const result = await memberCall(args, (api) => api.api[":org"].admin.webhooks.$get({ param: { org: pathParam(org) } }));
  if (!result.ok && result.status === 403) throw notFound();
  return { endpoints: result.ok ? result.data.endpoints : null };
}

export type EndpointIntent = "add" | "enable" | "disable" | "rotate" | "test" | "remove";
const INTENTS: readonly EndpointIntent[] = ["add", "enable", "disable", "rotate", "test", "remove"];

export interface EndpointAnswer {
  intent: EndpointIntent | null;
  target: string | null;
  ok: boolean;
  error: string | null;
  fields: Record<string, string>;
  /** The secret the API answered (add, rotate): shown once. */
  secret: string | null;
  values: { url: string; description: string; events: string[] };
}

export async function endpointAction(args: ApiArgs): Promise<{ status: number; answer: EndpointAnswer }> {
  const { org } = await requireStaff(args, ["admin"]);
  const form = await readForm(args.request);
  const intent = INTENTS.find((value) => value === form.get("intent")) ?? null;
  const id = String(form.get("id") ?? "");
  const values = { url: String(form.get("url") ?? ""), description: String(form.get("description") ?? ""), events: form.getAll("events").map(String) };
  const answer = (status: number, rest: Partial<EndpointAnswer>) => ({ status, answer: { intent, target: id || null, ok: false, error: null, fields: {}, secret: null, values, ...rest } });
  if (!intent) return answer(400, { error: "validation_error" });
  const param = { org: pathParam(org) };
  const one = { ...param, id: pathParam(id) };
  const result =
    intent === "add"
      ? await memberCall(args, (api) => api.api[":org"].admin.webhooks.$post({ param, json: values as never }))
      : intent === "enable" || intent === "disable"
        ? await memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].$patch({ param: one, json: { enabled: intent === "enable" } }))
        : intent === "rotate"
          ? await memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].rotate.$post({ param: one }))
          : intent === "test"
            ? await memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].test.$post({ param: one }))
            : await memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].$delete({ param: one }));
  if (!result.ok) return answer(result.status, { error: result.error.error, fields: result.error.fields ?? {} });
  const data = result.data as { secret?: string; endpoint?: { id: string } } | null;
  return answer(200, { ok: true, secret: data?.secret ?? null, target: data?.endpoint?.id ?? (id || null), values: { url: "", description: "", events: [] } });
}
