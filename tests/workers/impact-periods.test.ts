/**
 * Fiscal years in the organisation's zone (issue 30, section 2): an administrator sets the month
 * the fiscal year starts (PUT /admin/config, community.fiscal_year_start_month); the report's named
 * periods (`period=this_year|last_year`, and the default without dates) are such years from
 * midnight in the organisation's zone (its region's), compared with the fiscal year before; hours
 * on either side of a boundary fall in the right year; exports name the organisation's days. Days
 * given as `from` and `to` (and a snapshot's) run from midnight to midnight in the zone too, an hour
 * is valued with the rate of its year in the zone, and management hours fall on the day entered.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { fiscalYear } from "../../app/domain/fiscal-year";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const now = new Date();
// Vizinhos is in Brazil (America/Sao_Paulo, UTC-3); its fiscal year starts in April.
const thisStart = now.getUTCMonth() + 1 >= 4 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
const lastStart = thisStart - 1;

async function hours(participationId: string, at: number, amount: number) {
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES (?, ?, 'hours', ?, 'validated', ?)").bind(crypto.randomUUID(), participationId, amount, at).run();
}

beforeAll(async () => {
  const { vizinhos } = await seedOrganizations();
  await createMember({ email: "bia@fy.example", orgId: vizinhos.id, name: "Bia", role: "admin" });
  const caio = await createMember({ email: "caio@fy.example", orgId: vizinhos.id, name: "Caio", role: "member" });
  tokens.bia = (await login("bia@fy.example", "Correct-Horse-9")).body.access_token;
  const saved = await call("PUT", "/api/vizinhos/admin/config", { token: tokens.bia, body: { community: { fiscal_year_start_month: 4 } } });
  expect(saved.status).toBe(200);
  const garden = await createInitiative({ orgId: vizinhos.id, slug: "garden", title: "Garden" });
  const participation = await addParticipation(garden.id, vizinhos.id, caio.id);
  ids.participation = participation.id;
  // 1 April of last fiscal year at 01:00 UTC is still 31 March (22:00) in São Paulo: the year before.
  await hours(participation.id, Date.UTC(lastStart, 3, 1, 1), 2);
  // 1 April at 04:00 UTC is 01:00 in São Paulo: last fiscal year.
  await hours(participation.id, Date.UTC(lastStart, 3, 1, 4), 3);
  // 31 March of this fiscal year's start at 23:00 in São Paulo (02:00 UTC on 1 April): still last fiscal year.
  await hours(participation.id, Date.UTC(thisStart, 3, 1, 2), 5);
});

describe("fiscal years in the organisation's zone", () => {
  it("computes a year from the start month at midnight in the zone", () => {
    expect(fiscalYear(Date.UTC(2026, 1, 10), 4, "America/Sao_Paulo")).toEqual({ from: Date.UTC(2025, 3, 1, 3), to: Date.UTC(2026, 3, 1, 3), first_day: "2025-04-01", last_day: "2026-03-31" });
    // Just after midnight of 1 April in São Paulo is the new year; just before, the old one.
    expect(fiscalYear(Date.UTC(2026, 3, 1, 3, 30), 4, "America/Sao_Paulo").first_day).toBe("2026-04-01");
    expect(fiscalYear(Date.UTC(2026, 3, 1, 2, 30), 4, "America/Sao_Paulo").first_day).toBe("2025-04-01");
    expect(fiscalYear(Date.UTC(2026, 5, 1), 1, "UTC", 1)).toMatchObject({ first_day: "2025-01-01", last_day: "2025-12-31" });
  });

  it("reports last fiscal year by default and on period=last_year, compared with the year before", async () => {
    for (const query of ["", "?period=last_year"]) {
      const report = await json(await call("GET", `/api/vizinhos/admin/impact${query}`, { token: tokens.bia }));
      expect(report.first_day).toBe(`${lastStart}-04-01`);
      expect(report.last_day).toBe(`${lastStart + 1}-03-31`);
      expect(report.from).toBe(new Date(Date.UTC(lastStart, 3, 1, 3)).toISOString());
      expect(report.totals.hours.own + report.totals.hours.paid).toBe(8);
      expect(report.previous.from).toBe(new Date(Date.UTC(lastStart - 1, 3, 1, 3)).toISOString());
      expect(report.previous.totals.hours.own + report.previous.totals.hours.paid).toBe(2);
    }
    const current = await json(await call("GET", "/api/vizinhos/admin/impact?period=this_year", { token: tokens.bia }));
    expect(current.first_day).toBe(`${thisStart}-04-01`);
  });

  it("names the organisation's days in an export, and refuses a named period with days", async () => {
    const iris = await call("GET", "/api/vizinhos/admin/impact/iris-oi8429.csv?period=last_year", { token: tokens.bia });
    expect(iris.headers.get("content-disposition")).toContain(`vizinhos-iris-oi8429-${lastStart}-04-01-${lastStart + 1}-03-31.csv`);
    expect(await iris.text()).toContain(`"${lastStart}-04-01","${lastStart + 1}-03-31","8"`);
    const both = await call("GET", `/api/vizinhos/admin/impact?period=last_year&from=${lastStart}-01-01`, { token: tokens.bia });
    expect(both.status).toBe(400);
    expect((await json(both)).fields).toEqual({ period: "form_error_invalid" });
    const unknown = await call("GET", "/api/vizinhos/admin/impact?period=next_year", { token: tokens.bia });
    expect(unknown.status).toBe(400);
  });

  it("refuses a start month that is not 1 to 12", async () => {
    const answer = await call("PUT", "/api/vizinhos/admin/config", { token: tokens.bia, body: { community: { fiscal_year_start_month: 13 } } });
    expect(answer.status).toBe(400);
  });
});

describe("days in the organisation's zone", () => {
  const report = async (query: string) => json(await call("GET", `/api/vizinhos/admin/impact?${query}`, { token: tokens.bia }));
  const counted = (totals: { hours: { paid: number; own: number } }) => totals.hours.paid + totals.hours.own;

  it("reads from and to as midnight to midnight in São Paulo, and compares whole months with the months before", async () => {
    // 1 May 2023 at 01:00 UTC is still 30 April (22:00) in São Paulo; 1 June at 02:00 UTC is 31 May (23:00).
    await hours(ids.participation, Date.UTC(2023, 4, 1, 1), 7);
    await hours(ids.participation, Date.UTC(2023, 5, 1, 2), 11);
    const may = await report("from=2023-05-01&to=2023-05-31");
    expect(may).toMatchObject({ first_day: "2023-05-01", last_day: "2023-05-31", from: new Date(Date.UTC(2023, 4, 1, 3)).toISOString(), to: new Date(Date.UTC(2023, 5, 1, 3)).toISOString() });
    expect(counted(may.totals)).toBe(11);
    // The month before, from midnight of 1 April in São Paulo: the hours of 30 April evening.
    expect(may.previous).toMatchObject({ from: new Date(Date.UTC(2023, 3, 1, 3)).toISOString(), to: may.from });
    expect(counted(may.previous.totals)).toBe(7);
    // Days that are not whole months: as many days before.
    const days = await report("from=2023-05-31&to=2023-06-01");
    expect(days.previous.from).toBe(new Date(Date.UTC(2023, 4, 29, 3)).toISOString());
    expect(counted(days.totals)).toBe(11);
  });

  it("values an hour with the rate of its year in the zone: New Year's Eve evening in São Paulo is the old year's", async () => {
    const card = await call("PUT", "/api/vizinhos/admin/rates", {
      token: tokens.bia,
      body: {
        rates: [
          { key_type: "default", key_value: "", amount: 10, currency: "BRL", name: null, source: "Payroll 2021", from_year: 2021, to_year: 2021 },
          { key_type: "default", key_value: "", amount: 20, currency: "BRL", name: null, source: "Payroll 2022", from_year: 2022, to_year: null },
        ],
      },
    });
    expect(card.status).toBe(200);
    // 1 January 2022 at 02:00 UTC is 31 December 2021 (23:00) in São Paulo: valued at 2021's rate.
    await hours(ids.participation, Date.UTC(2022, 0, 1, 2), 3);
    // 1 January 2022 at 04:00 UTC is 01:00 there: 2022's.
    await hours(ids.participation, Date.UTC(2022, 0, 1, 4), 1);
    const eve = await report("from=2021-12-31&to=2021-12-31");
    expect(eve.totals.time_value).toEqual([{ currency: "BRL", paid: 0, own: 30, management: 0 }]);
    const newYear = await report("from=2022-01-01&to=2022-01-01");
    expect(newYear.totals.time_value).toEqual([{ currency: "BRL", paid: 0, own: 20, management: 0 }]);
  });

  it("puts management hours on the day entered, and names a snapshot's days in the zone", async () => {
    const added = await call("POST", "/api/vizinhos/admin/impact/management", { token: tokens.bia, body: { initiative: "garden", hours: 2, day: "2023-07-01", note: null } });
    expect(added.status).toBe(201);
    expect((await json(added)).day).toBe("2023-07-01");
    expect((await report("from=2023-07-01&to=2023-07-01")).totals.hours.management).toBe(2);
    expect((await report("from=2023-06-30&to=2023-06-30")).totals.hours.management).toBe(0);
    const frozen = await call("POST", "/api/vizinhos/admin/impact/snapshots", { token: tokens.bia, body: { from: "2023-05-01", to: "2023-05-31" } });
    expect(frozen.status).toBe(201);
    const made = await json(frozen);
    expect(made).toMatchObject({ from: new Date(Date.UTC(2023, 4, 1, 3)).toISOString(), first_day: "2023-05-01", last_day: "2023-05-31" });
    const snapshot = await json(await call("GET", `/api/vizinhos/admin/impact/snapshots/${made.id}`, { token: tokens.bia }));
    expect(snapshot.changed).toBe(false);
  });
});
