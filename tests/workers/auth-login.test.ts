import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, json, login, refreshCookie, seedOrganizations } from "./support";

const PASSWORD = "Correct-Horse-9";

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  await createMember({ email: "marta@acme.example", orgId: acme.id, name: "Marta Ruiz" });
  await createMember({ email: "ana@commons.example", orgId: commons.id, language: "es-ES" });
  await createMember({ email: "pending@commons.example", orgId: commons.id, confirmed: false });
  await createMember({ email: "nopass@commons.example", orgId: commons.id, password: null });
});

describe("POST /auth/lookup", () => {
  it("answers the password stage with the member's organisations", async () => {
    const res = await call("POST", "/auth/lookup", { body: { email: "  Marta@ACME.example ", requiredProduct: "community" } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.email).toBe("marta@acme.example");
    expect(body.nextStage).toBe("password");
    expect(body.organizations.map((o: any) => o.slug)).toEqual(["acme"]);
    expect(body.url).toBe("http://acme.localhost:8787");
  });

  it("answers 404 account_not_found for an unknown e-mail", async () => {
    const res = await call("POST", "/auth/lookup", { body: { email: "nobody@example.org" } });
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ error: "account_not_found" });
  });
});

describe("POST /auth/login", () => {
  it("signs in: access token, refresh token, user with language and organisations, HttpOnly cookie", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "ana@commons.example", password: PASSWORD } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.access_token.split(".")).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(body.expires_in).toBe(900);
    expect(body.user).toMatchObject({ email: "ana@commons.example", language: "es-ES", email_confirmed: true });
    expect(body.user.organizations[0]).toMatchObject({ slug: "commons", role: "member" });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("commons_refresh="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/auth/);
  });

  it("puts the organisation of the request's hostname first", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "marta@acme.example", password: PASSWORD }, host: "acme.localhost" });
    expect((await json(res)).user.organizations[0].slug).toBe("acme");
  });

  it("answers 402 email_not_found for an unknown e-mail (offer sign-up)", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "ghost@commons.example", password: PASSWORD } });
    expect(res.status).toBe(402);
    expect(await json(res)).toMatchObject({ error: "email_not_found" });
  });

  it("answers 401 wrong_password", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "ana@commons.example", password: "not-it-at-all" } });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ error: "wrong_password" });
  });

  it("answers 401 password_not_set when the account has no password yet", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "nopass@commons.example", password: "anything-1" } });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ error: "password_not_set" });
  });

  it("answers 412 email_not_confirmed after a right password on an unconfirmed account", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "pending@commons.example", password: PASSWORD } });
    expect(res.status).toBe(412);
    expect(await json(res)).toMatchObject({ error: "email_not_confirmed" });
  });

  it("answers 400 with field keys for a missing password and a malformed e-mail", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "not-an-email" } });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      error: "validation_error",
      fields: { email: "form_error_invalid_email", password: "form_error_required" },
    });
  });
});

describe("PUT and DELETE /auth/identity", () => {
  it("gives a fresh access token and the user for a valid Bearer token", async () => {
    const { body } = await login("ana@commons.example", PASSWORD);
    const res = await call("PUT", "/auth/identity", { token: body.access_token });
    expect(res.status).toBe(200);
    const identity = await json(res);
    expect(identity.access_token).toBeTruthy();
    expect(identity.user.email).toBe("ana@commons.example");
  });

  it("restores the session from the refresh cookie alone, rotating it", async () => {
    const { cookie } = await login("ana@commons.example", PASSWORD);
    const res = await call("PUT", "/auth/identity", { cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).user.email).toBe("ana@commons.example");
    expect(refreshCookie(res)).not.toBe(cookie);
  });

  it("answers 401 without credentials", async () => {
    const res = await call("PUT", "/auth/identity");
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ error: "unauthenticated" });
  });

  it("logs out: the access token and the refresh token stop working at once", async () => {
    const { body, cookie } = await login("ana@commons.example", PASSWORD);
    const out = await call("DELETE", "/auth/identity", { token: body.access_token, cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(/commons_refresh=;/);
    expect((await call("PUT", "/auth/identity", { token: body.access_token })).status).toBe(401);
    const refresh = await call("PUT", "/auth/refresh", { body: { refresh_token: body.refresh_token } });
    expect(refresh.status).toBe(401);
    expect(await json(refresh)).toMatchObject({ error: "session_revoked" });
  });
});
