import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { clientIp, RATE_LIMITS } from "../../workers/lib/rate-limit";
import { call, createMember, json, seedOrganizations } from "./support";

const office = ["ines", "jon", "kai", "lea"].map((name) => `${name}@office.example`);

beforeAll(async () => {
  const { commons } = await seedOrganizations();
  await createMember({ email: "target@commons.example", orgId: commons.id });
  await createMember({ email: "owner@commons.example", orgId: commons.id });
  await createMember({ email: "regular@commons.example", orgId: commons.id });
  for (const email of office) await createMember({ email, orgId: commons.id });
});

const signIn = (email: string, password: string, ip: string) => call("POST", "/auth/login", { body: { email, password }, ip });

describe("rate limits", () => {
  it("limits failed logins per account, across IPs, with 429 and Retry-After", async () => {
    const max = RATE_LIMITS.login.account.max;
    for (let i = 0; i < max; i++) {
      // Spread over enough addresses that no (account, address) counter fills up first.
      const res = await signIn("target@commons.example", "guess-" + i, `198.51.100.${i % 20}`);
      expect(res.status).toBe(401);
    }
    const blocked = await call("POST", "/auth/login", { body: { email: "target@commons.example", password: "Correct-Horse-9" }, ip: "198.51.100.200" });
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toMatchObject({ error: "too_many_requests" });
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.login.account.windowSeconds);
  });

  it("ten bad guesses from one address lock that address out, not the owner elsewhere", async () => {
    const attacker = "192.0.2.66";
    for (let i = 0; i < RATE_LIMITS.login.account_ip.max; i++) {
      expect((await signIn("owner@commons.example", "guess-" + i, attacker)).status).toBe(401);
    }
    expect((await signIn("owner@commons.example", "Correct-Horse-9", attacker)).status).toBe(429);
    expect((await signIn("owner@commons.example", "Correct-Horse-9", "192.0.2.67")).status).toBe(200);
  });

  it("never counts a successful sign-in", async () => {
    // A bad guess now and then between the successes: failures alone stay under every limit.
    for (let i = 0; i < RATE_LIMITS.login.account_ip.max + 3; i++) {
      expect((await signIn("regular@commons.example", "Correct-Horse-9", "192.0.2.90")).status).toBe(200);
      if (i % 4 === 0) expect((await signIn("regular@commons.example", "typo", "192.0.2.90")).status).toBe(401);
    }
  });

  it("an office behind one address signing in at 9:00 is not throttled", async () => {
    const ip = "192.0.2.100";
    for (let round = 0; round < 8; round++) {
      for (const email of office) {
        // Everyone looks themselves up, signs in, and some mistype first.
        expect((await call("POST", "/auth/lookup", { body: { email }, ip })).status).toBe(200);
        if (round % 3 === 0) expect((await signIn(email, "Correct-Horse-8", ip)).status).toBe(401);
        expect((await signIn(email, "Correct-Horse-9", ip)).status).toBe(200);
      }
    }
  });

  it("trusts cf-connecting-ip only, never x-real-ip or x-forwarded-for", async () => {
    const app = new Hono().get("/", (c) => c.text(clientIp(c)));
    const ipOf = async (headers: Record<string, string>) => (await app.request("/", { headers })).text();
    expect(await ipOf({ "x-real-ip": "198.51.100.1", "x-forwarded-for": "198.51.100.2" })).toBe("unknown");
    expect(await ipOf({ "cf-connecting-ip": "203.0.113.5", "x-real-ip": "198.51.100.1" })).toBe("203.0.113.5");
  });

  it("limits look-up misses per IP, whatever the address asked about", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < RATE_LIMITS.lookup.ip.max; i++) {
      const res = await call("POST", "/auth/lookup", { body: { email: `probe${i}@example.org` }, ip });
      expect(res.status).toBe(404);
    }
    const blocked = await call("POST", "/auth/lookup", { body: { email: "target@commons.example" }, ip });
    expect(blocked.status).toBe(429);
    // Another client is not affected.
    expect((await call("POST", "/auth/lookup", { body: { email: "target@commons.example" }, ip: "192.0.2.78" })).status).toBe(200);
  });

  it("limits recovery e-mails per account", async () => {
    for (let i = 0; i < RATE_LIMITS.recover_password.account.max; i++) {
      expect((await call("POST", "/auth/recover_password", { body: { email: "target@commons.example" }, ip: `203.0.113.${i}` })).status).toBe(204);
    }
    expect((await call("POST", "/auth/recover_password", { body: { email: "target@commons.example" }, ip: "203.0.113.99" })).status).toBe(429);
  });

  it("limits sign-ups and confirmation resends", async () => {
    const body = { name: "Spammer", email: "spam@example.org", agreeTC: true, public_organization_slug: "commons" };
    for (let i = 0; i < RATE_LIMITS.signup.account.max; i++) {
      expect((await call("POST", "/api/signup", { body, ip: `198.18.0.${i}` })).status).toBe(200);
    }
    expect((await call("POST", "/api/signup", { body, ip: "198.18.0.200" })).status).toBe(429);
    for (let i = 0; i < RATE_LIMITS.confirm_email.account.max; i++) {
      await call("POST", "/auth/confirm_email", { body: { email: "target@commons.example" }, ip: `198.18.1.${i}` });
    }
    expect((await call("POST", "/auth/confirm_email", { body: { email: "target@commons.example" }, ip: "198.18.1.200" })).status).toBe(429);
  });
});
