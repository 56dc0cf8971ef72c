/**
 * /manage/impact (issue 30): the administrators' impact report page over last calendar year by
 * default, the rate card saved from its form (a field's message lands on the row typed in, blank
 * rows left out), an export downloaded through the page's own address, and nobody else's (404).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/_app.manage.impact/route";
import { loader as fileLoader } from "../../app/routes/_app.manage.impact_.$file";
import { createWebSession } from "../../workers/auth/web-session";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { pageRequests, run, type Route } from "./route-calls";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

const cookies: Record<string, string> = {};
const { get, post } = pageRequests(cookies);
const lastYear = new Date().getUTCFullYear() - 1;

/** The rate card form's fields for these rows, then one row left blank. */
function rateFields(rows: Record<string, string>[]): [string, string][] {
  const fields: [string, string][] = [];
  [...rows, { key_type: "default" }].forEach((row, index) => {
    for (const field of ["key_type", "key_value", "amount", "currency", "name", "source", "from_year", "to_year"]) fields.push([`${field}_${index}`, row[field] ?? ""]);
  });
  return fields;
}

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const context = await testLoadContext("acme");
  const ids: Record<string, string> = {};
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"], ["ana", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, name, role })).id;
    cookies[name] = (await createWebSession(context, (await login(`${name}@acme.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  }
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach", sdgs: [14], isWorkingHours: true });
  const participation = await addParticipation(beach.id, acme.id, ids.ana);
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES (?, ?, 'hours', 6, 'validated', ?)")
    .bind(crypto.randomUUID(), participation.id, Date.UTC(lastYear, 5, 1))
    .run();
});

describe("/manage/impact", () => {
  it("saves the rate card from the form and shows last year's report valued with it", async () => {
    const saved = await run(action as Route, post("alma", "/manage/impact", rateFields([{ key_type: "default", amount: "25.5", currency: "eur", source: "Payroll", from_year: String(lastYear) }])));
    expect(saved).toMatchObject({ status: 200, data: { saved: true } });
    const page = await run(loader as Route, get("alma", "/manage/impact?group_by=sdg"));
    expect(page.status).toBe(200);
    expect(page.data!.query).toEqual({ from: `${lastYear}-01-01`, to: `${lastYear}-12-31`, group_by: "sdg" });
    expect(page.data!.report.totals.hours.paid).toBe(6);
    expect(page.data!.report.totals.time_value).toEqual([{ currency: "EUR", paid: 153, own: 0, management: 0 }]);
    expect(page.data!.report.groups[0].group).toBe("14");
    expect(page.data!.rates).toMatchObject([{ key_type: "default", amount: 25.5, currency: "EUR" }]);
  });

  it("puts the API's message on the row typed in, and keeps the card", async () => {
    const fields = rateFields([
      { key_type: "default", amount: "20", currency: "EUR", source: "Payroll", from_year: "2020" },
      { key_type: "country", key_value: "pt", amount: "-3", currency: "EUR", source: "Payroll PT", from_year: "2020" },
    ]);
    // A blank row between the two: the message still names the row as shown.
    const shifted: [string, string][] = fields.map(([name, value]) => [name.replace(/_1$/, "_2"), value]);
    const blank = ["key_type", "key_value", "amount", "currency", "name", "source", "from_year", "to_year"].map((field): [string, string] => [`${field}_1`, field === "key_type" ? "default" : ""]);
    const answer = await run(action as Route, post("alma", "/manage/impact", [...shifted, ...blank]));
    expect(answer).toMatchObject({ status: 400, data: { saved: false, fields: { amount_2: "impact_error_rate_not_positive" } } });
    const page = await run(loader as Route, get("alma", "/manage/impact"));
    expect(page.data!.rates).toHaveLength(1);
  });

  it("downloads an export of the page's period through its own address", async () => {
    const answer = (await fileLoader({ request: get("alma", `/manage/impact/iris-oi8429.csv?from=${lastYear}-01-01&to=${lastYear}-12-31`), context: await testLoadContext("acme"), params: { file: "iris-oi8429.csv" } })) as Response;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(`"OI8429","Community Service Hours","${lastYear}-01-01","${lastYear}-12-31","6"`);
    expect((await run(fileLoader as Route, get("alma", "/manage/impact/secrets.csv"), { file: "secrets.csv" })).status).toBe(404);
  });

  it("is not there for organisers and members", async () => {
    for (const who of ["olga", "ana"]) {
      expect((await run(loader as Route, get(who, "/manage/impact"))).status).toBe(404);
      expect((await run(fileLoader as Route, get(who, "/manage/impact/b4si.csv"), { file: "b4si.csv" })).status).toBe(404);
    }
  });
});
