import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, json, login, mailbox, mailedToken, seedOrganizations } from "./support";

beforeAll(async () => {
  const { commons, acme } = await seedOrganizations();
  await createMember({ email: "forgetful@commons.example", orgId: commons.id, language: "es-ES", name: "Lola" });
  await createMember({ email: "invited@acme.example", orgId: acme.id, password: null, confirmed: false });
  await env.DB.prepare("UPDATE members SET last_terms_accepted_version = 0 WHERE email = 'invited@acme.example'").run();
  await createMember({ email: "robbed@commons.example", orgId: commons.id });
  await createMember({ email: "worker@acme.example", orgId: acme.id });
});

async function signUp(email: string) {
  const res = await call("POST", "/api/signup", {
    body: { name: "New Person", email, password: "First-pass-42", agreeTC: true, public_organization_slug: "commons" },
  });
  expect(res.status).toBe(201);
}

describe("e-mail confirmation", () => {
  it("confirms through the mailed link with a chosen password, signing the member in", async () => {
    await signUp("newbie@example.org");
    const token = await mailedToken("newbie@example.org", "/confirm_email/");
    const policy = await call("GET", `/auth/password_policy/${token}?token_type=email_confirmation`);
    expect(policy.status).toBe(200);
    expect(await json(policy)).toMatchObject({ email: "newbie@example.org", password_policy: { minLength: 6 } });

    const res = await call("PUT", `/auth/confirm_email/${token}`, { body: { password: "Chosen-pass-77" } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.access_token).toBeTruthy();
    expect(body.user).toMatchObject({ email: "newbie@example.org", email_confirmed: true });
    await login("newbie@example.org", "Chosen-pass-77");

    // Single use: the same link again is expired.
    const again = await call("PUT", `/auth/confirm_email/${token}`, { body: { password: "Chosen-pass-78" } });
    expect(again.status).toBe(401);
    expect(await json(again)).toMatchObject({ error: "link_expired" });
  });

  it("keeps the password chosen at sign-up: the link only confirms, and signs the member in (issue 28)", async () => {
    await signUp("chosen@example.org");
    const token = await mailedToken("chosen@example.org", "/confirm_email/");
    expect(await json(await call("GET", `/auth/password_policy/${token}?token_type=email_confirmation`))).toMatchObject({ needs_password: false });
    const res = await call("PUT", `/auth/confirm_email/${token}`, { body: {} });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({ email: "chosen@example.org", email_confirmed: true });
    await login("chosen@example.org", "First-pass-42");
    expect((await call("PUT", `/auth/confirm_email/${token}`, { body: {} })).status).toBe(401);
  });

  it("an account without a password still chooses one to confirm, and the link is not used up by asking", async () => {
    await createMember({ email: "nopassword@commons.example", orgId: "org-commons", password: null, confirmed: false });
    expect((await call("POST", "/auth/confirm_email", { body: { email: "nopassword@commons.example" } })).status).toBe(204);
    const token = await mailedToken("nopassword@commons.example", "/confirm_email/");
    expect(await json(await call("GET", `/auth/password_policy/${token}?token_type=email_confirmation`))).toMatchObject({ needs_password: true });
    const bare = await call("PUT", `/auth/confirm_email/${token}`, { body: {} });
    expect(bare.status).toBe(400);
    expect(await json(bare)).toMatchObject({ error: "validation_error", fields: { password: "form_error_required" } });
    expect((await call("PUT", `/auth/confirm_email/${token}`, { body: { password: "Now-chosen-88" } })).status).toBe(200);
    await login("nopassword@commons.example", "Now-chosen-88");
  });

  it("the confirmation e-mail does not ask for a password again, and names the organisation only where there is one to name", async () => {
    await signUp("platform@example.org");
    const [platform] = await mailbox("platform@example.org");
    expect(platform.text).toContain("You signed up to Commons. To finish, please confirm your email address.");
    expect(platform.text).toContain("Sent by Commons.");
    expect(platform.text).not.toMatch(/Commons (?:on|through) Commons|on behalf of Commons|choose a password/);

    const res = await call("POST", "/api/signup", {
      body: { name: "Nova Pessoa", email: "vizinha@example.org", password: "First-pass-42", agreeTC: true, public_organization_slug: "vizinhos", language: "pt-BR" },
    });
    expect(res.status).toBe(201);
    const [organisation] = await mailbox("vizinha@example.org");
    expect(organisation.text).toContain("Você se cadastrou em Vizinhos no Commons. Para concluir, confirme seu endereço de e-mail.");
    expect(organisation.text).toContain("Enviado pelo Commons em nome de Vizinhos.");
    expect(organisation.text).not.toMatch(/senha/);
  });

  it("rejects a weak password without using the link up", async () => {
    await signUp("careful@example.org");
    const token = await mailedToken("careful@example.org", "/confirm_email/");
    const weak = await call("PUT", `/auth/confirm_email/${token}`, { body: { password: "care" } });
    expect(weak.status).toBe(400);
    expect((await json(weak)).fields.password).toBe("password_policy_minLength");
    expect((await call("PUT", `/auth/confirm_email/${token}`, { body: { password: "Much-better-55" } })).status).toBe(200);
  });

  it("resends the confirmation (204), 409 once confirmed, 404 for an unknown address", async () => {
    await signUp("resend@example.org");
    expect((await call("POST", "/auth/confirm_email", { body: { email: "resend@example.org", app: "mobile" } })).status).toBe(204);
    expect(await mailbox("resend@example.org")).toHaveLength(2);
    const token = await mailedToken("resend@example.org", "/confirm_email/");
    await call("PUT", `/auth/confirm_email/${token}`, { body: { password: "Blue-Kiwi-4040" } });
    const done = await call("POST", "/auth/confirm_email", { body: { email: "resend@example.org" } });
    expect(done.status).toBe(409);
    expect((await call("POST", "/auth/confirm_email", { body: { email: "nobody@example.org" } })).status).toBe(404);
  });

  it("a new confirmation e-mail makes the earlier links invalid", async () => {
    await signUp("twice@example.org");
    const first = await mailedToken("twice@example.org", "/confirm_email/");
    expect((await call("POST", "/auth/confirm_email", { body: { email: "twice@example.org" } })).status).toBe(204);
    const second = await mailedToken("twice@example.org", "/confirm_email/");
    expect(second).not.toBe(first);
    const old = await call("PUT", `/auth/confirm_email/${first}`, { body: { password: "Chosen-pass-77" } });
    expect(old.status).toBe(401);
    expect(await json(old)).toMatchObject({ error: "link_expired" });
    expect((await call("PUT", `/auth/confirm_email/${second}`, { body: { password: "Chosen-pass-77" } })).status).toBe(200);
  });

  it("answers 401 link_expired for forged and expired links", async () => {
    const forged = await call("PUT", `/auth/confirm_email/${"A".repeat(43)}`, { body: { password: "Whatever-123" } });
    expect(forged.status).toBe(401);
    expect(await json(forged)).toMatchObject({ error: "link_expired" });
    await signUp("late@example.org");
    const token = await mailedToken("late@example.org", "/confirm_email/");
    await env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE purpose = 'email_confirmation'").bind(Date.now() - 1).run();
    expect((await call("GET", `/auth/password_policy/${token}?token_type=email_confirmation`)).status).toBe(401);
    expect((await call("PUT", `/auth/confirm_email/${token}`, { body: { password: "Too-late-123" } })).status).toBe(401);
  });

  it("does not accept a confirmation token as a password-reset token", async () => {
    await signUp("mixup@example.org");
    const token = await mailedToken("mixup@example.org", "/confirm_email/");
    expect((await call("GET", `/auth/password_policy/${token}?token_type=password_reset`)).status).toBe(401);
    expect((await call("GET", `/auth/password_policy/${token}?token_type=other`)).status).toBe(400);
  });
});

describe("password recovery", () => {
  it("mails a reset link in the member's language; the new password works and the old does not", async () => {
    expect((await call("POST", "/auth/recover_password", { body: { email: "forgetful@commons.example", app: "mobile" } })).status).toBe(204);
    const [mail] = await mailbox("forgetful@commons.example");
    expect(mail.text).toMatch(/Lola/);
    expect(mail.subject).toMatch(/contraseña/i);
    const token = await mailedToken("forgetful@commons.example", "/recover_password/");
    expect(await json(await call("GET", `/auth/password_policy/${token}?token_type=password_reset`))).toMatchObject({ email: "forgetful@commons.example" });

    const res = await call("PUT", `/auth/recover_password/${token}`, { body: { password: "Brand-new-2026" } });
    expect(res.status).toBe(200);
    expect((await json(res)).user.email).toBe("forgetful@commons.example");
    await login("forgetful@commons.example", "Brand-new-2026");
    expect((await call("POST", "/auth/login", { body: { email: "forgetful@commons.example", password: "Correct-Horse-9" } })).status).toBe(401);
    expect((await call("PUT", `/auth/recover_password/${token}`, { body: { password: "Another-2026" } })).status).toBe(401);
  });

  it("ends every other session of the member", async () => {
    const thief = await login("robbed@commons.example", "Correct-Horse-9");
    expect((await call("POST", "/auth/recover_password", { body: { email: "robbed@commons.example" } })).status).toBe(204);
    const token = await mailedToken("robbed@commons.example", "/recover_password/");
    const reset = await call("PUT", `/auth/recover_password/${token}`, { body: { password: "Locks-changed-31" } });
    expect(reset.status).toBe(200);
    const owner = await json(reset);

    expect((await call("PUT", "/auth/identity", { token: thief.body.access_token })).status).toBe(401);
    expect((await call("PUT", "/auth/refresh", { body: { refresh_token: thief.body.refresh_token } })).status).toBe(401);
    expect((await call("PUT", "/auth/identity", { token: owner.access_token })).status).toBe(200);
  });

  it("links in e-mails use the registered hostname or PUBLIC_URL, never the request's Host", async () => {
    const origin = (link: string) => new URL(link).origin;
    await call("POST", "/auth/recover_password", { body: { email: "robbed@commons.example" }, host: "evil.example" });
    expect(origin((await mailbox("robbed@commons.example"))[0].links[0])).toBe(env.PUBLIC_URL);
    // A member of an organisation with a hostname: that hostname, on PUBLIC_URL's scheme and port.
    await call("POST", "/auth/recover_password", { body: { email: "worker@acme.example" }, host: "evil.example:6666" });
    expect(origin((await mailbox("worker@acme.example"))[0].links[0])).toBe("http://acme.localhost:8787");
    await call("POST", "/api/signup", {
      body: { name: "Hosted", email: "hosted@acme.example", password: "Sol-e-mar-77", agreeTC: true },
      host: "acme.localhost:6666",
    });
    const [mail] = await mailbox("hosted@acme.example");
    expect(mail.links.every((link) => origin(link) === "http://acme.localhost:8787")).toBe(true);
  });

  it("answers 404 for an address with no account", async () => {
    const res = await call("POST", "/auth/recover_password", { body: { email: "ghost@example.org" } });
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ error: "account_not_found" });
  });

  it("sets an initial password with the terms and communications agreements", async () => {
    await call("POST", "/auth/recover_password", { body: { email: "invited@acme.example" } });
    const token = await mailedToken("invited@acme.example", "/recover_password/");
    const noTerms = await call("PUT", `/auth/recover_password/${token}`, { body: { password: "Initial-pass-9", agreements: { agreeTC: false } } });
    expect(noTerms.status).toBe(400);
    expect((await json(noTerms)).fields).toEqual({ agreeTC: "form_error_required" });
    // The acme policy (min 8, no "acme") applies to acme's members.
    const weak = await call("PUT", `/auth/recover_password/${token}`, { body: { password: "my-acme-pass", agreements: { agreeTC: true } } });
    expect((await json(weak)).fields.password).toBe("password_policy_forbiddenWords");
    const res = await call("PUT", `/auth/recover_password/${token}`, {
      body: { password: "Initial-pass-9", agreements: { agreeTC: true, agreeComms: true } },
    });
    expect(res.status).toBe(200);
    const member = await env.DB.prepare(
      "SELECT m.email_confirmed_at, m.last_terms_accepted_version, p.commercial_comms_accepted FROM members m JOIN profiles p ON p.member_id = m.id WHERE m.email = 'invited@acme.example'",
    ).first<any>();
    expect(member.email_confirmed_at).not.toBeNull();
    expect(member.last_terms_accepted_version).toBe(1);
    expect(member.commercial_comms_accepted).toBe(1);
  });
});
