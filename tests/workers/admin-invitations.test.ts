/**
 * POST /api/{org}/admin/invitations and the invited member's first password (issue 15, point 1):
 * one or many rows, each answered (invited, added, already a member, already invited, invalid),
 * idempotent, a dry run that writes nothing, the e-mails with links on the organisation's host,
 * the audit rows, and PUT /auth/invitation/{token}.
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
  it("previews a list without writing anything", async () => {
    const answer = await invite("alma", [{ email: "New.Person@Example.org", name: "Nina New" }, { email: "already@acme.example" }], { dry_run: true });
    expect(answer.status).toBe(200);
    expect(await json(answer)).toMatchObject({ dry_run: true, invited: 1, skipped: 1, results: [{ row: 1, email: "new.person@example.org", status: "invited" }, { row: 2, status: "already_member" }] });
    expect(await count("SELECT count(*) AS n FROM members WHERE email = 'new.person@example.org'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM invitations")).toBe(0);
  });

  it("answers each row: invited, added, already a member, invalid; the valid ones are written", async () => {
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
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(["invited", "added", "already_member", "invalid", "invalid", "invalid"]);
    expect(body.results[3].fields).toEqual({ email: "form_error_invalid_email" });
    expect(body.results[4].fields).toEqual({ email: "invitation_error_duplicate" });
    expect(body.results[5].fields).toEqual({ name: "form_error_max_length" });
    expect(body).toMatchObject({ invited: 1, added: 1, skipped: 1, invalid: 3 });
    // The new account: no password yet, a member of Acme with the role given.
    const nina = await env.DB.prepare("SELECT m.id, m.password_hash, ms.role FROM members m JOIN memberships ms ON ms.member_id = m.id AND ms.org_id = 'org-acme' WHERE m.email = 'new.person@example.org'").first<{ id: string; password_hash: string | null; role: string }>();
    expect(nina).toMatchObject({ password_hash: null, role: "organiser" });
    expect(await count("SELECT count(*) AS n FROM memberships m JOIN members a ON a.id = m.member_id WHERE a.email = 'elsewhere@commons.example' AND m.org_id = 'org-acme'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE org_id = 'org-acme' AND action IN ('invitation.invited', 'invitation.added')")).toBe(2);
    // The e-mails: an invitation link on Acme's own host, a note for the existing account.
    const [mail] = await mailbox("new.person@example.org");
    expect(mail.subject).toContain("Acme");
    expect(mail.links[0]).toMatch(/^http:\/\/acme\.localhost(:\d+)?\/invite\/[\w-]+$/);
    const [added] = await mailbox("elsewhere@commons.example");
    expect(added.links[0]).toMatch(/\/signin$/);
  });

  it("sent twice, invites nobody twice", async () => {
    const again = await json(await invite("alma", [{ email: "new.person@example.org" }, { email: "elsewhere@commons.example" }]));
    expect(again.results.map((r: { status: string }) => r.status)).toEqual(["already_invited", "already_member"]);
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
    const accepted = await call("PUT", `/auth/invitation/${token}`, { body: { password: "Green-lantern-42", agreements: { agreeTC: true } } });
    expect(accepted.status).toBe(200);
    expect((await json(accepted)).user.organizations[0].slug).toBe("acme");
    expect(await env.DB.prepare("SELECT accepted_at FROM invitations WHERE email = 'new.person@example.org'").first("accepted_at")).not.toBeNull();
    expect(await env.DB.prepare("SELECT email_confirmed_at FROM members WHERE email = 'new.person@example.org'").first("email_confirmed_at")).not.toBeNull();
    expect((await call("PUT", `/auth/invitation/${token}`, { body: { password: "Green-lantern-43", agreements: { agreeTC: true } } })).status).toBe(401);
    expect((await login("new.person@example.org", "Green-lantern-42")).body.access_token).toBeTruthy();
  });

  it("does not take another kind of link", async () => {
    expect((await call("PUT", "/auth/invitation/not-a-token", { body: { password: "Green-lantern-42", agreements: { agreeTC: true } } })).status).toBe(401);
  });
});
