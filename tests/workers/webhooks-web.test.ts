/**
 * The integrations pages' loaders and actions as the browser's forms post them (issue 31): an
 * administrator adds an endpoint (the secret shown once), sends the test event and sees it
 * delivered in the endpoint's log with the body sent, redelivers it, and connects a Slack channel;
 * organisers and members get the 404 of a page that does not exist.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as chatPage from "../../app/routes/_app.manage.integrations_.chat/route";
import * as logPage from "../../app/routes/_app.manage.integrations_.webhooks_.$id/route";
import * as endpointsPage from "../../app/routes/_app.manage.integrations_.webhooks/route";
import { createWebSession } from "../../workers/auth/web-session";
import { captureQueue } from "./queue-capture";
import { pageRequests, run, type Route } from "./route-calls";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

const cookies: Record<string, string> = {};
const { get, post } = pageRequests(cookies);
let drainQueue: () => Promise<unknown>;
const received: string[] = [];

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const context = await testLoadContext("acme");
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"], ["mia", "member"]] as const) {
    await createMember({ email: `${name}@acme.example`, orgId: acme.id, name, role });
    cookies[name] = (await createWebSession(context, (await login(`${name}@acme.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  }
  drainQueue = captureQueue().drain;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    received.push(String(init?.body));
    return new Response("ok");
  });
});

describe("/manage/integrations", () => {
  it("is the administrators' only", async () => {
    for (const who of ["olga", "mia"]) {
      expect((await run(endpointsPage.loader as Route, get(who, "/manage/integrations/webhooks"))).status).toBe(404);
      expect((await run(endpointsPage.action as Route, post(who, "/manage/integrations/webhooks", [["intent", "add"], ["url", "https://a.example/"], ["events", "member.joined"]]))).status).toBe(404);
      expect((await run(chatPage.loader as Route, get(who, "/manage/integrations/chat"))).status).toBe(404);
      expect((await run(logPage.loader as Route, get(who, "/manage/integrations/webhooks/x"), { id: "x" })).status).toBe(404);
    }
  });

  it("adds an endpoint, sends the test event and shows it delivered in the log", async () => {
    const refused = await run(endpointsPage.action as Route, post("alma", "/manage/integrations/webhooks", [["intent", "add"], ["url", "https://10.1.2.3/hook"], ["events", "member.joined"]]));
    expect(refused).toMatchObject({ status: 400, data: { ok: false, fields: { url: "webhook_address_not_allowed" }, values: { url: "https://10.1.2.3/hook", events: ["member.joined"] } } });
    const added = await run(endpointsPage.action as Route, post("alma", "/manage/integrations/webhooks", [["intent", "add"], ["url", "https://receiver.example.com/hook"], ["events", "member.joined"], ["events", "initiative.created"]]));
    expect(added.data).toMatchObject({ ok: true, intent: "add" });
    expect(added.data!.secret).toMatch(/^whsec_/);
    const id = added.data!.target as string;
    const listed = await run(endpointsPage.loader as Route, get("alma", "/manage/integrations/webhooks"));
    expect(listed.data!.endpoints).toMatchObject([{ id, url: "https://receiver.example.com/hook", events: ["member.joined", "initiative.created"], enabled: true }]);

    expect((await run(logPage.action as Route, post("alma", `/manage/integrations/webhooks/${id}`, [["intent", "test"]]), { id })).data).toMatchObject({ ok: true, intent: "test" });
    await drainQueue();
    expect(JSON.parse(received[0])).toMatchObject({ type: "webhook.test", data: { test: true } });
    const log = await run(logPage.loader as Route, get("alma", `/manage/integrations/webhooks/${id}`), { id });
    expect(log.data!.deliveries).toMatchObject([{ event_type: "webhook.test", status: "delivered", attempts: 1, response_status: 200 }]);
    const delivery = log.data!.deliveries[0].id;
    const shown = await run(logPage.loader as Route, get("alma", `/manage/integrations/webhooks/${id}?delivery=${delivery}`), { id });
    expect(shown.data!.shown.body).toBe(received[0]);
    expect((await run(logPage.action as Route, post("alma", `/manage/integrations/webhooks/${id}`, [["intent", "redeliver"], ["delivery", delivery]]), { id })).data).toMatchObject({ ok: true, intent: "redeliver" });
    expect((await run(logPage.action as Route, post("alma", `/manage/integrations/webhooks/${id}`, [["intent", "update"], ["url", "https://receiver.example.com/v2"], ["events", "member.removed"]]), { id })).data).toMatchObject({ ok: true });
    expect((await run(logPage.loader as Route, get("alma", `/manage/integrations/webhooks/${id}`), { id })).data!.endpoint).toMatchObject({ url: "https://receiver.example.com/v2", events: ["member.removed"] });
  });

  it("connects a Slack channel without sending its address back", async () => {
    const refused = await run(chatPage.action as Route, post("alma", "/manage/integrations/chat", [["intent", "add"], ["kind", "slack"], ["channel", "#v"], ["url", "https://example.com/x"], ["topics", "new_initiatives"]]));
    expect(refused.data).toMatchObject({ ok: false, fields: { url: "chat_url_not_slack" }, values: { url: "" } });
    const added = await run(chatPage.action as Route, post("alma", "/manage/integrations/chat", [["intent", "add"], ["kind", "slack"], ["channel", "#v"], ["url", "https://hooks.slack.com/services/T/B/C"], ["topics", "places_left"]]));
    expect(added.data).toMatchObject({ ok: true, intent: "add" });
    const page = await run(chatPage.loader as Route, get("alma", "/manage/integrations/chat"));
    expect(page.data!.connections).toMatchObject([{ kind: "slack", channel: "#v", topics: ["places_left"], enabled: true }]);
    expect(JSON.stringify(page.data)).not.toContain("hooks.slack.com");
  });
});
