/**
 * Fiscal years in the organisation's zone (issue 30, section 2): an administrator sets the month
 * the fiscal year starts (PUT /admin/config, community.fiscal_year_start_month); the report's named
 * periods (`period=this_year|last_year`, and the default without dates) are such years from
 * midnight in the organisation's zone (its region's), compared with the fiscal year before; hours
 * on either side of a boundary fall in the right year; exports name the organisation's days.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { fiscalYear } from "../../app/domain/fiscal-year";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
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
