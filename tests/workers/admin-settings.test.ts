/**
 * The organisation's settings (issue 15, point 2): GET and PUT /api/{org}/admin/config. Every key
 * validated with field errors, the cached organisation dropped on save (members see it on their
 * next request), objects merged key by key, an audit row with before and after, images uploaded
 * to the organisation and served on every host; administrators only (403), another organisation 404.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, json, login, seedOrganizations } from "./support";
import { joinBytes, pngChunk, pngOf } from "./png-fixtures";

const tokens: Record<string, string> = {};
const put = (who: string, body: unknown) => call("PUT", "/api/acme/admin/config", { token: tokens[who], body });
const get = (who: string) => call("GET", "/api/acme/admin/config", { token: tokens[who] });
const profile = async () => json(await call("GET", "/api/organization/profile/acme"));

const PNG = pngOf(400, 200);
function upload(who: string, kind: string, bytes: Uint8Array | string = PNG) {
  const form = new FormData();
  form.append("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], "logo.png", { type: "image/png" }));
  return call("PUT", `/api/acme/admin/config/images/${kind}`, { token: tokens[who], rawBody: form });
}

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"], ["mario", "manager"], ["mia", "member"]] as const) {
    await createMember({ email: `${name}@x.example`, orgId: acme.id, name, role });
    tokens[name] = (await login(`${name}@x.example`, "Correct-Horse-9")).body.access_token;
  }
  await createMember({ email: "cid@commons.example", orgId: commons.id, name: "Cid", role: "admin" });
  tokens.cid = (await login("cid@commons.example", "Correct-Horse-9")).body.access_token;
});

describe("GET and PUT /api/{org}/admin/config", () => {
  it("shows every setting with its defaults, to administrators only", async () => {
    const answer = await get("alma");
    expect(answer.status).toBe(200);
    const settings = await json(answer);
    expect(settings).toMatchObject({ slug: "acme", contact_email: "volunteering@acme.example", community: { max_number_of_sdgs: 3, features: { points: true, rankings: true } } });
    for (const who of ["olga", "mario", "mia"]) {
      expect((await get(who)).status, who).toBe(403);
      expect((await put(who, { name: "Taken" })).status, who).toBe(403);
    }
    // Another organisation's administrator: that organisation does not exist for them.
    expect((await get("cid")).status).toBe(404);
    expect((await put("cid", { name: "Taken" })).status).toBe(404);
  });

  it("saves, drops the cached organisation at once, merges objects and writes one audit row", async () => {
    await profile(); // cached now
    const answer = await put("alma", {
      name: "Acme Volunteers",
      region: "PT",
      contact_email: " Help@Acme.Example ",
      community: { features: { chat: false }, theme: { primary: "#0F766E" }, max_number_of_sdgs: 5, cover_quote: { visible: true, quote: "Together" } },
    });
    expect(answer.status).toBe(200);
    const saved = await json(answer);
    expect(saved).toMatchObject({ name: "Acme Volunteers", region: "PT", contact_email: "help@acme.example" });
    // Features merge key by key: points stays on.
    expect(saved.community.features).toMatchObject({ chat: false, points: true, rankings: true });
    expect(saved.community).toMatchObject({ theme: { primary: "#0f766e" }, max_number_of_sdgs: 5, region: "PT", cover_quote: { visible: true, quote: "Together" } });
    // The answer is the settings as stored: the next read says the same.
    expect(await json(await get("alma"))).toEqual(saved);
    // The organisation as members load it, straight after: no stale cache.
    const seen = await profile();
    expect(seen.organization_name).toBe("Acme Volunteers");
    expect(seen.product_config.community.theme.primary).toBe("#0f766e");
    expect(seen.product_config.community.features.chat).toBe(false);
    const rows = await env.DB.prepare("SELECT actor_member_id, detail FROM audit_log WHERE action = 'organization.settings_changed'").all<{ detail: string }>();
    expect(rows.results).toHaveLength(1);
    const detail = JSON.parse(rows.results[0].detail);
    expect(detail.before).toMatchObject({ name: "Acme", "community.max_number_of_sdgs": 3 });
    expect(detail.after).toMatchObject({ name: "Acme Volunteers", "community.max_number_of_sdgs": 5, contact_email: "help@acme.example" });
    expect(Object.keys(detail.after)).not.toContain("community.hide_rating");
    // The same change again changes nothing and logs nothing.
    expect((await put("alma", { community: { max_number_of_sdgs: 5 } })).status).toBe(200);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'organization.settings_changed'").first<{ n: number }>())!.n).toBe(1);
  });

  it("refuses every bad value with the field it is about, and writes nothing", async () => {
    const bad: [unknown, string, string][] = [
      [{ community: { theme: { primary: "red" } } }, "community.theme.primary", "settings_error_colour"],
      [{ community: { theme: { primary: "#ffff00" } } }, "community.theme.primary", "settings_error_contrast"],
      [{ community: { theme: { primary: "#0f766e; background: url(x)" } } }, "community.theme.primary", "settings_error_colour"],
      [{ community: { theme: { secondary: "#000000" } } }, "community.theme.secondary", "form_error_unknown_field"],
      [{ community: { features: { teleport: true } } }, "community.features.teleport", "form_error_unknown_field"],
      [{ community: { features: { chat: "yes" } } }, "community.features.chat", "form_error_invalid"],
      [{ community: { max_number_of_sdgs: 18 } }, "community.max_number_of_sdgs", "form_error_out_of_range"],
      [{ community: { max_number_of_sdgs: 0 } }, "community.max_number_of_sdgs", "form_error_out_of_range"],
      [{ community: { max_number_of_sdgs: 2.5 } }, "community.max_number_of_sdgs", "form_error_invalid"],
      [{ community: { waitlist_offer_hours: 169 } }, "community.waitlist_offer_hours", "form_error_out_of_range"],
      [{ community: { proposal_digest_hours: -1 } }, "community.proposal_digest_hours", "form_error_out_of_range"],
      [{ community: { currency: "USD" } }, "community.currency", "form_error_invalid"],
      [{ community: { language: "de-DE" } }, "community.language", "form_error_invalid"],
      [{ region: "FR" }, "region", "form_error_invalid"],
      [{ name: "  " }, "name", "form_error_required"],
      [{ name: "x".repeat(121) }, "name", "form_error_max_length"],
      [{ contact_email: "not-an-address" }, "contact_email", "form_error_invalid_email"],
      [{ community: { social_network_profiles: ["myspace"] } }, "community.social_network_profiles.0", "form_error_invalid"],
      [{ community: { social_network_profiles: ["github", "github"] } }, "community.social_network_profiles", "form_error_invalid"],
      [{ community: { proposal_types: [] } }, "community.proposal_types", "form_error_required"],
      [{ community: { onboarding_steps: ["phone", "horoscope"] } }, "community.onboarding_steps.1", "form_error_invalid"],
      [{ community: { onboarding_steps: ["phone"], required_onboarding_steps: ["alias"] } }, "community.required_onboarding_steps", "settings_error_required_not_offered"],
      [{ community: { default_latitude: 91, default_longitude: 0 } }, "community.default_latitude", "form_error_out_of_range"],
      [{ community: { default_latitude: 40.4 } }, "community.default_latitude", "settings_error_centre_incomplete"],
      [{ community: { initiative_banner: { visible: true, content: "x".repeat(501) } } }, "community.initiative_banner.content", "form_error_max_length"],
      [{ community: { cover_quote: { colour: "red" } } }, "community.cover_quote.colour", "form_error_unknown_field"],
      [{ community: { appIntl: { "es-ES": { wall_title: "Muro", no_such_text_at_all: "x" } } } }, "community.appIntl.es-ES.no_such_text_at_all", "settings_error_unknown_text"],
      [{ community: { appIntl: { "xx-XX": { wall_title: "x" } } } }, "community.appIntl.xx-XX", "settings_error_unknown_locale"],
      [{ logo: "https://evil.example/logo.png" }, "logo", "settings_error_image"],
      [{ logo: "/media/logos/00000000-0000-0000-0000-000000000000.png" }, "logo", "settings_error_image"],
      [{ community: { cover_url: "javascript:alert(1)" } }, "community.cover_url", "settings_error_image"],
      [{ community: { hide_rating: true, unknown_key: 1 } }, "community.unknown_key", "form_error_unknown_field"],
      [{ colour: "#000000" }, "colour", "form_error_unknown_field"],
    ];
    const before = await json(await get("alma"));
    for (const [body, field, key] of bad) {
      const answer = await put("alma", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((await json(answer)).fields, JSON.stringify(body)).toMatchObject({ [field]: key });
    }
    for (const body of [{}, { community: {} }, "text", [1]]) expect((await put("alma", body)).status).toBe(400);
    expect(await json(await get("alma"))).toEqual(before);
  });

  it("rewords texts per locale, replacing only the locales it names", async () => {
    expect((await put("alma", { community: { appIntl: { "es-ES": { "shell:nav_wall": "Tablón" }, "pt-BR": { wall_title: "Mural" } } } })).status).toBe(200);
    expect((await put("alma", { community: { appIntl: { "es-ES": {} } } })).status).toBe(200);
    const { community } = await json(await get("alma"));
    expect(community.appIntl).toEqual({ "es-ES": {}, "pt-BR": { wall_title: "Mural" } });
  });

  it("takes a logo, a small logo and a cover uploaded to the organisation, served on every host", async () => {
    const answer = await upload("alma", "logo");
    expect(answer.status).toBe(200);
    const { logo } = await json(answer);
    expect(logo).toMatch(/^\/media\/logos\/[0-9a-f-]{36}\.png$/);
    expect((await profile()).organization_logo).toBe(logo);
    // Public on the default host too: the sign-up pages list organisations by their logos.
    const served = await call("GET", logo);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect((await upload("alma", "cover")).status).toBe(200);
    const cover = (await json(await get("alma"))).community.cover_url;
    expect(cover).toMatch(/^\/media\/logos\//);
    // Keeping the value is fine; another organisation cannot take Acme's upload.
    expect((await put("alma", { logo })).status).toBe(200);
    const cidSettings = await call("PUT", "/api/commons/admin/config", { token: tokens.cid, body: { logo } });
    expect((await json(cidSettings)).fields).toEqual({ logo: "settings_error_image" });
    // A new logo replaces the file of the old one.
    const second = (await json(await upload("alma", "logo"))).logo;
    expect(second).not.toBe(logo);
    expect((await call("GET", logo)).status).toBe(404);
    // Removing it.
    expect((await json(await put("alma", { logo: null }))).logo).toBeNull();
    expect((await call("GET", second)).status).toBe(404);
  });

  it("takes a logo or cover over 64 KB: the image cap applies to these uploads, not the JSON body cap (issue 25)", async () => {
    const big = pngOf(1200, 800, pngChunk("IDAT", new Uint8Array(300 * 1024)));
    const answer = await upload("alma", "cover", big);
    expect(answer.status).toBe(200);
    const cover = (await json(answer)).community.cover_url;
    expect(Number((await call("GET", cover)).headers.get("content-length"))).toBeGreaterThan(300 * 1024);
  });

  it("removes metadata from a logo and caps its pixels (issue 25)", async () => {
    const secret = new TextEncoder().encode("GPS 43.3,-1.9 logo-secret");
    const answer = await upload("alma", "logo", pngOf(400, 200, pngChunk("eXIf", secret), pngChunk("tEXt", secret)));
    expect(answer.status).toBe(200);
    const served = new Uint8Array(await (await call("GET", (await json(answer)).logo)).arrayBuffer());
    const asText = new TextDecoder("latin1").decode(served);
    expect(asText).not.toContain("logo-secret");
    expect(asText).toContain("IHDR");
    for (const [width, height] of [[10_001, 10], [10, 10_001], [8_000, 6_000]]) {
      const refused = await upload("alma", "logo", pngOf(width, height));
      expect(refused.status, `${width}x${height}`).toBe(413);
      expect(await json(refused)).toMatchObject({ error: "image_too_large", fields: { file: "attachments_error_dimensions" } });
    }
    expect((await upload("alma", "logo", pngOf(10_000, 4_000))).status).toBe(200);
    // A file whose structure does not add up is refused, never stored half-cleaned.
    expect((await upload("alma", "logo", joinBytes(pngOf(10, 10).subarray(0, 40)))).status).toBe(415);
  });

  it("refuses images that are not images, unknown kinds, and everyone but administrators", async () => {
    expect((await upload("alma", "logo", "<svg onload=alert(1)>")).status).toBe(415);
    expect((await upload("alma", "banner")).status).toBe(400);
    expect((await upload("olga", "logo")).status).toBe(403);
    expect((await call("GET", "/media/logos/nothing.png")).status).toBe(404);
  });
});
