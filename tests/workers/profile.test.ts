import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, createOrg, json, login, seedOrganizations } from "./support";

let marta: string;
let ana: string;
let javier: string;

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  await env.DB.prepare("INSERT INTO platform_terms (version, url) VALUES (2, '/terms/v2') ON CONFLICT DO NOTHING").run();
  await env.DB.prepare("UPDATE organizations SET org_terms_version = 3, org_terms_url = '/acme/policy' WHERE id = 'org-acme'").run();
  await env.DB.prepare("INSERT INTO public_user_groups (id, org_id, slug, name) VALUES ('g1', 'org-acme', 'madrid-office', 'Madrid office'), ('g2', 'org-acme', 'it-team', 'IT team'), ('g3', 'org-commons', 'other', 'Other org group')").run();
  await createMember({ email: "boss@acme.example", orgId: acme.id, name: "Javier Moreno", role: "manager" });
  const m = await createMember({ email: "marta@acme.example", orgId: acme.id, name: "Marta Ruiz" });
  await env.DB.prepare("UPDATE memberships SET manager_member_id = (SELECT id FROM members WHERE email = 'boss@acme.example') WHERE member_id = ?").bind(m.id).run();
  await createMember({ email: "ana@commons.example", orgId: commons.id });
  marta = (await login("marta@acme.example", "Correct-Horse-9")).body.access_token;
  ana = (await login("ana@commons.example", "Correct-Horse-9")).body.access_token;
  javier = (await login("boss@acme.example", "Correct-Horse-9")).body.access_token;
});

const put = (body: unknown, token = marta) => call("PUT", "/api/acme/profile", { body, token });

describe("GET /api/{org}/profile", () => {
  it("names the categories and audiences in the member's own language", async () => {
    await env.DB.prepare("UPDATE members SET language = 'es-ES' WHERE email = 'boss@acme.example'").run();
    const profile = await json(await call("GET", "/api/acme/profile", { token: javier }));
    expect(profile.categories.find((c: { slug: string }) => c.slug === "children")).toEqual({ slug: "children", name: "Infancia", member: false });
    expect(profile.target_audience.every((a: { slug: string; name: string }) => a.name && a.name !== a.slug)).toBe(true);
  });

  it("answers the own profile with groups, lookups, terms state and manager", async () => {
    const res = await call("GET", "/api/acme/profile", { token: marta });
    expect(res.status).toBe(200);
    const profile = await json(res);
    expect(profile).toMatchObject({
      email: "marta@acme.example",
      name: "Marta Ruiz",
      role: "member",
      language: "en-US",
      commercial_comms_accepted: false,
      social: {},
      last_terms_and_conditions_version: 2,
      last_terms_accepted: false,
      org_last_terms_accepted: false,
      organization: { slug: "acme", terms: "/acme/policy", org_last_terms_version: 3 },
      manager: { name: "Javier Moreno", email: "boss@acme.example" },
      chat_password: null,
    });
    expect(profile.public_user_groups).toEqual([
      { name: "IT team", slug: "it-team", member: false },
      { name: "Madrid office", slug: "madrid-office", member: false },
    ]);
    expect(profile.categories.length).toBeGreaterThan(30);
    // Each lookup named in the member's language, as the pages name it.
    expect(profile.categories).toContainEqual({ slug: "children", name: "Children", member: false });
    expect(profile.target_audience).toContainEqual({ slug: "children", name: "Children", member: false });
    expect(profile.details).toMatchObject({ address: null, availability_days: [], availability_hours: null });
  });

  it("needs a token and membership: 401 without, 404 for another organisation or an unknown one", async () => {
    expect((await call("GET", "/api/acme/profile")).status).toBe(401);
    const other = await call("GET", "/api/acme/profile", { token: ana });
    expect(other.status).toBe(404);
    expect(await json(other)).toMatchObject({ error: "organization_not_found" });
    expect((await call("GET", "/api/nowhere/profile", { token: ana })).status).toBe(404);
  });

  it("answers 402 for a disabled account, which makes the app log out", async () => {
    const { body } = await login("ana@commons.example", "Correct-Horse-9");
    await env.DB.prepare("UPDATE members SET disabled_at = 1 WHERE email = 'ana@commons.example'").run();
    const res = await call("GET", "/api/commons/profile", { token: body.access_token });
    expect(res.status).toBe(402);
    await env.DB.prepare("UPDATE members SET disabled_at = NULL WHERE email = 'ana@commons.example'").run();
  });
});

describe("PUT /api/{org}/profile", () => {
  it("updates name and phone, storing the phone in E.164 (national numbers read in the organisation's region)", async () => {
    const res = await put({ name: "  Marta Ruiz Gil ", phone: "612 34 56 78" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ name: "Marta Ruiz Gil", phone: "+34612345678" });
    expect((await json(await put({ phone: "+351 912 345 678" }))).phone).toBe("+351912345678");
    expect((await json(await put({ phone: "+55 11 91234-5678" }))).phone).toBe("+5511912345678");
  });

  it("validates the phone with the spec's keys", async () => {
    expect((await json(await put({ phone: "12" }))).fields).toEqual({ phone: "form_error_invalid_phone" });
    expect((await json(await put({ phone: "+34 12345" }))).fields).toEqual({ phone: "form_error_invalid_phone" });
    expect((await json(await put({ phone: 612345678 }))).fields).toEqual({ phone: "form_error_invalid_phone" });
    expect((await json(await put({ phone: "6".repeat(41) }))).fields).toEqual({ phone: "form_error_invalid_phone" });
  });

  it("clears the phone with null or an empty value where the organisation does not require one", async () => {
    await put({ phone: "+34 612 34 56 78" });
    const cleared = await put({ phone: null });
    expect(cleared.status).toBe(200);
    expect((await json(cleared)).phone).toBeNull();
    await put({ phone: "+34 612 34 56 78" });
    expect((await json(await put({ name: "Marta Ruiz Gil", phone: " " }))).phone).toBeNull();
    // The number is free again for another member of the organisation.
    expect((await put({ phone: "612345678" }, javier)).status).toBe(200);
    await put({ phone: null }, javier);
    await put({ phone: "+34612345678" });
  });

  it.each([
    ["asks for a phone to join", { ask_member_phone: true }],
    ["makes the onboarding phone step mandatory", { onboarding_steps: ["phone"], required_onboarding_steps: ["phone"] }],
  ])("keeps the phone required where the organisation %s", async (_, community) => {
    const slug = `phones-${Object.keys(community).length}`;
    await createOrg({ id: `org-${slug}`, slug, community });
    await createMember({ email: `phone@${slug}.example`, orgId: `org-${slug}` });
    const token = (await login(`phone@${slug}.example`, "Correct-Horse-9")).body.access_token;
    const update = (phone: unknown) => call("PUT", `/api/${slug}/profile`, { body: { phone }, token });
    expect((await json(await update("655 000 111"))).phone).toBe("+34655000111");
    for (const empty of [null, "", "  "]) {
      const res = await update(empty);
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toEqual({ phone: "form_error_required" });
    }
    await update(null);
  });

  it("answers 409 when another member of the organisation has the number, in whatever format", async () => {
    await put({ phone: "+34 699 111 222" }, javier);
    for (const phone of ["+34699111222", "699 11 12 22", "0034 699-111-222"]) {
      const res = await put({ name: "Not saved", phone });
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ error: "phone_in_use", fields: { phone: "profile_update_error_desc" } });
    }
    const profile = await json(await call("GET", "/api/acme/profile", { token: marta }));
    expect([profile.name, profile.phone]).toEqual(["Marta Ruiz Gil", "+34612345678"]);
  });

  it("lets members of different organisations have the same number (nothing is told across tenants)", async () => {
    const res = await call("PUT", "/api/commons/profile", { body: { phone: "+34 699 111 222" }, token: ana });
    expect(res.status).toBe(200);
  });

  it("lets the unique index decide between two simultaneous updates: one saves, the other gets the 409", async () => {
    const [first, second] = await Promise.all([put({ phone: "+34 633 000 444" }), put({ phone: "633000444" }, javier)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const holders = await env.DB.prepare("SELECT count(*) AS n FROM profiles WHERE phone = '+34633000444'").first<{ n: number }>();
    expect(holders?.n).toBe(1);
    await put({ phone: "+34612345678" });
    await put({ phone: "+34699111222" }, javier);
  });

  it("stores social links as handles, validating the profile URL pattern, and removes emptied ones", async () => {
    const res = await put({ social: { linkedin: "https://www.linkedin.com/in/marta-ruiz/", github: "@mruiz" } });
    expect((await json(res)).social).toEqual({ linkedin: "marta-ruiz", github: "mruiz" });
    const bad = await put({ social: { linkedin: "https://www.linkedin.com/company/acme" } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toEqual({ "social.linkedin": "form_error_invalid_social" });
    expect((await json(await put({ social: { github: "" } }))).social).toEqual({ linkedin: "marta-ruiz" });
    expect((await put({ social: { myspace: "x" } })).status).toBe(400);
  });

  it("switches commercial communications and language", async () => {
    const body = await json(await put({ commercial_comms_accepted: true, language: "eu-ES" }));
    expect(body).toMatchObject({ commercial_comms_accepted: true, language: "eu-ES" });
    expect((await json(await put({ language: "de-DE" }))).fields).toEqual({ language: "form_error_invalid" });
  });

  it("accepts the platform terms and the organisation policy", async () => {
    const body = await json(await put({ last_terms_accepted: true, org_last_terms_accepted: true }));
    expect(body).toMatchObject({ last_terms_accepted: true, org_last_terms_accepted: true });
    expect((await put({ last_terms_accepted: false })).status).toBe(400);
  });

  it("saves details partially, with the lookups' values", async () => {
    await put({ details: { address: "Calle Mayor 1, Madrid", tshirt_size: "M", availability_days: ["weekends_and_holidays"] } });
    const body = await json(await put({ details: { availability_hours: { start: "09:00", end: "13:30" }, date_of_birth: "1990-04-12" } }));
    expect(body.details).toMatchObject({
      address: "Calle Mayor 1, Madrid",
      tshirt_size: "M",
      availability_days: ["weekends_and_holidays"],
      availability_hours: { start: "09:00", end: "13:30" },
      date_of_birth: "1990-04-12",
    });
    const bad = await put({ details: { tshirt_size: "XXXL", date_of_birth: "1990-02-30", availability_hours: { start: "18:00", end: "09:00" }, colour: "red" } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toMatchObject({
      "details.tshirt_size": "form_error_invalid",
      "details.date_of_birth": "form_error_invalid_date",
      "details.availability_hours": "form_error_invalid_time_range",
    });
  });

  it("replaces groups, categories and audiences; unknown choices and other organisations' groups are refused", async () => {
    const body = await json(await put({ public_user_groups: ["madrid-office"], categories: ["environment"], target_audience: ["children", "elderly"] }));
    expect(body.public_user_groups.find((g: any) => g.slug === "madrid-office").member).toBe(true);
    expect(body.categories.filter((c: any) => c.member).map((c: any) => c.slug)).toEqual(["environment"]);
    expect(body.target_audience.filter((a: any) => a.member).map((a: any) => a.slug).sort()).toEqual(["children", "elderly"]);
    const again = await json(await put({ public_user_groups: ["it-team"] }));
    expect(again.public_user_groups.filter((g: any) => g.member).map((g: any) => g.slug)).toEqual(["it-team"]);
    const foreign = await put({ public_user_groups: ["other"], categories: ["not-a-category"] });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).fields).toEqual({ public_user_groups: "form_error_invalid", categories: "form_error_invalid" });
  });

  describe("never answers 500 for the largest valid lists (D1 binds at most 100 parameters per statement)", () => {
    const groups = Array.from({ length: 200 }, (_, i) => `group-${String(i).padStart(3, "0")}`);
    const slugs = async (table: string) => (await env.DB.prepare(`SELECT slug FROM ${table}`).all<{ slug: string }>()).results.map((row) => row.slug);
    beforeAll(async () => {
      await env.DB.batch(groups.map((slug) => env.DB.prepare("INSERT INTO public_user_groups (id, org_id, slug, name) VALUES (?1, 'org-acme', ?1, ?1)").bind(slug)));
    });

    it("all 40 categories", async () => {
      const categories = await slugs("categories");
      expect(categories).toHaveLength(40);
      const res = await put({ categories });
      expect(res.status).toBe(200);
      expect((await json(res)).categories.every((c: any) => c.member)).toBe(true);
    });

    it("all 30 audiences", async () => {
      const audiences = await slugs("target_audiences");
      expect(audiences).toHaveLength(30);
      const res = await put({ target_audience: audiences });
      expect(res.status).toBe(200);
      expect((await json(res)).target_audience.every((a: any) => a.member)).toBe(true);
    });

    it("200 groups, and an unknown one among them is still found with nothing written", async () => {
      // Repeats are one choice each, even where they land in different chunks.
      const res = await put({ public_user_groups: [...groups, ...groups.slice(0, 5)] });
      expect(res.status).toBe(200);
      expect((await json(res)).public_user_groups.filter((g: any) => g.member)).toHaveLength(200);
      const wrong = await put({ name: "Not saved", public_user_groups: [...groups.slice(1), "nope"] });
      expect(wrong.status).toBe(400);
      expect((await json(wrong)).fields).toEqual({ public_user_groups: "form_error_invalid" });
      const profile = await json(await call("GET", "/api/acme/profile", { token: marta }));
      expect([profile.name, profile.public_user_groups.filter((g: any) => g.member).length]).toEqual(["Marta Ruiz Gil", 200]);
      await put({ categories: [], target_audience: [], public_user_groups: [] });
    });
  });

  it("records the completed onboarding version", async () => {
    expect((await json(await put({ onboarding_completed_version: 5 }))).onboarding_completed_version).toBe(5);
    expect((await put({ onboarding_completed_version: 6 })).status).toBe(400);
  });

  it("refuses empty, unknown-field and malformed bodies without writing anything", async () => {
    expect((await json(await put({}))).fields).toEqual({ _: "form_error_empty_update" });
    const mixed = await put({ name: "Changed", email: "hijack@example.org" });
    expect(mixed.status).toBe(400);
    expect((await json(await call("GET", "/api/acme/profile", { token: marta }))).name).toBe("Marta Ruiz Gil");
    const malformed = await call("PUT", "/api/acme/profile", { rawBody: "{", headers: { "content-type": "application/json" }, token: marta });
    expect(malformed.status).toBe(400);
  });

  it("cannot change another organisation's profile data", async () => {
    expect((await put({ name: "Intruder" }, ana)).status).toBe(404);
  });
});
