import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { dateFilterWindow } from "../../app/domain/initiatives";
import { getDb } from "../../workers/db/client";
import { pastQuery, wallPartQueries, wallSlices, type WallFilters } from "../../workers/initiatives/lists";
import { getOrganizationBySlug } from "../../workers/tenant/organizations";
import { DAY, HOUR, addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, createOrg, json, login, seedOrganizations } from "./support";

let w1: string; // token of the member whose wall we look at
let w1Id: string;
let plain: string; // member of an organisation that does not pin
let ana: string; // member of another organisation
const now = Date.now();
/** 100 characters and more than 100 bytes (ñ, í): past D1's 50-byte LIKE pattern limit. */
const LONG_TERM = "la campaña de limpieza de la ría reúne a vecinos, escuelas y clubes de remo de toda la comarca: 100%";
const ids: Record<string, string> = {};

async function make(key: string, row: Parameters<typeof createInitiative>[0]) {
  ids[key] = (await createInitiative({ slug: key, title: `Title ${key}`, ...row })).id;
}

beforeAll(async () => {
  await seedOrganizations();
  await createOrg({ id: "org-wall", slug: "wallorg", community: { can_pin_initiatives: true } });
  await createOrg({ id: "org-plain", slug: "plainorg" });
  await createOrg({ id: "org-bulk", slug: "bulkorg" });
  const m1 = await createMember({ email: "w1@wall.example", orgId: "org-wall" });
  const m2 = await createMember({ email: "w2@wall.example", orgId: "org-wall" });
  await createMember({ email: "p@plain.example", orgId: "org-plain" });
  await createMember({ email: "b@bulk.example", orgId: "org-bulk" });
  await createMember({ email: "ana@commons.example", orgId: "org-commons" });
  w1Id = m1.id;
  const o = { orgId: "org-wall" };
  await make("soon", { ...o, startTime: now + 1 * DAY, endTime: now + 1 * DAY + 3 * HOUR, sdgs: [3], categories: ["health"], description: "Blood drive" });
  await make("later", { ...o, startTime: now + 2 * DAY, endTime: now + 2 * DAY + 3 * HOUR, type: "training", sdgs: [4] });
  await make("pinned", { ...o, startTime: now + 5 * DAY, endTime: now + 6 * DAY, pinned: true });
  await make("no-dates", { ...o, startTime: null, endTime: null, type: "donation" });
  // Ends before now + 3 days, so it stays on day(3) at any hour (the date-range test starts at day(4)).
  await make("suspended", { ...o, status: "suspended", startTime: now + 3 * DAY - 2 * HOUR, endTime: now + 3 * DAY - HOUR });
  await make("canceled", { ...o, status: "canceled", startTime: now + 3 * DAY - 2 * HOUR, endTime: now + 3 * DAY - HOUR });
  await make("full", { ...o, maxParticipants: 1, startTime: now + 4 * DAY, endTime: now + 4 * DAY + HOUR });
  await addParticipation(ids.full, "org-wall", m2.id);
  await make("almost-full", { ...o, maxParticipants: 2, startTime: now + 4 * DAY + HOUR, endTime: now + 4 * DAY + 2 * HOUR });
  await addParticipation(ids["almost-full"], "org-wall", m2.id);
  await make("ended", { ...o, startTime: now - 3 * DAY, endTime: now - 1 * DAY });
  await make("registration-closed", { ...o, startTime: now + 2 * DAY, endTime: now + 3 * DAY, registrationEndTime: now - HOUR });
  await make("canceled-ended", { ...o, status: "canceled", startTime: now - 3 * DAY, endTime: now - 2 * DAY });
  await make("long-ago", { ...o, startTime: now - 100 * DAY, endTime: now - 90 * DAY });
  await make("next-year", { ...o, startTime: now + 400 * DAY, endTime: now + 401 * DAY });
  await make("interested", { ...o, type: "informative", startTime: now + 8 * DAY, endTime: now + 9 * DAY });
  await env.DB.prepare("INSERT INTO interests (initiative_id, member_id) VALUES (?, ?)").bind(ids.interested, m1.id).run();
  await make("joined", { ...o, startTime: now + 8 * DAY, endTime: now + 9 * DAY });
  await addParticipation(ids.joined, "org-wall", m1.id);
  await make("joined-ended", { ...o, startTime: now - 8 * DAY, endTime: now - 7 * DAY });
  await addParticipation(ids["joined-ended"], "org-wall", m1.id);
  await make("not-going", { ...o, startTime: now + 9 * DAY, endTime: now + 10 * DAY });
  await addParticipation(ids["not-going"], "org-wall", m1.id, "not_going");
  await make("rejected", { ...o, startTime: now + 10 * DAY, endTime: now + 11 * DAY });
  await addParticipation(ids.rejected, "org-wall", m1.id, "rejected", { managerApprovalStatus: "rejected" });
  await make("percent", { ...o, title: "100% green", startTime: now + 11 * DAY, endTime: now + 12 * DAY });
  await make("underscore", { ...o, title: "snake_case day", startTime: now + 12 * DAY, endTime: now + 12 * DAY + HOUR });
  await make("long-words", {
    ...o,
    title: "Limpieza de la ría de Bilbao",
    description: `Año tras año, la campaña de limpieza de la ría junta a cientos de voluntarios: ${LONG_TERM}, y más.`,
    startTime: now + 13 * DAY,
    endTime: now + 13 * DAY + HOUR,
  });
  await make("plain-pinned", { orgId: "org-plain", pinned: true, startTime: now + 3 * DAY, endTime: now + 4 * DAY });
  await make("plain-first", { orgId: "org-plain", startTime: now + 1 * DAY, endTime: now + 2 * DAY });
  for (let i = 0; i < 60; i++) {
    await createInitiative({ orgId: "org-bulk", slug: `bulk-${i}`, startTime: now + (i + 1) * HOUR, endTime: now + 400 * HOUR });
  }
  w1 = (await login("w1@wall.example", "Correct-Horse-9")).body.access_token;
  plain = (await login("p@plain.example", "Correct-Horse-9")).body.access_token;
  ana = (await login("ana@commons.example", "Correct-Horse-9")).body.access_token;
});

const wall = async (query = "", token = w1, org = "wallorg") => {
  const res = await call("GET", `/api/${org}/wall${query}`, { token });
  expect(res.status).toBe(200);
  return json(res);
};
const slugs = (cards: { slug: string }[]) => cards.map((c) => c.slug);

describe("GET /api/{org}/wall", () => {
  it("lists what the member may still join, pinned first, then by start time", async () => {
    const page = await wall();
    expect(slugs(page.initiatives)).toEqual([
      "pinned",
      "no-dates",
      "soon",
      "later",
      "suspended",
      "almost-full",
      "not-going",
      "rejected",
      "percent",
      "underscore",
      "long-words",
    ]);
    expect(page.page).toBe(1);
    expect(page.has_more).toBe(false);
  });

  it("puts recently closed initiatives in a separate past section, newest first, not canceled or older than the window", async () => {
    const page = await wall();
    expect(slugs(page.past)).toEqual(["registration-closed", "ended"]);
  });

  it("answers cards with the member's side of each initiative", async () => {
    const page = await wall();
    const bySlug = Object.fromEntries(page.initiatives.map((c: any) => [c.slug, c]));
    expect(bySlug.pinned).toMatchObject({ pinned_initiative: true, participant_status: null, own_interested: false });
    expect(bySlug["not-going"]).toMatchObject({ participant_status: "not_going" });
    expect(bySlug.rejected).toMatchObject({ participant_status: "rejected", manager_approval_status: "rejected" });
    expect(bySlug["almost-full"]).toMatchObject({ max_participants: 2, participant_count: 1 });
    expect(bySlug.soon).toMatchObject({ sdgs: [3], categories: ["health"], type: "volunteering", organization_name: "Wallorg" });
    expect(Object.keys(bySlug.soon).sort()).toEqual(
      [
        "id", "slug", "title", "image", "type", "subtype", "status", "start_time", "end_time", "registration_end_time", "address",
        "is_in_person", "is_remote", "pinned_initiative", "sdgs", "categories", "max_participants", "participant_count",
        "participant_status", "own_interested", "manager_approval_status", "participant_created_at", "own_contribution_total",
        "own_pending_contribution_total",
        "organization_name", "organization_logo_small",
      ].sort(),
    );
  });

  it("searches title and description, with % and _ taken literally", async () => {
    expect(slugs((await wall("?search=blood")).initiatives)).toEqual(["soon"]);
    expect(slugs((await wall("?search=TITLE%20LATER")).initiatives)).toEqual(["later"]);
    expect(slugs((await wall("?search=%25")).initiatives)).toEqual(["percent", "long-words"]);
    expect(slugs((await wall("?search=_")).initiatives)).toEqual(["underscore"]);
    expect(slugs((await wall("?search=nothing-like-this")).initiatives)).toEqual([]);
  });

  it("searches with the whole 100 characters the filter allows, multi-byte and LIKE-special characters included", async () => {
    const found = async (term: string) => slugs((await wall(`?search=${encodeURIComponent(term)}`)).initiatives);
    expect(LONG_TERM).toHaveLength(100);
    expect(new TextEncoder().encode(LONG_TERM).length).toBeGreaterThan(100);
    expect(await found(LONG_TERM)).toEqual(["long-words"]);
    // Past 48 bytes but one letter off: found by nothing, answered 200, not a 500.
    expect(await found(LONG_TERM.replace("comarca", "comarco"))).toEqual([]);
    expect(await found("LIMPIEZA DE LA ría de Bilbao")).toEqual(["long-words"]);
    expect(await found("%_".repeat(50))).toEqual([]);
    expect(await found("reúne a vecinos, escuelas y clubes de remo de toda la comarca: 100%")).toEqual(["long-words"]);
  });

  it("filters by type, SDG, category and pinned", async () => {
    expect(slugs((await wall("?type=training")).initiatives)).toEqual(["later"]);
    expect(slugs((await wall("?sdg=4")).initiatives)).toEqual(["later"]);
    expect(slugs((await wall("?category=health")).initiatives)).toEqual(["soon"]);
    expect(slugs((await wall("?pinned=true")).initiatives)).toEqual(["pinned"]);
    expect(slugs((await wall("?type=volunteering&search=title%20s")).initiatives)).toEqual(["soon", "suspended"]);
    // Empty parameters are no filter.
    expect((await wall("?search=&type=&from=&to=")).initiatives).toHaveLength(11);
  });

  it("ignores pinning where the organisation does not pin", async () => {
    const page = await wall("", plain, "plainorg");
    expect(slugs(page.initiatives)).toEqual(["plain-first", "plain-pinned"]);
    expect(page.initiatives[1].pinned_initiative).toBe(false);
    expect(slugs((await wall("?pinned=true", plain, "plainorg")).initiatives)).toEqual(["plain-first", "plain-pinned"]);
  });

  it("filters by date range, clamped to the window", async () => {
    const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
    const range = await wall(`?from=${day(4)}&to=${day(6)}`);
    expect(slugs(range.initiatives)).toEqual(["pinned", "no-dates", "almost-full"]);
    // Beyond the window is clamped: next year's initiative never shows, long-ago never in past.
    const wide = await wall("?from=2000-01-01&to=2999-12-31");
    expect(slugs(wide.initiatives)).not.toContain("next-year");
    expect(slugs(wide.past)).toEqual(["registration-closed", "ended"]);
    // Full ISO times are accepted too.
    expect((await wall(`?from=${new Date(now).toISOString()}`)).initiatives.length).toBe(11);
  });

  it("refuses invalid filters with field errors", async () => {
    const cases: [string, Record<string, string>][] = [
      ["?from=yesterday", { from: "form_error_invalid_date" }],
      ["?to=2025-13-45", { to: "form_error_invalid_date" }],
      ["?from=2025-02-01&to=2025-01-01", { to: "form_error_date_range" }],
      ["?type=party", { type: "form_error_invalid" }],
      ["?sdg=18", { sdg: "form_error_invalid" }],
      ["?sdg=abc", { sdg: "form_error_invalid" }],
      ["?category=Not%20A%20Slug", { category: "form_error_invalid" }],
      ["?pinned=yes", { pinned: "form_error_invalid" }],
      ["?page=0", { page: "form_error_invalid" }],
      [`?search=${"x".repeat(101)}`, { search: "form_error_max_length" }],
    ];
    for (const [query, fields] of cases) {
      const res = await call("GET", `/api/wallorg/wall${query}`, { token: w1 });
      expect(res.status, query).toBe(400);
      expect((await json(res)).fields, query).toEqual(fields);
    }
  });

  it("pages by 50", async () => {
    const token = (await login("b@bulk.example", "Correct-Horse-9")).body.access_token;
    const first = await wall("", token, "bulkorg");
    const second = await wall("?page=2", token, "bulkorg");
    const third = await wall("?page=3", token, "bulkorg");
    expect(first.initiatives).toHaveLength(50);
    expect(first.has_more).toBe(true);
    expect(second.initiatives).toHaveLength(10);
    expect(second.has_more).toBe(false);
    expect(second.past).toEqual([]);
    expect(third.initiatives).toEqual([]);
    expect(slugs(first.initiatives)[0]).toBe("bulk-0");
    expect(new Set([...slugs(first.initiatives), ...slugs(second.initiatives)]).size).toBe(60);
  });

  it("pages by cursor and limit as every list does: the same wall, a Link to the next page, past on the first page only", async () => {
    const all = await wall();
    const shown: string[] = [];
    let path: string | null = "/api/wallorg/wall?limit=3";
    let pages = 0;
    while (path) {
      const res = await call("GET", path, { token: w1 });
      expect(res.status).toBe(200);
      const page = await json(res);
      shown.push(...slugs(page.initiatives));
      if (pages++ > 0) expect(page.past).toEqual([]);
      else expect(page.past).toEqual(all.past);
      const link = /<([^>]+)>; rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
      expect(link ? new URL(link).searchParams.get("cursor") : null).toBe(page.next_cursor);
      path = link ? new URL(link).pathname + new URL(link).search : null;
    }
    // Pinned first (the pinned row ends the first page's pinned part), then by start time, each once.
    expect(shown).toEqual(slugs(all.initiatives));
    expect(pages).toBe(Math.ceil(all.initiatives.length / 3));
    for (const query of ["?cursor=nope", "?cursor=2.1.x", "?limit=0", "?limit=101"]) expect((await call("GET", `/api/wallorg/wall${query}`, { token: w1 })).status, query).toBe(400);
  });

  it("is the organisation's own: 401 without a token, 404 for members of another organisation", async () => {
    expect((await call("GET", "/api/wallorg/wall")).status).toBe(401);
    expect((await call("GET", "/api/wallorg/wall", { token: ana })).status).toBe(404);
    expect((await call("GET", "/api/wallorg/wall", { token: plain })).status).toBe(404);
    const commons = await wall("", ana, "commons");
    expect(commons.initiatives).toEqual([]);
  });

  it("reads the upcoming part of each slice in initiatives_wall_idx order, what runs on the long index, the past section by closing time", async () => {
    const org = (await getOrganizationBySlug(env, "wallorg"))!;
    const window = dateFilterWindow(now);
    const filters: WallFilters = { from: window.from, to: window.to, page: 1, search: "x", sdg: 3, category: "health" };
    const plan = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql, params } = query.toSQL();
      const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      return rows.results.map((r) => r.detail).join("\n");
    };
    const slices = wallSlices(org);
    expect(slices).toHaveLength(4);
    const [upcoming, recent, long, openEnded] = [[0, 4], [4, 5], [5, 6], [6, 7]].map(([from, to]) => wallPartQueries(getDb(env), org, w1Id, filters, now, 51).slice(from, to));
    expect(upcoming).toHaveLength(4);
    for (const query of upcoming) {
      const details = await plan(query);
      // From now on, in the index's order (start_time, id): LIMIT stops after the page's rows.
      expect(details).toMatch(/SEARCH initiatives USING INDEX initiatives_wall_idx \(org_id=\? AND status=\? AND pinned=\? AND start_time>\?\)/);
      expect(details).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
      // The member's own are looked up per initiative on their unique keys, never listed in full.
      expect(details).not.toMatch(/LIST SUBQUERY/);
    }
    // What started within the span, on either index in start order (the organisation's, or the wall's per status and pin).
    expect(await plan(recent[0])).toMatch(/SEARCH initiatives USING INDEX initiatives_(org_start_idx \(org_id=\?|wall_idx \(org_id=\? AND status=\? AND pinned=\?) AND start_time>\? AND start_time<\?\)/);
    expect(await plan(long[0])).toMatch(/SEARCH initiatives USING INDEX initiatives_wall_long_idx \(org_id=\? AND status=\? AND pinned=\? AND end_time>\?\)/);
    expect(await plan(openEnded[0])).toMatch(/SEARCH initiatives USING INDEX initiatives_wall_long_idx \(org_id=\? AND status=\? AND pinned=\? AND end_time=\?\)/);
    const past = await plan(pastQuery(getDb(env), org, w1Id, filters, now));
    expect(past).toMatch(/SEARCH initiatives USING INDEX initiatives_org_closes_idx/);
    expect(past).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    expect(wallSlices(org, true)).toEqual([
      { status: "open", pinned: true },
      { status: "suspended", pinned: true },
    ]);
  });
});
