/**
 * /settings/account in a real browser, with and without JavaScript, for a fresh member of Acme
 * (which requires a phone; tests/support/fixtures.mjs): an invalid social link shows its field error (the shared rule in the
 * browser, the server's answer without JavaScript) and no "try again in a few minutes", and with
 * JavaScript Save stays disabled until the link is valid; the phone's errors are the spec's keys.
 *
 *   npm run build && node --test tests/e2e/browser/settings-account.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { errorsOf, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createMember } from "../../support/fixtures.mjs";

const s = strings("settings");
const COMPANY_PAGE = "https://www.linkedin.com/company/acme";

const suite = useAcmeSuite();

/** The account screen's two forms: each field, its form's Save button. */
function screen(page) {
  const linkedin = page.getByRole("textbox", { name: s.account_social_linkedin });
  const phone = page.getByRole("textbox", { name: s.account_phone });
  const saveOf = (field) => page.locator("form").filter({ has: field }).getByRole("button", { name: s.settings_save });
  return { linkedin, phone, saveSocial: saveOf(linkedin), saveProfile: saveOf(phone) };
}

describe("account settings", () => {
  test("with JavaScript: field errors as you type, Save disabled until the value is valid", async () => {
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      const member = await createMember(suite.server, { tag: "account-js", phone: "+34612000111" });
      await signIn(page, suite.acme, member.email, { password: member.password, to: "/settings/account" });
      await waitForHydration(page);
      const { linkedin, phone, saveSocial, saveProfile } = screen(page);

      await phone.fill("12");
      await page.getByText(s.form_error_invalid_phone).waitFor();
      assert.equal(await saveProfile.isDisabled(), true, "Save disabled with an invalid phone");
      // Acme asks for a phone to join: it cannot be cleared there.
      await phone.fill("");
      await page.getByText(s.form_error_required).waitFor();
      assert.equal(await saveProfile.isDisabled(), true, "Save disabled without the required phone");
      await phone.fill("+34 612 345 678");
      await page.getByText(s.form_error_required).waitFor({ state: "detached" });
      await page.waitForFunction((button) => !button.disabled, await saveProfile.elementHandle(), { timeout: 10_000 });

      await linkedin.fill(COMPANY_PAGE);
      await page.getByText(s.form_error_invalid_social).waitFor();
      assert.equal(await saveSocial.isDisabled(), true, "Save disabled with an invalid link");
      await linkedin.fill("https://www.linkedin.com/in/member-demo/");
      await page.getByText(s.form_error_invalid_social).waitFor({ state: "detached" });
      await saveSocial.click();
      await page.getByText(s.settings_saved).waitFor();

      assert.equal(await page.getByText(s.profile_error_default).count(), 0, "no 'try again in a few minutes' for a field error");
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("without JavaScript: the server answers the field error and keeps what was typed", async () => {
    await withPage(suite.browser, { viewport: "mobile", javaScriptEnabled: false }, async (page) => {
      const member = await createMember(suite.server, { tag: "account-nojs", phone: "+34612000222" });
      await signIn(page, suite.acme, member.email, { js: false, password: member.password, to: "/settings/account" });
      const { linkedin, saveSocial } = screen(page);

      await linkedin.fill(COMPANY_PAGE);
      await saveSocial.click();
      await page.getByText(s.form_error_invalid_social).waitFor();
      assert.equal(await screen(page).linkedin.inputValue(), COMPANY_PAGE);
      assert.equal(await page.getByText(s.profile_error_default).count(), 0, "no 'try again in a few minutes' for a field error");

      await screen(page).linkedin.fill("linkedin.com/in/member-nojs");
      await screen(page).saveSocial.click();
      await page.getByText(s.settings_saved).waitFor();
      // The page shows what was stored: the handle, as its profile link.
      assert.equal(await screen(page).linkedin.inputValue(), "https://www.linkedin.com/in/member-nojs");

      const { phone, saveProfile } = screen(page);
      await phone.fill("");
      await saveProfile.click();
      await page.getByText(s.form_error_required).waitFor();
      assert.equal(await page.getByText(s.profile_error_default).count(), 0);
    });
  });
});
