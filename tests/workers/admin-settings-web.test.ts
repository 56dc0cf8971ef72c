/**
 * /manage/settings's loader and action (issue 15, point 2) as the browser's forms post them: each
 * tab's form becomes one PUT of the API's change (an unticked switch is off, an empty text
 * clears), the API's field errors come back at the fields' names, the texts tab finds and rewords
 * texts, and only administrators reach the screen (others 404).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/_app.manage.settings/route";
import { createWebSession } from "../../workers/auth/web-session";
import { pageRequests, run } from "./route-calls";
import { call, createMember, json, login, seedOrganizations, testLoadContext } from "./support";
import { pngOf } from "./png-fixtures";

const cookies: Record<string, string> = {};
const requests = pageRequests(cookies);
const get = requests.get;
const post = (who: string, fields: [string, string][]) => requests.post(who, "/manage/settings", fields);
const stored = async () => (await json(await call("GET", "/api/organization/profile/acme"))).product_config.community;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const context = await testLoadContext("acme");
  for (const [name, role] of [["alma", "admin"], ["olga", "organiser"]] as const) {
    await createMember({ email: `${name}@acme.example`, orgId: acme.id, name, role });
    cookies[name] = (await createWebSession(context, (await login(`${name}@acme.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  }
});

describe("/manage/settings", () => {
  it("is the administrators' only", async () => {
    expect((await run(loader, get("olga", "/manage/settings"))).status).toBe(404);
    expect((await run(action, post("olga", [["intent", "rating"]]))).status).toBe(404);
    const page = await run(loader, get("alma", "/manage/settings?tab=appearance"));
    expect(page).toMatchObject({ status: 200, data: { tab: "appearance", settings: { slug: "acme" } } });
    // An unknown tab is the first one.
    expect((await run(loader, get("alma", "/manage/settings?tab=nope"))).data).toMatchObject({ tab: "features" });
  });

  it("saves a tab's form whole: ticked switches on, the others off", async () => {
    const answer = await run(action, post("alma", [["intent", "rating"], ["community.hide_rating", "on"]]));
    expect(answer).toMatchObject({ status: 200, data: { saved: true } });
    expect(await stored()).toMatchObject({ hide_rating: true, evaluation_configuration: { hide_evaluate_initiative: false, hide_evaluate_organizer: false } });
    const features = [["intent", "features"], ...["rankings", "proposals", "chat"].map((f): [string, string] => [`community.features.${f}`, "on"])] as [string, string][];
    expect((await run(action, post("alma", features))).data).toMatchObject({ saved: true });
    expect((await stored()).features).toMatchObject({ rankings: true, proposals: true, chat: true, points: false, responsible_profile: false });
  });

  it("saves lists, numbers and texts, and shows the API's errors at the fields", async () => {
    const onboarding: [string, string][] = [["intent", "onboarding"], ["community.onboarding_steps", "phone"], ["community.onboarding_steps", "alias"], ["community.required_onboarding_steps", "phone"]];
    expect((await run(action, post("alma", onboarding))).data).toMatchObject({ saved: true });
    expect(await stored()).toMatchObject({ onboarding_steps: ["phone", "alias"], required_onboarding_steps: ["phone"], onboarding_social_network_profiles: [] });
    const wrong: [string, string][] = [["intent", "onboarding"], ["community.onboarding_steps", "phone"], ["community.required_onboarding_steps", "alias"]];
    expect(await run(action, post("alma", wrong))).toMatchObject({ status: 400, data: { saved: false, fields: { "community.required_onboarding_steps": "settings_error_required_not_offered" } } });
    const appearance: [string, string][] = [
      ["intent", "appearance"],
      ["name", "Acme"],
      ["community.theme.primary", "#fde047"],
      ["community.cover_quote.quote", "Together"],
      ["community.cover_quote.author", ""],
      ["community.cover_quote.meta", ""],
      ["community.about_our_program", ""],
    ];
    expect(await run(action, post("alma", appearance))).toMatchObject({ status: 400, data: { fields: { "community.theme.primary": "settings_error_contrast" } } });
    appearance[2] = ["community.theme.primary", "#7c3aed"];
    expect((await run(action, post("alma", appearance))).data).toMatchObject({ saved: true });
    expect(await stored()).toMatchObject({ theme: { primary: "#7c3aed" }, cover_quote: { visible: false, quote: "Together" }, about_our_program: null });
    const proposals: [string, string][] = [["intent", "proposals"], ["community.proposal_types", "volunteering"], ["community.proposal_digest_hours", "abc"]];
    expect((await run(action, post("alma", proposals))).data).toMatchObject({ fields: { "community.proposal_digest_hours": "form_error_invalid" } });
  });

  it("shows the deployment's basemap and geocoder beside the map centre, read-only (issue 28)", async () => {
    const page = await run(loader, get("alma", "/manage/settings?tab=initiatives"));
    expect(page.data).toMatchObject({ maps: { basemap: { url: "/basemap/world.pmtiles", source: "offline" }, geocoder: { kind: "offline", url: null } } });
    expect((await run(loader, get("alma", "/manage/settings?tab=appearance"))).data).toMatchObject({ maps: null });
  });

  it("sets the map centre from its two fields, both or neither", async () => {
    expect((await run(action, post("alma", [["intent", "centre"], ["latitude", "43,26"], ["longitude", "-2.93"]]))).data).toMatchObject({ saved: true });
    expect(await stored()).toMatchObject({ default_latitude: 43.26, default_longitude: -2.93 });
    expect((await run(action, post("alma", [["intent", "centre"], ["latitude", "43.26"], ["longitude", ""]]))).data).toMatchObject({ fields: { "community.default_latitude": "settings_error_centre_incomplete" } });
    expect((await run(action, post("alma", [["intent", "centre"], ["latitude", ""], ["longitude", ""]]))).data).toMatchObject({ saved: true });
    expect(await stored()).toMatchObject({ default_latitude: null, default_longitude: null });
  });

  it("finds texts in a language, rewords one beside its bundled wording, and restores it", async () => {
    const found = await run(loader, get("alma", "/manage/settings?tab=texts&locale=es-ES&q=ranking"));
    expect(found.data!.texts.locale).toBe("es-ES");
    expect(found.data!.texts.found.length).toBeGreaterThan(0);
    const entry = found.data!.texts.found[0] as { key: string; text: string };
    expect(entry.key).toMatch(/^[a-z_]+:[a-z0-9_]+$/);
    expect((await run(action, post("alma", [["intent", "text_set"], ["locale", "es-ES"], ["key", entry.key], ["text", "Clasificación solidaria"]]))).data).toMatchObject({ saved: true });
    const listed = await run(loader, get("alma", "/manage/settings?tab=texts&locale=es-ES"));
    expect(listed.data!.texts.overrides).toEqual([{ key: entry.key, text: "Clasificación solidaria", original: entry.text }]);
    // The pages of that locale read the new wording.
    expect((await stored()).appIntl["es-ES"]).toEqual({ [entry.key]: "Clasificación solidaria" });
    expect((await run(action, post("alma", [["intent", "text_set"], ["locale", "es-ES"], ["key", "nope:nothing"], ["text", "x"]]))).data).toMatchObject({ fields: { "community.appIntl.es-ES.nope:nothing": "settings_error_unknown_text" } });
    expect((await run(action, post("alma", [["intent", "text_remove"], ["locale", "es-ES"], ["key", entry.key]]))).data).toMatchObject({ saved: true });
    expect((await stored()).appIntl["es-ES"]).toEqual({});
  });

  it("uploads a logo from its form, shows it, and removes it", async () => {
    const png = pngOf(120, 40);
    const form = new FormData();
    form.append("kind", "logo_small");
    form.append("file", new File([png], "logo.png", { type: "image/png" }));
    const request = new Request("http://acme.localhost/manage/settings", { method: "POST", headers: { cookie: cookies.alma, origin: "http://acme.localhost" }, body: form });
    expect((await run(action, request)).data).toMatchObject({ saved: true });
    const logo = (await run(loader, get("alma", "/manage/settings?tab=appearance"))).data!.settings.logo_small;
    expect(logo).toMatch(/^\/media\/logos\//);
    const empty = new FormData();
    empty.append("kind", "logo");
    const refused = await run(action, new Request("http://acme.localhost/manage/settings", { method: "POST", headers: { cookie: cookies.alma, origin: "http://acme.localhost" }, body: empty }));
    expect(refused).toMatchObject({ status: 400, data: { fields: { "image.logo": "attachments_error_required" } } });
    expect((await run(action, post("alma", [["intent", "remove_image"], ["kind", "logo_small"]]))).data).toMatchObject({ saved: true });
    expect((await run(loader, get("alma", "/manage/settings?tab=appearance"))).data!.settings.logo_small).toBeNull();
  });

  it("refuses a form that is none of the screen's", async () => {
    expect((await run(action, post("alma", [["intent", "everything"]]))).status).toBe(400);
    expect((await run(action, post("alma", [["intent", "remove_image"], ["kind", "banner"]]))).status).toBe(400);
  });
});
