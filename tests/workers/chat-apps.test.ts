/**
 * Slack and Microsoft Teams (issue 31, section 5): an administrator connects a channel's
 * incoming-webhook URL (the tool's own host, https, answers never carry it back) and chooses what
 * it hears; new initiatives come from the webhooks' outbox, places left and monthly totals from the
 * scheduled handler, once each; every message goes through the queue, in the organisation's
 * language with a link on its host, as Block Kit for Slack and as an Adaptive Card for Teams.
 */
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { announceNewInitiatives, scheduledAnnouncements } from "../../workers/chat-apps/announce";
import { slackMessage } from "../../workers/chat-apps/slack";
import { getDb } from "../../workers/db/client";
import { dispatchEvents } from "../../workers/webhooks/dispatch";
import { outboxEvent } from "../../workers/webhooks/outbox";
import { initiativePayload } from "../../workers/webhooks/payloads";
import { getOrganizationBySlug } from "../../workers/tenant/organizations";
import { createInitiative, DAY } from "./initiatives-fixtures";
import { captureQueue } from "./queue-capture";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const SLACK = "https://hooks.slack.com/services/T000/B000/XXXXXXXX";
const TEAMS = "https://prod-12.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=xyz";
let queue: ReturnType<typeof captureQueue>;
const posted: { url: string; body: any }[] = [];

const drainQueue = () => queue.drain();

const connect = (token: string, body: Record<string, unknown>, org = "acme") => call("POST", `/api/${org}/admin/chat-apps`, { token, body });

beforeAll(async () => {
  const { acme, vizinhos } = await seedOrganizations();
  for (const [name, org, role] of [["admin", acme.id, "admin"], ["ana", acme.id, "member"], ["vera", vizinhos.id, "admin"]] as const) {
    const email = `${name}@${org === acme.id ? "acme" : "vizinhos"}.example`;
    await createMember({ email, orgId: org, role });
    tokens[name] = (await login(email, "Correct-Horse-9")).body.access_token;
  }
  queue = captureQueue();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    posted.push({ url: typeof input === "string" ? input : input instanceof URL ? input.href : input.url, body: JSON.parse(String(init?.body)) });
    return new Response("ok");
  });
});

beforeEach(() => {
  queue.queued.splice(0);
  posted.splice(0);
});

describe("connecting a channel", () => {
  it("takes an incoming-webhook URL of the tool's own host, answers without it, and is for administrators of the organisation only", async () => {
    expect((await connect(tokens.ana, { kind: "slack", channel: "#volunteering", url: SLACK, topics: ["new_initiatives"] })).status).toBe(403);
    const elsewhere = await connect(tokens.admin, { kind: "slack", channel: "#volunteering", url: "https://example.com/hook", topics: ["new_initiatives"] });
    expect(elsewhere.status).toBe(400);
    expect((await json(elsewhere)).fields).toEqual({ url: "chat_url_not_slack" });
    const plain = await connect(tokens.admin, { kind: "teams", channel: "General", url: "http://prod.logic.azure.com/x", topics: ["new_initiatives"] });
    expect((await json(plain)).fields).toEqual({ url: "webhook_https_required" });
    expect((await connect(tokens.admin, { kind: "slack", channel: "#x", url: SLACK, topics: [] })).status).toBe(400);

    const slack = await connect(tokens.admin, { kind: "slack", channel: "#volunteering", url: SLACK, topics: ["new_initiatives", "places_left"] });
    expect(slack.status).toBe(201);
    const created = await json(slack);
    expect(created.connection).toMatchObject({ kind: "slack", channel: "#volunteering", topics: ["new_initiatives", "places_left"], enabled: true });
    expect(JSON.stringify(created)).not.toContain("hooks.slack.com");
    expect((await connect(tokens.admin, { kind: "teams", channel: "General", url: TEAMS, topics: ["new_initiatives", "monthly_totals"] })).status).toBe(201);
    expect((await call("PATCH", `/api/vizinhos/admin/chat-apps/${created.connection.id}`, { token: tokens.vera, body: { enabled: false } })).status).toBe(404);
    const listed = await json(await call("GET", "/api/acme/admin/chat-apps", { token: tokens.admin }));
    expect(listed.connections.map((c: { kind: string }) => c.kind)).toEqual(["slack", "teams"]);
    expect(JSON.stringify(listed)).not.toContain("logic.azure.com");
    // The audit log says who connected the channel, never its address (whoever has it posts there).
    const audited = await env.DB.prepare("SELECT action, target_type, detail FROM audit_log WHERE target_id = ?").bind(created.connection.id).all<{ action: string; target_type: string; detail: string }>();
    expect(audited.results.map((row) => [row.action, row.target_type, JSON.parse(row.detail)])).toEqual([["chat_app.created", "chat_app", { kind: "slack", channel: "#volunteering", topics: ["new_initiatives", "places_left"] }]]);
    expect(audited.results[0].detail).not.toContain("hooks.slack.com");

    expect((await call("POST", `/api/acme/admin/chat-apps/${created.connection.id}/test`, { token: tokens.admin })).status).toBe(202);
    await drainQueue();
    expect(posted).toHaveLength(1);
    expect(posted[0].url).toBe(SLACK);
    expect(posted[0].body.text).toBe("Acme is connected");
  });
});

describe("what a channel is told", () => {
  it("announces a new initiative from the outbox, as Block Kit to Slack and an Adaptive Card to Teams, with a link on the organisation's host", async () => {
    const org = (await getOrganizationBySlug(env, "acme"))!;
    const db = getDb(env);
    const start = Date.UTC(2026, 11, 5, 9, 0);
    // No webhook endpoint here: the chat channels alone make the outbox write it.
    await db.batch([outboxEvent(db, org.id, "initiative.created", "initiative:ini-new", initiativePayload(env, org, { id: "ini-new", slug: "tree-planting", title: "Tree <planting>", startTime: start }))]);
    expect(await dispatchEvents(env, org.id, Date.now(), announceNewInitiatives)).toBe(1);
    await drainQueue();
    const slack = posted.find((post) => post.url === SLACK)!.body;
    const teams = posted.find((post) => post.url === TEAMS)!.body;
    const link = "http://acme.localhost:8787/initiative/tree-planting";

    expect(slack.text).toBe("New initiative: Tree <planting>");
    expect(slack.blocks.map((block: { type: string }) => block.type)).toEqual(["header", "section", "actions"]);
    expect(slack.blocks[0].text).toEqual({ type: "plain_text", text: "New initiative: Tree <planting>", emoji: true });
    expect(slack.blocks[1].text.type).toBe("mrkdwn");
    expect(slack.blocks[1].text.text).toMatch(/^Starts /);
    expect(slack.blocks[2].elements[0]).toEqual({ type: "button", text: { type: "plain_text", text: "Open" }, url: link });

    expect(teams.type).toBe("message");
    expect(teams.attachments).toHaveLength(1);
    expect(teams.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
    const card = teams.attachments[0].content;
    expect(card).toMatchObject({ type: "AdaptiveCard", version: "1.4", $schema: "http://adaptivecards.io/schemas/adaptive-card.json" });
    expect(card.body[0]).toEqual({ type: "TextBlock", text: "New initiative: Tree <planting>", weight: "Bolder", size: "Medium", wrap: true });
    expect(card.actions).toEqual([{ type: "Action.OpenUrl", title: "Open", url: link }]);
  });

  it("escapes Slack's markup characters in the text it formats", () => {
    const message = slackMessage({ title: "A & B", lines: ["<!channel> & co"], facts: [{ label: "x<y", value: "1" }], link: { url: "https://a.example/", label: "Open" } });
    expect(message.blocks[1]).toEqual({ type: "section", text: { type: "mrkdwn", text: "&lt;!channel&gt; &amp; co" } });
    expect(message.blocks[2]).toEqual({ type: "section", fields: [{ type: "mrkdwn", text: "*x&lt;y*\n1" }] });
  });

  it("tells of places left in the last days once per channel, and last month's totals in the organisation's language", async () => {
    const now = Date.UTC(2026, 11, 2, 8, 0);
    await createInitiative({ orgId: "org-acme", slug: "soup-kitchen", title: "Soup kitchen", startTime: now + 2 * DAY, maxParticipants: 10, participantCount: 3 });
    await createInitiative({ orgId: "org-acme", slug: "later", title: "Later", startTime: now + 9 * DAY, maxParticipants: 10 });
    await createInitiative({ orgId: "org-acme", slug: "full", title: "Full", startTime: now + DAY, maxParticipants: 2, participantCount: 2 });
    const first = await scheduledAnnouncements(env, now);
    expect(first.placesLeft).toBe(1);
    // Teams asked for monthly totals, Slack did not.
    expect(first.monthlyTotals).toBe(1);
    await drainQueue();
    const places = posted.find((post) => post.url === SLACK)!.body;
    expect(places.text).toBe("Soup kitchen: 7 places left");
    const monthly = posted.find((post) => post.url === TEAMS)!.body.attachments[0].content;
    expect(monthly.body[0].text).toBe("Acme in November 2026");
    expect(monthly.body.find((block: { type: string }) => block.type === "FactSet").facts.map((fact: { title: string }) => fact.title)).toEqual(["Hours validated", "People who joined an initiative", "New initiatives"]);
    // Once: the next run finds them claimed.
    expect(await scheduledAnnouncements(env, now + 10 * 60_000)).toEqual({ placesLeft: 0, monthlyTotals: 0 });

    // A Brazilian organisation hears it in Portuguese.
    const created = await json(await connect(tokens.vera, { kind: "slack", channel: "#geral", url: SLACK, topics: ["monthly_totals"] }, "vizinhos"));
    expect(created.connection.kind).toBe("slack");
    posted.splice(0);
    await scheduledAnnouncements(env, now + 20 * 60_000);
    await drainQueue();
    expect(posted[0].body.blocks[1].fields[0].text).toBe("*Horas validadas*\n0");
    expect(posted[0].body.text).toBe("Vizinhos em novembro de 2026");
  });
});
