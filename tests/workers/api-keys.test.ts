/**
 * API keys and the integration API (issue 31, section 2; docs/integrations.md): the administrator's
 * calls, the key's scopes, its organisation only, revocation and expiry at once, the secret never
 * stored, one audit row per use, its own rate limit, and keyset paging with Link headers.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/_app.manage.integrations._index/route";
import { createWebSession } from "../../workers/auth/web-session";
import { sha256Hex } from "../../workers/lib/crypto";
import { runScheduled } from "../../workers/scheduled";
import { pageRequests, run, type Route } from "./route-calls";
import { addContribution, addParticipation, addRecord, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations, testLoadContext } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};
const pages = pageRequests(cookies);

const admin = (method: string, path: string, body?: unknown, who = "ada", org = "acme") => call(method, `/api/${org}/admin/api-keys${path}`, { token: tokens[who], body });
const withKey = (key: string, method: string, path: string, body?: unknown, org = "acme") => call(method, `/api/${org}/integration/v1${path}`, { token: key, body });

async function newKey(scopes: string[], extra: Record<string, unknown> = {}) {
  const answer = await admin("POST", "", { name: `Warehouse ${scopes.join(" ")}`, scopes, ...extra });
  expect(answer.status).toBe(201);
  return json(answer);
}

const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, role] of [
    ["ada", "admin"],
    ["olga", "organiser"],
    ["marta", "member"],
  ] as const) {
    const member = await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name: name[0].toUpperCase() + name.slice(1) });
    ids[name] = member.id;
    const session = await login(`${name}@acme.example`, "Correct-Horse-9", "acme.localhost");
    tokens[name] = session.body.access_token;
    cookies[name] = (await createWebSession(await testLoadContext("acme"), session.body)).split(";")[0];
  }
  await env.DB.prepare("update memberships set site = 'Madrid HQ', country = 'ES', grade = 'B2' where member_id = ?").bind(ids.marta).run();
  const cora = await createMember({ email: "cora@commons.example", orgId: commons.id, role: "admin" });
  ids.cora = cora.id;
  tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;
  const planting = await createInitiative({ orgId: acme.id, title: "Tree planting", indicators: [{ id: "ind-trees", name: "Trees planted", unit: "number" }] });
  ids.planting = planting.id;
  const participation = await addParticipation(planting.id, acme.id, ids.marta);
  ids.participation = participation.id;
  await addRecord(participation.id, "validated", 3);
  await addRecord(participation.id, "pending", 5);
  await env.DB.prepare("insert into participation_records (id, participation_id, type, value, indicator_id, status) values (?, ?, 'indicator', 12, 'ind-trees', 'validated')").bind(crypto.randomUUID(), participation.id).run();
  await addContribution(planting.id, acme.id, ids.marta, 2500, "confirmed");
  await addContribution(planting.id, acme.id, ids.marta, 900, "pending");
  const elsewhere = await createInitiative({ orgId: commons.id, title: "Commons only" });
  ids.elsewhere = elsewhere.id;
});

describe("the administrator's keys", () => {
  it("creates a key whose secret is shown once and stored only as its hash", async () => {
    const key = await newKey(["members:read", "initiatives:read"], { expires_on: "2099-12-31" });
    expect(key.secret).toMatch(/^cmk_[0-9A-Z]{12}_[\w-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.scopes).toEqual(["members:read", "initiatives:read"]);
    expect(key.expires_at).toBe("2100-01-01T00:00:00.000Z");
    const row = await env.DB.prepare("select * from api_keys where id = ?").bind(key.id).first<Record<string, unknown>>();
    expect(Object.values(row!)).not.toContain(key.secret);
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(key.prefix.length + 1));
    expect(row!.secret_hash).toBe(await sha256Hex(key.secret));
    const list = await json(await admin("GET", ""));
    const listed = list.keys.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ name: key.name, prefix: key.prefix, status: "active", last_used_at: null });
    expect(JSON.stringify(list)).not.toContain(key.secret);
    expect(await count("select count(*) as n from audit_log where action = 'api_key.created' and target_id = ?", key.id)).toBe(1);
  });

  it("refuses a key without scopes, with an unknown scope or an expiry in the past", async () => {
    expect((await json(await admin("POST", "", { name: "x", scopes: [] }))).fields).toEqual({ scopes: "integrations_error_no_scope" });
    expect((await admin("POST", "", { name: "x", scopes: ["everything"] })).status).toBe(400);
    expect((await json(await admin("POST", "", { name: "x", scopes: ["scim"], expires_on: "2001-01-01" }))).fields).toEqual({ expires_on: "form_error_date_in_past" });
    expect((await json(await admin("POST", "", { name: " ", scopes: ["scim"] }))).fields).toEqual({ name: "form_error_required" });
  });

  it("answers 403 to a member and an organiser, whatever the body, and 404 for another organisation's key", async () => {
    for (const who of ["marta", "olga"]) {
      expect((await admin("GET", "", undefined, who)).status).toBe(403);
      expect((await call("POST", "/api/acme/admin/api-keys", { token: tokens[who], rawBody: "{nope", headers: { "content-type": "application/json" } })).status).toBe(403);
      expect((await admin("DELETE", "/some-id", undefined, who)).status).toBe(403);
    }
    const key = await newKey(["members:read"]);
    expect((await admin("DELETE", `/${key.id}`, undefined, "cora", "commons")).status).toBe(404);
    expect((await admin("GET", "", undefined, "cora", "acme")).status).toBe(404);
  });

  it("refuses a browser's create from another site (Origin)", async () => {
    const answer = await call("POST", "/api/acme/admin/api-keys", { token: tokens.ada, body: { name: "x", scopes: ["scim"] }, cookie: "commons_web=1", headers: { origin: "https://evil.example" } });
    expect(answer.status).toBe(403);
    expect((await json(answer)).error).toBe("cross_origin_request");
  });
});

describe("a key at work", () => {
  it("reads members with their attributes, and nothing of another organisation", async () => {
    const key = await newKey(["members:read"]);
    const answer = await withKey(key.secret, "GET", "/members");
    expect(answer.status).toBe(200);
    const body = await json(answer);
    expect(body.data.map((m: { email: string }) => m.email).sort()).toEqual(["ada@acme.example", "marta@acme.example", "olga@acme.example"]);
    expect(body.data.find((m: { id: string }) => m.id === ids.marta)).toMatchObject({ name: "Marta", role: "member", site: "Madrid HQ", country: "ES", grade: "B2", active: true });
    expect(body.data[0].joined_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Another organisation's path: 404, as for one that does not exist.
    const other = await withKey(key.secret, "GET", "/members", undefined, "commons");
    expect(other.status).toBe(404);
    expect((await json(other)).error).toBe("organization_not_found");
  });

  it("answers 403 for a scope the key does not hold: a read key cannot write", async () => {
    const key = await newKey(["initiatives:read"]);
    expect((await withKey(key.secret, "GET", "/members")).status).toBe(403);
    const write = await withKey(key.secret, "POST", "/initiatives", { title: "No" });
    expect(write.status).toBe(403);
    expect((await json(write)).error).toBe("api_key_scope_missing");
    expect((await withKey(key.secret, "GET", `/initiatives/${ids.planting}`)).status).toBe(200);
    expect((await withKey(key.secret, "GET", `/initiatives/${ids.elsewhere}`)).status).toBe(404);
  });

  it("reads participations with counted hours and values, and confirmed donations only", async () => {
    const key = await newKey(["participations:read", "donations:read"]);
    const participations = await json(await withKey(key.secret, "GET", "/participations"));
    expect(participations.data).toHaveLength(1);
    expect(participations.data[0]).toMatchObject({
      id: ids.participation,
      member_id: ids.marta,
      initiative: { id: ids.planting, title: "Tree planting" },
      validated_hours: 3,
      values: [{ indicator_id: "ind-trees", indicator: "Trees planted", value: 12, unit: "number" }],
    });
    const donations = await json(await withKey(key.secret, "GET", "/donations"));
    expect(donations.data).toHaveLength(1);
    expect(donations.data[0]).toMatchObject({ amount: 2500, currency: "EUR", member_id: ids.marta, initiative: { id: ids.planting } });
  });

  it("values participations' counted hours as the impact ledger does: the rate card's rate in force in each record's year", async () => {
    const river = await createInitiative({ orgId: "org-acme", title: "River clean-up" });
    const marta = await addParticipation(river.id, "org-acme", ids.marta);
    const olga = await addParticipation(river.id, "org-acme", ids.olga);
    const record = (participationId: string, hours: number, status: string, at: string) =>
      env.DB.prepare("insert into participation_records (id, participation_id, type, hours, status, created_at) values (?, ?, 'hours', ?, ?, ?)").bind(crypto.randomUUID(), participationId, hours, status, Date.parse(at)).run();
    await record(marta.id, 2, "validated", "2026-03-01T10:00:00Z");
    await record(marta.id, 1.5, "granted", "2019-06-01T10:00:00Z");
    await record(marta.id, 4, "pending", "2026-03-02T10:00:00Z");
    await record(olga.id, 2, "validated", "2026-03-01T10:00:00Z");
    // Marta's grade has a rate from 2020 in euros; before that a default rate in reais; Olga has no grade, site or country.
    const rate = (keyType: string, keyValue: string, amount: number, currency: string, from: number, to: number | null) =>
      env.DB.prepare("insert into impact_rates (id, org_id, key_type, key_value, amount, currency, source, from_year, to_year) values (?, 'org-acme', ?, ?, ?, ?, 'test', ?, ?)").bind(crypto.randomUUID(), keyType, keyValue, amount, currency, from, to).run();
    await rate("grade", "B2", 2000, "EUR", 2020, null);
    await rate("default", "", 6000, "BRL", 2010, 2019);
    const key = await newKey(["participations:read"]);
    const read = async (memberId: string) => (await json(await withKey(key.secret, "GET", `/participations?initiative_id=${river.id}&member_id=${memberId}`))).data;
    expect(await read(ids.marta)).toMatchObject([{ id: marta.id, validated_hours: 3.5, validated_value: [{ amount: 9000, currency: "BRL" }, { amount: 4000, currency: "EUR" }], unvalued_hours: 0 }]);
    expect(await read(ids.olga)).toMatchObject([{ id: olga.id, validated_hours: 2, validated_value: [], unvalued_hours: 2 }]);
  });

  it("creates and saves an initiative through the editor's rules with initiatives:write", async () => {
    const key = await newKey(["initiatives:write", "initiatives:read"]);
    const body = {
      type: "volunteering",
      title: "River clean-up",
      description: "We clear the river bank.",
      start_time: "2027-04-10T09:00:00.000Z",
      end_time: "2027-04-10T12:00:00.000Z",
      is_in_person: true,
      address: "Madrid Río",
      latitude: 40.4,
      longitude: -3.7,
      categories: [],
      competences: [],
      sdgs: [],
      target_audience: [],
      indicators: [],
    };
    const invalid = await withKey(key.secret, "POST", "/initiatives", { ...body, title: "" });
    expect(invalid.status).toBe(400);
    expect((await json(invalid)).fields.title).toBe("form_error_required");
    const made = await withKey(key.secret, "POST", "/initiatives", body);
    expect(made.status).toBe(201);
    const initiative = await json(made);
    expect(initiative).toMatchObject({ title: "River clean-up", status: "open", start_time: "2027-04-10T09:00:00.000Z" });
    const saved = await withKey(key.secret, "PUT", `/initiatives/${initiative.id}`, { ...body, title: "River clean-up, again" });
    expect(saved.status).toBe(200);
    expect((await json(saved)).title).toBe("River clean-up, again");
    expect((await withKey(key.secret, "PUT", `/initiatives/${ids.elsewhere}`, body)).status).toBe(404);
    const audit = await env.DB.prepare("select action, actor_member_id from audit_log where target_id = ? order by created_at").bind(initiative.id).all();
    expect(audit.results).toEqual([
      { action: "initiative.created", actor_member_id: `api_key:${key.id}` },
      { action: "initiative.updated", actor_member_id: `api_key:${key.id}` },
    ]);
  });

  it("is never a member's token, nor a member's token a key", async () => {
    expect((await withKey(tokens.ada, "GET", "/members")).status).toBe(401);
    const key = await newKey(["members:read"]);
    expect((await call("GET", "/api/acme/admin/api-keys", { token: key.secret })).status).toBe(401);
  });

  it("manages the organisation's webhook endpoints with the webhooks scope only (the administrators' routes, for a key)", async () => {
    const hooks = await newKey(["webhooks"]);
    const reader = await newKey(["members:read"]);
    const created = await withKey(hooks.secret, "POST", "/webhooks", { url: "https://warehouse.example.com/commons", events: ["record.validated"] });
    expect(created.status).toBe(201);
    const { endpoint, secret } = await json(created);
    expect(secret).toMatch(/^whsec_/);
    expect((await json(await withKey(hooks.secret, "GET", "/webhooks"))).endpoints.map((listed: { id: string }) => listed.id)).toContain(endpoint.id);
    // The administrators see the endpoint the key made.
    expect((await json(await call("GET", `/api/acme/admin/webhooks/${endpoint.id}`, { token: tokens.ada }))).endpoint.url).toBe("https://warehouse.example.com/commons");
    expect((await withKey(reader.secret, "GET", "/webhooks")).status).toBe(403);
    expect((await withKey(tokens.ada, "GET", "/webhooks")).status).toBe(401);
    expect((await withKey(hooks.secret, "GET", "/webhooks", undefined, "commons")).status).toBe(404);
    expect((await withKey(hooks.secret, "POST", `/webhooks/${endpoint.id}/rotate`)).status).toBe(200);
    expect((await withKey(hooks.secret, "DELETE", `/webhooks/${endpoint.id}`)).status).toBe(204);
    // Each change is in the audit log as the key's, with the receiver's host only.
    const audited = await env.DB.prepare("SELECT action, actor_member_id, detail FROM audit_log WHERE target_type = 'webhook' AND target_id = ? ORDER BY created_at, rowid").bind(endpoint.id).all<{ action: string; actor_member_id: string; detail: string }>();
    expect(audited.results.map((row) => [row.action, row.actor_member_id])).toEqual([
      ["webhook.created", `api_key:${hooks.id}`],
      ["webhook.secret_rotated", `api_key:${hooks.id}`],
      ["webhook.deleted", `api_key:${hooks.id}`],
    ]);
    expect(JSON.parse(audited.results[0].detail)).toEqual({ host: "warehouse.example.com", events: ["record.validated"] });
  });

  it("writes one audit row per use and the key's last use", async () => {
    const key = await newKey(["members:read"]);
    await withKey(key.secret, "GET", "/members");
    await withKey(key.secret, "GET", "/participations");
    const rows = await env.DB.prepare("select org_id, actor_member_id, detail from audit_log where action = 'api_key.used' and target_id = ? order by created_at").bind(key.id).all<{ org_id: string; actor_member_id: string; detail: string }>();
    expect(rows.results.map((row) => JSON.parse(row.detail))).toEqual([
      { method: "GET", path: "/api/acme/integration/v1/members", status: 200 },
      { method: "GET", path: "/api/acme/integration/v1/participations", status: 403 },
    ]);
    expect(rows.results.every((row) => row.org_id === "org-acme" && row.actor_member_id === `api_key:${key.id}`)).toBe(true);
    const listed = (await json(await admin("GET", ""))).keys.find((k: { id: string }) => k.id === key.id);
    expect(listed.last_used_at).not.toBeNull();
    // The administrators' audit log names the key as the actor.
    const audit = await json(await call("GET", "/api/acme/admin/audit?target_type=api_key&action=api_key.used", { token: tokens.ada }));
    expect(audit.entries.find((entry: { target_id: string }) => entry.target_id === key.id).actor).toEqual({ id: `api_key:${key.id}`, name: key.name });
  });
});

describe("revocation, expiry and the rate limit", () => {
  it("answers 401 at once after revocation", async () => {
    const key = await newKey(["members:read"]);
    expect((await withKey(key.secret, "GET", "/members")).status).toBe(200);
    const revoked = await admin("DELETE", `/${key.id}`);
    expect(revoked.status).toBe(200);
    expect((await json(revoked)).status).toBe("revoked");
    const after = await withKey(key.secret, "GET", "/members");
    expect(after.status).toBe(401);
    expect((await json(after)).error).toBe("invalid_api_key");
    expect(await count("select count(*) as n from audit_log where action = 'api_key.revoked' and target_id = ?", key.id)).toBe(1);
  });

  it("answers 401 once the key has expired, and to a key that was never issued", async () => {
    const key = await newKey(["members:read"]);
    await env.DB.prepare("update api_keys set expires_at = ? where id = ?").bind(Date.now() - 1, key.id).run();
    expect((await withKey(key.secret, "GET", "/members")).status).toBe(401);
    expect((await json(await admin("GET", ""))).keys.find((k: { id: string }) => k.id === key.id).status).toBe("expired");
    const forged = `${key.prefix}_${"A".repeat(43)}`;
    expect((await withKey(forged, "GET", "/members")).status).toBe(401);
    expect((await withKey("cmk_nothing", "GET", "/members")).status).toBe(401);
  });

  it("has its own rate limit: 429 with Retry-After past it, other keys unaffected", async () => {
    const key = await newKey(["members:read"]);
    const other = await newKey(["members:read"]);
    const windowStart = Date.now() - (Date.now() % 60_000);
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 600)").bind(`api_key:account:${key.id}`, windowStart).run();
    const limited = await withKey(key.secret, "GET", "/members");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await withKey(other.secret, "GET", "/members")).status).toBe(200);
  });
});

describe("paging", () => {
  it("pages by cursor and limit with a Link to the next page", async () => {
    const key = await newKey(["members:read"]);
    const first = await withKey(key.secret, "GET", "/members?limit=2");
    const page1 = await json(first);
    expect(page1.data).toHaveLength(2);
    expect(page1.next_cursor).toMatch(/^\d+\./);
    const link = first.headers.get("link")!;
    expect(link).toMatch(/^<http:\/\/localhost\/api\/acme\/integration\/v1\/members\?limit=2&cursor=[^>]+>; rel="next"$/);
    const next = new URL(link.slice(1, link.indexOf(">")));
    const second = await withKey(key.secret, "GET", `${next.pathname.replace("/api/acme/integration/v1", "")}${next.search}`);
    const page2 = await json(second);
    expect(page2.data).toHaveLength(1);
    expect(page2.next_cursor).toBeNull();
    expect(second.headers.get("link")).toBeNull();
    const all = [...page1.data, ...page2.data].map((m: { id: string }) => m.id);
    expect(new Set(all).size).toBe(3);
    expect((await withKey(key.secret, "GET", "/members?limit=0")).status).toBe(400);
    expect((await withKey(key.secret, "GET", "/members?cursor=nonsense")).status).toBe(400);
  });
});

describe("/manage/integrations", () => {
  const post = (who: string, fields: [string, string][]) => pages.post(who, "/manage/integrations", fields);

  it("is the administrators' only", async () => {
    expect((await run(loader as Route, pages.get("olga", "/manage/integrations"))).status).toBe(404);
    expect((await run(action as Route, post("marta", [["intent", "create"], ["name", "x"], ["scopes", "scim"]]))).status).toBe(404);
  });

  it("creates a key as the form posts it, shows its secret in that answer only, and revokes it", async () => {
    const refused = await run(action as Route, post("ada", [["intent", "create"], ["name", "Workday"]]));
    expect(refused).toMatchObject({ status: 400, data: { fields: { scopes: "integrations_error_no_scope" }, draft: { name: "Workday", scopes: [] } } });
    const made = await run(action as Route, post("ada", [["intent", "create"], ["name", "Workday"], ["scopes", "members:read"], ["scopes", "scim"], ["scopes", "bogus"], ["expires_on", ""]]));
    expect(made.status).toBe(201);
    expect(made.data!.created).toMatchObject({ name: "Workday", scopes: ["members:read", "scim"], expires_at: null, secret: expect.stringMatching(/^cmk_/) });
    const page = await run(loader as Route, pages.get("ada", "/manage/integrations"));
    const listed = page.data!.keys.find((key: { id: string }) => key.id === made.data!.created.id);
    expect(listed).toMatchObject({ name: "Workday", status: "active" });
    expect(JSON.stringify(page.data)).not.toContain(made.data!.created.secret);
    const revoked = await run(action as Route, post("ada", [["intent", "revoke"], ["id", made.data!.created.id]]));
    expect(revoked).toMatchObject({ status: 200, data: { revoked: "Workday" } });
  });
});

describe("the audit rows of key uses", () => {
  it("are deleted by the scheduled handler once older than 90 days, a bounded number a run, and no other audit row is", async () => {
    const now = Date.now();
    const day = 86_400_000;
    const row = (id: string, action: string, age: number) =>
      env.DB.prepare("INSERT INTO audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at) VALUES (?, 'org-acme', ?, ?, 'api_key', 'retention-key', '{}', ?)").bind(
        id,
        action === "api_key.used" ? "api_key:retention-key" : ids.ada,
        action,
        now - age,
      );
    await env.DB.batch([
      row("retention-old-use-1", "api_key.used", 91 * day),
      row("retention-old-use-2", "api_key.used", 400 * day),
      row("retention-recent-use", "api_key.used", 89 * day),
      // The key's creation, as old: a staff action, kept for ever.
      row("retention-old-create", "api_key.created", 400 * day),
    ]);
    const kept = () => count("SELECT count(*) AS n FROM audit_log WHERE id LIKE 'retention-%'");
    expect(await kept()).toBe(4);
    const result = await runScheduled(env, now);
    expect(result.keyUsesPruned).toBeGreaterThanOrEqual(2);
    const left = await env.DB.prepare("SELECT id FROM audit_log WHERE id LIKE 'retention-%' ORDER BY id").all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(["retention-old-create", "retention-recent-use"]);
    // The run reads the key uses through their own index, never the whole log.
    const plan = await env.DB.prepare("EXPLAIN QUERY PLAN SELECT id FROM audit_log INDEXED BY audit_log_key_use_idx WHERE action = 'api_key.used' AND created_at < ? ORDER BY created_at LIMIT 10").bind(now).all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toContain("audit_log_key_use_idx");
  });
});
