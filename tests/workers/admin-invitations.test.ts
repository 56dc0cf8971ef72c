/**
 * POST /api/{org}/admin/invitations and the invited person's answer (issue 15, point 1; issue 25,
 * point 1): one or many rows, each answered (invited, already a member, already invited, invalid),
 * the same for an address with an account and one without, idempotent, a dry run that writes
 * nothing, the e-mails with links on the organisation's host, the audit rows, a new account's
 * first password (PUT /auth/invitation/{token}), an existing account's acceptance while signed in
 * as it, declining, and two administrators inviting one address at the same moment.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { INVITATIONS_MAX } from "../../workers/admin/invitations";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const invite = (who: string, invitations: unknown[], extra: Record<string, unknown> = {}, org = "acme") =>
  call("POST", `/api/${org}/admin/invitations`, { token: tokens[who], body: { invitations, ...extra } });
const count = async (sql: string, ...binds: unknown[]) => Number(await env.DB.prepare(sql).bind(...binds).first("n"));

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, org, role] of [["alma", acme.id, "admin"], ["olga", acme.id, "organiser"], ["cora", commons.id, "admin"]] as const) {
    await createMember({ email: `${name}@x.example`, orgId: org, name, role });
    tokens[name] = (await login(`${name}@x.example`, "Correct-Horse-9")).body.access_token;
  }
  await createMember({ email: "already@acme.example", orgId: acme.id, name: "Already Here" });
  await createMember({ email: "elsewhere@commons.example", orgId: commons.id, name: "Elsa Elsewhere" });
});

describe("who may", () => {
  it("is for administrators: organisers 403, another organisation 404", async () => {
    expect((await invite("olga", [{ email: "x@y.example" }])).status).toBe(403);
    expect((await invite("cora", [{ email: "x@y.example" }])).status).toBe(404);
  });
});

describe("POST /admin/invitations", () => {
  it("previews a list without writing anything, saying the same for an address with an account as for a new one", async () => {
    const answer = await invite("alma", [{ email: "New.Person@Example.org", name: "Nina New" }, { email: "already@acme.example" }, { email: "elsewhere@commons.example" }], { dry_run: true });
    expect(answer.status).toBe(200);
    expect(await json(answer)).toMatchObject({
      dry_run: true,
      invited: 2,
      skipped: 1,
      results: [{ row: 1, email: "new.person@example.org", status: "invited" }, { row: 2, status: "already_member" }, { row: 3, email: "elsewhere@commons.example", status: "invited" }],
    });
    expect(await count("SELECT count(*) AS n FROM members WHERE email = 'new.person@example.org'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM invitations")).toBe(0);
  });

  it("answers each row: invited (with or without an account), already a member, invalid; nobody is a member before accepting", async () => {
    const rows = [
      { email: "New.Person@Example.org", name: "Nina New", role: "organiser" },
      { email: "elsewhere@commons.example" },
      { email: "already@acme.example" },
      { email: "not-an-address" },
      { email: "new.person@example.org" },
      { email: "bad.name@example.org", name: "x".repeat(121) },
    ];
    const answer = await invite("alma", rows);
    expect(answer.status).toBe(201);
    const body = await json(answer);
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(["invited", "invited", "already_member", "invalid", "invalid", "invalid"]);
    expect(body.results[3].fields).toEqual({ email: "form_error_invalid_email" });
    expect(body.results[4].fields).toEqual({ email: "invitation_error_duplicate" });
    expect(body.results[5].fields).toEqual({ name: "form_error_max_length" });
    expect(body).toMatchObject({ invited: 2, skipped: 1, invalid: 3 });
    expect(body).not.toHaveProperty("added");
    // The new account: no password yet, and no membership until its owner chooses one.
    expect(await env.DB.prepare("SELECT password_hash FROM members WHERE email = 'new.person@example.org'").first("password_hash")).toBeNull();
    expect(await count("SELECT count(*) AS n FROM memberships m JOIN members a ON a.id = m.member_id WHERE a.email = 'new.person@example.org'")).toBe(0);
    // The existing account of another organisation: untouched until its owner accepts.
    expect(await count("SELECT count(*) AS n FROM memberships m JOIN members a ON a.id = m.member_id WHERE a.email = 'elsewhere@commons.example' AND m.org_id = 'org-acme'")).toBe(0);
    // One action for both in the log the administrators read.
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE org_id = 'org-acme' AND action = 'invitation.invited'")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE org_id = 'org-acme' AND action = 'invitation.added'")).toBe(0);
    // The e-mails: each a link on Acme's own host; the existing account's reads as an invitation to accept.
    const [mail] = await mailbox("new.person@example.org");
    expect(mail.subject).toContain("Acme");
    expect(mail.links[0]).toMatch(/^http:\/\/acme\.localhost(:\d+)?\/invite\/[\w-]+$/);
    const [join] = await mailbox("elsewhere@commons.example");
    expect(join.subject).toBe("Acme invites you to join");
    expect(join.text).toContain("Nothing changes until you accept");
    expect(join.links[0]).toMatch(/^http:\/\/acme\.localhost(:\d+)?\/invite\/[\w-]+$/);
  });

  it("sent twice, invites nobody twice", async () => {
    const again = await json(await invite("alma", [{ email: "new.person@example.org" }, { email: "elsewhere@commons.example" }]));
    expect(again.results.map((r: { status: string }) => r.status)).toEqual(["already_invited", "already_invited"]);
    expect(await mailbox("elsewhere@commons.example")).toHaveLength(1);
    expect(await mailbox("new.person@example.org")).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM invitations WHERE email = 'new.person@example.org'")).toBe(1);
  });

  it("refuses an empty list, too many rows and unknown fields", async () => {
    expect((await invite("alma", [])).status).toBe(400);
    expect((await invite("alma", Array.from({ length: INVITATIONS_MAX + 1 }, (_, i) => ({ email: `p${i}@example.org` })))).status).toBeGreaterThanOrEqual(400);
    expect((await invite("alma", [{ email: "a@example.org", admin: true }])).status).toBe(400);
    expect((await invite("alma", [{ email: "a@example.org", role: "system" }])).status).toBe(400);
  });
});

describe("the invited member's first password", () => {
  it("sets it through the link, accepts the terms, and signs in; the link works once", async () => {
    const [mail] = await mailbox("new.person@example.org");
    const token = mail.links[0].split("/invite/")[1];
    const policy = await call("GET", `/auth/password_policy/${token}?token_type=invite`);
    expect(await json(policy)).toMatchObject({ email: "new.person@example.org", organization: "Acme" });
    const withoutTerms = await call("PUT", `/auth/invitation/${token}`, { body: { password: "Green-lantern-42" } });
    expect(withoutTerms.status).toBe(400);
    expect((await json(withoutTerms)).fields).toEqual({ agreeTC: "form_error_required" });
    expect((await call("PUT", `/auth/invitation/${token}`, { body: { password: "Green-lantern-42", agreements: { agreeTC: true }, language: "klingon" } })).status).toBe(400);
    // Answered on a Spanish page: the app goes on in Spanish (it went on in the organisation's English).
    const accepted = await call("PUT", `/auth/invitation/${token}`, { body: { password: "Green-lantern-42", agreements: { agreeTC: true }, language: "es-ES" } });
    expect(accepted.status).toBe(200);
    const answer = await json(accepted);
    expect(answer.user.organizations[0].slug).toBe("acme");
    expect(answer.user.language).toBe("es-ES");
    expect(await env.DB.prepare("SELECT language FROM members WHERE email = 'new.person@example.org'").first("language")).toBe("es-ES");
    expect(await env.DB.prepare("SELECT accepted_at FROM invitations WHERE email = 'new.person@example.org'").first("accepted_at")).not.toBeNull();
    // The membership comes with the acceptance, with the role the invitation gave.
    expect(await env.DB.prepare("SELECT ms.role FROM memberships ms JOIN members m ON m.id = ms.member_id WHERE m.email = 'new.person@example.org' AND ms.org_id = 'org-acme'").first("role")).toBe("organiser");
    expect(await env.DB.prepare("SELECT email_confirmed_at FROM members WHERE email = 'new.person@example.org'").first("email_confirmed_at")).not.toBeNull();
    expect((await call("PUT", `/auth/invitation/${token}`, { body: { password: "Green-lantern-43", agreements: { agreeTC: true } } })).status).toBe(401);
    expect((await login("new.person@example.org", "Green-lantern-42")).body.access_token).toBeTruthy();
  });

  it("does not take another kind of link", async () => {
    expect((await call("PUT", "/auth/invitation/not-a-token", { body: { password: "Green-lantern-42", agreements: { agreeTC: true } } })).status).toBe(401);
  });
});

describe("an existing account's invitation", () => {
  let token = "";
  let elsa = "";
  beforeAll(async () => {
    token = (await mailbox("elsewhere@commons.example"))[0].links[0].split("/invite/")[1];
    elsa = (await login("elsewhere@commons.example", "Correct-Horse-9")).body.access_token;
  });

  it("its link says what it is for and that the account signs in to answer", async () => {
    const described = await call("GET", `/auth/invitation/${token}`);
    expect(described.status).toBe(200);
    expect(await json(described)).toMatchObject({ email: "elsewhere@commons.example", role: "member", needs_password: false, organization: { slug: "acme", name: "Acme" } });
    // It is no password link: nobody chooses the account's password with it.
    expect((await call("PUT", `/auth/invitation/${token}`, { body: { password: "Green-lantern-42", agreements: { agreeTC: true } } })).status).toBe(401);
  });

  it("is accepted only by its account, signed in: not without signing in, not as someone else", async () => {
    const anonymous = await call("POST", `/auth/invitation/${token}/accept`);
    expect(anonymous.status).toBe(401);
    const other = await call("POST", `/auth/invitation/${token}/accept`, { token: tokens.cora });
    expect(other.status).toBe(403);
    expect(await json(other)).toMatchObject({ error: "invitation_for_another_account" });
    expect(await count("SELECT count(*) AS n FROM memberships WHERE org_id = 'org-acme' AND member_id IN (SELECT id FROM members WHERE email IN ('elsewhere@commons.example', 'cora@x.example'))")).toBe(0);
  });

  it("shows in the account's notice, and accepting makes the membership, once", async () => {
    const notice = await json(await call("GET", "/auth/invitations", { token: elsa }));
    expect(notice.invitations).toEqual([expect.objectContaining({ role: "member", organization: expect.objectContaining({ slug: "acme" }) })]);
    const [first, second] = await Promise.all([call("POST", `/auth/invitation/${token}/accept`, { token: elsa }), call("POST", `/auth/invitations/${notice.invitations[0].id}/accept`, { token: elsa })]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    expect(await json(first.status === 200 ? first : second)).toMatchObject({ organization: { slug: "acme" }, role: "member" });
    expect(await count("SELECT count(*) AS n FROM memberships ms JOIN members m ON m.id = ms.member_id WHERE m.email = 'elsewhere@commons.example'")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE org_id = 'org-acme' AND action = 'invitation.accepted' AND json_extract(detail, '$.email') = 'elsewhere@commons.example'")).toBe(1);
    expect((await json(await call("GET", "/auth/invitations", { token: elsa }))).invitations).toEqual([]);
    expect((await call("GET", "/api/acme/profile", { token: elsa })).status).toBe(200);
    // The link is used up.
    expect((await call("GET", `/auth/invitation/${token}`)).status).toBe(401);
  });

  it("declining leaves nothing: no membership, no invitation, the link used up", async () => {
    await createMember({ email: "declines@commons.example", orgId: "org-commons" });
    await invite("alma", [{ email: "declines@commons.example", role: "admin" }]);
    const link = (await mailbox("declines@commons.example"))[0].links[0].split("/invite/")[1];
    const declined = await call("POST", `/auth/invitation/${link}/decline`);
    expect(declined.status).toBe(204);
    expect(await count("SELECT count(*) AS n FROM invitations WHERE email = 'declines@commons.example'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM memberships ms JOIN members m ON m.id = ms.member_id WHERE m.email = 'declines@commons.example' AND ms.org_id = 'org-acme'")).toBe(0);
    expect((await call("POST", `/auth/invitation/${link}/accept`, { token: (await login("declines@commons.example", "Correct-Horse-9")).body.access_token })).status).toBe(401);
  });

  it("declining in the app: only the account's own invitations", async () => {
    await createMember({ email: "notice@commons.example", orgId: "org-commons" });
    await invite("alma", [{ email: "notice@commons.example" }]);
    const own = (await login("notice@commons.example", "Correct-Horse-9")).body.access_token;
    const [pending] = (await json(await call("GET", "/auth/invitations", { token: own }))).invitations;
    expect((await call("POST", `/auth/invitations/${pending.id}/decline`, { token: tokens.cora })).status).toBe(403);
    expect((await call("POST", `/auth/invitations/${pending.id}/decline`, { token: own })).status).toBe(204);
    expect((await json(await call("GET", "/auth/invitations", { token: own }))).invitations).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM memberships ms JOIN members m ON m.id = ms.member_id WHERE m.email = 'notice@commons.example' AND ms.org_id = 'org-acme'")).toBe(0);
  });
});

describe("two administrators inviting one address at the same moment", () => {
  it("one invites, the other gets 409 invitation_conflict, never a 500", async () => {
    await createMember({ email: "alba@x.example", orgId: "org-acme", role: "admin" });
    tokens.alba = (await login("alba@x.example", "Correct-Horse-9")).body.access_token;
    for (const email of ["race.new@example.org", "elsewhere.race@commons.example"]) {
      if (email.endsWith("commons.example")) await createMember({ email, orgId: "org-commons" });
      const answers = await Promise.all([invite("alma", [{ email }]), invite("alba", [{ email }]), invite("alma", [{ email }])]);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses).not.toContain(500);
      for (const answer of answers) {
        if (answer.status === 409) expect(await json(answer)).toMatchObject({ error: "invitation_conflict" });
        else expect(answer.status).toBe(201);
      }
      expect(await count("SELECT count(*) AS n FROM invitations WHERE email = ?", email)).toBe(1);
    }
  });
});
