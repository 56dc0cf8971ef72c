/**
 * Issue 26, decision 043: the staff lists read their own page, not the organisation. The members
 * list pages by keyset on the membership's kept sort key (same order as before: name, else e-mail,
 * lowercased, then id), its total comes from counts kept per organisation and role, and what waits
 * is counted up to WAITING_COUNT_CAP, an organiser's queues read from the initiatives they manage.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { WAITING_COUNT_CAP } from "../../app/domain/manage";
import { eraseAccount } from "../../workers/account/deletion";
import { MEMBERS_PAGE_SIZE, memberPageQuery, type MemberQuery } from "../../workers/admin/members";
import { getDb } from "../../workers/db/client";
import { staffSummaryQueries } from "../../workers/manage/summary";
import { loader as membersLoader } from "../../app/routes/_app.manage.members/route";
import { createWebSession } from "../../workers/auth/web-session";
import { run, type Route } from "./route-calls";
import { call, createMember, json, login, seedOrganizations, testLoadContext } from "./support";
import { REBUILD_MEMBER_LIST } from "../../scripts/member-list-sql.mjs";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
/** Three members for each of 40 names: the id breaks the ties. */
const NAMED = 120;

const api = (who: string, path: string, org = "acme") => call("GET", `/api/${org}/admin${path}`, { token: tokens[who] });
type Listed = { id: string; name: string; email: string };
type Page = { members: Listed[]; total: number | null; next_cursor: string | null; previous: string | null };

/** The organisation's members in the order the list had before it kept a sort key (OFFSET over this expression). */
async function expectedOrder(where = "1") {
  const { results } = await env.DB.prepare(
    `select m.id from memberships ms join members m on m.id = ms.member_id left join profiles pr on pr.member_id = m.id
     where ms.org_id = 'org-acme' and ms.role != 'system' and ${where} order by lower(coalesce(pr.name, m.email)), m.id`,
  ).all<{ id: string }>();
  return results.map((row) => row.id);
}

/** Every page forwards from the first, then every page backwards from the last: the ids in order, and the pages. */
async function walk(query = "") {
  const forward: Page[] = [await json(await api("alma", `/members?${query}`))];
  while (forward.at(-1)!.next_cursor) forward.push(await json(await api("alma", `/members?${query}&cursor=${forward.at(-1)!.next_cursor}`)));
  const backward: Page[] = [forward.at(-1)!];
  while (backward.at(-1)!.previous) backward.push(await json(await api("alma", `/members?${query}&before=${backward.at(-1)!.previous}`)));
  return { forward, backward, ids: forward.flatMap((page) => page.members.map((m) => m.id)), back: backward.reverse().flatMap((page) => page.members.map((m) => m.id)) };
}

type Query = { toSQL(): { sql: string; params: unknown[] } };
async function read(sql: string, params: unknown[], explain = false) {
  const result = await env.DB.prepare(`${explain ? "EXPLAIN QUERY PLAN " : ""}${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return { rowsRead: result.meta.rows_read, plan: result.results.map((row) => row.detail).join("\n"), rows: result.results };
}
const readQuery = (query: Query, explain = false) => read(query.toSQL().sql, query.toSQL().params, explain);

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, org, full, role] of [
    ["alma", acme.id, "Alma Admin", "admin"],
    ["olga", acme.id, "Olga Organiser", "organiser"],
    ["cora", commons.id, "Cora Commons", "admin"],
  ] as const) {
    ids[name] = (await createMember({ email: `${name}@${org}.example`, orgId: org, name: full, role })).id;
    tokens[name] = (await login(`${name}@${org}.example`, "Correct-Horse-9")).body.access_token;
  }
  const statements = [];
  for (let i = 0; i < NAMED; i++) {
    const id = `sl-${String((i * 7919) % 1000).padStart(3, "0")}-${i}`;
    // Mixed case: the order is by the lowercased name.
    const name = `${i % 2 ? "pat" : "Pat"} ${String(i % 40).padStart(2, "0")}`;
    statements.push(
      env.DB.prepare("INSERT INTO members (id, email, language, last_terms_accepted_version) VALUES (?, ?, 'en-US', 1)").bind(id, `${id}@list.example`),
      env.DB.prepare("INSERT INTO profiles (member_id, name, slug) VALUES (?, ?, ?)").bind(id, name, id),
      env.DB.prepare("INSERT INTO memberships (org_id, member_id, role) VALUES (?, ?, ?)").bind(acme.id, id, i % 4 === 0 ? "organiser" : "member"),
    );
  }
  // Without a profile: sorted by the e-mail. Its membership first, the member after (the key follows both).
  statements.push(
    env.DB.prepare("INSERT INTO members (id, email, language, last_terms_accepted_version) VALUES ('sl-noprofile', 'quinn@list.example', 'en-US', 1)"),
    env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES (?, 'sl-noprofile')").bind(acme.id),
  );
  await env.DB.batch(statements);
  await env.DB.prepare("UPDATE members SET disabled_at = 1 WHERE id IN ('sl-000-0', 'sl-919-1', 'sl-838-2')").run();
});

describe("the members list by keyset", () => {
  it("pages the organisation by name, then id, forwards and backwards, without gaps or repeats", async () => {
    const { forward, ids: seen, back } = await walk();
    const expected = await expectedOrder();
    expect(expected).toHaveLength(NAMED + 3);
    expect(seen).toEqual(expected);
    expect(back).toEqual(expected);
    expect(forward.map((page) => page.members.length)).toEqual([MEMBERS_PAGE_SIZE, MEMBERS_PAGE_SIZE, NAMED + 3 - 2 * MEMBERS_PAGE_SIZE]);
    expect(forward[0]).toMatchObject({ total: NAMED + 3, previous: null });
    expect(forward.at(-1)!.next_cursor).toBeNull();
    expect(forward[0].members.find((m) => m.id === "sl-noprofile")).toBeUndefined();
    // Going back from the second page lands on a full first page, which has no previous.
    const first = await json<Page>(await api("alma", `/members?before=${forward[1].previous}`));
    expect(first.members.map((m) => m.id)).toEqual(forward[0].members.map((m) => m.id));
    expect(first.previous).toBeNull();
  });

  it("moves a member when their name changes, and a member without a profile by their e-mail", async () => {
    const before = await expectedOrder();
    expect(before.indexOf("sl-noprofile")).toBe(before.length - 1);
    // The member's own profile change, through the API.
    await createMember({ email: "zed@org-acme.example", orgId: "org-acme", name: "Zed Last" });
    const zed = (await login("zed@org-acme.example", "Correct-Horse-9")).body.access_token;
    expect((await call("PUT", "/api/acme/profile", { token: zed, body: { name: "Aaron First" } })).status).toBe(200);
    const first = await json<Page>(await api("alma", "/members"));
    expect(first.members[0]).toMatchObject({ name: "Aaron First", email: "zed@org-acme.example" });
    // A profile created later moves the e-mail-sorted member to their name.
    await env.DB.prepare("INSERT INTO profiles (member_id, name, slug) VALUES ('sl-noprofile', 'Alma Zero', 'sl-noprofile')").run();
    expect((await json<Page>(await api("alma", "/members"))).members.slice(0, 3).map((m) => m.name)).toEqual(["Aaron First", "Alma Admin", "Alma Zero"]);
    const { ids: seen } = await walk();
    expect(seen).toEqual(await expectedOrder());
  });

  it("searches and filters by role and status, in pages, with a total only where kept counts give it", async () => {
    const searched = await walk("q=PAT%200");
    expect(searched.ids).toEqual(await expectedOrder("lower(pr.name) like 'pat 0%'"));
    expect(searched.ids).toHaveLength(30);
    expect(searched.forward[0].total).toBeNull();
    const organisers = await walk("role=organiser");
    expect(organisers.ids).toEqual(await expectedOrder("ms.role = 'organiser'"));
    expect(organisers.forward[0].total).toBe(NAMED / 4 + 1);
    const disabled = await walk("status=disabled");
    expect(disabled.ids).toEqual(await expectedOrder("m.disabled_at is not null"));
    expect(disabled.ids).toHaveLength(3);
    expect(disabled.forward[0].total).toBeNull();
    const active = await walk("status=active");
    expect(active.ids).toEqual(await expectedOrder("m.disabled_at is null"));
  });

  it("keeps the total in step with joining, role changes, removal and erasure", async () => {
    const total = async () => (await json<Page>(await api("alma", "/members"))).total;
    const counted = async () => (await expectedOrder()).length;
    expect(await total()).toBe(await counted());
    const joined = await createMember({ email: "new@org-acme.example", orgId: "org-acme", name: "New Member" });
    expect(await total()).toBe(await counted());
    expect((await call("PUT", `/api/acme/admin/members/${joined.id}`, { token: tokens.alma, body: { role: "manager" } })).status).toBe(200);
    expect((await json<Page>(await api("alma", "/members?role=manager"))).total).toBe(1);
    expect((await json<Page>(await api("alma", "/members?role=member"))).total).toBe((await expectedOrder("ms.role = 'member'")).length);
    const removed = await call("DELETE", `/api/acme/admin/members/${joined.id}`, { token: tokens.alma });
    expect(removed.status, await removed.clone().text()).toBe(204);
    expect((await json<Page>(await api("alma", "/members?role=manager"))).total).toBe(0);
    expect(await total()).toBe(await counted());
    // An erased account leaves every list it was on.
    await env.DB.prepare("UPDATE members SET deletion_requested_at = 1 WHERE id = 'sl-757-3'").run();
    expect(await eraseAccount(env, "sl-757-3")).toBe(true);
    const { ids: seen } = await walk();
    expect(seen).not.toContain("sl-757-3");
    expect(seen).toEqual(await expectedOrder());
    expect(await total()).toBe(seen.length);
  });

  it("reads one page from the sort key's index, however deep, not the organisation", async () => {
    const deep: MemberQuery = { after: ["pat 39", "sl-"], status: "all" };
    for (const [query, index] of [
      [{ status: "all" }, "memberships_org_sort_idx"],
      [deep, "memberships_org_sort_idx"],
      [{ status: "all", before: ["pat 20", "sl-"] }, "memberships_org_sort_idx"],
      [{ status: "all", role: "organiser", after: ["pat 10", "sl-"] }, "memberships_org_role_sort_idx"],
    ] as [MemberQuery, string][]) {
      const { sql, params } = memberPageQuery("org-acme", query);
      const { plan } = await read(sql, params, true);
      expect(plan, JSON.stringify(query)).toMatch(new RegExp(`SEARCH ms USING (COVERING )?INDEX ${index} \\(org_id=\\?`));
      expect(plan, JSON.stringify(query)).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
    const { sql, params } = memberPageQuery("org-acme", deep);
    const { rowsRead, rows } = await read(sql, params);
    expect(rows.length).toBeLessThanOrEqual(MEMBERS_PAGE_SIZE + 1);
    // The page's rows and their lookups, not the 120 before them.
    expect(rowsRead).toBeLessThan(60);
  });

  it("refuses a cursor it did not give (400), and hides the list from other organisations and roles", async () => {
    for (const query of ["?after=not*a*cursor", `?before=${btoa("[1,2]")}`, "?after=", "?page=2"]) {
      const answer = await api("alma", `/members${query}`);
      expect(answer.status, query).toBe(400);
      expect((await json(answer)).error).toBe("validation_error");
    }
    expect((await api("cora", "/members")).status).toBe(404);
    expect((await api("olga", "/members")).status).toBe(403);
    // Cora's own list holds Commons' members only.
    expect((await json<Page>(await api("cora", "/members", "commons"))).members.map((m) => m.id)).toEqual([ids.cora]);
    expect((await json<Page>(await api("cora", "/members", "commons"))).total).toBe(1);
  });
});

describe("the kept keys and counts", () => {
  it("equal what the rebuild computes from the memberships after every kind of write above", async () => {
    const snapshot = async () => ({
      keys: (await env.DB.prepare("select org_id, member_id, sort_key from memberships order by org_id, member_id").all()).results,
      counts: (await env.DB.prepare("select org_id, role, members from membership_counts where members != 0 order by org_id, role").all()).results,
    });
    const kept = await snapshot();
    // Spoil them, then rebuild as `npm run rollups:rebuild` does.
    await env.DB.batch([env.DB.prepare("update memberships set sort_key = 'x' where rowid % 2 = 0"), env.DB.prepare("update membership_counts set members = members + 3")]);
    await env.DB.batch(REBUILD_MEMBER_LIST.map((sql) => env.DB.prepare(sql)));
    expect(await snapshot()).toEqual(kept);
  });
});

describe("the members screen without JavaScript", () => {
  it("links the next and previous pages by cursor, keeping the filters", async () => {
    const context = await testLoadContext("acme");
    const cookie = (await createWebSession(context, (await login("alma@org-acme.example", "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
    const page = async (search: string) => {
      const answer = await run(membersLoader as Route, new Request(`http://acme.localhost/manage/members${search}`, { headers: { cookie } }));
      expect(answer.status, search).toBe(200);
      return answer.data!.list as Page;
    };
    const first = await page("?role=member");
    expect(first.previous).toBeNull();
    const second = await page(`?role=member&cursor=${first.next_cursor}`);
    expect(second.members.map((m) => m.id)).toEqual((await expectedOrder("ms.role = 'member'")).slice(MEMBERS_PAGE_SIZE, 2 * MEMBERS_PAGE_SIZE));
    expect((await page(`?role=member&before=${second.previous}`)).members).toEqual(first.members);
    // A link of the earlier style (`after`) still opens the same page.
    expect((await page(`?role=member&after=${first.next_cursor}`)).members).toEqual(second.members);
    // A cursor the list never gave is a bad request, not another page.
    expect((await run(membersLoader as Route, new Request("http://acme.localhost/manage/members?after=bm9wZQ", { headers: { cookie } }))).status).toBe(400);
  });
});

describe("what waits, counted up to the cap", () => {
  it("stops at WAITING_COUNT_CAP for an administrator and reads the organiser's own initiatives only", async () => {
    const org = { id: "org-acme" } as Parameters<typeof staffSummaryQueries>[1];
    const numbers = (count: number) => `WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ${count - 1})`;
    const waiting = WAITING_COUNT_CAP + 50;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO initiatives (id, org_id, slug, title, type, start_time, end_time) VALUES ('sl-i-big', 'org-acme', 'sl-big', 'Big', 'donation', 0, 1), ('sl-i-olga', 'org-acme', 'sl-olga', 'Olga''s', 'donation', 0, 1)"),
      env.DB.prepare("INSERT INTO initiative_organisers (initiative_id, member_id, org_id) VALUES ('sl-i-olga', ?, 'org-acme')").bind(ids.olga),
      env.DB.prepare(`${numbers(waiting)} INSERT INTO participations (id, org_id, initiative_id, member_id, uuid, status) SELECT 'sl-p-' || x, 'org-acme', 'sl-i-big', 'sl-' || printf('%03d', (x * 7919) % 1000) || '-' || x, 'sl-u-' || x, 'accepted' FROM n WHERE x < ${NAMED}`),
      env.DB.prepare(`${numbers(waiting)} INSERT INTO participation_records (id, participation_id, type, hours, status) SELECT 'sl-r-' || x, 'sl-p-' || (x % ${NAMED}), 'hours', 1, 'pending' FROM n`),
      env.DB.prepare(`${numbers(waiting)} INSERT INTO contributions (id, org_id, initiative_id, member_id, amount, currency, source, status) SELECT 'sl-c-' || x, 'org-acme', 'sl-i-big', ?, 100, 'EUR', 'transfer', 'pending' FROM n`).bind(ids.alma),
      // Two of Olga's own.
      env.DB.prepare("INSERT INTO participations (id, org_id, initiative_id, member_id, uuid, status) VALUES ('sl-p-olga', 'org-acme', 'sl-i-olga', ?, 'sl-u-olga', 'accepted')").bind(ids.alma),
      env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status) VALUES ('sl-r-olga', 'sl-p-olga', 'hours', 2, 'pending')"),
      env.DB.prepare("INSERT INTO contributions (id, org_id, initiative_id, member_id, amount, currency, source, status) VALUES ('sl-c-olga', 'org-acme', 'sl-i-olga', ?, 100, 'EUR', 'transfer', 'pending')").bind(ids.alma),
    ]);
    const count = async (query: Query) => Number(Object.values((await readQuery(query)).rows[0] as unknown as Record<string, number>)[0]);
    const admin = staffSummaryQueries(getDb(env), org, { memberId: ids.alma, role: "admin" });
    expect(await count(admin[0])).toBe(WAITING_COUNT_CAP);
    expect(await count(admin[2])).toBe(WAITING_COUNT_CAP);
    for (const query of admin) expect((await readQuery(query)).rowsRead).toBeLessThan(3 * WAITING_COUNT_CAP);
    const organiser = staffSummaryQueries(getDb(env), org, { memberId: ids.olga, role: "organiser" });
    expect([await count(organiser[0]), await count(organiser[2])]).toEqual([1, 1]);
    for (const query of organiser) expect((await readQuery(query)).rowsRead, `${(await readQuery(query, true)).plan}\n${query.toSQL().sql}`).toBeLessThan(50);
    // From the organiser's initiatives: not the organisation's status indexes over everything waiting.
    expect((await readQuery(organiser[0], true)).plan).not.toMatch(/participation_records_status_idx/);
    expect((await readQuery(organiser[2], true)).plan).toMatch(/SEARCH contributions USING INDEX contributions_initiative_idx \(initiative_id=\?\)/);
    // The screens: the tab says 99+, the organiser's queue lists their own record.
    const summary = await json(await call("GET", "/api/acme/manage/summary", { token: tokens.alma }));
    expect(summary).toMatchObject({ records: WAITING_COUNT_CAP, contributions: WAITING_COUNT_CAP });
    const queue = await json(await call("GET", "/api/acme/manage/records?status=pending", { token: tokens.olga }));
    expect(queue.records.map((r: { id: string }) => r.id)).toEqual(["sl-r-olga"]);
    const money = await json(await call("GET", "/api/acme/manage/contributions?status=pending", { token: tokens.olga }));
    expect(money.contributions.map((c: { id: string }) => c.id)).toEqual(["sl-c-olga"]);
    // An administrator's queue pages through all of them without repeats.
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: { records: { id: string }[]; next_cursor: string | null } = await json(await call("GET", `/api/acme/manage/records?status=pending&limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: tokens.alma }));
      seen.push(...page.records.map((r) => r.id));
      cursor = page.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(waiting + 1);
  });
});
