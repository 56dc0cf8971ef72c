/**
 * Custom hostnames (issue 15, point 4): an administrator adds one, the TXT record it asks for is
 * checked through the DNS interface (the local fake here), and once seen the hostname serves the
 * organisation at once (a host cached as nobody's is dropped); removing it stops that. Refusals:
 * bad names, the platform's own host, another organisation's, too many; administrators only.
 * Also the DNS-over-HTTPS resolver and the Cloudflare for SaaS adapter against a stand-in fetch.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDohResolver, txtData } from "../../workers/dns/doh";
import { DnsUnavailable } from "../../workers/dns/resolver";
import { setFakeTxt } from "../../workers/dns/fake";
import { createCloudflareSaas } from "../../workers/hostnames/cloudflare-saas";
import { HostnameServiceError } from "../../workers/hostnames/service";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const api = (who: string, method: string, path: string, body?: unknown) => call(method, `/api/acme/admin${path}`, { token: tokens[who], body });
const current = async (host: string) => (await json(await call("GET", "/api/organization/current", { host }))).organization_slug;

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"]] as const) {
    await createMember({ email: `${name}@x.example`, orgId: acme.id, name, role });
    tokens[name] = (await login(`${name}@x.example`, "Correct-Horse-9")).body.access_token;
  }
  await createMember({ email: "cid@commons.example", orgId: commons.id, name: "Cid", role: "admin" });
  tokens.cid = (await login("cid@commons.example", "Correct-Horse-9")).body.access_token;
});

describe("custom hostnames", () => {
  it("are proven by their TXT record, then serve the organisation at once", async () => {
    // Before: the host is nobody's (and cached so).
    expect(await current("volunteer.acme.example")).toBe("commons");
    const added = await api("alma", "POST", "/hostnames", { hostname: "  HTTPS://Volunteer.Acme.Example/ " });
    expect(added.status).toBe(201);
    const pending = await json(added);
    expect(pending).toMatchObject({ hostname: "volunteer.acme.example", status: "pending", tls: "not_managed", record: { type: "TXT", name: "_commons-challenge.volunteer.acme.example" } });
    expect(pending.record.value).toMatch(/^commons-verification=[0-9a-f]{32}$/);
    // Added but not proven: still nobody's.
    expect(await current("volunteer.acme.example")).toBe("commons");

    const missing = await api("alma", "POST", "/hostnames/volunteer.acme.example/verify");
    expect(missing.status).toBe(409);
    expect(await json(missing)).toMatchObject({ error: "hostname_not_verified", fields: { hostname: "hostname_check_record_missing" } });
    await setFakeTxt(env.ORG_CACHE, pending.record.name, ["commons-verification=someone-else"]);
    expect((await json(await api("alma", "POST", "/hostnames/volunteer.acme.example/verify"))).fields).toEqual({ hostname: "hostname_check_record_wrong" });
    const listed = (await json(await api("alma", "GET", "/hostnames"))).hostnames;
    expect(listed.find((h: { hostname: string }) => h.hostname === "volunteer.acme.example")).toMatchObject({ status: "pending", last_error: "record_wrong" });

    await setFakeTxt(env.ORG_CACHE, pending.record.name, ["v=spf1 -all", pending.record.value]);
    const verified = await api("alma", "POST", "/hostnames/volunteer.acme.example/verify");
    expect(verified.status).toBe(200);
    expect(await json(verified)).toMatchObject({ status: "verified", last_error: null });
    expect(await current("volunteer.acme.example")).toBe("acme");
    expect(await current("acme.localhost")).toBe("acme");
    // The seeded hostname shows as verified, with no record to publish.
    expect((await json(await api("alma", "GET", "/hostnames"))).hostnames.map((h: { hostname: string; status: string }) => [h.hostname, h.status])).toEqual([
      ["acme.localhost", "verified"],
      ["volunteer.acme.example", "verified"],
    ]);

    expect((await api("alma", "DELETE", "/hostnames/volunteer.acme.example")).status).toBe(204);
    expect(await current("volunteer.acme.example")).toBe("commons");
    expect((await api("alma", "DELETE", "/hostnames/volunteer.acme.example")).status).toBe(404);
    const actions = await env.DB.prepare("SELECT action FROM audit_log WHERE action LIKE 'organization.hostname_%' ORDER BY created_at, rowid").all<{ action: string }>();
    expect(actions.results.map((row) => row.action)).toEqual(["organization.hostname_added", "organization.hostname_verified", "organization.hostname_removed"]);
  });

  it("refuses bad names, the platform's host, another organisation's, and too many", async () => {
    for (const hostname of ["", "localhost", "10.0.0.1", "acme..example", "-acme.example", "acme.example/path?x", "a".repeat(64) + ".example", 42]) {
      const answer = await api("alma", "POST", "/hostnames", { hostname });
      expect(answer.status, String(hostname)).toBe(400);
    }
    expect((await json(await api("alma", "POST", "/hostnames", { hostname: "localhost.example" }))).error).toBeUndefined();
    // Acme's own: taken; and Commons cannot claim Acme's.
    expect(await json(await api("alma", "POST", "/hostnames", { hostname: "acme.localhost" }))).toMatchObject({ error: "hostname_taken", fields: { hostname: "hostname_error_taken" } });
    expect((await call("POST", "/api/commons/admin/hostnames", { token: tokens.cid, body: { hostname: "localhost.example" } })).status).toBe(409);
    for (let n = 0; n < 8; n++) expect((await api("alma", "POST", "/hostnames", { hostname: `h${n}.acme.example` })).status).toBe(201);
    expect(await json(await api("alma", "POST", "/hostnames", { hostname: "one-too-many.acme.example" }))).toMatchObject({ error: "too_many_hostnames" });
    // Another organisation's hostname cannot be checked or removed from here.
    expect((await call("POST", "/api/commons/admin/hostnames/h1.acme.example/verify", { token: tokens.cid })).status).toBe(404);
    expect((await call("DELETE", "/api/commons/admin/hostnames/acme.localhost", { token: tokens.cid })).status).toBe(404);
    expect((await api("olga", "GET", "/hostnames")).status).toBe(403);
    expect((await api("olga", "GET", "/access")).status).toBe(403);
    expect(await json(await api("alma", "GET", "/access"))).toEqual({
      hostnames: (await json(await api("alma", "GET", "/hostnames"))).hostnames,
      providers: [],
      email_domains: (await json(await api("alma", "GET", "/email_domains"))).email_domains,
      // The credentials' signing keys (issue 32): none made yet for Acme in this file.
      credential_keys: [],
    });
    expect((await api("olga", "POST", "/hostnames", { hostname: "x.acme.example" })).status).toBe(403);
  });
});

describe("e-mail domains on the access screen", () => {
  it("a domain the operator adds gets its proof token with its row, so reading the screen writes nothing", async () => {
    await env.DB.prepare("INSERT INTO organization_email_domains (domain, org_id) VALUES ('staff.x.example', 'org-acme')").run();
    const stored = await env.DB.prepare("SELECT token FROM organization_email_domains WHERE domain = 'staff.x.example'").first<{ token: string | null }>();
    expect(stored?.token).toMatch(/^[0-9a-f]{32}$/);
    // A token given by hand stays as given.
    await env.DB.prepare("INSERT INTO organization_email_domains (domain, org_id, token) VALUES ('mine.x.example', 'org-acme', 'given')").run();
    expect((await env.DB.prepare("SELECT token FROM organization_email_domains WHERE domain = 'mine.x.example'").first<{ token: string }>())?.token).toBe("given");
    const before = await env.DB.prepare("SELECT domain, token FROM organization_email_domains ORDER BY domain").all();
    const { email_domains } = await json(await api("alma", "GET", "/access"));
    expect(email_domains.find((row: { domain: string }) => row.domain === "staff.x.example").record.value).toContain(stored!.token);
    expect((await env.DB.prepare("SELECT domain, token FROM organization_email_domains ORDER BY domain").all()).results).toEqual(before.results);
  });
});

describe("pending claims (issue 25)", () => {
  const commons = (method: string, path: string, body?: unknown) => call(method, `/api/commons/admin${path}`, { token: tokens.cid, body });
  const age = (hostname: string, days: number) => env.DB.prepare("UPDATE hostname_claims SET created_at = created_at - ? WHERE hostname = ?").bind(days * 86_400_000, hostname).run();

  it("expire after 7 days: an expired claim no longer blocks another organisation, and cannot be proven", async () => {
    // Room under Acme's cap, which the test above filled.
    await env.DB.prepare("DELETE FROM hostname_claims WHERE org_id = 'org-acme'").run();
    const added = await json(await api("alma", "POST", "/hostnames", { hostname: "squatted.example" }));
    expect(Date.parse(added.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(Date.parse(added.expires_at) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    // Still holding: another organisation is refused.
    expect((await commons("POST", "/hostnames", { hostname: "squatted.example" })).status).toBe(409);
    await age("squatted.example", 6);
    expect((await commons("POST", "/hostnames", { hostname: "squatted.example" })).status).toBe(409);
    // Expired: its own organisation cannot prove it any more, even with the record published.
    await age("squatted.example", 1);
    await setFakeTxt(env.ORG_CACHE, added.record.name, [added.record.value]);
    const late = await api("alma", "POST", "/hostnames/squatted.example/verify");
    expect(late.status).toBe(409);
    expect(await json(late)).toMatchObject({ error: "hostname_claim_expired", fields: { hostname: "hostname_check_expired" } });
    // ...and the real owner's claim replaces it.
    const owner = await commons("POST", "/hostnames", { hostname: "squatted.example" });
    expect(owner.status).toBe(201);
    expect((await api("alma", "POST", "/hostnames/squatted.example/verify")).status).toBe(404);
    const rows = await env.DB.prepare("SELECT org_id FROM hostname_claims WHERE hostname = 'squatted.example'").all<{ org_id: string }>();
    expect(rows.results).toEqual([{ org_id: "org-commons" }]);
  });

  it("a name is its first prover's: proving one another organisation already serves is refused", async () => {
    const claim = await json(await commons("POST", "/hostnames", { hostname: "contested.example" }));
    // Meanwhile the name went live for Acme (set up by the operator).
    await env.DB.prepare("INSERT INTO organization_hostnames (hostname, org_id) VALUES ('contested.example', 'org-acme')").run();
    await setFakeTxt(env.ORG_CACHE, claim.record.name, [claim.record.value]);
    const proven = await commons("POST", "/hostnames/contested.example/verify");
    expect(proven.status).toBe(409);
    expect(await json(proven)).toMatchObject({ error: "hostname_taken" });
    expect(await current("contested.example")).toBe("acme");
    expect((await env.DB.prepare("SELECT status FROM hostname_claims WHERE hostname = 'contested.example'").first<{ status: string }>())!.status).toBe("pending");
  });
});

describe("the DNS-over-HTTPS resolver", () => {
  const answering = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it("asks with the JSON API and joins each record's strings", async () => {
    let asked = "";
    const resolver = createDohResolver({
      fetch: (async (url: string, init: RequestInit) => {
        asked = `${url} ${new Headers(init.headers).get("accept")}`;
        return new Response(JSON.stringify({ Status: 0, Answer: [{ type: 5, data: "x." }, { type: 16, data: '"commons-verification=" "abc"' }, { type: 16, data: '"v=spf1 -all"' }] }));
      }) as unknown as typeof fetch,
    });
    expect(await resolver.txt("_commons-challenge.a.example")).toEqual(["commons-verification=abc", "v=spf1 -all"]);
    expect(asked).toBe("https://cloudflare-dns.com/dns-query?name=_commons-challenge.a.example&type=TXT application/dns-json");
    expect(txtData('"say \\"hi\\""')).toBe('say "hi"');
  });

  it("reads NXDOMAIN as no record, and any failure as DNS unavailable", async () => {
    expect(await createDohResolver({ fetch: answering(200, { Status: 3 }) }).txt("x.example")).toEqual([]);
    await expect(createDohResolver({ fetch: answering(200, { Status: 2 }) }).txt("x.example")).rejects.toBeInstanceOf(DnsUnavailable);
    await expect(createDohResolver({ fetch: answering(500, {}) }).txt("x.example")).rejects.toBeInstanceOf(DnsUnavailable);
    const offline = (async () => {
      throw new TypeError("network");
    }) as unknown as typeof fetch;
    await expect(createDohResolver({ fetch: offline }).txt("x.example")).rejects.toBeInstanceOf(DnsUnavailable);
  });
});

describe("the Cloudflare for SaaS adapter", () => {
  it("adds a hostname with an HTTP-validated DV certificate, reads its state, removes it", async () => {
    const calls: { method: string; url: string; auth: string | null; body: unknown }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ method: init.method!, url, auth: new Headers(init.headers).get("authorization"), body: init.body ? JSON.parse(String(init.body)) : null });
      const result = init.method === "DELETE" ? { id: "ch-1" } : { id: "ch-1", hostname: "volunteer.acme.example", ssl: { status: init.method === "POST" ? "pending_validation" : "active" } };
      return new Response(JSON.stringify({ success: true, errors: [], result }));
    }) as unknown as typeof fetch;
    const saas = createCloudflareSaas({ zoneId: "0123456789abcdef0123456789abcdef", token: "cf-token", fetch: fetcher });
    expect(await saas.add("volunteer.acme.example")).toEqual({ id: "ch-1", tls: "pending_validation" });
    expect(await saas.status("ch-1")).toEqual({ tls: "active" });
    await saas.remove("ch-1");
    const base = "https://api.cloudflare.com/client/v4/zones/0123456789abcdef0123456789abcdef/custom_hostnames";
    expect(calls).toEqual([
      { method: "POST", url: base, auth: "Bearer cf-token", body: { hostname: "volunteer.acme.example", ssl: { method: "http", type: "dv", settings: { min_tls_version: "1.2" } } } },
      { method: "GET", url: `${base}/ch-1`, auth: "Bearer cf-token", body: null },
      { method: "DELETE", url: `${base}/ch-1`, auth: "Bearer cf-token", body: null },
    ]);
  });

  it("reports Cloudflare's refusals and outages in its own words", async () => {
    const refusing = (async () => new Response(JSON.stringify({ success: false, errors: [{ code: 1406, message: "Duplicate custom hostname found." }] }), { status: 409 })) as unknown as typeof fetch;
    const saas = createCloudflareSaas({ zoneId: "0123456789abcdef0123456789abcdef", token: "t", fetch: refusing });
    await expect(saas.add("a.example")).rejects.toThrow(new HostnameServiceError("Cloudflare answered 409 (1406: Duplicate custom hostname found.)"));
    const offline = (async () => {
      throw new TypeError("network");
    }) as unknown as typeof fetch;
    await expect(createCloudflareSaas({ zoneId: "0123456789abcdef0123456789abcdef", token: "t", fetch: offline }).remove("x")).rejects.toBeInstanceOf(HostnameServiceError);
  });
});
