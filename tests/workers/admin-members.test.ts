/**
 * /api/{org}/admin/members (issue 15, point 1): administrators only, the list (search, role, status,
 * pages), role and line manager changes with their audit rows, disabling that takes effect on the
 * next request, the refusals that keep an organisation administrable, and the CSV (a queue job).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MEMBERS_PAGE_SIZE } from "../../workers/admin/members";
import { csvLines, exportThroughQueue } from "./export-support";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const api = (who: string, method: string, path: string, body?: unknown, org = "acme") => call(method, `/api/${org}/admin${path}`, { token: tokens[who], body });
const audit = (memberId: string) =>
  env.DB.prepare("SELECT action, actor_member_id, detail FROM audit_log WHERE target_type = 'member' AND target_id = ? ORDER BY created_at, rowid")
    .bind(memberId)
    .all<{ action: string; actor_member_id: string; detail: string }>()
    .then((r) => r.results.map((row) => ({ ...row, detail: JSON.parse(row.detail) })));

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  const people: [string, string, string, string?][] = [
    ["alma", acme.id, "Alma Admin", "admin"],
    ["olga", acme.id, "Olga Organiser", "organiser"],
    ["max", acme.id, "Max Manager", "manager"],
    ["mia", acme.id, "Mia Member"],
    ["noe", acme.id, "Noé Núñez"],
    ["cora", commons.id, "Cora Commons", "admin"],
  ];
  for (const [name, org, full, role] of people) {
    ids[name] = (await createMember({ email: `${name}@${org}.example`, orgId: org, name: full, role: role as never })).id;
    tokens[name] = (await login(`${name}@${org}.example`, "Correct-Horse-9")).body.access_token;
  }
  // Ben belongs to both organisations.
  ids.ben = (await createMember({ email: "ben@both.example", orgId: acme.id, name: "Ben Both" })).id;
  await env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES (?, ?)").bind(commons.id, ids.ben).run();
  // Enough members for a second page.
  const statements = [];
  for (let i = 0; i < MEMBERS_PAGE_SIZE; i++) {
    const id = `bulk-${String(i).padStart(3, "0")}`;
    statements.push(
      env.DB.prepare("INSERT INTO members (id, email, language, last_terms_accepted_version) VALUES (?, ?, 'en-US', 1)").bind(id, `${id}@bulk.example`),
      env.DB.prepare("INSERT INTO profiles (member_id, name, slug) VALUES (?, ?, ?)").bind(id, `Zz Bulk ${i}`, id),
      env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES (?, ?)").bind(acme.id, id),
    );
  }
  await env.DB.batch(statements);
});

describe("who may", () => {
  it("lets administrators in, refuses organisers, managers and members (403), and hides another organisation (404)", async () => {
    expect((await api("alma", "GET", "/members")).status).toBe(200);
    for (const who of ["olga", "max", "mia"]) {
      expect((await api(who, "GET", "/members")).status, who).toBe(403);
      expect((await api(who, "PUT", `/members/${ids.noe}`, { role: "organiser" })).status, who).toBe(403);
      expect((await call("POST", "/api/acme/exports/members", { token: tokens[who], body: {} })).status, who).toBe(403);
    }
    expect((await api("cora", "GET", "/members")).status).toBe(404);
    expect((await api("cora", "PUT", `/members/${ids.noe}`, { role: "admin" })).status).toBe(404);
    // Cora administers Commons, where Noé is not a member.
    expect((await api("cora", "PUT", `/members/${ids.noe}`, { role: "admin" }, "commons")).status).toBe(404);
  });
});

describe("GET /admin/members", () => {
  it("lists by name, a page at a time, with the total", async () => {
    const first = await json(await api("alma", "GET", "/members"));
    expect(first).toMatchObject({ total: 6 + MEMBERS_PAGE_SIZE, previous: null });
    expect(first.members).toHaveLength(MEMBERS_PAGE_SIZE);
    expect(first.members[0]).toMatchObject({ name: "Alma Admin", email: "alma@org-acme.example", role: "admin", disabled: false, manager: null, other_organizations: 0 });
    // The line managers the screen offers: this organisation's active managers and administrators.
    expect(first.line_managers).toEqual([
      { id: ids.alma, name: "Alma Admin" },
      { id: ids.max, name: "Max Manager" },
    ]);
    const second = await json(await api("alma", "GET", `/members?cursor=${first.next_cursor}`));
    expect(second.members).toHaveLength(6);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...first.members, ...second.members].map((m: { id: string }) => m.id)).size).toBe(6 + MEMBERS_PAGE_SIZE);
  });

  it("pages by cursor and limit as every list does (docs/api/pagination.md), `after` still taken", async () => {
    const answer = await api("alma", "GET", "/members?limit=2&status=all");
    const first = await json(answer);
    expect(first.members).toHaveLength(2);
    expect(answer.headers.get("link")).toBe(`<http://localhost/api/acme/admin/members?limit=2&status=all&cursor=${first.next_cursor}>; rel="next"`);
    const next = await api("alma", "GET", `/members?limit=2&status=all&after=${first.next_cursor}`);
    const second = await json(next);
    expect(second.members.map((m: { id: string }) => m.id)).toEqual((await json(await api("alma", "GET", `/members?limit=2&status=all&cursor=${first.next_cursor}`))).members.map((m: { id: string }) => m.id));
    // The Link names the page by `cursor` alone, without the `after` it was asked with.
    expect(next.headers.get("link")).toBe(`<http://localhost/api/acme/admin/members?limit=2&status=all&cursor=${second.next_cursor}>; rel="next"`);
    expect(second.previous).not.toBeNull();
    for (const limit of ["0", "101", "x"]) expect((await api("alma", "GET", `/members?limit=${limit}`)).status, limit).toBe(400);
  });

  it("searches names and e-mails (LIKE's own characters as text), filters by role and status", async () => {
    expect((await json(await api("alma", "GET", "/members?q=n%C3%BA%C3%B1ez"))).members.map((m: { name: string }) => m.name)).toEqual(["Noé Núñez"]);
    expect((await json(await api("alma", "GET", "/members?q=BOTH.example"))).members.map((m: { name: string }) => m.name)).toEqual(["Ben Both"]);
    expect((await json(await api("alma", "GET", "/members?q=%25"))).members).toEqual([]);
    expect((await json(await api("alma", "GET", "/members?role=organiser"))).members.map((m: { name: string }) => m.name)).toEqual(["Olga Organiser"]);
    expect((await json(await api("alma", "GET", "/members?q=ben"))).members[0].other_organizations).toBe(1);
  });

  it("searches the whole of a long text (D1 refuses LIKE patterns over 50 bytes), in the list and its CSV", async () => {
    const long = `${"ñ".repeat(60)}%_`;
    for (const path of [`/members?q=${encodeURIComponent(long)}`, `/members?q=${"x".repeat(100)}`]) {
      expect((await api("alma", "GET", path)).status, path).toBe(200);
    }
    const exported = await exportThroughQueue(tokens.alma, "members", { q: long });
    expect([exported.started.status, exported.file?.status]).toEqual([202, 200]);
    expect(await csvLines(exported.file!)).toHaveLength(1);
    expect((await json(await api("alma", "GET", `/members?q=${"x".repeat(100)}`))).members).toEqual([]);
    expect((await json(await api("alma", "GET", `/members?q=${encodeURIComponent("noé núñez ")}`))).members.map((m: { name: string }) => m.name)).toEqual(["Noé Núñez"]);
  });

  it("refuses a bad query with field errors", async () => {
    for (const query of ["?role=system", "?status=gone", "?page=2", "?after=x*y", "?sort=name", `?q=${"x".repeat(101)}`]) {
      const answer = await api("alma", "GET", `/members${query}`);
      expect(answer.status, query).toBe(400);
      expect((await json(answer)).error).toBe("validation_error");
    }
  });
});

describe("PUT /admin/members/{id}", () => {
  it("changes the role and the line manager, each in the audit log with before and after", async () => {
    const answer = await api("alma", "PUT", `/members/${ids.noe}`, { role: "organiser", manager_member_id: ids.max });
    expect(answer.status).toBe(200);
    expect(await json(answer)).toMatchObject({ id: ids.noe, role: "organiser", manager: { id: ids.max, name: "Max Manager" } });
    expect(await audit(ids.noe)).toEqual([
      { action: "member.role_changed", actor_member_id: ids.alma, detail: { before: "member", after: "organiser" } },
      { action: "member.manager_changed", actor_member_id: ids.alma, detail: { before: null, after: ids.max } },
    ]);
    // The same again changes nothing and logs nothing.
    await api("alma", "PUT", `/members/${ids.noe}`, { role: "organiser" });
    expect(await audit(ids.noe)).toHaveLength(2);
    expect(await json(await api("alma", "PUT", `/members/${ids.noe}`, { manager_member_id: null }))).toMatchObject({ manager: null });
  });

  it("refuses a line manager who is not another active member of the organisation, and bad bodies", async () => {
    for (const manager of [ids.cora, ids.noe, "nobody"]) {
      const answer = await api("alma", "PUT", `/members/${ids.noe}`, { manager_member_id: manager });
      expect(answer.status).toBe(400);
      expect(await json(answer)).toMatchObject({ fields: { manager_member_id: "form_error_invalid" } });
    }
    for (const body of [{}, { role: "system" }, { role: "owner" }, { disabled: "yes" }, { email: "x@y.z" }]) {
      expect((await api("alma", "PUT", `/members/${ids.noe}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api("alma", "PUT", "/members/nobody", { role: "admin" })).status).toBe(404);
  });

  it("keeps one active administrator, and an administrator from disabling themselves", async () => {
    const demote = await api("alma", "PUT", `/members/${ids.alma}`, { role: "member" });
    expect(demote.status).toBe(409);
    expect((await json(demote)).error).toBe("last_admin");
    expect((await json(await api("alma", "PUT", `/members/${ids.alma}`, { disabled: true }))).error).toBe("last_admin");
    await api("alma", "PUT", `/members/${ids.mia}`, { role: "admin" });
    expect((await json(await api("alma", "PUT", `/members/${ids.alma}`, { disabled: true }))).error).toBe("cannot_disable_self");
    await api("alma", "PUT", `/members/${ids.mia}`, { role: "member" });
  });

  it("disables an account on its next request, and enables it again", async () => {
    expect((await call("GET", "/api/acme/profile", { token: tokens.mia })).status).toBe(200);
    const disabled = await api("alma", "PUT", `/members/${ids.mia}`, { disabled: true });
    expect(await json(disabled)).toMatchObject({ disabled: true });
    expect((await call("GET", "/api/acme/profile", { token: tokens.mia })).status).not.toBe(200);
    const refused = await call("POST", "/auth/login", { body: { email: "mia@org-acme.example", password: "Correct-Horse-9" } });
    expect(refused.status).toBe(403);
    expect((await json(await api("alma", "GET", "/members?status=disabled"))).members.map((m: { name: string }) => m.name)).toEqual(["Mia Member"]);
    expect(await json(await api("alma", "PUT", `/members/${ids.mia}`, { disabled: false }))).toMatchObject({ disabled: false });
    expect((await call("POST", "/auth/login", { body: { email: "mia@org-acme.example", password: "Correct-Horse-9" } })).status).toBe(200);
    expect((await audit(ids.mia)).map((row) => row.action)).toEqual(["member.role_changed", "member.role_changed", "member.disabled", "member.enabled"]);
  });

  it("does not switch off an account that belongs to another organisation too", async () => {
    const answer = await api("alma", "PUT", `/members/${ids.ben}`, { disabled: true });
    expect(answer.status).toBe(409);
    expect((await json(answer)).error).toBe("member_in_other_organizations");
    expect((await call("POST", "/auth/login", { body: { email: "ben@both.example", password: "Correct-Horse-9" } })).status).toBe(200);
  });
});

describe("the members export (POST /exports/members, through the queue)", () => {
  it("exports the members that match, one row each", async () => {
    const { file } = await exportThroughQueue(tokens.alma, "members", { role: "organiser" });
    expect(file!.status).toBe(200);
    expect(file!.headers.get("content-type")).toContain("text/csv");
    expect(file!.headers.get("content-disposition")).toBe('attachment; filename="members-acme.csv"');
    const lines = await csvLines(file!);
    // Every field quoted (csv.ts).
    expect(lines[0]).toBe('"name","email","role","line_manager","status","joined_at"');
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 3).join(","))).toEqual(['"Noé Núñez","noe@org-acme.example","organiser"', '"Olga Organiser","olga@org-acme.example","organiser"']);
  });
});
