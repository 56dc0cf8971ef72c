/**
 * The administrators' dashboard (issue 15, point 5): GET /api/{org}/admin/metrics agrees with the
 * ranking and the social CVs on the same data (one query module), shows a validation on the very
 * next request, covers the period asked, and is the administrators' only (403; other organisation 404).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addContribution, addParticipation, addRecord, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const metrics = async (who = "alma", query = "") => call("GET", `/api/acme/admin/metrics${query}`, { token: tokens[who] });

async function indicatorRecord(participationId: string, value: number, unit: string, status = "validated") {
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, value, unit, status) VALUES (?, ?, 'indicator', ?, ?, ?)").bind(crypto.randomUUID(), participationId, value, unit, status).run();
}

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"], ["ana", "member"], ["ben", "member"], ["cris", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@x.example`, orgId: acme.id, name, role })).id;
    tokens[name] = (await login(`${name}@x.example`, "Correct-Horse-9")).body.access_token;
  }
  await createMember({ email: "cid@commons.example", orgId: commons.id, name: "Cid", role: "admin" });
  tokens.cid = (await login("cid@commons.example", "Correct-Horse-9")).body.access_token;
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach", sdgs: [13, 14], submitterMemberId: ids.olga });
  const school = await createInitiative({ orgId: acme.id, slug: "school", title: "School", sdgs: [4], submitterMemberId: ids.olga });
  const food = await createInitiative({ orgId: acme.id, slug: "food", title: "Food", type: "donation", submitterMemberId: ids.olga });
  const elsewhere = await createInitiative({ orgId: commons.id, slug: "elsewhere", title: "Elsewhere", sdgs: [13] });
  const anaBeach = await addParticipation(beach.id, acme.id, ids.ana);
  const benBeach = await addParticipation(beach.id, acme.id, ids.ben);
  const benSchool = await addParticipation(school.id, acme.id, ids.ben);
  const crisSchool = await addParticipation(school.id, acme.id, ids.cris);
  await addRecord(anaBeach.id, "validated", 3);
  await addRecord(anaBeach.id, "granted", 1);
  await addRecord(anaBeach.id, "rejected", 9);
  await addRecord(benBeach.id, "validated", 2);
  await addRecord(benSchool.id, "validated", 4);
  ids.pending = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status) VALUES (?, ?, 'hours', 5, 'pending')").bind(ids.pending, crisSchool.id).run();
  await indicatorRecord(anaBeach.id, 12.5, "kilogram");
  await indicatorRecord(benBeach.id, 7.5, "kilogram");
  await indicatorRecord(benBeach.id, 100, "kilogram", "pending");
  await addContribution(food.id, acme.id, ids.ana, 2500);
  await addContribution(food.id, acme.id, ids.ben, 1000);
  await addContribution(food.id, acme.id, ids.cris, 700, "pending");
  // Another organisation's hours and money never count here.
  const far = await addParticipation(elsewhere.id, commons.id, ids.ana);
  await addRecord(far.id, "validated", 50);
  // Acme's groups (issue 28): Ana and Ben in the Madrid office, Ben in the IT team, nobody in Finance;
  // a group of another organisation, with Ana in it, never shows here.
  const groups: [string, string, string, string, string[]][] = [
    ["g-madrid", acme.id, "madrid-office", "Madrid office", [ids.ana, ids.ben]],
    ["g-it", acme.id, "it-team", "IT team", [ids.ben]],
    ["g-finance", acme.id, "finance-team", "Finance team", []],
    ["g-outside", commons.id, "outside", "Outside", [ids.ana]],
  ];
  for (const [id, orgId, slug, name, memberIds] of groups) {
    await env.DB.prepare("INSERT INTO public_user_groups (id, org_id, slug, name) VALUES (?, ?, ?, ?)").bind(id, orgId, slug, name).run();
    for (const memberId of memberIds) await env.DB.prepare("INSERT INTO member_user_groups (group_id, member_id) VALUES (?, ?)").bind(id, memberId).run();
  }
});

describe("GET /api/{org}/admin/metrics", () => {
  it("agrees with the ranking and the social CVs on the same data", async () => {
    const answer = await metrics();
    expect(answer.status).toBe(200);
    const m = await json(answer);
    expect(m).toMatchObject({
      members: { total: 5, active: 5, joined: 5 },
      participants: 2,
      hours: 10,
      // Waiting: Cris's hours and Ben's kilograms; Cris's pledge.
      pending: { records: 2, contributions: 1, uploads: 0, approvals: 0, proposals: 0 },
      donations: [{ currency: "EUR", total: 35, count: 2 }],
      impact: [{ unit: "kilogram", value: 20 }],
    });
    // Hours of an initiative count for each of its SDGs.
    expect(m.sdgs).toEqual([
      { id: 13, hours: 6, participants: 2 },
      { id: 14, hours: 6, participants: 2 },
      { id: 4, hours: 4, participants: 1 },
    ]);
    const ranking = await json(await call("GET", "/api/acme/ranking?period=all", { token: tokens.ana }));
    const ranked = ranking.organization_ranking as { hours: number }[];
    expect(ranked.reduce((sum, row) => sum + row.hours, 0)).toBe(m.hours);
    expect(ranked).toHaveLength(m.participants);
    let cvHours = 0;
    const cvSdgs: Record<number, number> = {};
    const cvImpact: Record<string, number> = {};
    for (const who of ["ana", "ben", "cris"]) {
      const cv = await json(await call("GET", "/api/acme/responsible_profile", { token: tokens[who] }));
      cvHours += cv.hour_count;
      for (const row of cv.sdg_report) cvSdgs[row.id] = (cvSdgs[row.id] ?? 0) + row.value;
      for (const row of cv.impact_report) cvImpact[row.unit] = (cvImpact[row.unit] ?? 0) + row.value;
    }
    expect(cvHours).toBe(m.hours);
    expect(Object.fromEntries(m.sdgs.map((row: { id: number; hours: number }) => [row.id, row.hours]))).toEqual(cvSdgs);
    expect(Object.fromEntries(m.impact.map((row: { unit: string; value: number }) => [row.unit, row.value]))).toEqual(cvImpact);
  });

  it("shows a validation on the next request", async () => {
    const before = await json(await metrics());
    expect((await call("PUT", `/api/acme/manage/records/${ids.pending}`, { token: tokens.olga, body: { status: "validated" } })).status).toBe(200);
    const after = await json(await metrics());
    expect(after.hours).toBe(before.hours + 5);
    expect(after.participants).toBe(before.participants + 1);
    expect(after.pending.records).toBe(before.pending.records - 1);
    expect(after.months.reduce((sum: number, row: { hours: number }) => sum + row.hours, 0)).toBe(after.hours);
  });

  it("covers the period asked: a day covers the whole day; nothing before it", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const m = await json(await metrics("alma", `?from=${today}&to=${today}`));
    expect(m.hours).toBe(15);
    expect(m.from).toBe(`${today}T00:00:00.000Z`);
    const old = await json(await metrics("alma", "?from=2020-01-01&to=2020-12-31"));
    expect(old).toMatchObject({ hours: 0, participants: 0, donations: [], sdgs: [], impact: [], months: [], members: { total: 5, joined: 0 } });
  });

  it("refuses bad periods with the field, and everyone but administrators", async () => {
    for (const [query, field] of [
      ["?from=2026-13-01", "from"],
      ["?to=yesterday", "to"],
      ["?from=2026-05-01&to=2026-04-01", "to"],
      ["?from=2020-01-01&to=2026-01-01", "from"],
      ["?period=all", "period"],
    ]) {
      const answer = await metrics("alma", query);
      expect(answer.status, query).toBe(400);
      expect(Object.keys((await json(answer)).fields), query).toEqual([field]);
    }
    expect((await metrics("olga")).status).toBe(403);
    expect((await metrics("ana")).status).toBe(403);
    expect((await call("GET", "/api/acme/admin/metrics", { token: tokens.cid })).status).toBe(404);
  });

  it("exports the same figures as a CSV", async () => {
    const answer = await call("GET", "/api/acme/admin/metrics.csv", { token: tokens.alma });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await answer.text();
    expect(text).toContain('"hours","validated","15","3"');
    expect(text).toContain('"donations","EUR","35","2"');
    expect(text).toContain('"sdg_hours","13","6","2"');
    expect((await call("GET", "/api/acme/admin/metrics.csv", { token: tokens.olga })).status).toBe(403);
  });
});

describe("the dashboard by group (issue 28)", () => {
  it("breaks the period down by group, every group of the organisation only, each counted as the dashboard counts", async () => {
    const m = await json(await metrics());
    expect(m.group).toBeNull();
    expect(m.participations).toBe(4);
    expect(m.groups).toEqual([
      { slug: "finance-team", name: "Finance team", members: 0, participations: 0, participants: 0, hours: 0, donations: [] },
      { slug: "it-team", name: "IT team", members: 1, participations: 2, participants: 1, hours: 6, donations: [{ currency: "EUR", total: 10, count: 1 }] },
      { slug: "madrid-office", name: "Madrid office", members: 2, participations: 3, participants: 2, hours: 10, donations: [{ currency: "EUR", total: 35, count: 2 }] },
    ]);
  });

  it("shows one group's members with ?group=, the same figures as its row of the breakdown (one rule)", async () => {
    const answer = await metrics("alma", "?group=it-team");
    expect(answer.status).toBe(200);
    const it = await json(answer);
    const everyone = await json(await metrics());
    expect(it).toMatchObject({
      group: { slug: "it-team", name: "IT team" },
      members: { total: 1, active: 1, joined: 1 },
      participations: 2,
      participants: 1,
      hours: 6,
      donations: [{ currency: "EUR", total: 10, count: 1 }],
      impact: [{ unit: "kilogram", value: 7.5 }],
      // What waits is the organisation's, whatever the group.
      pending: everyone.pending,
      groups: everyone.groups,
    });
    expect(it.sdgs).toEqual([
      { id: 4, hours: 4, participants: 1 },
      { id: 13, hours: 2, participants: 1 },
      { id: 14, hours: 2, participants: 1 },
    ]);
    for (const row of everyone.groups) {
      const one = await json(await metrics("alma", `?group=${row.slug}`));
      expect({ members: one.members.active, participations: one.participations, participants: one.participants, hours: one.hours, donations: one.donations }, row.slug).toEqual({
        members: row.members,
        participations: row.participations,
        participants: row.participants,
        hours: row.hours,
        donations: row.donations,
      });
    }
    // An empty choice is everyone.
    expect((await json(await metrics("alma", "?group="))).hours).toBe(everyone.hours);
  });

  it("refuses a group the organisation does not have (another organisation's included) with the field", async () => {
    for (const slug of ["nobody", "outside"]) {
      const answer = await metrics("alma", `?group=${slug}`);
      expect(answer.status, slug).toBe(400);
      expect((await json(answer)).fields).toEqual({ group: "form_error_invalid" });
    }
    expect((await call("GET", "/api/acme/admin/metrics/groups.csv", { token: tokens.olga })).status).toBe(403);
    expect((await call("GET", "/api/acme/admin/metrics/groups.csv", { token: tokens.cid })).status).toBe(404);
  });

  it("exports the breakdown as its own CSV, and a group's figures with the group named", async () => {
    const answer = await call("GET", "/api/acme/admin/metrics/groups.csv", { token: tokens.alma });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/dashboard-groups-acme-/);
    const lines = (await answer.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toEqual([
      '"group","name","members","participations","participants","hours","currency","donations","donation_count"',
      '"finance-team","Finance team","0","0","0","0","","0","0"',
      '"it-team","IT team","1","2","1","6","EUR","10","1"',
      '"madrid-office","Madrid office","2","3","2","10","EUR","35","2"',
    ]);
    const one = await call("GET", "/api/acme/admin/metrics.csv?group=it-team", { token: tokens.alma });
    expect(one.headers.get("content-disposition")).toMatch(/dashboard-acme-it-team-/);
    const text = await one.text();
    expect(text).toContain('"period","group","it-team",""');
    expect(text).toContain('"hours","validated","6","1"');
  });
});
