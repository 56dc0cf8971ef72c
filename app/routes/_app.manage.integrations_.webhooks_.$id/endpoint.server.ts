/**
 * /manage/integrations/webhooks/{id} on the server: the endpoint, a page of its delivery log (with
 * the body of the delivery asked for by ?delivery=), and its forms: change the address, description
 * and events, redeliver a delivery, send the test event. Administrators only (404 otherwise, and
 * for another organisation's endpoint).
 */
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";
import { notFound, requireStaff } from "~/lib/server/manage.server";

export async function loadEndpoint(args: ApiArgs, id: string) {
  const { org } = await requireStaff(args, ["admin"]);
  const url = new URL(args.request.url);
  const cursor = url.searchParams.get("cursor");
  const shown = url.searchParams.get("delivery");
  const param = { org: pathParam(org), id: pathParam(id) };
  const [endpoint, deliveries, delivery] = await Promise.all([
    memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].$get({ param })),
    memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].deliveries.$get({ param, query: cursor && /^\d{1,15}$/.test(cursor) ? { cursor } : {} })),
    shown && /^[0-9a-f-]{36}$/.test(shown) ? memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].deliveries[":delivery"].$get({ param: { ...param, delivery: pathParam(shown) } })) : null,
  ]);
  if (!endpoint.ok && (endpoint.status === 403 || endpoint.status === 404)) throw notFound();
  return {
    endpoint: endpoint.ok ? endpoint.data.endpoint : null,
    deliveries: deliveries.ok ? deliveries.data.deliveries : null,
    next: deliveries.ok ? deliveries.data.next_cursor : null,
    shown: delivery?.ok ? delivery.data.delivery : null,
  };
}

export type EndpointPageIntent = "update" | "redeliver" | "test";

export async function endpointPageAction(args: ApiArgs, id: string) {
  const { org } = await requireStaff(args, ["admin"]);
  const form = await readForm(args.request);
  const intent = (["update", "redeliver", "test"] as const).find((value) => value === form.get("intent")) ?? null;
  const param = { org: pathParam(org), id: pathParam(id) };
  const values = { url: String(form.get("url") ?? ""), description: String(form.get("description") ?? ""), events: form.getAll("events").map(String) };
  const result =
    intent === "update"
      ? await memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].$patch({ param, json: values as never }))
      : intent === "redeliver"
        ? await memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].deliveries[":delivery"].redeliver.$post({ param: { ...param, delivery: pathParam(String(form.get("delivery") ?? "")) } }))
        : intent === "test"
          ? await memberCall(args, (api) => api.api[":org"].admin.webhooks[":id"].test.$post({ param }))
          : null;
  if (!result) return { status: 400, answer: { intent, ok: false, error: "validation_error", fields: {} as Record<string, string>, values } };
  if (!result.ok) return { status: result.status, answer: { intent, ok: false, error: result.error.error, fields: result.error.fields ?? {}, values } };
  return { status: 200, answer: { intent, ok: true, error: null, fields: {} as Record<string, string>, values } };
}
