/**
 * The hour rollups of the ranking (issue 26 section 2; docs/decisions/037): after every kind of
 * write (validate, reject, bulk decisions, correct hours, grant, delete, check-in, disable/enable,
 * member removed, account erased, participation and initiative deleted, a region changed, records
 * on either side of New Year) the rollups equal the sums they stand for, and the ranking answers
 * what the query it replaced answers; that query is kept here as the oracle. Then the rows a view
 * reads: flat however many members the organisation has.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { fromLocal, REGIONS, regionZone, zoneOffset } from "../../app/domain/zoned-time";
import { eraseAccount } from "../../workers/account/deletion";
import { organizationRanking, RANKING_SIZE, type RankingPeriod } from "../../workers/rankings/service";
import { COUNTED_HOURS } from "../../workers/reports/counted-hours";
import { getOrganizationBySlug, invalidateOrganization } from "../../workers/tenant/organizations";
import { REBUILD_HOUR_ROLLUPS } from "../../scripts/hour-rollups-sql.mjs";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const parts: Record<string, string> = {};
const DAY = 86_400_000;
const ORGS = ["org-acme", "org-vizinhos", "org-commons"];

const all = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;

/** The first instant of calendar year `year` in `zone`, as the ranking computed it before the rollups. */
const yearStart = (year: number, zone: string) => fromLocal(Date.UTC(year, 0, 1), zone);
/** SQLite's default (binary) order of text, as `order by name` sorts. */
const binary = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const localYear = (ms: number, zone: string) => new Date(ms + zoneOffset(ms, zone)).getUTCFullYear();

/**
 * The ranking's query before the rollups (workers/rankings/service.ts until issue 26), with an end
 * added so that it sums any one year: the oracle. `listedOnly: false` keeps the disabled members,
 * whose totals the rollups keep too (unlisted).
 */
async function oracleTotals(orgId: string, since: number, until: number, listedOnly = true) {
  return all<{ member_id: string; hours: number; listed: number; rank: number }>(
    `with totals as (
       select p.member_id, sum(r.hours) as hours, m.disabled_at is null as listed
       from participation_records r
       join participations p on p.id = r.participation_id
       join initiatives i on i.id = p.initiative_id
       join members m on m.id = p.member_id
       where i.org_id = ?1 and ${COUNTED_HOURS} and r.created_at >= ?2 and r.created_at < ?3 and (?4 = 0 or m.disabled_at is null)
       group by p.member_id
       having (?4 = 1 and sum(r.hours) > 0) or (?4 = 0 and sum(r.hours) != 0)
     )
     select member_id, hours, listed, rank() over (order by hours desc) as rank from totals order by member_id`,
    orgId,
    since,
    until,
    listedOnly ? 1 : 0,
  );
}

/** The periods an organisation's records fall in: 0 (all time) and each calendar year of its zone. */
async function periodsOf(orgId: string, zone: string) {
  const stamps = await all<{ created_at: number }>("select distinct r.created_at from participation_records r join participations p on p.id = r.participation_id where p.org_id = ?", orgId);
  return [0, ...new Set(stamps.map((s) => localYear(s.created_at, zone)))];
}

/** The rollups equal the sums they stand for, in every organisation and period. */
async function expectRollupsHold() {
  for (const orgId of ORGS) {
    const org = (await all<{ region: string }>("select region from organizations where id = ?", orgId))[0];
    const zone = regionZone(org.region);
    for (const period of await periodsOf(orgId, zone)) {
      const [since, until] = period === 0 ? [0, Number.MAX_SAFE_INTEGER] : [yearStart(period, zone), yearStart(period + 1, zone)];
      const totals = await all<{ member_id: string; hours: number; listed: number }>(
        "select member_id, hours, listed from member_hour_totals where org_id = ? and period = ? order by member_id",
        orgId,
        period,
      );
      const oracle = await oracleTotals(orgId, since, until, false);
      expect(totals, `${orgId} ${period}`).toEqual(oracle.map(({ member_id, hours, listed }) => ({ member_id, hours, listed })));
      const counts = await all<{ hours: number; members: number }>("select hours, members from hour_total_counts where org_id = ? and period = ? order by hours", orgId, period);
      const expected = new Map<number, number>();
      for (const row of oracle) if (row.listed && row.hours > 0) expected.set(row.hours, (expected.get(row.hours) ?? 0) + 1);
      expect(counts, `${orgId} ${period} counts`).toEqual([...expected].sort((a, b) => a[0] - b[0]).map(([hours, members]) => ({ hours, members })));
    }
    // No rollup row for a period without records.
    const periods = await periodsOf(orgId, zone);
    const stray = await all<{ period: number }>("select distinct period from member_hour_totals where org_id = ?", orgId);
    expect(stray.map((s) => s.period).filter((p) => !periods.includes(p)), orgId).toEqual([]);
  }
}

/** The ranking answers what the old query answers: the top, and each member's own place. */
async function expectRankingAsBefore(now = Date.now()) {
  const org = (await getOrganizationBySlug(env, "acme"))!;
  const zone = regionZone(org.region);
  const members = await all<{ member_id: string }>("select distinct member_id from participations where org_id = 'org-acme'");
  for (const period of ["all", "year"] as RankingPeriod[]) {
    // The old query had no end (no record is created in the future); this test makes records at
    // the next New Year ahead of time, so the year ends where it does.
    const [since, until] = period === "year" ? [yearStart(localYear(now, zone), zone), yearStart(localYear(now, zone) + 1, zone)] : [0, Number.MAX_SAFE_INTEGER];
    const oracle = await oracleTotals(org.id, since, until);
    const names = new Map((await all<{ member_id: string; name: string }>("select member_id, name from profiles")).map((p) => [p.member_id, p.name]));
    const top = [...oracle].sort((a, b) => a.rank - b.rank || binary(names.get(a.member_id) ?? "", names.get(b.member_id) ?? "") || binary(a.member_id, b.member_id));
    for (const { member_id } of members) {
      const answer = await organizationRanking(env, org, member_id, period, now);
      expect(answer.organization_ranking.map((r) => [r.rank, r.member_id, r.hours]), period).toEqual(top.slice(0, RANKING_SIZE).map((r) => [r.rank, r.member_id, r.hours]));
      const own = oracle.find((r) => r.member_id === member_id);
      expect(answer.me, `${period} ${member_id}`).toEqual(own ? { rank: own.rank, hours: own.hours } : null);
    }
  }
}

async function expectInStep(now?: number) {
  await expectRollupsHold();
  await expectRankingAsBefore(now);
}

async function insertRecord(participation: string, hours: number, status: string, createdAt = Date.now(), extra: { checkinDay?: string } = {}) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into participation_records (id, participation_id, type, hours, status, created_at, checkin_day) values (?, ?, 'hours', ?, ?, ?, ?)")
    .bind(id, participation, hours, status, createdAt, extra.checkinDay ?? null)
    .run();
  return id;
}

const manage = (path: string, body: unknown, method = "PUT") => call(method, `/api/acme/manage${path}`, { token: tokens.alma, body });
const admin = (path: string, body?: unknown, method = "PUT") => call(method, `/api/acme/admin${path}`, { token: tokens.alma, body });

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  ids.alma = (await createMember({ email: "alma@acme.example", orgId: acme.id, name: "Alma", role: "admin" })).id;
  tokens.alma = (await login("alma@acme.example", "Correct-Horse-9")).body.access_token;
  for (const name of ["ana", "ben", "cris", "dani", "eli", "fede"]) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, name: name[0].toUpperCase() + name.slice(1) })).id;
  }
  // Gil is in two organisations: his hours in each stay in each.
  ids.gil = (await createMember({ email: "gil@acme.example", orgId: acme.id, name: "Gil" })).id;
  await env.DB.prepare("insert into memberships (org_id, member_id) values ('org-commons', ?)").bind(ids.gil).run();
  const day = await createInitiative({ orgId: acme.id, slug: "park-day", title: "Park day" });
  ids.day = day.id;
  ids.run = (await createInitiative({ orgId: acme.id, slug: "charity-run", title: "Charity run" })).id;
  const elsewhere = await createInitiative({ orgId: commons.id, slug: "elsewhere", title: "Elsewhere" });
  for (const name of ["ana", "ben", "cris", "dani", "eli", "fede", "gil"]) parts[name] = (await addParticipation(day.id, acme.id, ids[name])).id;
  parts.gilElsewhere = (await addParticipation(elsewhere.id, commons.id, ids.gil)).id;
});

describe("hour rollups after every kind of write", () => {
  it("hold from the start, with records of every status", async () => {
    ids.anaPending = await insertRecord(parts.ana, 5, "pending");
    ids.benPending = await insertRecord(parts.ben, 8, "pending");
    ids.crisPending = await insertRecord(parts.cris, 3, "pending");
    ids.daniPending = await insertRecord(parts.dani, 4, "pending");
    await insertRecord(parts.eli, 6, "granted", Date.now() - 400 * DAY);
    await insertRecord(parts.gilElsewhere, 100, "validated");
    await expectInStep();
  });

  it("after a validation and a rejection", async () => {
    expect((await manage(`/records/${ids.anaPending}`, { status: "validated" })).status).toBe(200);
    await expectInStep();
    expect((await manage(`/records/${ids.daniPending}`, { status: "rejected", reason: "No sheet" })).status).toBe(200);
    await expectInStep();
  });

  it("after a bulk decision", async () => {
    expect((await manage("/records", { ids: [ids.benPending, ids.crisPending], status: "validated" })).status).toBe(200);
    await expectInStep();
  });

  it("after hours corrected, a record validated then taken back, and a type changed", async () => {
    await env.DB.prepare("update participation_records set hours = 7 where id = ?").bind(ids.benPending).run();
    await expectInStep();
    await env.DB.prepare("update participation_records set status = 'pending' where id = ?").bind(ids.crisPending).run();
    await expectInStep();
    await env.DB.prepare("update participation_records set status = 'validated' where id = ?").bind(ids.crisPending).run();
    await env.DB.prepare("update participation_records set type = 'indicator', value = hours, hours = null where id = ?").bind(ids.crisPending).run();
    await expectInStep();
  });

  it("after hours granted, equal totals sharing a rank", async () => {
    ids.daniGrant = await insertRecord(parts.dani, 7, "granted");
    ids.fedeGrant = await insertRecord(parts.fede, 5, "granted");
    await expectInStep();
    const answer = await json(await call("GET", "/api/acme/ranking", { token: tokens.alma }));
    expect(answer.organization_ranking.map((r: { rank: number; name: string; hours: number }) => [r.rank, r.name, r.hours])).toEqual([
      [1, "Ben", 7],
      [1, "Dani", 7],
      [3, "Eli", 6],
      [4, "Ana", 5],
      [4, "Fede", 5],
    ]);
  });

  it("after a record deleted, and a check-in at the desk", async () => {
    await env.DB.prepare("delete from participation_records where id = ?").bind(ids.fedeGrant).run();
    await expectInStep();
    // What the desk writes (workers/manage/checkin.ts): validated hours of the day, once per day.
    const today = new Date().toISOString().slice(0, 10);
    await insertRecord(parts.fede, 3, "validated", Date.now(), { checkinDay: today });
    await env.DB.prepare("insert into participation_records (id, participation_id, type, hours, status, checkin_day) values (?, ?, 'hours', 3, 'validated', ?) on conflict do nothing")
      .bind(crypto.randomUUID(), parts.fede, today)
      .run();
    await expectInStep();
  });

  it("after a member disabled and enabled again", async () => {
    expect((await admin(`/members/${ids.ben}`, { disabled: true })).status).toBe(200);
    await expectInStep();
    expect((await json(await call("GET", "/api/acme/ranking", { token: tokens.alma }))).organization_ranking.map((r: { name: string }) => r.name)).not.toContain("Ben");
    expect((await admin(`/members/${ids.ben}`, { disabled: false })).status).toBe(200);
    await expectInStep();
  });

  it("after a member removed from the organisation: their hours still count here", async () => {
    expect((await admin(`/members/${ids.gil}`, undefined, "DELETE")).status).toBe(204);
    await insertRecord(parts.gil, 2, "validated");
    await expectInStep();
  });

  it("after an account erased: its hours count as a deleted member's", async () => {
    await env.DB.prepare("update members set deletion_requested_at = 1 where id = ?").bind(ids.eli).run();
    expect(await eraseAccount(env, ids.eli)).toBe(true);
    await expectInStep();
    const entry = (await json(await call("GET", "/api/acme/ranking", { token: tokens.alma }))).organization_ranking.find((r: { member_id: string }) => r.member_id === ids.eli);
    expect(entry).toMatchObject({ hours: 6, deleted: true, name: "" });
  });

  it("on either side of New Year in the organisation's zone, and when the region changes", async () => {
    const zone = regionZone("ES");
    const newYear = yearStart(localYear(Date.now(), zone) + 1, zone);
    await insertRecord(parts.ana, 4, "validated", newYear - 1);
    await insertRecord(parts.ben, 9, "validated", newYear);
    await expectRollupsHold();
    // The last instant of this year and the first of the next, as the ranking's `now`.
    await expectRankingAsBefore(newYear - 1);
    await expectRankingAsBefore(newYear);
    const org = (await getOrganizationBySlug(env, "acme"))!;
    expect((await organizationRanking(env, org, ids.ben, "year", newYear)).organization_ranking.map((r) => [r.member_id, r.hours])).toEqual([[ids.ben, 9]]);
    // Lisbon's New Year is an hour after Madrid's and São Paulo's four: Ben's first instant of next
    // year in Madrid is still this year there; the year totals are summed again for the new zone.
    for (const region of ["PT", "BR", "ES"]) {
      await env.DB.prepare("update organizations set region = ? where id = 'org-acme'").bind(region).run();
      await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
      await expectRollupsHold();
      const zoned = regionZone(region);
      await expectRankingAsBefore(yearStart(localYear(Date.now(), zoned) + 1, zoned) - 1);
    }
  });

  it("after a participation, then an initiative, deleted", async () => {
    await env.DB.prepare("delete from participations where id = ?").bind(parts.dani).run();
    await expectInStep();
    const extra = await addParticipation(ids.run, "org-acme", ids.cris);
    await insertRecord(extra.id, 11, "validated");
    await expectInStep();
    await env.DB.prepare("delete from initiatives where id = ?").bind(ids.run).run();
    await expectInStep();
  });

  it("a rebuild from the records changes nothing", async () => {
    const snapshot = async () => ({
      totals: await all("select * from member_hour_totals order by member_id, org_id, period"),
      counts: await all("select * from hour_total_counts order by org_id, period, hours"),
    });
    const before = await snapshot();
    expect(before.totals.length).toBeGreaterThan(5);
    // Spoil them, then rebuild as `npm run rollups:rebuild` does.
    await env.DB.prepare("update member_hour_totals set hours = hours + 1").run();
    await env.DB.prepare("delete from hour_total_counts where rowid % 2 = 0").run();
    await env.DB.batch(REBUILD_HOUR_ROLLUPS.map((sql) => env.DB.prepare(sql)));
    expect(await snapshot()).toEqual(before);
  });
});

describe("the rule the rollups count by", () => {
  it("is COUNTED_HOURS, written out in the view and in every trigger on the records and participations", async () => {
    const written = await all<{ name: string; sql: string }>(
      // The dashboard's and the impact ledger's triggers on the same tables (migrations 0020, 0032) have their own tests (dashboard-rollups.test.ts, impact-rollups.test.ts).
      "select name, sql from sqlite_master where name = 'counted_hour_periods' or (type = 'trigger' and tbl_name in ('participation_records', 'participations') and name not like 'dashboard%' and name not like 'impact%')",
    );
    expect(written.length).toBe(6);
    // The rule as each one says it: of a record aliased r, of the trigger's new or old row, or bare.
    const forms = ["r.", "new.", "old.", ""].map((alias) => COUNTED_HOURS.toLowerCase().replace(/\br\./g, alias));
    for (const { name, sql } of written) {
      const text = sql.toLowerCase().replace(/\s+/g, " ");
      expect(forms.some((form) => text.includes(form)), name).toBe(true);
    }
  });
});

describe("region_year_offsets", () => {
  it("holds each region's offset at New Year, the same in the years around now", async () => {
    const rows = await all<{ region: string; offset_ms: number }>("select region, offset_ms from region_year_offsets order by region");
    expect(rows.map((r) => r.region)).toEqual([...REGIONS].sort());
    const year = new Date().getUTCFullYear();
    for (const { region, offset_ms } of rows) {
      const zone = regionZone(region);
      for (const y of [year - 1, year, year + 1, year + 2]) expect(zoneOffset(yearStart(y, zone), zone), `${region} ${y}`).toBe(offset_ms);
    }
  });
});

describe("rows a ranking view reads", () => {
  const BIG = "org-big";
  let made = 0;

  /** `count` more members in the big organisation, each with three validated records of 1 to 40 hours. */
  async function addMembers(count: number) {
    const from = made + 1;
    const to = made + count;
    made = to;
    const numbers = "with recursive n(i) as (select ?1 union all select i + 1 from n where i < ?2)";
    await env.DB.batch([
      env.DB.prepare(`${numbers} insert into members (id, email, last_terms_accepted_version) select 'big-m-' || i, 'big' || i || '@big.example', 1 from n`).bind(from, to),
      env.DB.prepare(`${numbers} insert into profiles (member_id, name, slug) select 'big-m-' || i, 'Member ' || i, 'big-' || i from n`).bind(from, to),
      env.DB.prepare(`${numbers} insert into memberships (org_id, member_id) select '${BIG}', 'big-m-' || i from n`).bind(from, to),
      env.DB.prepare(`${numbers} insert into participations (id, org_id, initiative_id, member_id, uuid, status) select 'big-p-' || i, '${BIG}', '${ids.bigDay}', 'big-m-' || i, 'big-u-' || i, 'accepted' from n`).bind(from, to),
      env.DB.prepare(
        `${numbers}, k(j) as (select 1 union all select 2 union all select 3)
         insert into participation_records (id, participation_id, type, hours, status, created_at)
         select 'big-r-' || i || '-' || j, 'big-p-' || i, 'hours', (i * 7 + j * 13) % 40 + 1, 'validated', ?3 - ((i * j) % 500) * ${DAY} from n, k`,
      ).bind(from, to, Date.now()),
    ]);
  }

  /** The ranking for the member with the fewest hours, and the D1 rows it read (meta.rows_read). */
  async function bottomView(period: RankingPeriod) {
    const org = (await getOrganizationBySlug(env, "big"))!;
    const [last] = await all<{ member_id: string }>(`select member_id from member_hour_totals where org_id = '${BIG}' and period = 0 order by hours, member_id limit 1`);
    let rowsRead = 0;
    const DB = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            const results = await target.batch(statements);
            for (const result of results) rowsRead += result.meta.rows_read;
            return results;
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const answer = await organizationRanking({ ...env, DB }, org, last.member_id, period, Date.now());
    return { answer, rowsRead, memberId: last.member_id, org };
  }

  it("stays flat from 1,500 to 3,000 members, far below what summing the records read", async () => {
    await createOrgForBig();
    await addMembers(1_500);
    const small = await bottomView("all");
    await addMembers(1_500);
    const large = await bottomView("all");
    const year = await bottomView("year");
    // The answer is the old query's, for the member at the bottom too.
    const oracle = await oracleTotals(large.org.id, 0, Number.MAX_SAFE_INTEGER);
    const own = oracle.find((r) => r.member_id === large.memberId)!;
    expect(large.answer.me).toEqual({ rank: own.rank, hours: own.hours });
    expect(large.answer.organization_ranking.map((r) => r.hours)).toEqual(oracle.map((r) => r.hours).sort((a, b) => b - a).slice(0, RANKING_SIZE));
    const old = await env.DB.prepare(
      `with totals as (select p.member_id, sum(r.hours) as hours from participation_records r join participations p on p.id = r.participation_id
         join initiatives i on i.id = p.initiative_id join members m on m.id = p.member_id
         where i.org_id = ?1 and ${COUNTED_HOURS} and m.disabled_at is null group by p.member_id having sum(r.hours) > 0)
       select count(*) from totals`,
    )
      .bind(BIG)
      .run();
    console.info(`ranking rows read: ${small.rowsRead} at 1,500 members, ${large.rowsRead} at 3,000 (year: ${year.rowsRead}); summing the records: ${old.meta.rows_read}`);
    expect(large.rowsRead).toBeLessThan(1_000);
    expect(year.rowsRead).toBeLessThan(1_000);
    expect(large.rowsRead - small.rowsRead).toBeLessThan(100);
    expect(old.meta.rows_read).toBeGreaterThan(10 * large.rowsRead);
  });

  async function createOrgForBig() {
    await env.DB.prepare("insert into organizations (id, slug, name, signup_token, region) values (?, 'big', 'Big', 'big-token', 'MX')").bind(BIG).run();
    ids.bigDay = (await createInitiative({ orgId: BIG, slug: "big-day", title: "Big day" })).id;
  }
});
