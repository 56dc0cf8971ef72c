/**
 * The settings editor's pure rules (issue 15, point 2): WCAG contrast as the editor and the API
 * measure it, the theme's CSS variables, and a tab's form read back as the API's change.
 */
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { brandColourReadable, contrastRatio, readableOn } from "~/domain/contrast";
import { centreFromForm, SETTINGS_GROUPS, settingsChangeSchema, settingsFromForm, settingId, valueAt } from "~/domain/organization-settings";
import { CommunityConfigSchema } from "~/domain/community-config";
import { themeStyle } from "~/lib/theme";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("contrast (WCAG 2.1)", () => {
  it("measures the ratios the guidelines give", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 5);
  });

  it("passes brand colours readable on white and under their own text, and nothing else", () => {
    for (const colour of ["#1d4ed8", "#0f766e", "#15803d", "#7c3aed", "#000000", "#767676"]) expect(brandColourReadable(colour), colour).toBe(true);
    for (const colour of ["#777777", "#fde047", "#ffffff", "#22c55e", "red", "#12345", "#0f766e;x"]) expect(brandColourReadable(colour), colour).toBe(false);
    expect(readableOn("#1d4ed8")).toBe("#ffffff");
    expect(readableOn("#fde047")).toBe("#0f172a");
  });

  it("turns only a plain hex colour into the page's variables", () => {
    expect(themeStyle({ primary: "#0f766e" })).toEqual({ "--brand": "#0f766e", "--brand-foreground": "#ffffff" });
    expect(themeStyle({ primary: "red;background:url(x)" })).toEqual({});
    expect(themeStyle(undefined)).toEqual({});
  });
});

describe("a settings tab's form", () => {
  it("covers every key of the community config (or gives it its own part of the screen)", () => {
    const onScreen = new Set(Object.values(SETTINGS_GROUPS).flatMap((fields) => fields.map((field) => field.path.replace(/^community\./, "").split(".")[0])));
    // Their own parts: images, the map centre, the texts; the region is the organisation's.
    for (const key of ["cover_url", "default_latitude", "default_longitude", "appIntl", "region"]) onScreen.add(key);
    expect(Object.keys(CommunityConfigSchema.entries).filter((key) => !onScreen.has(key))).toEqual([]);
  });

  it("reads switches (unticked: off), lists, numbers and texts as the API's change", () => {
    const change = settingsFromForm("initiatives", form([["community.require_manager_approval", "on"], ["community.max_number_of_sdgs", "5"], ["community.waitlist_offer_hours", " 24 "], ["community.fiscal_year_start_month", "4"], ["community.currency", "BRL"], ["region", "BR"], ["community.initiative_participation_success_message", "Thanks!"], ["community.initiative_banner.content", ""]]));
    expect(change).toMatchObject({ region: "BR", community: { require_manager_approval: true, consider_working_hours: false, max_number_of_sdgs: 5, waitlist_offer_hours: 24, fiscal_year_start_month: 4, currency: "BRL", initiative_banner: { visible: false, content: "" } } });
    expect(v.safeParse(settingsChangeSchema, change).success).toBe(true);
    expect(settingsFromForm("onboarding", form([["community.onboarding_steps", "phone"], ["community.onboarding_steps", "alias"]]))).toEqual({ community: { onboarding_steps: ["phone", "alias"], required_onboarding_steps: [], onboarding_social_network_profiles: [] } });
    // A number that is not one goes on as text, for the API to refuse at its field.
    expect(valueAt(settingsFromForm("proposals", form([["community.proposal_digest_hours", "soon"]])), "community.proposal_digest_hours")).toBe("soon");
    expect(centreFromForm(form([["latitude", "43,26"], ["longitude", ""]]))).toEqual({ community: { default_latitude: 43.26, default_longitude: null } });
  });

  it("names fields for messages and ids by their path", () => {
    expect(settingId("community.cover_quote.visible")).toBe("cover_quote_visible");
    expect(settingId("contact_email")).toBe("contact_email");
    expect(valueAt({ community: { theme: { primary: "#000" } } }, "community.theme.primary")).toBe("#000");
  });
});
