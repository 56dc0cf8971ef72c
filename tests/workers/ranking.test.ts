/**
 * GET /api/{org}/ranking (SPEC.md sections 3 and 7; issue 14): members by validated or granted
 * hours, ties sharing a rank, none left out, the period switch, my own place beyond the list, the
 * feature gates and tenant isolation.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { invalidateOrganization } from "../../workers/tenant/organizations";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const YEAR = 365 * 86_400_000;

async function record(participationId: string, hours: number, status = "validated", createdAt = Date.now()) {
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES (?, ?, 'hours', ?, ?, ?)")
    .bind(crypto.randomUUID(), participationId, hours, status, createdAt)
    .run();
}

const ranking = (who: string, query = "", org = "acme") => call("GET", `/api/${org}/ranking${query}`, { token: tokens[who] });

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  const day = await createInitiative({ orgId: acme.id, slug: "park-day", title: "Park day" });
  const elsewhere = await createInitiative({ orgId: commons.id, slug: "elsewhere", title: "Elsewhere" });
  for (const name of ["ana", "ben", "cris", "dani", "eva"]) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, name: name[0].toUpperCase() + name.slice(1) })).id;
    tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  }
  await createMember({ email: "cora@commons.example", orgId: commons.id, role: "admin" });
  tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;
  const part = async (name: string) => (await addParticipation(day.id, acme.id, ids[name])).id;
  const ana = await part("ana");
  await record(ana, 5);
  await record(ana, 3, "granted");
  await record(ana, 40, "pending");
  const ben = await part("ben");
  await record(ben, 8);
  const cris = await part("cris");
  await record(cris, 2);
  await record(cris, 20, "validated", Date.now() - 2 * YEAR);
  const dani = await part("dani");
  await record(dani, 9, "rejected");
  // Hours in another organisation never count here.
  const cora = await addParticipation(elsewhere.id, commons.id, ids.eva);
  await record(cora.id, 100);
});

describe("GET /api/{org}/ranking", () => {
  it("orders by validated or granted hours, ties share a rank, members with none are left out", async () => {
    const answer = await json(await ranking("eva"));
    expect(answer.organization_ranking.map((r: { name: string; rank: number; hours: number }) => [r.rank, r.name, r.hours])).toEqual([
      [1, "Cris", 22],
      [2, "Ana", 8],
      [2, "Ben", 8],
    ]);
    // Eva's hours are in another organisation: no place here.
    expect(answer.me).toBeNull();
    expect((await json(await ranking("ben"))).me).toEqual({ rank: 2, hours: 8 });
  });

  it("counts this year only with period=year", async () => {
    const answer = await json(await ranking("cris", "?period=year"));
    expect(answer.organization_ranking.map((r: { name: string; rank: number }) => [r.rank, r.name])).toEqual([
      [1, "Ana"],
      [1, "Ben"],
      [3, "Cris"],
    ]);
    expect(answer.me).toEqual({ rank: 3, hours: 2 });
    expect((await ranking("cris", "?period=week")).status).toBe(400);
  });

  it("does not exist where the feature is off or the ranking hidden (404), nor for another organisation", async () => {
    expect((await ranking("cora", "", "acme")).status).toBe(404);
    await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.hide_ranking_in_app', json('true')) WHERE id = 'org-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    expect((await ranking("ana")).status).toBe(404);
    await env.DB.prepare("UPDATE organizations SET community_config = json_remove(community_config, '$.hide_ranking_in_app') WHERE id = 'org-acme'").run();
    await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.features.rankings', json('false')) WHERE id = 'org-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    expect((await ranking("ana")).status).toBe(404);
    await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.features.rankings', json('true')) WHERE id = 'org-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
  });
});
