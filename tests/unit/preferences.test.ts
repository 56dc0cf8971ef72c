import { describe, expect, it } from "vitest";
import { configuredSteps, preferenceChanged, readForm } from "../../app/domain/preferences";
import { parsePreference } from "../../app/domain/preference-schema";

const context = { region: "ES", networks: ["linkedin", "github"] as const };
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return readForm(data);
};

describe("preference cards", () => {
  it("keep the wizard's order and drop steps Commons does not know", () => {
    expect(configuredSteps(["phone", "unknown", "categories", "public_groups"])).toEqual(["public_groups", "categories", "phone"]);
  });

  it("post list choices as the slug list the profile replaces (none ticked: an empty list)", () => {
    expect(parsePreference("categories", form([["categories", "animals"], ["categories", "health"]]), context)).toEqual({ ok: true, body: { categories: ["animals", "health"] } });
    expect(parsePreference("public_groups", form([]), context)).toEqual({ ok: true, body: { public_user_groups: [] } });
  });

  it("turn detail fields into the details body: empty texts clear, unticked boxes are false", () => {
    const result = parsePreference(
      "specific_training",
      form([["specific_training_first_aid", "true"], ["specific_training_received_volunteering_training_where", "  "]]),
      context,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        details: {
          specific_training_cap_ccp: false,
          specific_training_first_aid: true,
          specific_training_received_volunteering_training: false,
          specific_training_received_volunteering_training_where: null,
        },
      },
    });
  });

  it("check availability hours and dates with the profile rules, errors by field name", () => {
    const hours = parsePreference("availability", form([["availability_days", "everyday"], ["availability_hours_start", "18:00"], ["availability_hours_end", "09:00"]]), context);
    expect(hours).toEqual({ ok: false, fields: { availability_hours: "form_error_invalid_time_range" } });
    expect(parsePreference("date_of_birth", form([["date_of_birth", "2999-01-01"]]), context)).toEqual({ ok: false, fields: { date_of_birth: "form_error_invalid_date" } });
    expect(parsePreference("tshirt_size", form([["tshirt_size", "XXXL"]]), context)).toEqual({ ok: false, fields: { tshirt_size: "form_error_invalid" } });
  });

  it("store social handles and normalise phones like the account screen", () => {
    expect(parsePreference("social_networks", form([["linkedin", "https://www.linkedin.com/in/ana-garcia"], ["github", ""]]), context)).toEqual({
      ok: true,
      body: { social: { linkedin: "ana-garcia", github: "" } },
    });
    expect(parsePreference("social_networks", form([["linkedin", "https://example.com/ana"]]), context)).toEqual({ ok: false, fields: { linkedin: "form_error_invalid_social" } });
    expect(parsePreference("phone", form([["phone", "612 345 678"]]), context)).toEqual({ ok: true, body: { phone: "+34612345678" } });
    expect(parsePreference("phone", form([["phone", ""]]), context)).toEqual({ ok: false, fields: { phone: "form_error_required" } });
  });
});

describe("preferenceChanged (save only when the value changed)", () => {
  const values = {
    details: { alias: "Marti", availability_days: ["weekends_and_holidays", "everyday"], availability_hours: { start: "09:00", end: "13:00" }, specific_training_first_aid: null },
    phone: "+34612345678",
    social: { linkedin: "marta" },
    public_user_groups: [{ name: "Madrid", slug: "madrid", member: true }, { name: "IT", slug: "it", member: false }],
    categories: [],
    target_audience: [{ slug: "children", member: false }],
  };

  it("sees no change in the same values, whatever their order or empty form", () => {
    expect(preferenceChanged("alias", { details: { alias: "Marti" } }, values)).toBe(false);
    expect(preferenceChanged("availability", { details: { availability_days: ["everyday", "weekends_and_holidays"], availability_hours: { start: "09:00", end: "13:00" }, availability_preferred_location: [] } }, values)).toBe(false);
    expect(preferenceChanged("phone", { phone: "+34612345678" }, values)).toBe(false);
    expect(preferenceChanged("social_networks", { social: { linkedin: "marta" } }, values)).toBe(false);
    expect(preferenceChanged("public_groups", { public_user_groups: ["madrid"] }, values)).toBe(false);
    expect(preferenceChanged("target_audience", { target_audience: [] }, values)).toBe(false);
    expect(preferenceChanged("address", { details: { address: null } }, values)).toBe(false);
  });

  it("sees a change in any value", () => {
    expect(preferenceChanged("alias", { details: { alias: "Marta" } }, values)).toBe(true);
    expect(preferenceChanged("availability", { details: { availability_hours: { start: "10:00", end: "13:00" } } }, values)).toBe(true);
    expect(preferenceChanged("phone", { phone: "+34612345670" }, values)).toBe(true);
    expect(preferenceChanged("social_networks", { social: { linkedin: "" } }, values)).toBe(true);
    expect(preferenceChanged("public_groups", { public_user_groups: ["madrid", "it"] }, values)).toBe(true);
    expect(preferenceChanged("specific_training", { details: { specific_training_first_aid: false } }, values)).toBe(true);
  });
});
