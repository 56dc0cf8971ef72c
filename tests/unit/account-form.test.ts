import { describe, expect, it } from "vitest";
import { accountFieldErrors, parseAccountForm } from "../../app/domain/account-form";
import { phoneRequired, profilePhoneSchema } from "../../app/domain/phone";
import * as v from "valibot";

const rules = { region: "ES", phoneRequired: false, networks: ["linkedin", "github"] as const };

describe("the account settings forms (one rule for the browser and the action)", () => {
  it("gives an invalid social link its field error by input name, with the spec's key", () => {
    expect(parseAccountForm("social", { linkedin: "https://www.linkedin.com/company/acme", github: "" }, rules)).toEqual({
      ok: false,
      fields: { linkedin: "form_error_invalid_social" },
    });
  });

  it("sends valid links as typed; an empty one removes the network", () => {
    expect(parseAccountForm("social", { linkedin: "linkedin.com/in/ana", github: "" }, rules)).toEqual({
      ok: true,
      body: { social: { linkedin: "linkedin.com/in/ana", github: "" } },
    });
  });

  it("reads the name and the phone in E.164; an empty phone clears it unless the organisation requires one", () => {
    expect(parseAccountForm("profile", { name: " Ana ", phone: "612 34 56 78" }, rules)).toEqual({ ok: true, body: { name: "Ana", phone: "+34612345678" } });
    expect(parseAccountForm("profile", { name: "Ana", phone: "" }, rules)).toEqual({ ok: true, body: { name: "Ana", phone: null } });
    expect(parseAccountForm("profile", { name: "", phone: "" }, { ...rules, phoneRequired: true })).toEqual({
      ok: false,
      fields: { name: "form_error_required", phone: "form_error_required" },
    });
    expect(parseAccountForm("profile", { name: "Ana", phone: "12" }, rules)).toEqual({ ok: false, fields: { phone: "form_error_invalid_phone" } });
  });

  it("maps the API's field paths to the inputs", () => {
    expect(accountFieldErrors([{ path: "social.linkedin", key: "form_error_invalid_social" }, { path: "phone", key: "form_error_required" }])).toEqual({
      linkedin: "form_error_invalid_social",
      phone: "form_error_required",
    });
  });
});

describe("the profile phone rule", () => {
  it("requires a phone where the organisation asks for one to join or makes the onboarding step mandatory", () => {
    expect(phoneRequired({})).toBe(false);
    expect(phoneRequired({ ask_member_phone: true })).toBe(true);
    expect(phoneRequired({ required_onboarding_steps: ["phone"] })).toBe(true);
    expect(phoneRequired({ required_onboarding_steps: ["alias"] })).toBe(false);
  });

  it("answers only the spec's keys, never valibot's own text", () => {
    const messages = (input: unknown, required: boolean) => {
      const parsed = v.safeParse(profilePhoneSchema("ES", required), input);
      return parsed.success ? parsed.output : parsed.issues.map((issue) => issue.message);
    };
    expect(messages(612345678, false)).toEqual(["form_error_invalid_phone"]);
    expect(messages({}, true)).toEqual(["form_error_invalid_phone"]);
    expect(messages(null, true)).toEqual(["form_error_required"]);
    expect(messages(null, false)).toBeNull();
    expect(messages("+351 912 345 678", true)).toBe("+351912345678");
  });
});
