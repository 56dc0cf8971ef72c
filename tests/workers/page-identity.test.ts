/**
 * Who is signed in is read once per browser request, however many loaders, actions and in-process
 * API calls the request makes (issue 27, section 2): a staff member's decision posted without
 * JavaScript runs the action, whose API call writes, and then every loader of the page again.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as appLoader } from "../../app/routes/_app";
import { loader as layoutLoader } from "../../app/routes/_app.manage";
import { action as recordsAction, loader as recordsLoader } from "../../app/routes/_app.manage.records/route";
import { createWebSession } from "../../workers/auth/web-session";
import { createApp } from "../../workers/app";
import { watchedEnv } from "./counting-env";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

let cookie = "";
const statusOf = (id: string) => env.DB.prepare("SELECT status FROM participation_records WHERE id = ?").bind(id).first<string>("status");
/** How many times the web identity's batch ran: its first statement reads the web session row. */
const identityReads = (sql: string[]) => sql.filter((query) => query.startsWith('select "id", "access_token"')).length;
const records: string[] = [];

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const olga = await createMember({ email: "olga-identity@acme.example", orgId: acme.id, role: "organiser", name: "Olga" });
  const marta = await createMember({ email: "marta-identity@acme.example", orgId: acme.id, name: "Marta" });
  const shift = await createInitiative({ orgId: acme.id, slug: "identity-shift", submitterMemberId: olga.id });
  const at = await addParticipation(shift.id, acme.id, marta.id);
  for (const hours of [2, 3]) {
    const id = crypto.randomUUID();
    records.push(id);
    await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES (?, ?, 'hours', ?, 'pending', ?)").bind(id, at.id, hours, Date.now()).run();
  }
  const context = await testLoadContext("acme");
  cookie = (await createWebSession(context, (await login("olga-identity@acme.example", "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
});

describe("a no-JavaScript bulk decision", () => {
  it("reads who is signed in once, for the action and every loader after it", async () => {
    const watched = watchedEnv();
    const outcome: Record<string, unknown> = {};
    const app = createApp({
      async renderPage(request, pageEnv, ctx, page) {
        watched.reset();
        const context = { cloudflare: { env: pageEnv, ctx }, ...page } as unknown as AppLoadContext;
        const args = { request, context, params: {} };
        const action = await recordsAction(args as never);
        outcome.action = action instanceof Response ? action.status : ((action as { init?: { status?: number } }).init?.status ?? 200);
        const get = new Request("http://acme.localhost/manage/records", { headers: { cookie } });
        for (const loader of [appLoader, layoutLoader, recordsLoader]) await loader({ request: get, context, params: {} } as never);
        outcome.roundTrips = watched.roundTrips();
        return new Response("page");
      },
    });
    const ctx = createExecutionContext();
    const body = new URLSearchParams([...records.map((id) => ["ids", id]), ["decide", "validated"]]).toString();
    const request = new Request("http://acme.localhost/manage/records", {
      method: "POST",
      headers: { cookie, origin: "http://acme.localhost", "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const response = await app.fetch(request, watched.env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect(outcome.action).toBe(200);
    expect(await statusOf(records[0])).toBe("validated");
    // The identity's batch (web session, session, member, memberships and own profile) once; before,
    // the page rendered after the decision read it all again.
    expect(identityReads(watched.sql)).toBe(1);
    // The identity, the decision (read, write, read back, the member told), the staff counts, the
    // list and the D1 bookmark: 8 (9 when the identity was read twice).
    expect(outcome.roundTrips).toBeLessThanOrEqual(8);
  });
});

describe("a write that may change who the member is", () => {
  it("makes the page read the identity again, so what it renders after shows the change", async () => {
    const watched = watchedEnv();
    const names: string[] = [];
    const app = createApp({
      async renderPage(request, _env, _ctx, page) {
        watched.reset();
        const before = await page.webIdentity!(request);
        if (before.status !== "member") throw new Error(before.status);
        names.push(before.user.name);
        const session = await page.webSessions.get(request);
        const put = new Request("http://acme.localhost/api/acme/profile", {
          method: "PUT",
          headers: { authorization: `Bearer ${session!.accessToken}`, "content-type": "application/json", origin: "http://acme.localhost" },
          body: JSON.stringify({ name: "Olga Renamed" }),
        });
        expect((await page.api(put)).status).toBe(200);
        const after = await page.webIdentity!(request);
        if (after.status !== "member") throw new Error(after.status);
        names.push(after.user.name);
        return new Response("page");
      },
    });
    const ctx = createExecutionContext();
    await app.fetch(new Request("http://acme.localhost/settings", { headers: { cookie } }), watched.env, ctx);
    await waitOnExecutionContext(ctx);
    expect(names).toEqual(["Olga", "Olga Renamed"]);
    expect(identityReads(watched.sql)).toBe(2);
  });
});
