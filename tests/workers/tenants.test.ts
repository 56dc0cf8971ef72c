import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getOrganizationBySlug, updateOrganization } from "../../workers/tenant/organizations";
import { call, createMember, json, login, seedOrganizations } from "./support";

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  await createMember({ email: "marta@acme.example", orgId: acme.id });
  await createMember({ email: "ana@commons.example", orgId: commons.id });
  await env.DB.prepare(
    "INSERT INTO initiatives (id, org_id, slug, title, type) VALUES ('i1', 'org-acme', 'beach-cleanup', 'Beach clean-up', 'volunteering'), ('i2', 'org-vizinhos', 'beach-cleanup', 'Limpeza de praia', 'volunteering'), ('i3', 'org-acme', 'secret-plan', 'Private', 'informative')",
  ).run();
});

describe("tenant resolution", () => {
  it("resolves a custom hostname to its organisation and any other host to the default", async () => {
    expect((await json(await call("GET", "/api/organization/current", { host: "acme.localhost" }))).organization_slug).toBe("acme");
    expect((await json(await call("GET", "/api/organization/current", { host: "ACME.localhost:8787" }))).organization_slug).toBe("acme");
    expect((await json(await call("GET", "/api/organization/current", { host: "localhost" }))).organization_slug).toBe("commons");
    expect((await json(await call("GET", "/api/organization/current", { host: "unknown.example" }))).organization_slug).toBe("commons");
  });

  it("answers the organisation profile by slug with its configuration and defaults", async () => {
    const res = await call("GET", "/api/organization/profile/acme");
    expect(res.status).toBe(200);
    const profile = await json(res);
    expect(profile).toMatchObject({
      uuid: "org-acme",
      organization_name: "Acme",
      organization_slug: "acme",
      is_default_org: false,
      email_domains: ["acme.example"],
      product_config: { general: { contact_email: "volunteering@acme.example" } },
    });
    expect(profile.product_config.community.features).toMatchObject({ points: true, rankings: true, program: false });
    expect(profile.product_config.community.max_number_of_sdgs).toBe(3);
    // A corporate organisation's sign-up token is not public.
    expect(profile.signup_token).toBeNull();
    expect((await json(await call("GET", "/api/organization/profile/commons"))).signup_token).toMatch(/^commons-token/);
  });

  it("answers 404 for unknown organisations and 400 for malformed slugs", async () => {
    expect((await call("GET", "/api/organization/profile/nowhere")).status).toBe(404);
    expect(await json(await call("GET", "/api/organization/profile/nowhere"))).toMatchObject({ error: "organization_not_found" });
    expect((await call("GET", "/api/organization/profile/Bad%20Slug!")).status).toBe(400);
    expect((await call("GET", "/api/organization/no-such-token")).status).toBe(404);
  });

  it("finds an organisation by its sign-up token, saying it is corporate", async () => {
    const body = await json(await call("GET", "/api/organization/acme-signup-token"));
    expect(body).toMatchObject({ organization_slug: "acme", corporate: true, signup_token: "acme-signup-token" });
  });

  it("finds the organisation of an initiative slug, preferring the request's own organisation", async () => {
    expect((await json(await call("GET", "/api/organization/by_initiative_slug/beach-cleanup", { host: "acme.localhost" }))).organization_slug).toBe("acme");
    expect((await json(await call("GET", "/api/organization/by_initiative_slug/beach-cleanup"))).organization_slug).toBe("vizinhos");
    expect((await call("GET", "/api/organization/by_initiative_slug/none-such")).status).toBe(404);
  });

  it("never names a private organisation to a caller outside it (issue 25)", async () => {
    // Anonymous, or a member of another organisation: the same 404 as an unknown slug.
    const anonymous = await call("GET", "/api/organization/by_initiative_slug/secret-plan");
    expect(anonymous.status).toBe(404);
    expect(await json(anonymous)).toMatchObject({ error: "initiative_not_found" });
    const ana = (await login("ana@commons.example", "Correct-Horse-9")).body.access_token;
    expect((await call("GET", "/api/organization/by_initiative_slug/secret-plan", { token: ana })).status).toBe(404);
    // Its own members find it, and so does whoever is on its own hostname already.
    const marta = (await login("marta@acme.example", "Correct-Horse-9")).body.access_token;
    expect((await json(await call("GET", "/api/organization/by_initiative_slug/secret-plan", { token: marta }))).organization_slug).toBe("acme");
    expect((await json(await call("GET", "/api/organization/by_initiative_slug/secret-plan", { host: "acme.localhost" }))).organization_slug).toBe("acme");
  });
});

describe("organisation cache in KV", () => {
  it("caches the profile in KV and serves it from there", async () => {
    await call("GET", "/api/organization/profile/vizinhos");
    const cached = await env.ORG_CACHE.get("org:v1:slug:vizinhos", "json");
    expect(cached).toMatchObject({ slug: "vizinhos", name: "Vizinhos" });
    // A write behind the cache's back is not seen: proof the answer comes from KV.
    await env.DB.prepare("UPDATE organizations SET name = 'Changed behind the cache' WHERE slug = 'vizinhos'").run();
    expect((await json(await call("GET", "/api/organization/profile/vizinhos"))).organization_name).toBe("Vizinhos");
  });

  it("invalidates the cached copies (by slug and by hostname) when the organisation changes", async () => {
    await call("GET", "/api/organization/current", { host: "acme.localhost" });
    expect(await env.ORG_CACHE.get("org:v1:host:acme.localhost")).toBe("acme");
    const acme = (await getOrganizationBySlug(env, "acme"))!;
    await updateOrganization(env, acme, { name: "Acme Corporation", communityConfig: { hide_ranking_in_app: true } });
    expect(await env.ORG_CACHE.get("org:v1:slug:acme")).toBeNull();
    expect(await env.ORG_CACHE.get("org:v1:host:acme.localhost")).toBeNull();
    const profile = await json(await call("GET", "/api/organization/current", { host: "acme.localhost" }));
    expect(profile.organization_name).toBe("Acme Corporation");
    expect(profile.product_config.community.hide_ranking_in_app).toBe(true);
  });

  it("caches that an unknown hostname belongs to no organisation", async () => {
    await call("GET", "/api/organization/current", { host: "plain.example" });
    expect(await env.ORG_CACHE.get("org:v1:host:plain.example")).toBe("-");
  });
});

describe("members and organisations", () => {
  it("lists only the member's own organisations after sign-in", async () => {
    const { body } = await login("ana@commons.example", "Correct-Horse-9", "acme.localhost");
    expect(body.user.organizations.map((o: any) => o.slug)).toEqual(["commons"]);
  });
});
