/**
 * GET /api/{org}/admin/audit (issue 15, point 6): every staff and administrator action, newest
 * first, with who, what, when and the before and after; filtered and paged; administrators only;
 * never editable.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as auditPage } from "../../app/routes/_app.manage.audit/route";
import { createWebSession } from "../../workers/auth/web-session";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { pageRequests, run, type Route } from "./route-calls";
import { csvLines, exportThroughPages, exportThroughQueue } from "./export-support";
import { call, createMember, json, login, seedOrganizations, testLoadContext } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const audit = (who: string, query = "", org = "acme") => call("GET", `/api/${org}/admin/audit${query}`, { token: tokens[who] });

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, org, role] of [["alma", acme.id, "admin"], ["olga", acme.id, "organiser"], ["mia", acme.id, "member"], ["cora", commons.id, "admin"]] as const) {
    ids[name] = (await createMember({ email: `${name}@x.example`, orgId: org, name: name.toUpperCase(), role })).id;
    tokens[name] = (await login(`${name}@x.example`, "Correct-Horse-9")).body.access_token;
  }
  // An organiser's validation, then an administrator's role change: two kinds of rows.
  const day = await createInitiative({ orgId: acme.id, slug: "audit-day", submitterMemberId: ids.olga });
  const part = await addParticipation(day.id, acme.id, ids.mia);
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES ('rec-1', ?, 'hours', 3, 'pending', 1)").bind(part.id).run();
  expect((await call("PUT", "/api/acme/manage/records/rec-1", { token: tokens.olga, body: { status: "validated" } })).status).toBe(200);
  expect((await call("PUT", `/api/acme/admin/members/${ids.mia}`, { token: tokens.alma, body: { role: "manager" } })).status).toBe(200);
  // Another organisation's row never shows here.
  await env.DB.prepare("INSERT INTO audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at) VALUES ('other', 'org-commons', ?, 'member.role_changed', 'member', 'x', '{}', ?)").bind(ids.cora, Date.now()).run();
});

describe("GET /admin/audit", () => {
  it("lists the organisation's actions newest first, with who, what and the before and after", async () => {
    const answer = await json(await audit("alma"));
    expect(answer.entries.map((e: { action: string }) => e.action)).toEqual(["member.role_changed", "record.validated"]);
    expect(answer.entries[0]).toMatchObject({ actor: { id: ids.alma, name: "ALMA" }, target_type: "member", target_id: ids.mia, target_name: "MIA", detail: { before: "member", after: "manager" } });
    expect(answer.entries[1]).toMatchObject({ actor: { id: ids.olga, name: "OLGA" }, target_type: "record", target_id: "rec-1", target_name: null });
    expect(answer.entries[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(answer.next_cursor).toBeNull();
  });

  it("filters by kind, action, who and when, and pages", async () => {
    const names = async (query: string) => (await json(await audit("alma", query))).entries.map((e: { action: string }) => e.action);
    expect(await names("?target_type=record")).toEqual(["record.validated"]);
    expect(await names("?action=member")).toEqual(["member.role_changed"]);
    expect(await names("?action=record.validated")).toEqual(["record.validated"]);
    expect(await names(`?actor_member_id=${ids.olga}`)).toEqual(["record.validated"]);
    expect(await names("?from=2000-01-01&to=2000-01-02")).toEqual([]);
    expect(await names(`?from=${new Date(Date.now() - 3_600_000).toISOString()}`)).toHaveLength(2);
    const firstPage = await audit("alma", "?limit=1");
    const first = await json(firstPage);
    expect(first.entries).toHaveLength(1);
    expect(firstPage.headers.get("link")).toBe(`<http://localhost/api/acme/admin/audit?limit=1&cursor=${encodeURIComponent(first.next_cursor)}>; rel="next"`);
    const second = await json(await audit("alma", `?limit=1&cursor=${first.next_cursor}`));
    expect(second.entries.map((e: { action: string }) => e.action)).toEqual(["record.validated"]);
  });

  it("refuses bad filters with field errors", async () => {
    for (const query of ["?target_type=secret", "?action=DROP%20TABLE", "?from=yesterday", "?limit=0", "?sort=asc"]) {
      expect((await audit("alma", query)).status, query).toBe(400);
    }
  });

  it("is for administrators only, and only reads", async () => {
    expect((await audit("olga")).status).toBe(403);
    expect((await audit("mia")).status).toBe(403);
    expect((await audit("cora")).status).toBe(404);
    expect((await json(await audit("cora", "", "commons"))).entries.map((e: { id: string }) => e.id)).toEqual(["other"]);
    for (const method of ["POST", "PUT", "DELETE"]) {
      const res = await call(method, "/api/acme/admin/audit", { token: tokens.alma, body: {} });
      expect([res.status, res.headers.get("allow")], method).toEqual([405, "GET, HEAD"]);
    }
  });
});

describe("what each row is about (issue 28: \"who validated Marta's hours for the food bank?\")", () => {
  it("names the member and the initiative of hours, results and participations, and what the record reported, on the list and in the CSV with the ids", async () => {
    const marta = await createMember({ email: "marta@x.example", orgId: "org-acme", name: "Marta" });
    const food = await createInitiative({ orgId: "org-acme", slug: "food-bank", title: "Food bank", submitterMemberId: ids.olga, indicators: [{ id: "ind-kg", name: "Food", unit: "kilogram" }] });
    const part = await addParticipation(food.id, "org-acme", marta.id, "accepted", { managerApprovalStatus: "pending" });
    await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES ('rec-hours', ?, 'hours', 3, 'pending', 2)").bind(part.id).run();
    await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, value, unit, indicator_id, status, created_at) VALUES ('rec-kilos', ?, 'indicator', 12, 'kilogram', 'ind-kg', 'pending', 3)")
      .bind(part.id)
      .run();
    expect((await call("PUT", "/api/acme/manage/records", { token: tokens.olga, body: { ids: ["rec-hours", "rec-kilos"], status: "validated" } })).status).toBe(200);
    expect((await call("PUT", `/api/acme/initiative/${food.id}/participants/${part.uuid}/approval`, { token: tokens.alma, body: { approved: true } })).status).toBe(204);
    // A row that names another organisation's participation never shows its member or initiative.
    const elsewhere = await createInitiative({ orgId: "org-commons", slug: "elsewhere", title: "Elsewhere" });
    const theirs = await addParticipation(elsewhere.id, "org-commons", ids.cora);
    await env.DB.prepare("INSERT INTO audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at) VALUES ('odd', 'org-acme', ?, 'participation.approved', 'participation', ?, '{}', 1)")
      .bind(ids.alma, theirs.id)
      .run();
    await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES ('rec-theirs', ?, 'hours', 9, 'validated', 1)").bind(theirs.id).run();
    await env.DB.prepare("INSERT INTO audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at) VALUES ('odd-record', 'org-acme', ?, 'record.validated', 'record', 'rec-theirs', '{}', 1)")
      .bind(ids.alma)
      .run();

    const { entries } = await json(await audit("alma", "?action=record.validated"));
    const byTarget = Object.fromEntries(entries.map((e: { target_id: string }) => [e.target_id, e]));
    const subject = { member: { id: marta.id, name: "Marta" }, initiative: { id: food.id, slug: "food-bank", title: "Food bank" } };
    expect(byTarget["rec-hours"]).toMatchObject({ actor: { name: "OLGA" }, ...subject, record: { type: "hours", hours: 3, value: null } });
    expect(byTarget["rec-kilos"]).toMatchObject({ ...subject, record: { type: "indicator", value: 12, unit: "kilogram" } });
    expect(byTarget["rec-1"]).toMatchObject({ member: { id: ids.mia, name: "MIA" }, initiative: { slug: "audit-day" } });
    expect(byTarget["rec-theirs"]).toMatchObject({ member: null, initiative: null, record: null });
    const approvals = (await json(await audit("alma", "?target_type=participation"))).entries;
    expect(approvals.map((e: { target_id: string; member: unknown; initiative: unknown }) => [e.target_id, e.member, e.initiative])).toEqual([
      [part.id, subject.member, subject.initiative],
      [theirs.id, null, null],
    ]);

    const csv = (await exportThroughQueue(tokens.alma, "audit", { target_type: "record" })).file!;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="audit-acme.csv"');
    const lines = await csvLines(csv);
    expect(lines[0]).toBe(
      '"created_at","action","actor_id","actor_name","target_type","target_id","member_id","member_name","initiative_id","initiative_title","record_type","hours","value","unit","detail"',
    );
    const hours = lines.find((line) => line.includes('"rec-hours"'));
    expect(hours).toContain(`"record.validated","${ids.olga}","OLGA","record","rec-hours","${marta.id}","Marta","${food.id}","Food bank","hours","3","",""`);
    expect(lines).toHaveLength(5);
    expect((await exportThroughQueue(tokens.olga, "audit")).started.status).toBe(403);
    expect((await exportThroughQueue(tokens.cora, "audit")).started.status).toBe(404);
    expect((await exportThroughQueue(tokens.alma, "audit", { target_type: "secret" })).started.status).toBe(400);
  });

  it("shows the same names on /manage/audit, whose export writes the screen's filtered rows; administrators only", async () => {
    const cookies: Record<string, string> = {};
    const context = await testLoadContext("acme");
    for (const name of ["alma", "olga"]) cookies[name] = (await createWebSession(context, (await login(`${name}@x.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
    const { get } = pageRequests(cookies);
    const page = await run(auditPage as Route, get("alma", "/manage/audit?kind=record"));
    const hours = page.data!.page.entries.find((e: { target_id: string }) => e.target_id === "rec-hours");
    expect(hours).toMatchObject({ member: { name: "Marta" }, initiative: { title: "Food bank" }, record: { type: "hours", hours: 3 } });
    const { state, file } = await exportThroughPages(cookies.alma, "audit", "kind=participation");
    expect(state).toMatchObject({ kind: "audit", status: "ready" });
    expect(file!.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await file!.text();
    expect(text).toContain('"participation.approved"');
    expect(text).toContain('"Marta"');
    expect(text).not.toContain('"record.validated"');
    expect((await exportThroughPages(cookies.olga, "audit")).started.status).toBe(404);
  });
});
