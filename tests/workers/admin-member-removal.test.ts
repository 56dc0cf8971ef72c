/**
 * DELETE /api/{org}/admin/members/{id} (issue 25, point 1): an administrator removes a member from
 * the organisation (the employee who left). The membership ends, with its audit row; the person's
 * records stay attributed to them; the account and its other organisations stay as they were; the
 * removed member then gets what a non-member gets. Refused: oneself, the last active
 * administrator (decided in the write, so two administrators removing each other leave one),
 * and everyone but administrators.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const remove = (who: string, id: string, org = "acme") => call("DELETE", `/api/${org}/admin/members/${id}`, { token: tokens[who] });
const count = async (sql: string, ...binds: unknown[]) => Number(await env.DB.prepare(sql).bind(...binds).first("n"));

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  const people: [string, string, string?][] = [
    ["alma", acme.id, "admin"],
    ["alba", acme.id, "admin"],
    ["olga", acme.id, "organiser"],
    ["leo", acme.id],
    ["cora", commons.id, "admin"],
  ];
  for (const [name, org, role] of people) {
    ids[name] = (await createMember({ email: `${name}@x.example`, orgId: org, name, role: role as never })).id;
    tokens[name] = (await login(`${name}@x.example`, "Correct-Horse-9")).body.access_token;
  }
  // Leo, who is leaving Acme, also belongs to Commons, has a record at Acme, an SSO link to Acme's
  // provider, and Olga as his line manager's report.
  await env.DB.batch([
    env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES (?, ?)").bind(commons.id, ids.leo),
    env.DB.prepare("UPDATE memberships SET manager_member_id = ? WHERE org_id = ? AND member_id = ?").bind(ids.leo, acme.id, ids.olga),
    env.DB.prepare("INSERT INTO sso_providers (id, org_id, provider, issuer, client_id) VALUES ('sso-acme', ?, 'acme-idp', 'http://127.0.0.1:1', 'c')").bind(acme.id),
    env.DB.prepare("INSERT INTO sso_identities (provider_id, issuer, subject, member_id) VALUES ('sso-acme', 'http://127.0.0.1:1', 'leo-sub', ?)").bind(ids.leo),
    env.DB.prepare("INSERT INTO audit_log (id, org_id, actor_member_id, action, target_type, target_id) VALUES ('earlier', ?, ?, 'record.validated', 'record', 'r1')").bind(acme.id, ids.leo),
  ]);
});

describe("removing a member", () => {
  it("is for administrators of the organisation: 403 for staff, 404 for another organisation", async () => {
    expect((await remove("olga", ids.leo)).status).toBe(403);
    expect((await remove("leo", ids.alma)).status).toBe(403);
    expect((await remove("cora", ids.leo)).status).toBe(404);
    expect((await remove("alma", ids.cora)).status).toBe(404);
    expect((await remove("alma", "nobody")).status).toBe(404);
  });

  it("ends the membership here only: the account, its other organisations and its records stay", async () => {
    expect((await call("GET", "/api/acme/profile", { token: tokens.leo })).status).toBe(200);
    const removed = await remove("alma", ids.leo);
    expect(removed.status).toBe(204);
    expect(await count("SELECT count(*) AS n FROM memberships WHERE org_id = 'org-acme' AND member_id = ?", ids.leo)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM memberships WHERE org_id = 'org-commons' AND member_id = ?", ids.leo)).toBe(1);
    expect(await env.DB.prepare("SELECT disabled_at FROM members WHERE id = ?").bind(ids.leo).first("disabled_at")).toBeNull();
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE id = 'earlier' AND actor_member_id = ?", ids.leo)).toBe(1);
    // Acme's sign-in no longer names him, and nobody at Acme reports to him.
    expect(await count("SELECT count(*) AS n FROM sso_identities WHERE member_id = ?", ids.leo)).toBe(0);
    expect(await env.DB.prepare("SELECT manager_member_id FROM memberships WHERE org_id = 'org-acme' AND member_id = ?").bind(ids.olga).first("manager_member_id")).toBeNull();
    const [row] = (await env.DB.prepare("SELECT actor_member_id, detail FROM audit_log WHERE action = 'member.removed' AND target_id = ?").bind(ids.leo).all<{ actor_member_id: string; detail: string }>()).results;
    expect(row.actor_member_id).toBe(ids.alma);
    expect(JSON.parse(row.detail)).toEqual({ email: "leo@x.example", role: "member" });
  });

  it("leaves the removed member what a non-member gets there, and their other organisation as it was", async () => {
    // The same session: Acme answers as to a stranger, Commons as before.
    expect((await call("GET", "/api/acme/profile", { token: tokens.leo })).status).toBe(404);
    expect((await call("GET", "/api/commons/profile", { token: tokens.leo })).status).toBe(200);
    expect((await json(await call("PUT", "/auth/identity", { token: tokens.leo }))).user.organizations.map((o: { slug: string }) => o.slug)).toEqual(["commons"]);
    // Removed again: nobody to remove.
    expect((await remove("alma", ids.leo)).status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'member.removed' AND target_id = ?", ids.leo)).toBe(1);
  });

  it("may be invited again afterwards, and then joins only by accepting", async () => {
    const invited = await call("POST", "/api/acme/admin/invitations", { token: tokens.alma, body: { invitations: [{ email: "leo@x.example" }] } });
    expect((await json(invited)).results[0].status).toBe("invited");
    expect(await count("SELECT count(*) AS n FROM memberships WHERE org_id = 'org-acme' AND member_id = ?", ids.leo)).toBe(0);
  });

  it("refuses removing oneself", async () => {
    const answer = await remove("alma", ids.alma);
    expect(answer.status).toBe(409);
    expect(await json(answer)).toMatchObject({ error: "cannot_remove_self" });
  });

  it("two administrators removing each other at once leave one: the last-admin rule is in the write", async () => {
    const [a, b] = await Promise.all([remove("alma", ids.alba), remove("alba", ids.alma)]);
    expect([a.status, b.status].sort()).toEqual([204, 409]);
    const refused = a.status === 409 ? a : b;
    expect((await json(refused)).error).toBe("last_admin");
    expect(await count("SELECT count(*) AS n FROM memberships WHERE org_id = 'org-acme' AND role = 'admin'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'member.removed' AND target_id IN (?, ?)", ids.alma, ids.alba)).toBe(1);
  });
});
