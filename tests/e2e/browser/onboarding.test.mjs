/**
 * The onboarding wizard in a real browser (issue 14): a new Acme member meets Acme's onboarding at
 * 390 px, passes the optional steps, cannot pass the required phone (no button, no Escape, no
 * click outside), saves it, finishes, and never sees the wizard again. axe at both sizes.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/onboarding.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { errorsOf, expectNoSeriousAxeViolations, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createMember } from "../../support/fixtures.mjs";

const t = strings("onboarding");
const settings = strings("settings");
const suite = useAcmeSuite();

describe("the onboarding wizard", () => {
  test("a new Acme member walks it once, and cannot pass the required phone step", async () => {
    const member = await createMember(suite.server, { tag: "onboarding", name: "Nora Newcomer", onboarding_completed: false });
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, member.email, { password: member.password });
      await waitForHydration(page);
      const wizard = page.getByRole("dialog");
      await wizard.getByRole("heading", { name: settings.step_public_groups_title }).waitFor();
      await screenshot(page, "onboarding-first-step-mobile");
      await expectNoSeriousAxeViolations(page, { label: "onboarding, 390x844" });

      // The optional steps pass with their button, with Escape, and with a click outside.
      await wizard.getByRole("button", { name: t.skip }).click();
      await wizard.getByRole("heading", { name: settings.step_social_networks_title }).waitFor();
      await page.keyboard.press("Escape");
      await wizard.getByRole("heading", { name: settings.step_categories_title }).waitFor();
      await page.mouse.click(195, 20);
      await wizard.getByRole("heading", { name: settings.step_target_audience_title }).waitFor();
      await wizard.getByRole("button", { name: t.skip }).click();
      await wizard.getByRole("heading", { name: settings.step_availability_title }).waitFor();
      await wizard.getByRole("button", { name: t.skip }).click();
      // Saved, not passed: the t-shirt size.
      await wizard.getByRole("heading", { name: settings.step_tshirt_size_title }).waitFor();
      await wizard.getByLabel(settings.field_tshirt_size).selectOption("M");
      await wizard.getByRole("button", { name: t.save }).click();

      // The phone: Acme requires it. No button, no Escape, no click outside passes it.
      await wizard.getByRole("heading", { name: settings.step_phone_title }).waitFor();
      assert.equal(await wizard.getByRole("button", { name: t.skip }).count(), 0);
      await page.keyboard.press("Escape");
      await page.mouse.click(195, 20);
      await wizard.getByText(t.required_note.replace("{{organization}}", "Acme")).waitFor();
      await wizard.getByRole("heading", { name: settings.step_phone_title }).waitFor();
      await screenshot(page, "onboarding-required-step-mobile");
      // A number typed short says so as the member leaves the field, before any Save, and stops
      // saying it once the number is right.
      await wizard.getByLabel(settings.account_phone).fill("12");
      await page.keyboard.press("Tab");
      await wizard.getByText(settings.form_error_invalid_phone).waitFor();
      await wizard.getByLabel(settings.account_phone).fill("612 345 987");
      await wizard.getByText(settings.form_error_invalid_phone).waitFor({ state: "detached" });
      await wizard.getByLabel(settings.account_phone).fill("12");
      await wizard.getByRole("button", { name: t.save }).click();
      await wizard.getByText(settings.form_error_invalid_phone).waitFor();
      await wizard.getByLabel(settings.account_phone).fill("612 345 987");
      await wizard.getByRole("button", { name: t.save }).click();

      // The last step: passing it ends the wizard.
      await wizard.getByRole("heading", { name: settings.step_date_of_birth_title }).waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousAxeViolations(page, { label: "onboarding, 1280x800" });
      await page.setViewportSize({ width: 390, height: 844 });
      await wizard.getByRole("button", { name: t.skip }).click();
      await wizard.waitFor({ state: "detached" });

      // Done for good: not on a reload, not on another page.
      await page.reload();
      await waitForHydration(page);
      assert.equal(await page.getByRole("dialog").count(), 0);
      await page.goto(`${suite.acme}/settings/preferences`);
      await waitForHydration(page);
      assert.equal(await page.getByRole("dialog").count(), 0);
      await page.getByText("+34612345987").waitFor();
      assert.deepEqual(errorsOf(page, { allowStatus: [400] }), []);
    });
  });
});
