import { describe, expect, it } from "vitest";
import { parseWithValibot } from "@conform-to/valibot";
import * as v from "valibot";
import { EmailFormSchema, InitialPasswordFormSchema, NewPasswordFormSchema } from "../../app/domain/auth-forms";
import { DEFAULT_PASSWORD_POLICY } from "../../app/domain/password-policy";
import { hoursFormSchema, IndicatorFormSchema, ratingFormSchema } from "../../app/domain/initiatives/forms";
import { phoneFormSchema } from "../../app/domain/phone";
import { SignupFirstStepFormSchema, SignupOrganizationFormSchema, signupPasswordFormSchema } from "../../app/domain/signup";
import { fieldErrors } from "../../app/domain/field-errors";
import { actionResult } from "../../app/lib/schema-form";
import { checkInBrowser } from "../../app/lib/schema-check";
import { accountFormSchema, type AccountContext } from "../../app/domain/account-form";
import { preferenceField, type PreferenceContext } from "../../app/domain/preferences";
import { preferenceSchema } from "../../app/domain/preference-schema";
import { donationAmountFormSchema, donationDetailsFormSchema, donationSourceFormSchema } from "../../app/domain/donation";
import { contributionSchema } from "../../app/domain/initiatives";
import { participantMessageFormSchema } from "../../app/domain/manage";

const ACCOUNT: AccountContext = { region: "ES", phoneRequired: true, networks: ["linkedin", "github"] };
const PREFERENCES: PreferenceContext = { region: "ES", networks: ["linkedin"] };

describe("forms with conform and one schema", () => {
  it("the browser's check words a failure as the action does (first message key per field)", () => {
    for (const email of ["", "not-an-email", "a@b"]) {
      const browser = parseWithValibot(new URLSearchParams({ email }), { schema: EmailFormSchema, disableAutoCoercion: true });
      const parsed = v.safeParse(EmailFormSchema, { email });
      expect(parsed.success, email).toBe(false);
      if (browser.status === "success") throw new Error(`${email} passed in the browser`);
      expect(browser.error?.email?.[0], email).toBe(fieldErrors(parsed.success ? [] : parsed.issues).email);
    }
  });

  /**
   * Each converted form's schema, with bodies it refuses as a browser sends them (every text field
   * present, an unticked box absent): the browser's check and the action's must say the same.
   */
  const REFUSED: [string, v.GenericSchema, Record<string, string | string[]>[], ((path: string) => string)?][] = [
    ["new password", NewPasswordFormSchema, [{ password: "" }, { password: "x".repeat(1025) }]],
    ["initial password", InitialPasswordFormSchema, [{ password: "Green-lantern-42" }, { password: "", agreeTC: "on" }, { password: "" }]],
    [
      "sign-up first step",
      SignupFirstStepFormSchema,
      [{ email: "", name: "", agreeComms: "on" }, { email: "not-an-email", name: "Ana", agreeTC: "on" }, { email: "ana@example.org", name: " ", agreeTC: "on" }, { email: "ana@example.org", name: "Ana" }],
    ],
    ["sign-up password", signupPasswordFormSchema(DEFAULT_PASSWORD_POLICY, "ana@example.org"), [{ password: "" }, { password: "short" }, { password: "ana@example.org1A!" }]],
    ["sign-up organisation", SignupOrganizationFormSchema, [{}, { organization: "Not A Slug" }]],
    ["hours", hoursFormSchema(8), [{ hours: "" }, { hours: "0" }, { hours: "2.5" }, { hours: "9" }, { hours: "two" }]],
    ["indicator", IndicatorFormSchema, [{ value: "" }, { value: "-3" }, { value: "1000000001" }]],
    ["rating", ratingFormSchema({ initiative: true, organization: true }), [{}, { initiative_score: "4.5" }, { initiative_score: "7", organization_score: "3" }, { initiative_score: "4.2", organization_score: "3" }]],
    ["rating of the initiative only", ratingFormSchema({ initiative: true, organization: false }), [{ organization_score: "4" }]],
    ["phone", phoneFormSchema("ES"), [{ phone: "" }, { phone: "12" }, { phone: "+1 555" }]],
    ["account profile", accountFormSchema("profile", ACCOUNT), [{ name: "", phone: "12" }, { name: "Ana", phone: "" }]],
    ["account social links", accountFormSchema("social", ACCOUNT), [{ linkedin: "https://www.linkedin.com/company/acme", github: "" }]],
    ["alias card", preferenceSchema("alias", PREFERENCES), [{ alias: "x".repeat(300) }], preferenceField],
    ["phone card", preferenceSchema("phone", PREFERENCES), [{ phone: "12" }], preferenceField],
    ["availability card", preferenceSchema("availability", PREFERENCES), [{ availability_hours_start: "25:00", availability_hours_end: "" }], preferenceField],
    [
      "donation amount",
      donationAmountFormSchema,
      [{ amount_custom: "", amount_fixed: "" }, { amount_custom: "12,555", locale: "es-ES" }, { amount_custom: "doce" }, { amount_custom: "2000000" }, { amount_custom: "-5" }],
    ],
    ["donation source", donationSourceFormSchema, [{ source: "" }, { source: "cash" }]],
    ["message to participants", participantMessageFormSchema, [{ subject: "", body: "Hi" }, { subject: "Hi", body: "  " }, { subject: "x".repeat(151), body: "y" }]],
    [
      "donation details",
      donationDetailsFormSchema,
      [
        { amount: "0", source: "transfer", comment: "" },
        { amount: "10", source: "", comment: "" },
        { amount: "10", source: "paypal", comment: "", order_id: "" },
        { amount: "10", source: "transfer", comment: "x".repeat(501) },
      ],
    ],
  ];

  it.each(REFUSED)("the %s form is refused alike in the browser and in the action", (_name, schema, inputs, field) => {
    for (const input of inputs) {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(input)) for (const one of [value].flat()) form.append(name, one);
      const browser = checkInBrowser(schema, form, field);
      const parsed = v.safeParse(schema, input);
      expect(parsed.success, JSON.stringify(input)).toBe(false);
      if (browser.status === "success" || parsed.success) throw new Error(`${JSON.stringify(input)} passed`);
      // Conform names the form's own error "", the mapper "form"; the fields' errors must agree.
      const first = Object.fromEntries(Object.entries(browser.error ?? {}).map(([name, keys]) => [name || "form", keys?.[0]]));
      expect(first, JSON.stringify(input)).toEqual(fieldErrors(parsed.issues, field ? { field } : undefined));
    }
  });

  it("the donation steps read what the drawer posts: the typed amount in the member's locale, then the API's contribution body", () => {
    const amount = (form: Record<string, string>) => v.parse(donationAmountFormSchema, form);
    expect(amount({ amount_custom: "12,50", amount_fixed: "", locale: "es-ES" })).toBe(12.5);
    expect(amount({ amount_custom: "", amount_fixed: "25", locale: "es-ES" })).toBe(25);
    // The free field wins over a quick amount left chosen.
    expect(amount({ amount_custom: "7", amount_fixed: "25", locale: "en-US" })).toBe(7);
    const details = (form: Record<string, string>) => v.parse(donationDetailsFormSchema, form);
    const transfer = details({ amount: "12.5", source: "transfer", comment: "  For the trees  ", anonymous: "on", idempotency_key: "k-12345678" });
    expect(transfer).toEqual({ value: 12.5, source: "transfer", params: {}, anonymous: true, comment: "For the trees" });
    expect(v.is(contributionSchema, transfer)).toBe(true);
    const paypal = details({ amount: "10", source: "paypal", comment: "", order_id: " ORDER-1 " });
    expect(paypal).toEqual({ value: 10, source: "paypal", params: { order_id: "ORDER-1" }, anonymous: false, comment: null });
    expect(v.is(contributionSchema, paypal)).toBe(true);
  });

  it("an action's field errors become conform's last result; none is no result", () => {
    expect(actionResult({ email: "form_error_invalid_email" })).toEqual({ status: "error", error: { email: ["form_error_invalid_email"] } });
    expect(actionResult({})).toBeUndefined();
    expect(actionResult(undefined)).toBeUndefined();
  });
});
