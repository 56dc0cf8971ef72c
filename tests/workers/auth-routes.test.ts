/**
 * The sign-in side's server steps (app/lib/server/auth-flow.server.ts and the modules beside it) against the real Auth service:
 * what /signin, /recover_password, /recover_password/{token}, /confirm_email/{token}, /, /loading
 * and /logout answer. The route modules only wrap these (the Remix runtime does not load in workerd
 * tests), so this is where their behaviour is pinned down.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { safeRedirect, safeSsoUrl, type LocaleCookie } from "../../app/lib/server/auth-flow.server";
import { entryRedirect, loadingRedirect, logout } from "../../app/lib/server/entry-redirects.server";
import { newPasswordAction, newPasswordLoader } from "../../app/lib/server/new-password.server";
import { signinAction, signinLoader } from "../../app/routes/signin/signin.server";
import { recoverPasswordAction } from "../../app/routes/recover_password._index/recover-password.server";
import { errorKeys } from "../../app/domain/auth-forms";
import { invalidateOrganization } from "../../workers/tenant/organizations";
import { call, createMember, mailbox, mailedToken, seedOrganizations, testLoadContext } from "./support";
import { action as confirmEmailRoute } from "../../app/routes/confirm_email.$token";

let context: AppLoadContext;
/** Stands in for the `lng` cookie of app/i18n/locale.server.ts (which needs the Remix runtime). */
const localeCookie: LocaleCookie = { serialize: async (value) => `lng=${value}; Path=/` };

beforeAll(async () => {
  const { commons, acme } = await seedOrganizations();
  await createMember({ email: "web@commons.example", orgId: commons.id, language: "pt-PT" });
  await createMember({ email: "pending@commons.example", orgId: commons.id, confirmed: false });
  await createMember({ email: "reset@acme.example", orgId: acme.id });
  await createMember({ email: "invited@acme.example", orgId: acme.id, password: null });
  context = await testLoadContext();
});

const page = (path: string, cookie?: string) => ({ context, request: new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }) });

function form(path: string, fields: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return { context, request: new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(fields) }) };
}

/** The /confirm_email/{token} route's action, as Remix calls it (the token from the path). */
const confirmEmailAction = ({ request }: { request: Request }) =>
  confirmEmailRoute({ request, context, params: { token: new URL(request.url).pathname.split("/").pop()! } });

const location = (outcome: unknown) => (outcome instanceof Response ? outcome.headers.get("location") : null);
const cookies = (outcome: unknown) => (outcome instanceof Response ? outcome.headers.getSetCookie() : []);

async function signIn(email = "web@commons.example", password = "Correct-Horse-9") {
  const outcome = await signinAction(form("/signin", { intent: "login", email, password }), localeCookie);
  const session = cookies(outcome).find((cookie) => cookie.startsWith("commons_session="));
  if (!session) throw new Error(`no session: ${JSON.stringify(outcome)}`);
  return session.split(";")[0];
}

describe("where sign-in may send people", () => {
  it("keeps local paths and refuses everything else", () => {
    expect(safeRedirect("/settings/account?x=1#y")).toBe("/settings/account?x=1#y");
    for (const bad of [null, "", "wall", "//evil.example", "/\\evil.example", "https://evil.example", "/a\nb", "/signin", "/logout", "/loading?x"]) {
      expect(safeRedirect(bad)).toBe("/wall");
    }
  });

  it("opens only the SSO start path in the popup", () => {
    expect(safeSsoUrl("/sso/initiate/acme-idp/wall?organization=acme&login_hint=a%40b.c")).toBe(
      "/sso/initiate/acme-idp/wall?organization=acme&login_hint=a%40b.c",
    );
    for (const bad of ["https://evil.example/sso/initiate/x/wall", "//evil.example", "/wall", "/sso/initiate/", null]) expect(safeSsoUrl(bad)).toBeNull();
  });

  it("words failures by code plus error, then code, then the default (SPEC.md section 8)", () => {
    expect(errorKeys("signin", { status: 401, error: "wrong_password" })).toEqual(["signin_error_401_wrong_password", "signin_error_401", "signin_error_default"]);
    expect(errorKeys("recover_password", { status: 429, error: "" })).toEqual(["recover_password_error_429", "recover_password_error_default"]);
  });
});

describe("/signin", () => {
  it("reads the stage from the URL, lowercasing the e-mail; a stage without its data starts over", async () => {
    expect(await signinLoader(page("/signin?email=%20Web%40Commons.example%20"))).toMatchObject({ stage: "email", email: "web@commons.example", canSignUp: true });
    expect(await signinLoader(page("/signin?email=web%40commons.example&stage=password"))).toMatchObject({ stage: "password" });
    expect(await signinLoader(page("/signin?email=nope&stage=password"))).toMatchObject({ stage: "email" });
    expect(await signinLoader(page("/signin?email=web%40commons.example&stage=sso&sso=https%3A%2F%2Fevil.example"))).toMatchObject({ stage: "email" });
  });

  it("requires the e-mail (400 with the field error)", async () => {
    expect(await signinAction(form("/signin", { intent: "lookup", email: "   " }))).toMatchObject({ status: 400, errors: { email: "form_error_required" } });
  });

  it("looks the e-mail up, then goes to the password stage keeping ?redirect", async () => {
    const outcome = await signinAction(form("/signin?redirect=%2Fsettings", { intent: "lookup", email: " WEB@commons.example " }));
    expect(location(outcome)).toBe("/signin?redirect=%2Fsettings&email=web%40commons.example&stage=password");
  });

  it("answers an unknown e-mail with 404 (the page offers sign-up)", async () => {
    expect(await signinAction(form("/signin", { intent: "lookup", email: "ghost@commons.example" }))).toMatchObject({
      status: 404,
      email: "ghost@commons.example",
      failure: { status: 404, error: "account_not_found" },
    });
  });

  it("sends a member whose organisation enforces SSO to the popup stage", async () => {
    await env.DB.prepare(
      "INSERT INTO sso_providers (id, org_id, provider, issuer, client_id, client_secret, scopes, enforced) VALUES ('sso-acme', 'org-acme', 'acme-idp', 'https://idp.acme.example', 'c', 's', 'openid email', 1)",
    ).run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    const sso = await createMember({ email: "sso@acme.example", orgId: "org-acme" });
    const outcome = await signinAction(form("/signin", { intent: "lookup", email: sso.email }));
    const target = new URL(location(outcome)!, "http://localhost");
    expect(target.searchParams.get("stage")).toBe("sso");
    expect(target.searchParams.get("sso")).toMatch(/^\/sso\/initiate\/acme-idp\/wall\?/);
    expect(await signinLoader(page(target.pathname + target.search))).toMatchObject({ stage: "sso", email: sso.email });

    // On the way to a page (an e-mail's "Open the initiative"), the round trip lands there even without the popup (issue 28).
    const linked = await signinAction(form("/signin?redirect=%2Finitiative%2Fbeach%2Fparticipate", { intent: "lookup", email: sso.email }));
    const start = new URL(location(linked)!, "http://localhost");
    expect(start.searchParams.get("redirect")).toBe("/initiative/beach/participate");
    expect(start.searchParams.get("sso")).toMatch(/^\/sso\/initiate\/acme-idp\/initiative\/beach\/participate\?organization=acme&login_hint=sso%40acme\.example$/);
    // Another site's address is never a landing: the round trip lands on /wall as before.
    for (const foreign of ["//evil.example/x", "https://evil.example/x", "/\\evil.example"]) {
      const outcome = await signinAction(form(`/signin?redirect=${encodeURIComponent(foreign)}`, { intent: "lookup", email: sso.email }));
      expect(new URL(location(outcome)!, "http://localhost").searchParams.get("sso"), foreign).toMatch(/^\/sso\/initiate\/acme-idp\/wall\?/);
    }
    await env.DB.prepare("DELETE FROM sso_providers WHERE id = 'sso-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
  });

  it("signs in: web session, the member's language, the safe ?redirect", async () => {
    const outcome = await signinAction(form("/signin?redirect=%2Fsettings", { intent: "login", email: "web@commons.example", password: "Correct-Horse-9" }), localeCookie);
    expect(location(outcome)).toBe("/settings");
    expect(cookies(outcome).find((c) => c.startsWith("commons_session="))).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    expect(cookies(outcome)).toContain("lng=pt-PT; Path=/");
    const unsafe = await signinAction(form("/signin?redirect=%2F%2Fevil.example", { intent: "login", email: "web@commons.example", password: "Correct-Horse-9" }));
    expect(location(unsafe)).toBe("/wall");
  });

  it("sends a visitor who already has a session on", async () => {
    const session = await signIn();
    expect(location(await signinLoader(page("/signin", session)))).toBe("/wall");
    expect(location(await signinLoader(page("/signin?redirect=%2Fsettings", session)))).toBe("/settings");
  });

  it("words login refusals by code and error: 401, 402, 412; resends the confirmation", async () => {
    expect(await signinAction(form("/signin", { intent: "login", email: "web@commons.example", password: "wrong-one" }))).toMatchObject({
      status: 401,
      failure: { status: 401, error: "wrong_password" },
    });
    expect(await signinAction(form("/signin", { intent: "login", email: "invited@acme.example", password: "whatever" }))).toMatchObject({
      failure: { status: 401, error: "password_not_set" },
    });
    expect(await signinAction(form("/signin", { intent: "login", email: "nobody@commons.example", password: "whatever" }))).toMatchObject({
      failure: { status: 402, error: "email_not_found" },
    });
    expect(await signinAction(form("/signin", { intent: "login", email: "pending@commons.example", password: "Correct-Horse-9" }))).toMatchObject({
      failure: { status: 412, error: "email_not_confirmed" },
    });
    expect(await signinAction(form("/signin", { intent: "resend", email: "pending@commons.example" }))).toMatchObject({ status: 200, resent: true });
    expect(await mailedToken("pending@commons.example", "/confirm_email/")).toBeTruthy();
  });

  it("counts a missing response as 504", async () => {
    const broken = { ...context, api: async () => Promise.reject(new Error("down")) } as AppLoadContext;
    const request = form("/signin", { intent: "login", email: "web@commons.example", password: "Correct-Horse-9" }).request;
    expect(await signinAction({ context: broken, request })).toMatchObject({ status: 504, failure: { status: 504, error: "no_response" } });
  });
});

describe("/, /loading and /logout", () => {
  it("/ goes to /welcome or /loading, keeping ?redirect when it is safe", async () => {
    expect(location(await entryRedirect(page("/")))).toBe("/welcome");
    expect(location(await entryRedirect(page("/?redirect=%2Fwall%2Fbeach")))).toBe("/welcome?redirect=%2Fwall%2Fbeach");
    expect(location(await entryRedirect(page("/?redirect=https%3A%2F%2Fevil.example")))).toBe("/welcome");
    const session = await signIn();
    expect(location(await entryRedirect(page("/?redirect=%2Fsettings", session)))).toBe("/loading?redirect=%2Fsettings");
  });

  it("/loading checks the identity, then the referrer (never /loading) or /wall", async () => {
    const session = await signIn();
    const loaded = await loadingRedirect(page("/loading?redirect=%2Fsettings", session), localeCookie);
    expect(location(loaded)).toBe("/settings");
    expect(cookies(loaded)).toContain("lng=pt-PT; Path=/");
    expect(location(await loadingRedirect(page("/loading?redirect=%2Floading", session)))).toBe("/wall");
    expect(location(await loadingRedirect(page("/loading?redirect=%2Fsettings")))).toBe("/signin?redirect=%2Fsettings");
  });

  it("/loading ends a session the API no longer honours and goes to /signin", async () => {
    const session = await signIn();
    await env.DB.prepare("UPDATE sessions SET revoked_at = ?, revoked_reason = 'test'").bind(Date.now()).run();
    const outcome = await loadingRedirect(page("/loading?redirect=%2Fsettings", session));
    expect(location(outcome)).toBe("/signin?redirect=%2Fsettings");
    expect(cookies(outcome).join()).toMatch(/commons_session=; .*Max-Age=0/);
  });

  it("/logout ends the session and goes to /signin", async () => {
    const session = await signIn();
    const outcome = await logout(page("/logout", session));
    expect(location(outcome)).toBe("/signin");
    expect(cookies(outcome).join()).toMatch(/commons_session=; .*Max-Age=0/);
    expect(location(await signinLoader(page("/signin", session)))).toBeNull();
  });
});

describe("password recovery", () => {
  it("mails a link, or answers 404 for an unknown e-mail", async () => {
    expect(await recoverPasswordAction(form("/recover_password", { email: "ghost@acme.example" }))).toMatchObject({ status: 404, failure: { status: 404 } });
    expect(await recoverPasswordAction(form("/recover_password", { email: " Reset@ACME.example" }))).toMatchObject({ status: 200, sent: true, email: "reset@acme.example" });
  });

  it("shows the policy and e-mail of the link, refuses a weak password, then signs in", async () => {
    await recoverPasswordAction(form("/recover_password", { email: "reset@acme.example" }));
    const token = await mailedToken("reset@acme.example", "/recover_password/");
    expect(await newPasswordLoader(page(`/recover_password/${token}`), token, "password_reset")).toMatchObject({
      state: "ready",
      email: "reset@acme.example",
      policy: { minLength: 8, forbiddenWords: ["acme"], maxLength: 80 },
      initial: false,
    });
    expect(await newPasswordAction(form(`/recover_password/${token}`, { intent: "save", password: "" }), token, "password_reset")).toMatchObject({
      status: 400,
      errors: { password: "form_error_required" },
    });
    expect(await newPasswordAction(form(`/recover_password/${token}`, { intent: "save", password: "acme-acme-1" }), token, "password_reset")).toMatchObject({
      status: 400,
      errors: { password: "password_policy_forbiddenWords" },
    });
    const done = await newPasswordAction(form(`/recover_password/${token}`, { intent: "save", password: "Harbour-Lights-7" }), token, "password_reset", localeCookie);
    expect(location(done)).toBe("/wall");
    expect(cookies(done).some((c) => c.startsWith("commons_session="))).toBe(true);
    expect(await newPasswordLoader(page(`/recover_password/${token}`), token, "password_reset")).toMatchObject({ state: "expired" });
    expect(await newPasswordAction(form(`/recover_password/${token}`, { intent: "save", password: "Harbour-Lights-8" }), token, "password_reset")).toMatchObject({
      status: 401,
      expired: true,
    });
  });

  it("the set-initial-password variant requires the terms and sends the agreements", async () => {
    await recoverPasswordAction(form("/recover_password", { email: "invited@acme.example" }));
    const token = await mailedToken("invited@acme.example", "/recover_password/");
    const path = `/recover_password/${token}?initial=1`;
    expect(await newPasswordLoader(page(path), token, "password_reset")).toMatchObject({ state: "ready", initial: true });
    expect(await newPasswordAction(form(path, { intent: "save", password: "Harbour-Lights-7" }), token, "password_reset")).toMatchObject({
      status: 400,
      errors: { agreeTC: "form_error_terms_required" },
    });
    const done = await newPasswordAction(form(path, { intent: "save", password: "Harbour-Lights-7", agreeTC: "on", agreeComms: "on" }), token, "password_reset");
    expect(location(done)).toBe("/wall");
    const profile = await env.DB.prepare(
      "SELECT p.commercial_comms_accepted AS comms FROM profiles p JOIN members m ON m.id = p.member_id WHERE m.email = 'invited@acme.example'",
    ).first<{ comms: number }>();
    expect(profile?.comms).toBe(1);
  });
});

describe("e-mail confirmation", () => {
  it("an expired or unknown link offers another one (POST /auth/confirm_email)", async () => {
    expect(await newPasswordLoader(page("/confirm_email/not-a-token"), "not-a-token", "email_confirmation")).toMatchObject({ state: "expired" });
    expect(await newPasswordLoader(page("/confirm_email/bad%20token"), "bad token", "email_confirmation")).toMatchObject({ state: "expired" });
    const created = await createMember({ email: "again@commons.example", orgId: "org-commons", confirmed: false });
    expect(await newPasswordAction(form("/confirm_email/x", { intent: "resend", email: created.email }), "x", "email_confirmation")).toMatchObject({
      status: 200,
      resent: true,
    });
    expect(await newPasswordAction(form("/confirm_email/x", { intent: "resend", email: "web@commons.example" }), "x", "email_confirmation")).toMatchObject({
      status: 409,
      failure: { status: 409, error: "email_already_confirmed" },
    });
  });

  it("a sign-up's link asks for no password again: one button confirms and signs in with the password chosen at sign-up (issue 28)", async () => {
    const signup = await call("POST", "/api/signup", {
      body: { name: "Nova", email: "chose@commons.example", password: "Harbour-Bells-55", agreeTC: true, public_organization_slug: "commons" },
    });
    expect(signup.status).toBe(201);
    const token = await mailedToken("chose@commons.example", "/confirm_email/");
    expect(await newPasswordLoader(page(`/confirm_email/${token}`), token, "email_confirmation")).toMatchObject({ state: "ready", needsPassword: false });
    const done = await newPasswordAction(form(`/confirm_email/${token}`, { intent: "confirm" }), token, "email_confirmation");
    expect(location(done)).toBe("/wall");
    expect(cookies(done).some((cookie) => cookie.startsWith("commons_session="))).toBe(true);
    expect(location(await signinAction(form("/signin", { intent: "login", email: "chose@commons.example", password: "Harbour-Bells-55" })))).toBe("/wall");
    // Used once: the same button again finds the link expired.
    expect(await newPasswordAction(form(`/confirm_email/${token}`, { intent: "confirm" }), token, "email_confirmation")).toMatchObject({ status: 401, expired: true });
  });

  it("a sign-up begun on an initiative's link lands on it from the e-mailed link, also in another browser; never off this site (issue 28)", async () => {
    const signUp = async (email: string, redirect_path: string) =>
      expect((await call("POST", "/api/signup", { body: { name: "Nova", email, password: "Harbour-Bells-55", agreeTC: true, public_organization_slug: "commons", redirect_path } })).status).toBe(201);
    await signUp("landing@commons.example", "/initiative/beach-cleanup");
    const [mail] = await mailbox("landing@commons.example");
    const link = new URL(mail.links[0]);
    expect(link.searchParams.get("next")).toBe("/initiative/beach-cleanup");
    const token = await mailedToken("landing@commons.example", "/confirm_email/");
    // No draft cookie: the browser that opens the link is not the one that signed up.
    const done = await confirmEmailAction(form(`/confirm_email/${token}${link.search}`, { intent: "confirm" })).catch((thrown: unknown) => thrown);
    expect(location(done)).toBe("/initiative/beach-cleanup");

    for (const [i, foreign] of ["//evil.example/x", "https://evil.example/x", "/\\evil.example"].entries()) {
      await signUp(`foreign${i}@commons.example`, foreign);
      const [sent] = await mailbox(`foreign${i}@commons.example`);
      expect(new URL(sent.links[0]).searchParams.get("next"), foreign).toBeNull();
      const forged = await mailedToken(`foreign${i}@commons.example`, "/confirm_email/");
      const outcome = await confirmEmailAction(form(`/confirm_email/${forged}?${new URLSearchParams({ next: foreign })}`, { intent: "confirm" })).catch((thrown: unknown) => thrown);
      expect(location(outcome), foreign).toBe("/wall");
    }
  });

  it("choosing a password confirms the e-mail and signs in", async () => {
    await signinAction(form("/signin", { intent: "resend", email: "pending@commons.example" }));
    const token = await mailedToken("pending@commons.example", "/confirm_email/");
    expect(await newPasswordLoader(page(`/confirm_email/${token}`), token, "email_confirmation")).toMatchObject({ state: "ready", email: "pending@commons.example" });
    const done = await newPasswordAction(form(`/confirm_email/${token}`, { intent: "save", password: "Harbour-Lights-7" }), token, "email_confirmation");
    expect(location(done)).toBe("/wall");
    const login = await signinAction(form("/signin", { intent: "login", email: "pending@commons.example", password: "Harbour-Lights-7" }));
    expect(location(login)).toBe("/wall");
  });
});
