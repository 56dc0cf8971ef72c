/**
 * Events written outside an /api/{org} request reach receivers at once, not at the next ten-minute
 * sweep (decision 059): a sign-up at /api/signup, an invitation accepted through /auth on the
 * platform's host, a member created by SCIM, an SSO sign-in that makes a member, and a credential
 * issued by the queue's consumer. Each step here is followed by the queue's ready messages only;
 * the scheduled sweep never runs, so what arrives was dispatched by the step itself.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { memberForIdentity } from "../../workers/auth/sso-identities";
import { invalidateOrganization } from "../../workers/tenant/organizations";
import type { AppEnv } from "../../workers/types";
import { dispatchAfterWrites } from "../../workers/webhooks/kick";
import { addParticipation, addRecord, createInitiative, DAY } from "./initiatives-fixtures";
import { captureQueue, type Queued } from "./queue-capture";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const RECEIVER = "https://receiver.example.com/prompt";
let queue: ReturnType<typeof captureQueue>;
let queued: Queued[] = [];
const received: { type: string; data: Record<string, any> }[] = [];
let admin = "";

/** Runs the queue's ready messages until none is left (what is queued with a delay is a retry: not needed here). */
async function drainReady() {
  for (let round = 0; round < 5 && queued.some((item) => !item.delaySeconds); round++) {
    const ready = queued.filter((item) => !item.delaySeconds);
    queued.splice(0, queued.length, ...ready);
    await queue.drain();
  }
}

/** The event types the receiver got for one step, with nothing but the queue run after it. */
async function deliveredAfter(step: () => Promise<unknown>) {
  received.splice(0);
  await step();
  await drainReady();
  return received.map((message) => message.type);
}

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "admin@acme.example", orgId: acme.id, role: "admin" });
  admin = (await login("admin@acme.example", "Correct-Horse-9")).body.access_token;
  queue = captureQueue();
  queued = queue.queued;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url === RECEIVER) received.push(JSON.parse(String(init?.body)));
    return new Response("ok");
  });
  const endpoint = await call("POST", "/api/acme/admin/webhooks", { token: admin, body: { url: RECEIVER, events: ["member.joined", "certificate.issued"] } });
  expect(endpoint.status).toBe(201);
});

beforeEach(() => {
  queued.splice(0);
});

describe("an event written outside /api/{org} is dispatched by the request or batch that wrote it", () => {
  it("a sign-up at /api/signup joining the organisation", async () => {
    const types = await deliveredAfter(async () => {
      const signup = await call("POST", "/api/signup", { body: { name: "Sam Signup", agreeTC: true, email: "sam@acme.example", password: "Sol-e-mar-77" }, host: "acme.localhost" });
      expect(signup.status).toBe(201);
    });
    expect(types).toEqual(["member.joined"]);
    expect(received[0].data).toMatchObject({ member: { email: "sam@acme.example" } });
  });

  it("an invitation accepted through /auth on the platform's host, which names no organisation", async () => {
    expect((await call("POST", "/api/acme/admin/invitations", { token: admin, body: { invitations: [{ email: "ivy@example.org", name: "Ivy" }] } })).status).toBeLessThan(300);
    const token = (await mailbox("ivy@example.org"))[0].links[0].split("/invite/")[1];
    const types = await deliveredAfter(async () => {
      const accepted = await call("PUT", `/auth/invitation/${token}`, { body: { password: "Green-lantern-42", agreements: { agreeTC: true } } });
      expect(accepted.status).toBe(200);
    });
    expect(types).toEqual(["member.joined"]);
  });

  it("a member created by SCIM (/scim/v2/{org}) where the organisation signs in by SSO", async () => {
    // Members of an organisation whose sign-in is its provider's are made at once (elsewhere SCIM invites them).
    await env.DB.prepare("INSERT INTO sso_providers (id, org_id, provider, issuer, client_id, enforced) VALUES ('sso-acme', 'org-acme', 'acme-idp', 'http://127.0.0.1:1', 'c', 1)").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    const key = (await json(await call("POST", "/api/acme/admin/api-keys", { token: admin, body: { name: "Identity provider", scopes: ["scim"] } }))).secret as string;
    const types = await deliveredAfter(async () => {
      const created = await call("POST", "/scim/v2/acme/Users", {
        token: key,
        headers: { "content-type": "application/scim+json" },
        rawBody: JSON.stringify({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "scim.person@acme.example", emails: [{ primary: true, type: "work", value: "scim.person@acme.example" }], active: true }),
      });
      expect(created.status).toBe(201);
    });
    expect(types).toEqual(["member.joined"]);
  });

  it("an SSO sign-in that makes a member, in any request through the app's middleware", async () => {
    // The provider the SCIM step added.
    const provider = { id: "sso-acme", orgId: "org-acme", provider: "acme-idp", issuer: "http://127.0.0.1:1", clientId: "c", clientSecret: null, scopes: "openid email", enforced: true, createdAt: 0 };
    // The callback's own work without the identity provider's round trip (tests/e2e/sso.test.mjs runs that).
    const app = new Hono<AppEnv>().use(dispatchAfterWrites).get("/callback", async (c) => c.json(await memberForIdentity(c.env, provider, { sub: "s-prompt", email: "sso.person@acme.example" })));
    const types = await deliveredAfter(async () => {
      const ctx = createExecutionContext();
      expect((await app.fetch(new Request("http://localhost/callback"), env, ctx)).status).toBe(200);
      await waitOnExecutionContext(ctx);
    });
    expect(types).toEqual(["member.joined"]);
  });

  it("a credential issued by the queue's consumer", async () => {
    const worked = await createInitiative({ orgId: "org-acme", title: "Past clean-up", startTime: Date.now() - 3 * DAY, endTime: Date.now() - 3 * DAY + 3_600_000 });
    const member = await createMember({ email: "worker@acme.example", orgId: "org-acme" });
    const participation = await addParticipation(worked.id, "org-acme", member.id);
    await addRecord(participation.id, "pending", 3);
    const record = (await env.DB.prepare("SELECT id FROM participation_records WHERE participation_id = ?").bind(participation.id).first<{ id: string }>())!.id;
    expect((await call("PUT", `/api/acme/manage/records/${record}`, { token: admin, body: { status: "validated" } })).status).toBe(200);
    // The validation queued the credential's job, and nothing for the webhooks (no event of theirs yet).
    expect(queued.map((item) => item.body.kind)).toEqual(["credential"]);
    received.splice(0);
    await queue.drain();
    // The consumer's batch issued the credential and queued its event's dispatch itself.
    expect(queued.map((item) => item.body.kind)).toEqual(["webhook_dispatch"]);
    await drainReady();
    expect(received.map((message) => message.type)).toEqual(["certificate.issued"]);
  });
});
