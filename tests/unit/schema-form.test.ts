import { describe, expect, it } from "vitest";
import { parseWithValibot } from "@conform-to/valibot";
import * as v from "valibot";
import { EmailFormSchema } from "../../app/domain/auth-forms";
import { fieldErrors } from "../../app/domain/field-errors";
import { actionResult } from "../../app/lib/schema-form";

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

  it("an action's field errors become conform's last result; none is no result", () => {
    expect(actionResult({ email: "form_error_invalid_email" })).toEqual({ status: "error", error: { email: ["form_error_invalid_email"] } });
    expect(actionResult({})).toBeUndefined();
    expect(actionResult(undefined)).toBeUndefined();
  });
});
