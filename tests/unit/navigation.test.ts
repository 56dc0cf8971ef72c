import { describe, expect, it } from "vitest";
import { contactEmail, navigationFor, type OrganizationProfile } from "../../app/lib/server/member.server";

const org = (features: Record<string, boolean>, hide = false, contact: string | null = null) =>
  ({ product_config: { community: { features, hide_ranking_in_app: hide }, general: { contact_email: contact } } }) as unknown as OrganizationProfile;

describe("navigation gating", () => {
  it("shows every entry when every feature is on", () => {
    expect(navigationFor(org({ proposals: true, responsible_profile: true, rankings: true, about_our_program: true }))).toEqual([
      "wall", "initiative", "proposal", "responsible_profile", "rankings", "about-our-program", "settings",
    ]);
  });

  it("hides what the organisation switched off, and rankings when hidden in the app", () => {
    expect(navigationFor(org({ proposals: false, responsible_profile: false, rankings: true, about_our_program: false }, true))).toEqual(["wall", "initiative", "settings"]);
  });

  it("adds the staff area for organisers, managers and administrators only", () => {
    const all = org({ proposals: false, responsible_profile: false, rankings: false, about_our_program: false });
    for (const role of ["organiser", "manager", "admin"]) expect(navigationFor(all, role)).toEqual(["wall", "initiative", "manage", "settings"]);
    for (const role of ["member", "system", undefined]) expect(navigationFor(all, role)).toEqual(["wall", "initiative", "settings"]);
  });

  it("uses the organisation's contact e-mail, else the default", () => {
    expect(contactEmail(org({}, false, "volunteering@acme.example"))).toBe("volunteering@acme.example");
    expect(contactEmail(org({}))).toBe("hello@commons.example");
  });
});
