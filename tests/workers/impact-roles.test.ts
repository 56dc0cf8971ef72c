/**
 * The read-only reporting role (issue 30; decision 052): an administrator grants it on the members
 * API; it reads the impact report, the rate card, management hours, snapshots and every export but
 * the evidence (which names members), and every write of the impact API answers 403 before its
 * body is read, as does the rest of the staff and admin API. /manage/impact shows it the report
 * without the forms, and its actions are not there for it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/_app.manage.impact/route";
import { AUDIT_KINDS, manageSections } from "../../app/domain/manage";
import { createWebSession } from "../../workers/auth/web-session";
import { createInitiative } from "./initiatives-fixtures";
import { pageRequests, run, type Route } from "./route-calls";
import { call, createMember, json, login, seedOrganizations, testLoadContext } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};
const { get, post } = pageRequests(cookies);
const as = (who: string) => ({ token: tokens[who] });
const PERIOD = "from=2025-01-01&to=2025-12-31";

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  for (const [name, role] of [["alma", "admin"], ["rita", "member"], ["ana", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@rep.example`, orgId: acme.id, name, role })).id;
  }
  await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach" });
  tokens.alma = (await login("alma@rep.example", "Correct-Horse-9")).body.access_token;
  // The administrator grants Rita the reporting role through the members API (the members screen's role field).
  const granted = await call("PUT", `/api/acme/admin/members/${ids.rita}`, { ...as("alma"), body: { role: "reporting" } });
  expect(granted.status).toBe(200);
  expect((await json(granted)).role).toBe("reporting");
  tokens.rita = (await login("rita@rep.example", "Correct-Horse-9")).body.access_token;
  const context = await testLoadContext("acme");
  cookies.rita = (await createWebSession(context, (await login("rita@rep.example", "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  const frozen = await call("POST", "/api/acme/admin/impact/snapshots", { ...as("alma"), body: { from: "2025-01-01", to: "2025-12-31" } });
  ids.snapshot = (await json(frozen)).id;
  const management = await call("POST", "/api/acme/admin/impact/management", { ...as("alma"), body: { initiative: "beach", hours: 2, day: "2025-02-02" } });
  ids.management = (await json(management)).id;
});

describe("the reporting role", () => {
  it("reads the report, the rate card, management hours, snapshots and the framework exports", async () => {
    for (const path of [
      `/api/acme/admin/impact?${PERIOD}&group_by=country`,
      "/api/acme/admin/rates",
      `/api/acme/admin/impact/management?${PERIOD}`,
      "/api/acme/admin/impact/snapshots",
      `/api/acme/admin/impact/snapshots/${ids.snapshot}`,
      `/api/acme/admin/impact/b4si.csv?${PERIOD}`,
      `/api/acme/admin/impact/gri-201-1.xlsx?${PERIOD}`,
      `/api/acme/admin/impact/iris-oi8429.md?${PERIOD}`,
      `/api/acme/admin/impact/esrs-s3.md?${PERIOD}`,
      "/api/acme/admin/impact/initiatives/beach",
    ]) {
      expect((await call("GET", path, as("rita"))).status, path).toBe(200);
    }
  });

  it("gets 403 on the evidence, which names members", async () => {
    expect((await call("GET", `/api/acme/admin/impact/evidence.csv?${PERIOD}`, as("rita"))).status).toBe(403);
    expect((await call("GET", `/api/acme/admin/impact/evidence.csv?${PERIOD}`, as("alma"))).status).toBe(200);
  });

  it("gets 403 on every write, whatever the body", async () => {
    const writes: [string, string, unknown][] = [
      ["PUT", "/api/acme/admin/rates", { rates: [] }],
      ["POST", "/api/acme/admin/impact/snapshots", { from: "2025-01-01", to: "2025-12-31" }],
      ["PUT", `/api/acme/admin/impact/members/${ids.ana}`, { country: "ES" }],
      ["POST", "/api/acme/admin/impact/members/import", { rows: [{ email: "ana@rep.example", country: "ES" }] }],
      ["PUT", "/api/acme/admin/impact/initiatives/beach", { country: "ES" }],
      ["PUT", "/api/acme/admin/impact/records/x", { time_basis: "own" }],
      ["POST", "/api/acme/admin/impact/management", { initiative: "beach", hours: 1, day: "2025-01-01" }],
      ["DELETE", `/api/acme/admin/impact/management/${ids.management}`, undefined],
      ["PUT", "/api/acme/manage/records", { ids: ["x"], status: "validated" }],
      ["PUT", `/api/acme/admin/members/${ids.ana}`, { role: "admin" }],
      ["GET", "/api/acme/admin/members", undefined],
    ];
    for (const [method, path, body] of writes) {
      expect((await call(method, path, { ...as("rita"), body })).status, `${method} ${path}`).toBe(403);
    }
    // Nothing was written: the management entry is still there.
    const listed = await json(await call("GET", `/api/acme/admin/impact/management?${PERIOD}`, as("rita")));
    expect(listed.management_hours.map((entry: { id: string }) => entry.id)).toEqual([ids.management]);
  });

  it("sees /manage/impact without its forms, and only that section of /manage", async () => {
    expect(manageSections("reporting")).toEqual(["impact"]);
    const page = await run(loader as Route, get("rita", "/manage/impact?from=2025-01-01&to=2025-12-31"));
    expect(page.status).toBe(200);
    expect(page.data!.editable).toBe(false);
    expect(page.data!.management).toHaveLength(1);
    const saved = await run(action as Route, post("rita", "/manage/impact", [["intent", "freeze"], ["from", "2025-01-01"], ["to", "2025-12-31"]]));
    expect(saved.status).toBe(404);
  });
});

describe("the audit log's impact kinds", () => {
  it("filters the rate card, snapshots and management hours by their own kind", async () => {
    expect((await call("PUT", "/api/acme/admin/rates", { ...as("alma"), body: { rates: [{ key_type: "default", amount: 20, currency: "EUR", source: "Payroll", from_year: 2025 }] } })).status).toBe(200);
    for (const [kind, action] of [["impact_rate_card", "rate_card.replaced"], ["impact_snapshot", "impact_snapshot.frozen"], ["impact_management", "impact_management.added"]]) {
      const answer = await call("GET", `/api/acme/admin/audit?target_type=${kind}`, as("alma"));
      expect(answer.status, kind).toBe(200);
      const { entries } = await json(answer);
      expect(entries.map((entry: { action: string; target_type: string }) => [entry.target_type, entry.action]), kind).toEqual([[kind, action]]);
    }
    expect(AUDIT_KINDS).toEqual(expect.arrayContaining(["impact_rate_card", "impact_snapshot", "impact_management"]));
  });
});
