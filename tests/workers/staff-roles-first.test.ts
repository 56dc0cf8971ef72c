/**
 * Role and scope before the body (issue 25, point 5): every staff and admin route, enumerated from
 * the Hono sub-apps themselves, answers 403 to a caller without the role however wrong the body and
 * the query are, never a 400 that tells them what the call expects.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { adminRoutes } from "../../workers/api/admin";
import { exportRoutes } from "../../workers/api/exports";
import { manageRoutes } from "../../workers/api/manage";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};

/** Every route a sub-app answers (its middleware left out), with made-up values for its parameters. */
function routesOf(app: { routes: { method: string; path: string }[] }, base: string) {
  const values: Record<string, string> = { kind: "logo", hostname: "volunteer.example.com", id: "some-id", uuid: "some-uuid" };
  return app.routes
    .filter((route) => route.method !== "ALL")
    .map((route) => ({ method: route.method, path: `/api/acme/${base}${route.path.replace(/:([a-z]+)/g, (_, name: string) => values[name] ?? "x")}` }));
}

/** A body no validator accepts: not even JSON, and a query with a field nobody knows. */
const badCall = (token: string, method: string, path: string) =>
  call(method, `${path}?bogus=1&status=nonsense&page=0`, {
    token,
    headers: method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" },
    rawBody: method === "GET" || method === "DELETE" ? undefined : "{not json",
  });

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  for (const [name, role] of [
    ["mia", "member"],
    ["mo", "manager"],
    ["olga", "organiser"],
    ["alma", "admin"],
  ] as const) {
    await createMember({ email: `${name}@acme.example`, orgId: acme.id, role });
    tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  }
});

describe("role before body", () => {
  const manage = routesOf(manageRoutes, "manage");
  const admin = routesOf(adminRoutes, "admin");
  const exports = routesOf(exportRoutes, "exports");

  it("finds the routes to walk", () => {
    expect(manage.length).toBeGreaterThan(20);
    expect(admin.length).toBeGreaterThan(20);
    expect(manage).toContainEqual({ method: "PUT", path: "/api/acme/manage/records" });
    expect(admin).toContainEqual({ method: "POST", path: "/api/acme/admin/invitations" });
  });

  it("answers 403 to a plain member on every staff and admin route, whatever the body", async () => {
    expect(exports).toContainEqual({ method: "POST", path: "/api/acme/exports/logo" });
    for (const { method, path } of [...manage, ...admin, ...exports]) {
      const answer = await badCall(tokens.mia, method, path);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });

  it("answers 403 to an organiser on every admin route, and to a manager on the organisers' routes", async () => {
    for (const { method, path } of admin) expect((await badCall(tokens.olga, method, path)).status, `${method} ${path}`).toBe(403);
    for (const { method, path } of manage.filter((route) => !route.path.endsWith("/summary") && !route.path.endsWith("/approvals"))) {
      expect((await badCall(tokens.mo, method, path)).status, `${method} ${path}`).toBe(403);
    }
  });

  it("answers 403 before the body to staff asking for an export their role is not for", async () => {
    for (const kind of ["members", "audit"]) expect((await badCall(tokens.olga, "POST", `/api/acme/exports/${kind}`)).status, kind).toBe(403);
    expect((await badCall(tokens.mo, "POST", "/api/acme/exports/contributions")).status).toBe(403);
    expect((await badCall(tokens.alma, "POST", "/api/acme/exports/members")).status).toBe(400);
  });

  it("still tells staff with the role what is wrong with the body (400)", async () => {
    const invitations = await badCall(tokens.alma, "POST", "/api/acme/admin/invitations");
    expect(invitations.status).toBe(400);
    const records = await call("PUT", "/api/acme/manage/records", { token: tokens.olga, body: { ids: [], decision: "maybe" } });
    expect(records.status).toBe(400);
    expect(await json(records)).toMatchObject({ error: "validation_error" });
  });
});
