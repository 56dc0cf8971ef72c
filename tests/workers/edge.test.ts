import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../workers/app";
import { JSON_BODY_LIMIT_BYTES } from "../../workers/api";
import { signAccessToken } from "../../workers/auth/tokens";
import { createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations, testEnv } from "./support";

beforeAll(async () => {
  const { commons } = await seedOrganizations();
  await createMember({ email: "ana@commons.example", orgId: commons.id });
});

describe("security headers and request id", () => {
  it("sets CSP with a nonce, HSTS, nosniff, frame-ancestors, referrer policy and a request id", async () => {
    const res = await call("GET", "/api/organization/profile/commons");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{20,}'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a well-formed incoming request id and replaces a malformed one", async () => {
    const kept = await call("GET", "/api/organization/current", { headers: { "x-request-id": "abc12345-trace" } });
    expect(kept.headers.get("x-request-id")).toBe("abc12345-trace");
    const replaced = await call("GET", "/api/organization/current", { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("puts the headers on error answers too, in the one JSON error shape", async () => {
    const res = await call("GET", "/api/nothing/here");
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: "not_found", message: "The resource cannot be found." });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("bad input never gives a 500", () => {
  it("malformed JSON", async () => {
    const res = await call("POST", "/auth/login", { rawBody: "{ not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error: "bad_request" });
  });

  it("one answer for a body that is not JSON, whichever endpoint reads it", async () => {
    // Before, the same broken body was bad_request with three messages, invalid_json, or (refresh) ignored.
    const token = (await login("ana@commons.example", "Correct-Horse-9")).body.access_token;
    const endpoints: [string, string, string?][] = [
      ["POST", "/auth/login"],
      ["PUT", "/auth/refresh"],
      ["POST", "/api/signup"],
      ["PUT", "/api/commons/profile", token],
      ["POST", "/api/commons/chat/conversations", token],
    ];
    for (const [method, path, bearer] of endpoints) {
      const res = await call(method, path, { token: bearer, rawBody: "{ not json", headers: { "content-type": "application/json; charset=utf-8" } });
      expect(res.status, path).toBe(400);
      expect(await json(res), path).toEqual({ error: "bad_request", message: "The body must be JSON." });
    }
  });

  it("a body that is not an object, or not JSON at all", async () => {
    for (const rawBody of ["[]", "null", '"text"', "42"]) {
      const res = await call("POST", "/api/signup", { rawBody, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
    }
    const form = await call("POST", "/auth/lookup", { rawBody: "email=a@b.co", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(400);
  });

  it("wrong types and missing fields", async () => {
    const res = await call("POST", "/api/signup", { body: { name: 7, email: ["x"], agreeTC: "yes", language: "klingon" } });
    expect(res.status).toBe(400);
    expect((await json(res)).fields).toEqual({
      name: "form_error_required",
      email: "form_error_required",
      agreeTC: "form_error_terms_required",
      language: "form_error_invalid",
    });
  });

  it("oversized bodies are refused with 413 before they are read", async () => {
    const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(JSON_BODY_LIMIT_BYTES) });
    const res = await call("POST", "/auth/login", { rawBody: big, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject({ error: "payload_too_large" });
  });

  it("forged, tampered and expired access tokens are 401", async () => {
    const { body } = await login("ana@commons.example", "Correct-Horse-9");
    const [header, payload, signature] = body.access_token.split(".");
    const tampered = `${header}.${btoa(JSON.stringify({ sub: "someone-else", sid: "x", iat: 1, exp: 9999999999 })).replace(/=+$/, "")}.${signature}`;
    const forged = await signAccessToken("another-secret-that-is-long-enough-0123", { sub: "m", sid: "s" });
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const expired = await signAccessToken(env.TOKEN_SECRET!, { sub: claims.sub, sid: claims.sid }, Date.now() - 3600_000);
    for (const token of [tampered, forged, expired, "not.a.token", "garbage"]) {
      const res = await call("PUT", "/auth/identity", { token });
      expect(res.status).toBe(401);
    }
    expect((await call("PUT", "/auth/identity", { token: body.access_token })).status).toBe(200);
  });

  it("over-long tokens in paths are refused cleanly", async () => {
    const res = await call("PUT", `/auth/confirm_email/${"a".repeat(500)}`, { body: { password: "Whatever-123" } });
    expect(res.status).toBe(400);
  });

  it("unknown routes under /auth and /api are JSON 404s", async () => {
    expect((await call("POST", "/auth/nope")).status).toBe(404);
    expect((await call("DELETE", "/api/no-such-thing")).status).toBe(404);
    // A known path with another method is 405 (tests/workers/method-not-allowed.test.ts).
    expect((await call("DELETE", "/api/signup")).status).toBe(405);
  });
});

describe("/dev/mailbox", () => {
  it("lists the outbox newest first, filtered by ?to=", async () => {
    await call("POST", "/auth/recover_password", { body: { email: "ana@commons.example" } });
    await call("POST", "/auth/recover_password", { body: { email: "ana@commons.example" } });
    const res = await call("GET", "/dev/mailbox?to=ANA@commons.example");
    expect(res.status).toBe(200);
    const mails = await json(res);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ to: "ana@commons.example" });
    expect(Object.keys(mails[0])).toEqual(expect.arrayContaining(["to", "subject", "text", "html", "links", "created_at"]));
    expect(mails[0].links[0]).toMatch(/\/recover_password\//);
    expect(mails[0].links[0]).not.toBe(mails[1].links[0]);
    expect(await json(await call("GET", "/dev/mailbox?to=nobody@example.org"))).toEqual([]);
  });

  it("answers 404 in production", async () => {
    const app = createApp();
    const production = { ...testEnv, ENVIRONMENT: "production" };
    const res = await app.fetch(new Request("http://localhost/dev/mailbox"), production, createExecutionContext());
    expect(res.status).toBe(404);
  });

  it("answers 404 when ENVIRONMENT is unset (a deploy that forgot it is production)", async () => {
    const { ENVIRONMENT: _unset, ...unset } = testEnv;
    const res = await createApp().fetch(new Request("http://localhost/dev/mailbox"), unset as Env, createExecutionContext());
    expect(res.status).toBe(404);
  });
});

describe("/dev/fixtures/member", () => {
  it("creates a fresh, confirmed member of the organisation who can sign in, a new one each time", async () => {
    const made = await call("POST", "/dev/fixtures/member", { body: { org: "acme", name: "Fixture Member", phone: "+34600111222", role: "organiser" } });
    expect(made.status).toBe(201);
    const member = await json(made);
    expect(member.email).toMatch(/^member\.[0-9a-f]{8}@fixtures\.example$/);
    // login() throws unless the password signs the member in.
    const signedIn = await login(member.email, member.password, "acme.localhost");
    expect(signedIn.body.user.organizations[0]).toMatchObject({ slug: "acme", role: "organiser" });
    const another = await json(await call("POST", "/dev/fixtures/member", { body: { org: "acme", name: "Fixture Member" } }));
    expect(another.email).not.toBe(member.email);
  });

  it("refuses a bad body with 400 and an unknown organisation with 404", async () => {
    expect((await call("POST", "/dev/fixtures/member", { body: { org: "acme", name: "X", role: "system" } })).status).toBe(400);
    expect((await call("POST", "/dev/fixtures/member", { body: { org: "no-such-org", name: "Fixture" } })).status).toBe(404);
  });

  it("makes a member take part in an initiative of their organisation, counted at once", async () => {
    const initiative = await createInitiative({ orgId: "org-acme", slug: "fixture-shift", maxParticipants: 10 });
    const member = await json(await call("POST", "/dev/fixtures/member", { body: { org: "acme", name: "Taking Part" } }));
    const joined = await call("POST", "/dev/fixtures/participation", { body: { org: "acme", initiative: "fixture-shift", member_id: member.id } });
    expect(joined.status).toBe(201);
    const row = await env.DB.prepare("SELECT participant_count AS n FROM initiatives WHERE id = ?").bind(initiative.id).first<{ n: number }>();
    expect(row?.n).toBe(1);
    expect((await call("POST", "/dev/fixtures/participation", { body: { org: "acme", initiative: "no-such-shift", member_id: member.id } })).status).toBe(404);
    // A member of another organisation does not take part here.
    const outsider = await json(await call("POST", "/dev/fixtures/member", { body: { org: "vizinhos", name: "Outsider" } }));
    expect((await call("POST", "/dev/fixtures/participation", { body: { org: "acme", initiative: "fixture-shift", member_id: outsider.id } })).status).toBe(404);
  });

  it("makes an initiative with its place, indicators and donation, as the API then answers it", async () => {
    const made = await call("POST", "/dev/fixtures/initiative", {
      body: {
        org: "acme",
        title: "Huerto de prueba en Lavapiés",
        starts_in_days: -2,
        ends_in_days: 20,
        hours_per_day: 4,
        place: { address: "Calle del Doctor Fourquet 24, Madrid", latitude: 40.4076, longitude: -3.6985 },
        indicators: [{ name: "Verdura cosechada", unit: "kilogram" }],
      },
    });
    expect(made.status).toBe(201);
    const { slug } = await json(made);
    expect(slug).toMatch(/^huerto-de-prueba-en-lavapies-[a-z0-9]{8}$/);
    const member = await json(await call("POST", "/dev/fixtures/member", { body: { org: "acme", name: "Reader" } }));
    const token = (await login(member.email, member.password, "acme.localhost")).body.access_token;
    const initiative = await json(await call("GET", `/api/acme/initiative/${slug}`, { token, host: "acme.localhost" }));
    expect(initiative).toMatchObject({ type: "volunteering", hours_per_day: 4, is_in_person: true, indicators: [{ name: "Verdura cosechada", unit: "kilogram" }] });
    const gift = await json(await call("POST", "/dev/fixtures/initiative", { body: { org: "acme", title: "Gift", type: "donation", donation: { sources: ["transfer"], transfer_iban: "ES00 0000" } } }));
    const donation = await json(await call("GET", `/api/acme/initiative/${gift.slug}`, { token, host: "acme.localhost" }));
    expect(donation.donation_params).toMatchObject({ currency: "EUR", sources: ["transfer"] });
  });

  it("makes an organisation configured like another, on its own hostname, with nobody and nothing in it", async () => {
    const made = await call("POST", "/dev/fixtures/organization", { body: { like: "acme", name: "Acme Wall Test" } });
    expect(made.status).toBe(201);
    const org = await json(made);
    expect(org.hostname).toBe(`${org.slug}.localhost`);
    const current = await json(await call("GET", "/api/organization/current", { host: org.hostname }));
    expect(current).toMatchObject({ organization_slug: org.slug, organization_name: "Acme Wall Test" });
    const acme = await json(await call("GET", "/api/organization/profile/acme"));
    expect(current.product_config).toEqual(acme.product_config);
    const member = await json(await call("POST", "/dev/fixtures/member", { body: { org: org.slug, name: "Only One" } }));
    const token = (await login(member.email, member.password, org.hostname)).body.access_token;
    const wall = await json(await call("GET", `/api/${org.slug}/wall`, { token, host: org.hostname }));
    expect([wall.initiatives, wall.past]).toEqual([[], []]);
    expect((await call("POST", "/dev/fixtures/organization", { body: { like: "nowhere", name: "X" } })).status).toBe(404);
  });

  it("makes a conversation with backdated messages and read marks, as the chat API then lists it", async () => {
    const [ana, bea, outsider] = await Promise.all(
      [
        { org: "acme", name: "Ana Fixture" },
        { org: "acme", name: "Bea Fixture" },
        { org: "vizinhos", name: "Outsider" },
      ].map(async (body) => json(await call("POST", "/dev/fixtures/member", { body }))),
    );
    const yesterday = Date.now() - 86_400_000;
    const made = await call("POST", "/dev/fixtures/conversation", {
      body: {
        org: "acme",
        members: [ana.id, bea.id],
        messages: [
          { from: 1, text: "Are you coming?", sent_at: yesterday },
          { from: 0, text: "Yes!", sent_at: yesterday + 60_000 },
          { from: 1, text: "Bring gloves", sent_at: yesterday + 120_000 },
        ],
        read: [2, 3],
      },
    });
    expect(made.status).toBe(201);
    const { id } = await json(made);
    const token = (await login(ana.email, ana.password, "acme.localhost")).body.access_token;
    const { conversations } = await json(await call("GET", "/api/acme/chat/conversations", { token, host: "acme.localhost" }));
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ id, unread_count: 1, last_message: { content: "Bring gloves", created_at: yesterday + 120_000 } });
    // The history comes newest first.
    const history = await json(await call("GET", `/api/acme/chat/conversations/${id}/messages`, { token, host: "acme.localhost" }));
    expect(history.messages.map((message: { content: string }) => message.content)).toEqual(["Bring gloves", "Yes!", "Are you coming?"]);
    // One conversation per pair; both members of the organisation; messages oldest first.
    expect((await call("POST", "/dev/fixtures/conversation", { body: { org: "acme", members: [bea.id, ana.id] } })).status).toBe(409);
    expect((await call("POST", "/dev/fixtures/conversation", { body: { org: "acme", members: [ana.id, outsider.id] } })).status).toBe(404);
    const backwards = [
      { from: 0, text: "later", sent_at: yesterday },
      { from: 0, text: "earlier", sent_at: yesterday - 1 },
    ];
    expect((await call("POST", "/dev/fixtures/conversation", { body: { org: "acme", members: [ana.id, outsider.id], messages: backwards } })).status).toBe(400);
  });

  it("makes what waits for an organiser: their initiative, a member's reports and a pending pledge", async () => {
    const organiser = await json(await call("POST", "/dev/fixtures/member", { body: { org: "acme", name: "Olga Fixture", role: "organiser" } }));
    const member = await json(await call("POST", "/dev/fixtures/member", { body: { org: "acme", name: "Marta Fixture" } }));
    const made = await call("POST", "/dev/fixtures/initiative", {
      body: { org: "acme", title: "Olga's clean-up", starts_in_days: -1, organiser_id: organiser.id, indicators: [{ name: "Rubbish", unit: "kilogram" }] },
    });
    const { slug } = await json(made);
    const joined = await call("POST", "/dev/fixtures/participation", {
      body: { org: "acme", initiative: slug, member_id: member.id, manager_approval: "pending", records: [{ hours: 3 }, { indicator: 0, value: 12 }] },
    });
    expect(joined.status).toBe(201);
    const gift = await json(await call("POST", "/dev/fixtures/initiative", { body: { org: "acme", title: "Olga's gift", type: "donation", organiser_id: organiser.id, donation: { sources: ["transfer"] } } }));
    const pledge = await call("POST", "/dev/fixtures/contribution", { body: { org: "acme", initiative: gift.slug, member_id: member.id, amount: 12.5 } });
    expect(pledge.status).toBe(201);
    expect((await json(pledge)).confirmation_code).toMatch(/^[A-Z2-9]{4}$/);

    const token = (await login(organiser.email, organiser.password, "acme.localhost")).body.access_token;
    const records = await json(await call("GET", "/api/acme/manage/records", { token, host: "acme.localhost" }));
    expect(records.records.map((r: { type: string; hours: number | null; value: number | null; unit: string | null }) => [r.type, r.hours, r.value, r.unit])).toEqual([
      ["hours", 3, null, null],
      ["indicator", null, 12, "kilogram"],
    ]);
    const money = await json(await call("GET", "/api/acme/manage/contributions", { token, host: "acme.localhost" }));
    expect(money.contributions).toEqual([expect.objectContaining({ value: 12.5, source: "transfer", status: "pending" })]);

    const stranger = "00000000-0000-4000-8000-000000000000";
    expect((await call("POST", "/dev/fixtures/initiative", { body: { org: "acme", title: "X", organiser_id: stranger } })).status).toBe(404);
    expect((await call("POST", "/dev/fixtures/participation", { body: { org: "acme", initiative: slug, member_id: organiser.id, records: [{ indicator: 5, value: 1 }] } })).status).toBe(404);
    expect((await call("POST", "/dev/fixtures/contribution", { body: { org: "acme", initiative: slug, member_id: member.id, amount: 5 } })).status).toBe(404);
    expect((await call("POST", "/dev/fixtures/contribution", { body: { org: "acme", initiative: gift.slug, member_id: member.id, amount: 0 } })).status).toBe(400);
  });

  it("refuses an initiative fixture it cannot make", async () => {
    expect((await call("POST", "/dev/fixtures/initiative", { body: { org: "acme", title: "" } })).status).toBe(400);
    expect((await call("POST", "/dev/fixtures/initiative", { body: { org: "acme", title: "X", colour: "red" } })).status).toBe(400);
    expect((await call("POST", "/dev/fixtures/initiative", { body: { org: "nowhere", title: "X" } })).status).toBe(404);
  });

  it("answers 404 in production", async () => {
    const production = { ...testEnv, ENVIRONMENT: "production" };
    const request = new Request("http://localhost/dev/fixtures/member", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ org: "acme", name: "Fixture" }) });
    expect((await createApp().fetch(request, production, createExecutionContext())).status).toBe(404);
  });
});
