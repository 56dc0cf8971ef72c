/**
 * /manage/access's loader and action (issue 15, point 4) as the browser's forms post them: a
 * hostname added, refused until its TXT record is there (the fake DNS), then in use, then
 * removed; a provider whose issuer does not answer refused at its field; a test sign-in that fails
 * at discovery sent back to the screen with its outcome; administrators only.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/_app.manage.access/route";
import { createWebSession } from "../../workers/auth/web-session";
import { setFakeTxt } from "../../workers/dns/fake";
import { pageRequests, run, type Route } from "./route-calls";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

const cookies: Record<string, string> = {};
const requests = pageRequests(cookies);
const get = requests.get;
const post = (who: string, fields: [string, string][]) => requests.post(who, "/manage/access", fields);

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const context = await testLoadContext("acme");
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"]] as const) {
    await createMember({ email: `${name}@acme.example`, orgId: acme.id, name, role });
    cookies[name] = (await createWebSession(context, (await login(`${name}@acme.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  }
  await env.DB.prepare("INSERT INTO sso_providers (id, org_id, provider, issuer, client_id, scopes, enforced) VALUES ('sso-1', 'org-acme', 'okta', 'http://127.0.0.1:9', 'cid', 'openid email', 0)").run();
});

describe("/manage/access", () => {
  it("is the administrators' only", async () => {
    expect((await run(loader as Route, get("olga", "/manage/access"))).status).toBe(404);
    expect((await run(action as Route, post("olga", [["intent", "hostname_add"], ["hostname", "x.acme.example"]]))).status).toBe(404);
    const page = await run(loader as Route, get("alma", "/manage/access"));
    expect(page).toMatchObject({ status: 200, data: { hostnames: [{ hostname: "acme.localhost", status: "verified" }], providers: [{ id: "sso-1", provider: "okta" }], test: null } });
  });

  it("adds a hostname, checks its record, and removes it", async () => {
    expect((await run(action as Route, post("alma", [["intent", "hostname_add"], ["hostname", "bad host"]]))).data).toMatchObject({ ok: false, fields: { hostname: "hostname_error_invalid" }, values: { hostname: "bad host" } });
    expect((await run(action as Route, post("alma", [["intent", "hostname_add"], ["hostname", "go.acme.example"]]))).data).toMatchObject({ ok: true, intent: "hostname_add" });
    const pending = (await run(loader as Route, get("alma", "/manage/access"))).data!.hostnames.find((h: { hostname: string }) => h.hostname === "go.acme.example");
    expect(pending).toMatchObject({ status: "pending", record: { name: "_commons-challenge.go.acme.example" } });
    const early = await run(action as Route, post("alma", [["intent", "hostname_verify"], ["hostname", "go.acme.example"]]));
    expect(early).toMatchObject({ status: 409, data: { ok: false, target: "go.acme.example", fields: { hostname: "hostname_check_record_missing" } } });
    await setFakeTxt(env.ORG_CACHE, pending.record.name, [pending.record.value]);
    expect((await run(action as Route, post("alma", [["intent", "hostname_verify"], ["hostname", "go.acme.example"]]))).data).toMatchObject({ ok: true, target: "go.acme.example" });
    expect((await run(action as Route, post("alma", [["intent", "hostname_remove"], ["hostname", "go.acme.example"]]))).data).toMatchObject({ ok: true, intent: "hostname_remove" });
    expect((await run(loader as Route, get("alma", "/manage/access"))).data!.hostnames.map((h: { hostname: string }) => h.hostname)).toEqual(["acme.localhost"]);
  });

  it("refuses a provider whose issuer does not answer, at its field, and keeps what was typed but the secret", async () => {
    const answer = await run(
      action as Route,
      post("alma", [["intent", "sso_add"], ["provider", "entra"], ["issuer", "http://127.0.0.1:9"], ["client_id", "app"], ["client_secret", "hush"], ["scopes", "openid email"]]),
    );
    expect(answer).toMatchObject({ status: 502, data: { ok: false, fields: { issuer: "sso_error_discovery_unreachable" }, values: { provider: "entra", issuer: "http://127.0.0.1:9" } } });
    expect(answer.data!.values.client_secret).toBeUndefined();
  });

  it("sends a test whose discovery fails straight back to the screen, which says why", async () => {
    const started = await run(action as Route, post("alma", [["intent", "sso_test"], ["id", "sso-1"]]));
    expect(started.status).toBe(302);
    expect(started.location).toMatch(/^\/manage\/access\?test=[0-9a-f-]{36}$/);
    const page = await run(loader as Route, get("alma", started.location!));
    expect(page.data!.test).toMatchObject({ provider: "okta", status: "failed", code: "discovery_unreachable" });
  });

  it("removes a provider", async () => {
    expect((await run(action as Route, post("alma", [["intent", "sso_remove"], ["id", "sso-1"]]))).data).toMatchObject({ ok: true, intent: "sso_remove" });
    expect((await run(loader as Route, get("alma", "/manage/access"))).data!.providers).toEqual([]);
    expect((await run(action as Route, post("alma", [["intent", "nothing"]]))).status).toBe(400);
  });

  it("shows the credential signing key and rotates it only when the box is ticked; the old key is listed as retired", async () => {
    const before = (await run(loader as Route, get("alma", "/manage/access"))).data!;
    expect(before).toMatchObject({ signingKeys: [], signingKeysError: null });
    const unconfirmed = await run(action as Route, post("alma", [["intent", "credentials_key_rotate"]]));
    expect(unconfirmed).toMatchObject({ status: 400, data: { ok: false, intent: "credentials_key_rotate", fields: { confirm: "form_error_required" } } });
    expect((await run(action as Route, post("olga", [["intent", "credentials_key_rotate"], ["confirm", "on"]]))).status).toBe(404);
    expect((await run(loader as Route, get("alma", "/manage/access"))).data!.signingKeys).toEqual([]);
    for (let round = 0; round < 2; round++) {
      expect(await run(action as Route, post("alma", [["intent", "credentials_key_rotate"], ["confirm", "on"]]))).toMatchObject({ status: 200, data: { ok: true, intent: "credentials_key_rotate" } });
    }
    const keys = (await run(loader as Route, get("alma", "/manage/access"))).data!.signingKeys as { id: string; created_at: string; retired_at: string | null }[];
    expect(keys).toHaveLength(2);
    expect(keys.filter((key) => key.retired_at === null)).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id: expect.stringMatching(/^key-/), retired_at: expect.any(String) });
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE org_id = 'org-acme' AND action = 'organization.credentials_key_rotated'").first<{ n: number }>();
    expect(audit!.n).toBe(2);
  });
});
