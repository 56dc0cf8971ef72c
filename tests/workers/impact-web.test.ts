/**
 * /manage/impact (issue 30): the administrators' impact report page over last calendar year by
 * default, the rate card saved from its form (a field's message lands on the row typed in, blank
 * rows left out), an export downloaded through the page's own address, and nobody else's (404).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/_app.manage.impact/route";
import { loader as fileLoader } from "../../app/routes/_app.manage.impact_.$file";
import { loader as snapshotLoader } from "../../app/routes/_app.manage.impact_.snapshots.$id";
import { action as recordsAction } from "../../app/routes/_app.manage.records/route";
import { action as membersAction, loader as membersLoader } from "../../app/routes/_app.manage.members/route";
import { action as editAction, loader as editLoader } from "../../app/routes/_app.manage.initiatives.$id_.edit/route";
import { createWebSession } from "../../workers/auth/web-session";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { pageRequests, run, type Route } from "./route-calls";
import { call, createMember, login, seedOrganizations, testLoadContext } from "./support";

const apiToken = async (who: string) => (await login(`${who}@acme.example`, "Correct-Horse-9")).body.access_token as string;

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
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
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"], ["ana", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, name, role })).id;
    cookies[name] = (await createWebSession(context, (await login(`${name}@acme.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  }
  ids.beach = (await createInitiative({ orgId: acme.id, slug: "dunes", title: "Dunes", sdgs: [15], startTime: Date.now() + 86_400_000, submitterMemberId: ids.olga })).id;
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach", sdgs: [14], isWorkingHours: true });
  const participation = await addParticipation(beach.id, acme.id, ids.ana);
  ids.participation = participation.id;
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
    expect(page.data!.query).toEqual({ from: `${lastYear}-01-01`, to: `${lastYear}-12-31`, group_by: "sdg", period: "last_year" });
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

/** A multipart form post from the page's origin, with one file. */
function upload(who: string, path: string, fields: [string, string][], file: { name: string; text: string }) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  body.append(file.name, new File([file.text], "members.csv", { type: "text/csv" }));
  return new Request(`http://acme.localhost${path}`, { method: "POST", headers: { cookie: cookies[who], origin: "http://acme.localhost" }, body });
}

describe("/manage/impact's other forms", () => {
  it("imports members' attributes from a CSV and lists the refused rows by their line in the file", async () => {
    const text = "email,country,site,grade\nana@acme.example,pt,Lisboa,B\nnobody@acme.example,ES,,\nolga@acme.example,Spain,,\n";
    const answer = await run(action as Route, upload("alma", "/manage/impact", [["intent", "import"]], { name: "csv", text }));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      intent: "import",
      error: null,
      updated: 1,
      rejected: [
        { row: 3, email: "nobody@acme.example", fields: { email: "impact_error_not_a_member" } },
        { row: 4, email: "olga@acme.example", fields: { country: "impact_error_unknown_country" } },
      ],
    });
    const members = await run(membersLoader as Route, get("alma", "/manage/members?q=ana"));
    expect(members.data!.list.members[0].impact).toEqual({ country: "PT", site: "Lisboa", grade: "B" });
    const none = await run(action as Route, upload("alma", "/manage/impact", [["intent", "import"]], { name: "csv", text: "" }));
    expect(none).toMatchObject({ status: 400, data: { error: "import_error_no_file" } });
  });

  it("sets and clears a member's attributes from their row on /manage/members", async () => {
    const saved = await run(membersAction as Route, post("alma", "/manage/members", [["intent", "impact"], ["id", ids.ana], ["country", "br"], ["site", ""], ["grade", "C"]]));
    expect(saved).toMatchObject({ status: 200, data: { done: { status: "impact" } } });
    const members = await run(membersLoader as Route, get("alma", "/manage/members?q=ana"));
    expect(members.data!.list.members[0].impact).toEqual({ country: "BR", site: null, grade: "C" });
    const refused = await run(membersAction as Route, post("alma", "/manage/members", [["intent", "impact"], ["id", ids.ana], ["country", "Brazil"]]));
    expect(refused).toMatchObject({ status: 400, data: { id: ids.ana, fields: { country: "impact_error_unknown_country" } } });
  });

  it("offers administrators the initiatives whose title holds the search for management hours, the page's period kept", async () => {
    const newest = await run(loader as Route, get("alma", "/manage/impact"));
    expect(newest.data!.initiatives).toMatchObject({ q: "", has_more: false });
    expect(newest.data!.initiatives!.list.map((initiative: { slug: string }) => initiative.slug).sort()).toEqual(["beach", "dunes"]);
    const found = await run(loader as Route, get("alma", "/manage/impact?period=this_year&initiative_q=dun"));
    expect(found.data!.initiatives).toEqual({ q: "dun", list: [{ slug: "dunes", title: "Dunes", start_time: expect.any(String) }], has_more: false });
    expect(found.data!.query.period).toBe("this_year");
    expect((await run(loader as Route, get("alma", "/manage/impact?initiative_q=nothing-like-it"))).data!.initiatives).toEqual({ q: "nothing-like-it", list: [], has_more: false });
    // Organisers never reach the page; the list is the administrators' form's alone.
    expect((await run(loader as Route, get("olga", "/manage/impact?initiative_q=dun"))).status).toBe(404);
  });

  it("adds and removes management hours, which count in the report", async () => {
    const added = await run(action as Route, post("alma", "/manage/impact", [["intent", "management_add"], ["initiative", "beach"], ["hours", "4"], ["day", `${lastYear}-03-02`], ["note", "Logistics"]]));
    expect(added).toMatchObject({ status: 200, data: { intent: "management_add", error: null } });
    const page = await run(loader as Route, get("alma", "/manage/impact"));
    expect(page.data!.report.totals.hours.management).toBe(4);
    expect(page.data!.management).toMatchObject([{ initiative: "beach", hours: 4, day: `${lastYear}-03-02`, note: "Logistics" }]);
    const bad = await run(action as Route, post("alma", "/manage/impact", [["intent", "management_add"], ["initiative", "beach"], ["hours", "0"], ["day", `${lastYear}-03-02`]]));
    expect(bad).toMatchObject({ status: 400, data: { fields: { hours: "form_error_out_of_range" } } });
    const removed = await run(action as Route, post("alma", "/manage/impact", [["intent", "management_remove"], ["id", page.data!.management[0].id]]));
    expect(removed.status).toBe(200);
    expect((await run(loader as Route, get("alma", "/manage/impact"))).data!.management).toEqual([]);
  });

  it("freezes last year, lists the snapshot and shows a later correction as a change", async () => {
    const frozen = await run(action as Route, post("alma", "/manage/impact", [["intent", "freeze"], ["from", `${lastYear}-01-01`], ["to", `${lastYear}-12-31`]]));
    expect(frozen).toMatchObject({ status: 200, data: { intent: "freeze", error: null } });
    const id = frozen.data!.snapshot as string;
    expect((await run(loader as Route, get("alma", "/manage/impact"))).data!.snapshots).toMatchObject([{ id, verified: true }]);
    const unchanged = await run(snapshotLoader as Route, get("alma", `/manage/impact/snapshots/${id}`), { id });
    expect(unchanged.data!.answer).toMatchObject({ changed: false, changes: [] });
    await env.DB.prepare("UPDATE participation_records SET status = 'rejected' WHERE hours = 6").run();
    const changed = await run(snapshotLoader as Route, get("alma", `/manage/impact/snapshots/${id}`), { id });
    expect(changed.data!.answer.changes).toContainEqual({ path: "totals.hours.paid", frozen: 6, live: 0 });
    await env.DB.prepare("UPDATE participation_records SET status = 'validated' WHERE hours = 6").run();
    const open = await run(action as Route, post("alma", "/manage/impact", [["intent", "freeze"], ["from", `${lastYear + 1}-01-01`], ["to", `${lastYear + 1}-12-31`]]));
    expect(open).toMatchObject({ status: 400, data: { fields: { to: "impact_error_period_open" } } });
    expect((await run(snapshotLoader as Route, get("olga", `/manage/impact/snapshots/${id}`), { id })).status).toBe(404);
  });

  it("gives administrators the initiative's motivation and country in the editor, and saves them with it", async () => {
    const loaded = await run(editLoader as Route, get("alma", `/manage/initiatives/${ids.beach}/edit`), { id: ids.beach });
    expect(loaded.data!.impact).toEqual({ motivation: "community_investment", country: null });
    expect((await run(editLoader as Route, get("olga", `/manage/initiatives/${ids.beach}/edit`), { id: ids.beach })).data!.impact).toBeNull();
    const form = (country: string): [string, string][] => [["title", "Dunes"], ["description", "Planting the dunes."], ["type", "volunteering"], ["impact_motivation", "charitable_gift"], ["impact_country", country], ["zone", "UTC"]];
    const refused = await run(editAction as Route, post("alma", `/manage/initiatives/${ids.beach}/edit`, form("Spain")), { id: ids.beach });
    expect(refused).toMatchObject({ status: 400, data: { fields: { impact_country: "impact_error_unknown_country" } } });
    const saved = await run(editAction as Route, post("alma", `/manage/initiatives/${ids.beach}/edit`, form("es")), { id: ids.beach });
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    const row = await env.DB.prepare("SELECT motivation, country FROM initiatives WHERE id = ?").bind(ids.beach).first();
    expect(row).toEqual({ motivation: "charitable_gift", country: "ES" });
  });
});

describe("/manage/records: whose time, set for many records at once", () => {
  it("validates the records ticked in the member's own time, and leaves it to the initiative when not chosen", async () => {
    const pending = async () => {
      const id = crypto.randomUUID();
      await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES (?, ?, 'hours', 2, 'pending', ?)").bind(id, ids.participation, Date.now()).run();
      return id;
    };
    const [first, second, third] = [await pending(), await pending(), await pending()];
    const decided = await run(recordsAction as Route, post("alma", "/manage/records", [["intent", "review_records"], ["ids", first], ["ids", second], ["time_basis", "own"], ["decide", "validated"]]));
    expect(decided).toMatchObject({ status: 200, data: { done: { status: "validated", count: 2 } } });
    const basis = (id: string) => env.DB.prepare("SELECT status, time_basis FROM participation_records WHERE id = ?").bind(id).first();
    expect(await basis(first)).toEqual({ status: "validated", time_basis: "own" });
    expect(await basis(second)).toEqual({ status: "validated", time_basis: "own" });
    await run(recordsAction as Route, post("alma", "/manage/records", [["intent", "review_records"], ["time_basis", ""], ["decide", `validated:${third}`]]));
    expect(await basis(third)).toEqual({ status: "validated", time_basis: null });
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE target_id = ? AND action = 'record.validated'").bind(first).first<{ detail: string }>();
    expect(JSON.parse(audit!.detail)).toEqual({ time_basis: "own" });
  });

  it("refuses a time basis that is neither paid nor own (API)", async () => {
    const answer = await call("PUT", "/api/acme/manage/records", { token: await apiToken("olga"), body: { ids: ["x"], status: "validated", time_basis: "weekend" } });
    expect(answer.status).toBe(400);
  });
});
