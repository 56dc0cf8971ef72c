/**
 * About our programme in a real browser (issue 14): Acme's programme text, written in Markdown,
 * shows with its headings, emphasis and lists, from the sidebar entry; axe at both sizes.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/programme.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { errorsOf, expectNoSeriousAxeViolations, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createMember } from "../../support/fixtures.mjs";

const shell = strings("shell");
const suite = useAcmeSuite();

describe("about our programme", () => {
  test("renders Acme's Markdown, reached from the menu", async () => {
    const member = await createMember(suite.server, { tag: "programme", name: "Paula Programme" });
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, member.email, { password: member.password });
      await waitForHydration(page);
      await page.getByRole("link", { name: shell.nav_about_our_program }).click();
      await page.waitForURL((url) => url.pathname === "/about-our-program");
      await page.getByRole("heading", { level: 1, name: shell.nav_about_our_program }).waitFor();
      const article = page.locator("article");
      // Acme's text: "**16 working hours a year**" is bold, its steps a numbered list.
      assert.equal(await article.locator("strong", { hasText: "16 working hours a year" }).count(), 1);
      assert.ok((await article.locator("ol > li").count()) >= 3);
      assert.equal(await article.locator("script").count(), 0);
      await expectNoSeriousAxeViolations(page, { label: "programme, 1280x800" });
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "programme-mobile");
      await expectNoSeriousAxeViolations(page, { label: "programme, 390x844" });
      assert.deepEqual(errorsOf(page), []);
    });
  });
});
