/**
 * Web push (issue 29, section 3; decision 046): the subscription calls (validation, Origin, another
 * organisation's 404), which events queue a push and what the member then receives through the
 * local fake push service (in their language, as their preferences say), a subscription the push
 * service calls gone (404/410) removed, sign-out removing the device's subscription, and the
 * organisation's manifest and icons.
 */
import { createMessageBatch, createExecutionContext, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "../../workers/db/client";
import { runJobs, type Job } from "../../workers/jobs";
import { sendNotices } from "../../workers/manage/notify";
import { sendPushToMember } from "../../workers/push/notify";
import { getOrganizationBySlug, invalidateOrganization } from "../../workers/tenant/organizations";
import { call, createMember, json, login, seedOrganizations } from "./support";

type Who = { id: string; email: string; token: string };

let ana: Who;
let bruno: Who;
let outsider: Who;

const ENDPOINT = "https://push.example.net/send/ana-phone";
const UA_KEYS = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };

const subscribe = (who: Who, endpoint = ENDPOINT, org = "acme", keys: unknown = UA_KEYS) => call("PUT", `/api/${org}/push/subscription`, { token: who.token, body: { endpoint, expirationTime: null, keys } });

async function member(email: string, name: string, orgId: string, language = "en-US"): Promise<Who> {
  const created = await createMember({ email, name, orgId, language });
  return { id: created.id, email, token: (await login(email, "Correct-Horse-9")).body.access_token as string };
}

/** Messages queued from now on, caught here rather than in the queue. */
let queued: Job[] = [];
beforeEach(() => {
  queued = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body) => void queued.push(body as Job) as never);
  vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages) => void queued.push(...[...messages].map((message) => message.body as Job)) as never);
});
afterEach(() => vi.restoreAllMocks());

/** Runs what was queued through the consumer, as the queue would. */
async function consume(bindings: Env = env) {
  const messages = queued.splice(0, queued.length);
  const batch = createMessageBatch<Job>("commons-jobs", messages.map((body) => ({ id: crypto.randomUUID(), timestamp: Date.now(), attempts: 1, body })));
  await runJobs(batch, bindings);
  return getQueueResult(batch, createExecutionContext());
}

async function received(endpoint = ENDPOINT) {
  return json<{ title: string; body: string; url: string; tag: string }[]>(await call("GET", `/dev/push?endpoint=${encodeURIComponent(endpoint)}`));
}

const subscriptionsOf = async (memberId: string) => (await getDb(env).select().from(schema.pushSubscriptions)).filter((row) => row.memberId === memberId);

beforeAll(async () => {
  const { acme, vizinhos } = await seedOrganizations();
  ana = await member("ana@acme.example", "Ana Garcia", acme.id, "es-ES");
  bruno = await member("bruno@acme.example", "Bruno Lima", acme.id);
  outsider = await member("joao@vizinhos.example", "João Silva", vizinhos.id);
});

describe("the subscription calls", () => {
  it("give the VAPID key, store a subscription once per endpoint and say whether this endpoint is the member's", async () => {
    const before = await json(await call("GET", "/api/acme/push", { token: ana.token }));
    expect(before).toEqual({ available: true, public_key: env.VAPID_PUBLIC_KEY, subscribed: false, preferences: { participation: true, chat: true, reminders: true } });
    expect((await subscribe(ana)).status).toBe(201);
    expect((await subscribe(ana)).status).toBe(200);
    expect(await subscriptionsOf(ana.id)).toHaveLength(1);
    expect(await json(await call("GET", `/api/acme/push?endpoint=${encodeURIComponent(ENDPOINT)}`, { token: ana.token }))).toMatchObject({ subscribed: true });
    expect(await json(await call("GET", `/api/acme/push?endpoint=${encodeURIComponent(ENDPOINT)}`, { token: bruno.token }))).toMatchObject({ subscribed: false });
  });

  it("refuse an endpoint that is not a public https address and keys that are not RFC 8291's", async () => {
    const cases: [string, unknown, string, string][] = [
      ["http://push.example.net/x", UA_KEYS, "endpoint", "push_endpoint_invalid"],
      ["https://127.0.0.1/x", UA_KEYS, "endpoint", "push_endpoint_invalid"],
      ["https://10.0.0.8/x", UA_KEYS, "endpoint", "push_endpoint_invalid"],
      ["not a url", UA_KEYS, "endpoint", "push_endpoint_invalid"],
      [ENDPOINT, { ...UA_KEYS, p256dh: "short" }, "keys.p256dh", "push_key_invalid"],
      [ENDPOINT, { ...UA_KEYS, auth: "BTBZMqHH6r4Tts7J_aSIggAAAA" }, "keys.auth", "push_key_invalid"],
      [ENDPOINT, null, "keys", "form_error_required"],
    ];
    for (const [endpoint, keys, field, message] of cases) {
      const res = await subscribe(bruno, endpoint, "acme", keys);
      expect(res.status, endpoint).toBe(400);
      expect((await json(res)).fields, endpoint).toMatchObject({ [field]: message });
    }
    expect(await subscriptionsOf(bruno.id)).toEqual([]);
  });

  it("answer 404 for an organisation the member is not in, and 401 without a token", async () => {
    expect((await subscribe(outsider)).status).toBe(404);
    expect((await call("GET", "/api/acme/push", { token: outsider.token })).status).toBe(404);
    expect((await subscribe(ana, ENDPOINT, "vizinhos")).status).toBe(404);
    expect((await call("PUT", "/api/acme/push/subscription", { body: { endpoint: ENDPOINT, keys: UA_KEYS } })).status).toBe(401);
  });

  it("refuse a write from another site (the page route and a cookie-carrying API call)", async () => {
    const page = await call("PUT", "/push/subscription", { body: { endpoint: ENDPOINT, keys: UA_KEYS }, headers: { origin: "https://evil.example" } });
    expect(page.status).toBe(403);
    expect(await json(page)).toMatchObject({ error: "cross_origin_request" });
    const { cookie } = await login("bruno@acme.example", "Correct-Horse-9");
    const api = await call("PUT", "/api/acme/push/subscription", { token: bruno.token, cookie, body: { endpoint: ENDPOINT, keys: UA_KEYS }, headers: { origin: "https://evil.example" } });
    expect(api.status).toBe(403);
  });

  it("change one preference at a time, refusing an unknown one or none", async () => {
    const res = await call("PUT", "/api/acme/push/preferences", { token: bruno.token, body: { chat: false } });
    expect(await json(res)).toEqual({ preferences: { participation: true, chat: false, reminders: true } });
    expect((await call("PUT", "/api/acme/push/preferences", { token: bruno.token, body: { sms: true } })).status).toBe(400);
    expect((await call("PUT", "/api/acme/push/preferences", { token: bruno.token, body: {} })).status).toBe(400);
    expect((await call("PUT", "/api/acme/push/preferences", { token: bruno.token, body: { chat: "yes" } })).status).toBe(400);
    await call("PUT", "/api/acme/push/preferences", { token: bruno.token, body: { chat: true } });
  });
});

describe("what is pushed", () => {
  it("a waitlist offer and validation results, through the queue, in the member's language; other decisions only by e-mail", async () => {
    const org = (await getOrganizationBySlug(env, "acme"))!;
    const initiative = { slug: "beach-clean", title: "Beach clean-up" };
    await sendNotices(env, org, [
      { kind: "waitlist_offer", memberId: ana.id, initiative, until: Date.UTC(2026, 11, 5, 9, 0) },
      { kind: "records_validated", memberId: ana.id, initiative },
      { kind: "contribution_confirmed", memberId: ana.id, initiative },
      // Bruno has no subscription: nothing is queued for him.
      { kind: "records_rejected", memberId: bruno.id, initiative },
    ]);
    expect(queued.map((job) => job.kind === "push" && [job.member, job.event.type])).toEqual([
      [ana.id, "waitlist_offer"],
      [ana.id, "records_validated"],
    ]);
    // Nothing reached the push service before the consumer ran.
    expect(await received()).toEqual([]);
    await consume();
    const [validated, offer] = await received();
    expect(offer).toMatchObject({ title: "Una plaza para ti: Beach clean-up", url: "/initiative/beach-clean", tag: "offer-beach-clean" });
    expect(offer.body).toContain("5 dic 2026");
    expect(validated).toMatchObject({ title: "Horas validadas", body: "Tus horas en Beach clean-up se han validado.", url: "/initiative/beach-clean/participate" });
  });

  it("a chat message to a member whose chat is closed, never to the sender nor to an open chat", async () => {
    await subscribe(bruno, "https://push.example.net/send/bruno-laptop");
    const opened = await call("POST", "/api/acme/chat/conversations", { token: bruno.token, body: { member_id: ana.id } });
    const conversation = (await json(opened)).conversation.id as string;
    await call("POST", `/api/acme/chat/conversations/${conversation}/messages`, { token: bruno.token, body: { content: "¿Vienes el sábado?" } });
    expect(queued.map((job) => job.kind === "push" && [job.member, job.event.type])).toEqual([[ana.id, "chat_message"]]);
    await consume();
    expect((await received())[0]).toMatchObject({ title: "Mensaje de Bruno Lima", body: "¿Vienes el sábado?", tag: `chat-${conversation}` });
    expect(await received("https://push.example.net/send/bruno-laptop")).toEqual([]);

    // Ana's chat open (a socket on her member object): the message reaches her there, not by push.
    const socket = await call("GET", "/chat/socket?org=acme", { token: ana.token, headers: { Upgrade: "websocket" } });
    expect(socket.status).toBe(101);
    socket.webSocket!.accept();
    await call("POST", `/api/acme/chat/conversations/${conversation}/messages`, { token: bruno.token, body: { content: "¡Genial!" } });
    expect(queued).toEqual([]);
    socket.webSocket!.close(1000, "done");
  });

  it("a reminder handed over by sendPushToMember, with the hours as a plural", async () => {
    await sendPushToMember(env, "org-acme", ana.id, { type: "reminder", initiative: { slug: "beach-clean", title: "Beach clean-up" }, startsAt: Date.now() + 2 * 3600_000, place: "Playa de la Concha" });
    await sendPushToMember(env, "org-acme", ana.id, { type: "reminder", initiative: { slug: "beach-clean", title: "Beach clean-up" }, startsAt: Date.now() + 3600_000 });
    await consume();
    const [oneHour, twoHours] = await received();
    expect(twoHours.body).toMatch(/^Empieza en 2 horas, .+ · Playa de la Concha$/);
    expect(oneHour.body).toMatch(/^Empieza en 1 hora, /);
    expect(oneHour).toMatchObject({ title: "Beach clean-up", url: "/initiative/beach-clean/participate" });
  });

  it("nothing of a kind the member switched off", async () => {
    await call("PUT", "/api/acme/push/preferences", { token: ana.token, body: { reminders: false } });
    const before = (await received()).length;
    await sendPushToMember(env, "org-acme", ana.id, { type: "reminder", initiative: { slug: "beach-clean", title: "Beach clean-up" }, startsAt: Date.now() + 3600_000 });
    expect(queued).toHaveLength(1);
    const result = await consume();
    expect(result.explicitAcks).toHaveLength(1);
    expect((await received()).length).toBe(before);
    await call("PUT", "/api/acme/push/preferences", { token: ana.token, body: { reminders: true } });
  });
});

describe("subscriptions that end", () => {
  it("the fake push service's gone endpoint is removed after its answer", async () => {
    await subscribe(ana, "https://push.example.net/send/old-phone/gone");
    await sendPushToMember(env, "org-acme", ana.id, { type: "records_validated", initiative: { slug: "beach-clean", title: "Beach clean-up" } });
    await consume();
    expect((await subscriptionsOf(ana.id)).map((row) => row.endpoint)).toEqual([ENDPOINT]);
  });

  it("the real push service's 404 and 410 remove the subscription; a 500 keeps it and tries that one again later", async () => {
    const real: Env = { ...env, PUSH_SERVICE: "webpush" };
    const answers = new Map([
      ["https://push.example.net/send/ana-tablet", 410],
      ["https://push.example.net/send/ana-watch", 404],
      ["https://push.example.net/send/ana-laptop", 500],
      [ENDPOINT, 201],
    ]);
    for (const endpoint of answers.keys()) await subscribe(ana, endpoint);
    const asked: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(url);
      return new Response(null, { status: answers.get(url) ?? 404 });
    });
    await sendPushToMember(real, "org-acme", ana.id, { type: "records_rejected", initiative: { slug: "beach-clean", title: "Beach clean-up" } });
    await consume(real);
    expect(asked.sort()).toEqual([...answers.keys()].sort());
    expect((await subscriptionsOf(ana.id)).map((row) => row.endpoint).sort()).toEqual([ENDPOINT, "https://push.example.net/send/ana-laptop"].sort());
    // The failed one only, again, later.
    expect(queued).toEqual([expect.objectContaining({ kind: "push", endpoints: ["https://push.example.net/send/ana-laptop"], attempt: 2 })]);
  });

  it("signing out removes what that session subscribed, and only that", async () => {
    const phone = await login("bruno@acme.example", "Correct-Horse-9");
    const token = phone.body.access_token as string;
    await call("PUT", "/api/acme/push/subscription", { token, body: { endpoint: "https://push.example.net/send/bruno-phone", keys: UA_KEYS } });
    expect((await subscriptionsOf(bruno.id)).map((row) => row.endpoint).sort()).toEqual(["https://push.example.net/send/bruno-laptop", "https://push.example.net/send/bruno-phone"]);
    expect((await call("DELETE", "/auth/identity", { token })).status).toBe(204);
    expect((await subscriptionsOf(bruno.id)).map((row) => row.endpoint)).toEqual(["https://push.example.net/send/bruno-laptop"]);
  });

  it("turning push off on a device removes its subscription", async () => {
    const res = await call("DELETE", "/api/acme/push/subscription", { token: bruno.token, body: { endpoint: "https://push.example.net/send/bruno-laptop" } });
    expect(res.status).toBe(200);
    expect(await subscriptionsOf(bruno.id)).toEqual([]);
  });
});

describe("the installable app", () => {
  it("a manifest per organisation host: its name, brand colour, /wall and icons of 192 and 512 pixels", async () => {
    await getDb(env).update(schema.organizations).set({ communityConfig: JSON.stringify({ features: { points: true }, theme: { primary: "#0F766E" } }) }).where(eq(schema.organizations.id, "org-acme"));
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    const res = await call("GET", "/manifest.webmanifest", { host: "acme.localhost" });
    expect(res.headers.get("content-type")).toBe("application/manifest+json");
    const manifest = await json(res);
    expect(manifest).toMatchObject({ name: "Acme", short_name: "Acme", start_url: "/wall", display: "standalone", scope: "/", theme_color: "#0f766e" });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    const other = await json(await call("GET", "/manifest.webmanifest", { host: "localhost" }));
    expect(other.name).toBe("Commons");
    expect(other.theme_color).toBe("#1d4ed8");
    for (const size of [192, 512]) {
      const icon = await call("GET", `/app-icon/${size}.png`, { host: "acme.localhost" });
      expect(icon.headers.get("content-type")).toBe("image/png");
      const bytes = new Uint8Array(await icon.arrayBuffer());
      expect([...bytes.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
      const view = new DataView(bytes.buffer);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([size, size]);
    }
    expect((await call("GET", "/app-icon/100.png")).status).toBe(404);
  });

  it("an offline page in the browser's language, with no script and nothing of any member's", async () => {
    const page = await call("GET", "/offline", { host: "acme.localhost", headers: { "accept-language": "es-ES,es;q=0.9" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>Estás sin conexión</h1>");
    expect(html).toContain('href="/initiative">Mis iniciativas</a>');
    expect(html).not.toContain("<script");
  });
});
