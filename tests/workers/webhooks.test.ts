/**
 * Outbound webhooks (issue 31, section 3; decision 051): the outbox written in the change's own
 * batch (a change that fails writes no event, an organisation without endpoints writes none), the
 * fan-out through the queue, Standard Webhooks signatures checked both by a verifier written here
 * from the specification's text (WebCrypto, not the code that signs) and by the specification's own
 * reference library (`standardwebhooks`), rotation with both signatures, retries on the schedule's
 * delays, ordering per resource, disabling after a day of failures with the administrators'
 * e-mail, redelivery, the test event, refused addresses, roles and tenants.
 */
import { env } from "cloudflare:workers";
import { Webhook, WebhookVerificationError } from "standardwebhooks";

import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "../../workers/db/client";
import { deliverOnce } from "../../workers/webhooks/deliver";
import { dispatchEvents } from "../../workers/webhooks/dispatch";
import { outboxEvent } from "../../workers/webhooks/outbox";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "../../workers/webhooks/schedule";
import { signedHeaders } from "../../workers/webhooks/sign";
import { sweepWebhooks } from "../../workers/webhooks/sweep";
import { addParticipation, createInitiative, HOUR } from "./initiatives-fixtures";
import { captureQueue, type Queued } from "./queue-capture";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const RECEIVER = "https://receiver.example.com/hooks";

/** What the API queued since the last drain (captureQueue, in beforeAll). */
let queue: ReturnType<typeof captureQueue>;
let queued: Queued[] = [];
/** What the receiver was sent, and what it answers next (200 unless told). */
const received: { url: string; headers: Record<string, string>; body: string }[] = [];
let answers: number[] = [];

const drainQueue = () => queue.drain();

/** Drains until the queue is empty, leaving delayed retries in `queued` (they are the queue's later business). */
async function drainReady() {
  for (let round = 0; round < 5; round++) {
    const ready = queued.filter((item) => !item.delaySeconds);
    if (!ready.length) return;
    const later = queued.filter((item) => item.delaySeconds);
    queued.splice(0, queued.length, ...ready);
    await drainQueue();
    queued.unshift(...later);
  }
}

/**
 * The Standard Webhooks check as its specification states it, written here and not imported:
 * the secret's bytes are the base64 after `whsec_`; the signed content is `${id}.${timestamp}.${body}`;
 * `webhook-signature` is a space-separated list of `v1,<base64 HMAC-SHA256>`, any of which may match;
 * the timestamp within five minutes of now.
 */
async function verifiesPerSpec(secret: string, headers: Record<string, string>, body: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const bytes = Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (ch) => ch.charCodeAt(0));
  const key = await crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)));
  const expected = btoa(String.fromCharCode(...mac));
  const fresh = Math.abs(nowSeconds - Number(headers["webhook-timestamp"])) <= 300;
  return fresh && headers["webhook-signature"].split(" ").some((part) => part === `v1,${expected}`);
}

/** The same check by the Standard Webhooks reference library, as a receiver would run it. */
function referenceVerifies(secret: string, headers: Record<string, string>, body: string) {
  try {
    new Webhook(secret).verify(body, { "webhook-id": headers["webhook-id"], "webhook-timestamp": headers["webhook-timestamp"], "webhook-signature": headers["webhook-signature"] });
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  }
}

const events = async (orgId: string) => (await env.DB.prepare("SELECT type, resource, payload FROM webhook_events WHERE org_id = ? ORDER BY rowid").bind(orgId).all<{ type: string; resource: string; payload: string }>()).results;
const deliveryRows = async (endpointId: string) =>
  (await env.DB.prepare("SELECT id, status, attempts, event_type, resource, error, response_status, event_id FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY rowid").bind(endpointId).all<Record<string, any>>()).results;

async function addEndpoint(token: string, body: Record<string, unknown>, org = "acme") {
  return call("POST", `/api/${org}/admin/webhooks`, { token, body });
}

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, org, role] of [["admin", acme.id, "admin"], ["ana", acme.id, "member"], ["bea", acme.id, "member"], ["other", commons.id, "admin"]] as const) {
    const email = `${name}@${org === acme.id ? "acme" : "commons"}.example`;
    await createMember({ email, orgId: org, role });
    tokens[name] = (await login(email, "Correct-Horse-9")).body.access_token;
  }
  queue = captureQueue();
  queued = queue.queued;
  // The receivers: every outbound fetch of these tests lands here (the guarded fetch calls the global fetch).
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    received.push({ url, headers: Object.fromEntries(new Headers(init?.headers).entries()), body: String(init?.body ?? "") });
    return new Response("ok", { status: answers.shift() ?? 200 });
  });
});

beforeEach(() => {
  queued.splice(0);
  received.splice(0);
  answers = [];
});

describe("the signature", () => {
  it("matches the Standard Webhooks specification's own example", async () => {
    const headers = await signedHeaders(["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}');
    expect(headers).toEqual({ "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek", "webhook-timestamp": "1614265330", "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" });
  });
});

describe("endpoints (administrators only)", () => {
  it("answers the secret once, and refuses members (403), other organisations (404) and addresses the delivery may not reach", async () => {
    expect((await addEndpoint(tokens.ana, { url: RECEIVER, events: ["initiative.created"] })).status).toBe(403);
    expect((await call("GET", "/api/acme/admin/webhooks", { token: tokens.ana })).status).toBe(403);
    expect((await call("GET", "/api/acme/admin/chat-apps", { token: tokens.ana })).status).toBe(403);

    for (const [url, field] of [
      ["http://receiver.example.com/hooks", "webhook_https_required"],
      ["https://10.0.0.7/hooks", "webhook_address_not_allowed"],
      ["https://169.254.169.254/latest", "webhook_address_not_allowed"],
      ["https://192.168.1.20/hooks", "webhook_address_not_allowed"],
      ["https://[fd00:ec2::254]/", "webhook_address_not_allowed"],
      ["https://metadata.google.internal/", "webhook_address_not_allowed"],
    ]) {
      const refused = await addEndpoint(tokens.admin, { url, events: ["initiative.created"] });
      expect(refused.status, url).toBe(400);
      expect((await json(refused)).fields).toEqual({ url: field });
    }
    const unknownEvent = await addEndpoint(tokens.admin, { url: RECEIVER, events: ["initiative.exploded"] });
    expect(unknownEvent.status).toBe(400);

    const created = await addEndpoint(tokens.admin, { url: RECEIVER, description: "Warehouse", events: ["initiative.created"] });
    expect(created.status).toBe(201);
    const body = await json(created);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(body.endpoint).toMatchObject({ url: RECEIVER, description: "Warehouse", events: ["initiative.created"], enabled: true });
    const listed = await json(await call("GET", "/api/acme/admin/webhooks", { token: tokens.admin }));
    expect(JSON.stringify(listed)).not.toContain(body.secret);

    expect((await call("GET", `/api/commons/admin/webhooks/${body.endpoint.id}`, { token: tokens.other })).status).toBe(404);
    expect((await call("PATCH", `/api/commons/admin/webhooks/${body.endpoint.id}`, { token: tokens.other, body: { enabled: false } })).status).toBe(404);
    expect((await call("POST", `/api/commons/admin/webhooks/${body.endpoint.id}/test`, { token: tokens.other })).status).toBe(404);
    expect((await call("DELETE", `/api/acme/admin/webhooks/${body.endpoint.id}`, { token: tokens.admin })).status).toBe(204);
  });
});

describe("the outbox", () => {
  it("writes nothing for an organisation without an endpoint subscribed to the event", async () => {
    const initiative = await createInitiative({ orgId: "org-commons", title: "Nobody listens" });
    const commonsMember = await createMember({ email: "cid@commons.example", orgId: "org-commons" });
    const token = (await login(commonsMember.email, "Correct-Horse-9")).body.access_token;
    expect((await call("PUT", `/api/commons/initiative/${initiative.id}`, { token })).status).toBe(200);
    expect(await events("org-commons")).toEqual([]);
    expect(queued.filter((item) => item.body.kind.startsWith("webhook"))).toEqual([]);
  });

  it("writes no event when the change's batch fails", async () => {
    const endpoint = await json(await addEndpoint(tokens.admin, { url: RECEIVER, events: ["initiative.updated"] }));
    const db = getDb(env);
    const before = (await events("org-acme")).length;
    // A batch whose second statement fails (a duplicate primary key): D1 rolls back the whole batch.
    await expect(
      db.batch([
        outboxEvent(db, "org-acme", "initiative.updated", "initiative:x", { initiative: { id: "x" } }),
        db.insert(schema.organizations).values({ id: "org-acme", slug: "dup", name: "Dup", region: "ES", signupToken: "dup" }),
      ]),
    ).rejects.toThrow();
    expect((await events("org-acme")).length).toBe(before);
    // The same statement alone is written.
    await db.batch([outboxEvent(db, "org-acme", "initiative.updated", "initiative:x", { initiative: { id: "x" } })]);
    expect((await events("org-acme")).length).toBe(before + 1);
    await call("DELETE", `/api/acme/admin/webhooks/${endpoint.endpoint.id}`, { token: tokens.admin });
    await env.DB.prepare("DELETE FROM webhook_events").run();
  });

  it("delivers a join as participation.joined, signed, once the write's answer is out; a refused join (full) sends nothing", async () => {
    const { endpoint, secret } = await json(await addEndpoint(tokens.admin, { url: RECEIVER, events: ["participation.joined", "participation.left"] }));
    const beach = await createInitiative({ orgId: "org-acme", title: "Beach", slug: "beach-hooks" });
    expect((await call("PUT", `/api/acme/initiative/${beach.id}`, { token: tokens.ana })).status).toBe(200);
    // The write queued the dispatch (workers/webhooks/kick.ts); the dispatch queues the delivery.
    expect(queued.map((item) => item.body.kind)).toContain("webhook_dispatch");
    await drainReady();
    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent.url).toBe(RECEIVER);
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(await verifiesPerSpec(secret, sent.headers, sent.body)).toBe(true);
    expect(await verifiesPerSpec(secret, sent.headers, sent.body.replace("Beach", "Beech"))).toBe(false);
    expect(referenceVerifies(secret, sent.headers, sent.body)).toBe(true);
    expect(referenceVerifies(secret, sent.headers, sent.body.replace("Beach", "Beech"))).toBe(false);
    const message = JSON.parse(sent.body);
    expect(message).toMatchObject({ type: "participation.joined", data: { participation: { status: "accepted" }, initiative: { id: beach.id, slug: "beach-hooks", title: "Beach" } } });
    expect(sent.headers["webhook-id"]).toMatch(/^msg_/);
    const [row] = await deliveryRows(endpoint.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, response_status: 200, event_type: "participation.joined" });

    const full = await createInitiative({ orgId: "org-acme", title: "Full", maxParticipants: 1 });
    await addParticipation(full.id, "org-acme", (await createMember({ email: "filler@acme.example", orgId: "org-acme" })).id);
    const before = (await events("org-acme")).length;
    expect((await call("PUT", `/api/acme/initiative/${full.id}`, { token: tokens.bea })).status).toBe(409);
    expect((await events("org-acme")).length).toBe(before);
    await call("DELETE", `/api/acme/admin/webhooks/${endpoint.id}`, { token: tokens.admin });
  });
});

describe("delivery", () => {
  /** An endpoint and one event of `resource` dispatched to it, the queue's messages kept. */
  async function endpointWithEvents(resources: string[], types = ["initiative.updated"]) {
    // The earlier tests' endpoints are switched off: each test sees its own deliveries only.
    await env.DB.prepare("UPDATE webhook_endpoints SET enabled = 0").run();
    const created = await json(await addEndpoint(tokens.admin, { url: RECEIVER, events: types }));
    const db = getDb(env);
    for (const resource of resources) await db.batch([outboxEvent(db, "org-acme", "initiative.updated", resource as `initiative:${string}`, { initiative: { id: resource } })]);
    await dispatchEvents(env, "org-acme");
    return created as { endpoint: { id: string }; secret: string };
  }

  it("retries on the schedule's delays for about a day, with the same webhook-id, then gives up", async () => {
    const { endpoint } = await endpointWithEvents(["initiative:retry"]);
    const [first] = await deliveryRows(endpoint.id);
    queued.splice(0);
    let now = Date.now();
    const ids = new Set<string>();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      answers = [503];
      const outcome = await deliverOnce(env, first.id, now);
      ids.add(received[received.length - 1].headers["webhook-id"]);
      const delay = RETRY_DELAYS_SECONDS[attempt - 1];
      if (attempt < MAX_ATTEMPTS) {
        expect(outcome).toBe("retrying");
        expect(queued.pop()).toEqual({ body: { kind: "webhook_delivery", id: first.id }, delaySeconds: delay });
        now += delay * 1000;
      } else expect(outcome).toBe("failed");
    }
    expect(ids.size).toBe(1);
    expect(RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0) / 3600).toBeGreaterThan(20);
    expect(RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0) / 3600).toBeLessThan(25);
    const [row] = await deliveryRows(endpoint.id);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, response_status: 503, error: "http_503" });
    // An attempt before its moment is not made (a duplicate message).
    expect(await deliverOnce(env, first.id, now)).toBe("skipped");
  });

  it("keeps one resource's events in order: a later one waits until the earlier is delivered", async () => {
    const { endpoint } = await endpointWithEvents(["initiative:ordered", "initiative:ordered", "initiative:other"]);
    const rows = await deliveryRows(endpoint.id);
    expect(rows.map((row) => row.status)).toEqual(["pending", "waiting", "pending"]);
    // Only the first of the resource and the other resource were queued.
    expect(queued.filter((item) => item.body.kind === "webhook_delivery").map((item) => (item.body as { id: string }).id)).toEqual([rows[0].id, rows[2].id]);
    queued.splice(0);
    const now = Date.now();
    answers = [500];
    expect(await deliverOnce(env, rows[0].id, now)).toBe("retrying");
    // The waiting one, if its message came anyway, still waits.
    await env.DB.prepare("UPDATE webhook_deliveries SET status = 'pending' WHERE id = ?").bind(rows[1].id).run();
    expect(await deliverOnce(env, rows[1].id, now)).toBe("waiting");
    queued.splice(0);
    expect(await deliverOnce(env, rows[0].id, now + 30_000)).toBe("delivered");
    // Settled: the next of its resource is queued, and goes.
    expect(queued).toEqual([{ body: { kind: "webhook_delivery", id: rows[1].id }, delaySeconds: undefined }]);
    expect(await deliverOnce(env, rows[1].id, now + 31_000)).toBe("delivered");
    const order = received.slice(-2).map((item) => JSON.parse(item.body).data.initiative.id);
    expect(order).toEqual(["initiative:ordered", "initiative:ordered"]);
    expect(received[received.length - 2].headers["webhook-id"]).not.toBe(received[received.length - 1].headers["webhook-id"]);
  });

  it("switches off an endpoint that has answered no success for most of a day, and tells its administrators", async () => {
    const { endpoint } = await endpointWithEvents(["initiative:down", "initiative:down-too"]);
    const [row, second] = await deliveryRows(endpoint.id);
    const now = Date.now();
    await env.DB.prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?").bind(now - 21 * HOUR, endpoint.id).run();
    await env.DB.prepare("UPDATE webhook_deliveries SET attempts = ? WHERE id = ?").bind(MAX_ATTEMPTS - 1, row.id).run();
    answers = [502];
    expect(await deliverOnce(env, row.id, now)).toBe("failed");
    const shown = await json(await call("GET", `/api/acme/admin/webhooks/${endpoint.id}`, { token: tokens.admin }));
    expect(shown.endpoint).toMatchObject({ enabled: false, disabled_reason: "failing" });
    // Its other open delivery is not attempted.
    expect((await deliveryRows(endpoint.id)).find((item) => item.id === second.id)).toMatchObject({ status: "failed", error: "endpoint_disabled" });
    const [mail] = await mailbox("admin@acme.example");
    expect(mail.subject).toBe(`Webhook endpoint switched off: ${RECEIVER}`);
    expect(mail.links).toContain(`http://acme.localhost:8787/manage/integrations/webhooks/${endpoint.id}`);
    expect((await mailbox("ana@acme.example")).some((item) => item.subject.includes("Webhook"))).toBe(false);
    // A new event is no longer written for it (no enabled endpoint subscribed).
    const before = (await events("org-acme")).length;
    const db = getDb(env);
    await db.batch([outboxEvent(db, "org-acme", "initiative.updated", "initiative:after", { initiative: { id: "after" } })]);
    expect((await events("org-acme")).length).toBe(before);
    // Switched on again: its failures are forgotten.
    const on = await json(await call("PATCH", `/api/acme/admin/webhooks/${endpoint.id}`, { token: tokens.admin, body: { enabled: true } }));
    expect(on.endpoint).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it("a delivery that gives up without a day of failures leaves the endpoint on", async () => {
    const { endpoint } = await endpointWithEvents(["initiative:blip"]);
    const [row] = await deliveryRows(endpoint.id);
    await env.DB.prepare("UPDATE webhook_deliveries SET attempts = ? WHERE id = ?").bind(MAX_ATTEMPTS - 1, row.id).run();
    answers = [500];
    expect(await deliverOnce(env, row.id)).toBe("failed");
    expect((await json(await call("GET", `/api/acme/admin/webhooks/${endpoint.id}`, { token: tokens.admin }))).endpoint.enabled).toBe(true);
  });

  it("signs with both secrets during a rotation's overlap, and the new one alone after it", async () => {
    const { endpoint, secret: old } = await endpointWithEvents([]);
    const rotated = await json(await call("POST", `/api/acme/admin/webhooks/${endpoint.id}/rotate`, { token: tokens.admin }));
    expect(rotated.secret).not.toBe(old);
    expect(rotated.endpoint.previous_secret_until).not.toBeNull();
    const tested = await call("POST", `/api/acme/admin/webhooks/${endpoint.id}/test`, { token: tokens.admin });
    expect(tested.status).toBe(202);
    await drainReady();
    const sent = received[received.length - 1];
    expect(sent.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(await verifiesPerSpec(old, sent.headers, sent.body)).toBe(true);
    expect(await verifiesPerSpec(rotated.secret, sent.headers, sent.body)).toBe(true);
    expect([referenceVerifies(old, sent.headers, sent.body), referenceVerifies(rotated.secret, sent.headers, sent.body)]).toEqual([true, true]);
    // After the overlap: the new secret only.
    await env.DB.prepare("UPDATE webhook_endpoints SET previous_secret_until = ? WHERE id = ?").bind(Date.now() - 1, endpoint.id).run();
    await call("POST", `/api/acme/admin/webhooks/${endpoint.id}/test`, { token: tokens.admin });
    await drainReady();
    const after = received[received.length - 1];
    expect(await verifiesPerSpec(old, after.headers, after.body)).toBe(false);
    expect(await verifiesPerSpec(rotated.secret, after.headers, after.body)).toBe(true);
    expect([referenceVerifies(old, after.headers, after.body), referenceVerifies(rotated.secret, after.headers, after.body)]).toEqual([false, true]);
  });

  it("logs the test event and redelivers an event with the same webhook-id", async () => {
    const { endpoint } = await endpointWithEvents(["initiative:logged"]);
    await drainReady();
    const tested = await json(await call("POST", `/api/acme/admin/webhooks/${endpoint.id}/test`, { token: tokens.admin }));
    expect(tested.delivery).toMatchObject({ event_type: "webhook.test", status: "pending" });
    await drainReady();
    const log = await json(await call("GET", `/api/acme/admin/webhooks/${endpoint.id}/deliveries`, { token: tokens.admin }));
    expect(log.deliveries.map((item: { event_type: string; status: string }) => [item.event_type, item.status])).toEqual([
      ["webhook.test", "delivered"],
      ["initiative.updated", "delivered"],
    ]);
    expect(log.deliveries[0]).toMatchObject({ attempts: 1, response_status: 200 });
    expect(typeof log.deliveries[0].response_ms).toBe("number");
    const firstPage = await call("GET", `/api/acme/admin/webhooks/${endpoint.id}/deliveries?limit=1`, { token: tokens.admin });
    const page = await json(firstPage);
    expect(page.deliveries).toHaveLength(1);
    expect(firstPage.headers.get("link")).toBe(`<http://localhost/api/acme/admin/webhooks/${endpoint.id}/deliveries?limit=1&cursor=${page.next_cursor}>; rel="next"`);
    const rest = await json(await call("GET", `/api/acme/admin/webhooks/${endpoint.id}/deliveries?limit=1&cursor=${page.next_cursor}`, { token: tokens.admin }));
    expect(rest.deliveries[0].event_type).toBe("initiative.updated");

    const original = log.deliveries[1];
    const detail = await json(await call("GET", `/api/acme/admin/webhooks/${endpoint.id}/deliveries/${original.id}`, { token: tokens.admin }));
    expect(JSON.parse(detail.delivery.body)).toMatchObject({ type: "initiative.updated", data: { initiative: { id: "initiative:logged" } } });
    const firstId = received.find((item) => item.body.includes("initiative:logged"))!.headers["webhook-id"];
    received.splice(0);
    const again = await call("POST", `/api/acme/admin/webhooks/${endpoint.id}/deliveries/${original.id}/redeliver`, { token: tokens.admin });
    expect(again.status).toBe(202);
    await drainReady();
    expect(received).toHaveLength(1);
    expect(received[0].headers["webhook-id"]).toBe(firstId);
    expect(received[0].body).toBe(detail.delivery.body);
    expect((await call("POST", `/api/commons/admin/webhooks/${endpoint.id}/deliveries/${original.id}/redeliver`, { token: tokens.other })).status).toBe(404);
  });

  it("the sweep dispatches events no request dispatched, queues lost deliveries again and prunes old rows", async () => {
    const { endpoint } = await endpointWithEvents([]);
    const db = getDb(env);
    await db.batch([outboxEvent(db, "org-acme", "initiative.updated", "initiative:swept", { initiative: { id: "swept" } })]);
    queued.splice(0);
    const now = Date.now();
    const swept = await sweepWebhooks(env, now);
    expect(swept.dispatched).toBe(1);
    const [row] = (await deliveryRows(endpoint.id)).filter((item) => item.resource === "initiative:swept");
    expect(queued.map((item) => item.body)).toContainEqual({ kind: "webhook_delivery", id: row.id });
    queued.splice(0);
    expect((await sweepWebhooks(env, now + 20 * 60_000)).requeued).toBeGreaterThan(0);
    expect(queued.map((item) => item.body)).toContainEqual({ kind: "webhook_delivery", id: row.id });
    const pruned = await sweepWebhooks(env, now + 31 * 24 * HOUR);
    expect(pruned.pruned).toBeGreaterThan(0);
    expect(await deliveryRows(endpoint.id)).toEqual([]);
  });
});
