/**
 * /manage/integrations/chat on the server (issue 31, section 5): the organisation's Slack and Teams
 * channels from the admin API, and the page's forms (connect, switch on or off, test, remove).
 * Administrators only: anyone else gets the 404 of a page that does not exist.
 */
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";
import { notFound, requireStaff } from "~/lib/server/manage.server";

export async function loadConnections(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const result = await memberCall(args, (api) => api.api[":org"].admin["chat-apps"].$get({ param: { org: pathParam(org) } }));
  if (!result.ok && result.status === 403) throw notFound();
  return { connections: result.ok ? result.data.connections : null };
}

const INTENTS = ["add", "enable", "disable", "test", "remove"] as const;

export async function connectionAction(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const form = await readForm(args.request);
  const intent = INTENTS.find((value) => value === form.get("intent")) ?? null;
  const id = String(form.get("id") ?? "");
  const values = { kind: String(form.get("kind") ?? "slack"), channel: String(form.get("channel") ?? ""), url: String(form.get("url") ?? ""), topics: form.getAll("topics").map(String) };
  const param = { org: pathParam(org) };
  const one = { ...param, id: pathParam(id) };
  const result =
    intent === "add"
      ? await memberCall(args, (api) => api.api[":org"].admin["chat-apps"].$post({ param, json: values as never }))
      : intent === "enable" || intent === "disable"
        ? await memberCall(args, (api) => api.api[":org"].admin["chat-apps"][":id"].$patch({ param: one, json: { enabled: intent === "enable" } }))
        : intent === "test"
          ? await memberCall(args, (api) => api.api[":org"].admin["chat-apps"][":id"].test.$post({ param: one }))
          : intent === "remove"
            ? await memberCall(args, (api) => api.api[":org"].admin["chat-apps"][":id"].$delete({ param: one }))
            : null;
  // The URL is a secret of the channel: never sent back to the page.
  const shown = { ...values, url: "" };
  if (!result) return { status: 400, answer: { intent, ok: false, error: "validation_error", fields: {} as Record<string, string>, values: shown } };
  if (!result.ok) return { status: result.status, answer: { intent, ok: false, error: result.error.error, fields: result.error.fields ?? {}, values: shown } };
  return { status: 200, answer: { intent, ok: true, error: null, fields: {} as Record<string, string>, values: shown } };
}
