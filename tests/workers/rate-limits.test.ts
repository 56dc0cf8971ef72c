import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../workers/lib/rate-limit";
import { call, createMember, json, seedOrganizations } from "./support";

beforeAll(async () => {
  const { commons } = await seedOrganizations();
  await createMember({ email: "target@commons.example", orgId: commons.id });
});

describe("rate limits", () => {
  it("limits login attempts per account, across IPs, with 429 and Retry-After", async () => {
    const max = RATE_LIMITS.login.account.max;
    for (let i = 0; i < max; i++) {
      const res = await call("POST", "/auth/login", { body: { email: "target@commons.example", password: "guess-" + i }, ip: `198.51.100.${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await call("POST", "/auth/login", { body: { email: "target@commons.example", password: "Correct-Horse-9" }, ip: "198.51.100.200" });
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toMatchObject({ error: "too_many_requests" });
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.login.account.windowSeconds);
  });

  it("limits look-ups per IP, whatever the address asked about", async () => {
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
