/**
 * A known path asked with the wrong method is 405 with `Allow` (the methods the path has), on /auth
 * and /api alike; an unknown path stays 404 (workers/lib/method-not-allowed.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, json, login, seedOrganizations } from "./support";

let token = "";
let organiser = "";

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "marta@acme.example", orgId: acme.id, name: "Marta" });
  await createMember({ email: "olga@acme.example", orgId: acme.id, name: "Olga", role: "organiser" });
  token = (await login("marta@acme.example", "Correct-Horse-9")).body.access_token;
  organiser = (await login("olga@acme.example", "Correct-Horse-9")).body.access_token;
});

describe("the wrong method on a known path", () => {
  it("is 405 with Allow naming the methods the path has", async () => {
    for (const [method, path, allow, who] of [
      ["PATCH", "/api/acme/profile", "GET, HEAD, PUT", token],
      ["GET", "/auth/login", "POST", token],
      // Staff paths answer who may call first (a member gets 403), then the method.
      ["DELETE", "/api/acme/manage/summary", "GET, HEAD", organiser],
      ["POST", "/api/acme/initiative/some-slug", "DELETE, GET, HEAD, PUT", token],
    ] as const) {
      const res = await call(method, path, { token: who, ...(method === "GET" ? {} : { body: {} }) });
      expect([res.status, res.headers.get("allow")], `${method} ${path}`).toEqual([405, allow]);
      expect((await json(res)).error).toBe("method_not_allowed");
    }
  });

  it("leaves an unknown path 404, and the right method answered as before", async () => {
    expect((await call("GET", "/api/acme/no-such-thing", { token })).status).toBe(404);
    expect((await call("PATCH", "/auth/no-such-thing", { body: {} })).status).toBe(404);
    expect((await call("GET", "/api/acme/profile", { token })).status).toBe(200);
  });
});
