/**
 * The ranking in a real browser (issue 14): a member with validated hours finds herself marked in
 * the list, this year and all time; axe at both sizes.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/rankings.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { errorsOf, expectNoSeriousAxeViolations, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { addParticipation, createInitiative, createMember } from "../../support/fixtures.mjs";

const t = strings("rankings");
const people = {};

const suite = useAcmeSuite({
  setUp: async ({ server }) => {
    people.rita = await createMember(server, { tag: "rita-ranking", name: "Rita Ranked" });
    const day = await createInitiative(server, { title: "Ranking test day", starts_in_days: -3 });
    await addParticipation(server, people.rita, day.slug, { records: [{ hours: 1, status: "validated" }, { hours: 5 }] });
  },
});

describe("the ranking", () => {
  test("marks my place, this year and all time; accessible at both sizes", async () => {
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.rita.email, { to: "/rankings" });
      await waitForHydration(page);
      await page.getByRole("heading", { name: t.first_place }).waitFor();
      // One validated hour: the pending five do not count.
      const mine = page.locator('li[aria-current="true"]');
      await mine.getByText("Rita Ranked").waitFor();
      await mine.getByText("1 hour", { exact: true }).waitFor();
      await screenshot(page, "rankings-mobile");
      await expectNoSeriousAxeViolations(page, { label: "ranking, 390x844" });
      await page.getByRole("link", { name: t.period_year }).click();
      await page.waitForURL(/period=year/);
      await page.locator('li[aria-current="true"]').getByText("Rita Ranked").waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousAxeViolations(page, { label: "ranking, 1280x800" });
      assert.deepEqual(errorsOf(page), []);
    });
  });
});
