/**
 * /manage as the administrators' dashboard (issue 15, point 5): its loader over the period of the
 * URL (the last 12 months by default), a wrong period answered with its message, other staff sent
 * on to their first section, and the figures as a CSV download.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/_app.manage._index/route";
import { loader as csvLoader } from "../../app/routes/_app.manage.dashboard[.csv]";
import { loader as groupsCsvLoader } from "../../app/routes/_app.manage.dashboard.groups[.csv]";
import { env } from "cloudflare:workers";
import { createWebSession } from "../../workers/auth/web-session";
import { addParticipation, addRecord, createInitiative } from "./initiatives-fixtures";
import { pageRequests, run, type Route } from "./route-calls";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

const cookies: Record<string, string> = {};
const { get } = pageRequests(cookies);

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const context = await testLoadContext("acme");
  const ids: Record<string, string> = {};
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"], ["ana", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, name, role })).id;
    cookies[name] = (await createWebSession(context, (await login(`${name}@acme.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  }
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach", sdgs: [14], submitterMemberId: ids.olga });
  await addRecord((await addParticipation(beach.id, acme.id, ids.ana)).id, "validated", 6);
  await env.DB.prepare("INSERT INTO public_user_groups (id, org_id, slug, name) VALUES ('g-web-madrid', ?, 'madrid-office', 'Madrid office'), ('g-web-it', ?, 'it-team', 'IT team')").bind(acme.id, acme.id).run();
  await env.DB.prepare("INSERT INTO member_user_groups (group_id, member_id) VALUES ('g-web-madrid', ?)").bind(ids.ana).run();
});

describe("/manage for administrators", () => {
  it("shows the dashboard over the last 12 months, or the period asked", async () => {
    const page = await run(loader as Route, get("alma", "/manage"));
    expect(page).toMatchObject({ status: 200, data: { metrics: { hours: 6, participants: 1, sdgs: [{ id: 14, hours: 6, participants: 1 }] } } });
    // Whole months, which the API reads from its rollups (decision 041): this one and the 11 before.
    const now = new Date();
    expect(page.data!.period).toMatchObject({
      from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10),
      to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10),
    });
    const old = await run(loader as Route, get("alma", "/manage?from=2021-01-01&to=2021-06-30"));
    expect(old).toMatchObject({ status: 200, data: { period: { from: "2021-01-01", to: "2021-06-30" }, metrics: { hours: 0 } } });
    expect(await run(loader as Route, get("alma", "/manage?from=2026-06-01&to=2026-01-01"))).toMatchObject({ status: 400, data: { metrics: null, error: "form_error_end_before_start" } });
  });

  it("shows one group's figures with ?group=, every group's row, and an unknown group with its message (issue 28)", async () => {
    const madrid = await run(loader as Route, get("alma", "/manage?group=madrid-office"));
    expect(madrid).toMatchObject({ status: 200, data: { period: { group: "madrid-office" }, metrics: { group: { slug: "madrid-office" }, hours: 6, participants: 1 } } });
    const it = await run(loader as Route, get("alma", "/manage?group=it-team"));
    expect(it).toMatchObject({ status: 200, data: { metrics: { hours: 0, participants: 0 } } });
    expect(it.data!.metrics!.groups).toEqual([
      { slug: "it-team", name: "IT team", members: 0, participations: 0, participants: 0, hours: 0, donations: [] },
      { slug: "madrid-office", name: "Madrid office", members: 1, participations: 1, participants: 1, hours: 6, donations: [] },
    ]);
    expect(await run(loader as Route, get("alma", "/manage?group=nowhere"))).toMatchObject({ status: 400, data: { metrics: null, error: "group_unknown" } });
  });

  it("sends other staff to their first section, and members away", async () => {
    expect(await run(loader as Route, get("olga", "/manage"))).toMatchObject({ status: 302, location: "/manage/records" });
    expect((await run(loader as Route, get("ana", "/manage"))).status).toBe(404);
    expect((await run(csvLoader as Route, get("olga", "/manage/dashboard.csv"))).status).toBe(404);
    expect((await run(groupsCsvLoader as Route, get("olga", "/manage/dashboard/groups.csv"))).status).toBe(404);
  });

  it("downloads the figures of the period as CSV", async () => {
    const answer = (await csvLoader({ request: get("alma", "/manage/dashboard.csv"), context: await testLoadContext("acme"), params: {} })) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/dashboard-acme-/);
    expect(await answer.text()).toContain('"sdg_hours","14","6","1"');
    const groups = (await groupsCsvLoader({ request: get("alma", "/manage/dashboard/groups.csv"), context: await testLoadContext("acme"), params: {} })) as Response;
    expect(groups.status).toBe(200);
    expect(await groups.text()).toContain('"madrid-office","Madrid office","1","1","1","6","","0","0"');
  });
});
