/**
 * The waitlist in a real browser (issue 11, point 8): a member joins the waitlist of a full
 * initiative and sees her place; the organiser sees the list under the participants (axe at both
 * sizes); when a participant is not going, the place is offered to her, on the page and by e-mail,
 * and she takes it.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/waitlist.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apiClient, errorsOf, expectNoSeriousAxeViolations, pluralForm, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { addParticipation, createInitiative, createMember } from "../../support/fixtures.mjs";

const t = strings("manage");
const ti = strings("initiative");
const fill = (text, values) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(values[name]));

const people = {};
let dinner = { id: "", slug: "" };

const suite = useAcmeSuite({
  setUp: async ({ server }) => {
    people.olga = await createMember(server, { tag: "olga-waitlist", name: "Olga Kitchen", role: "organiser" });
    people.ana = await createMember(server, { tag: "ana-waitlist", name: "Ana Cook" });
    people.bea = await createMember(server, { tag: "bea-waitlist", name: "Bea Waiting", phone: "+34611999888" });
    dinner = await createInitiative(server, { title: "Soup kitchen dinner shift", starts_in_days: 3, ends_in_days: 3, max_participants: 1, organiser_id: people.olga.id });
    await addParticipation(server, people.ana, dinner.slug);
  },
});

async function open(page, path) {
  const response = await page.goto(`${suite.acme}${path}`);
  await waitForHydration(page);
  return response;
}

describe("the waitlist", () => {
  test("a member waits, the organiser sees her, a freed place is offered to her and she takes it", async () => {
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.bea.email, { to: `/initiative/${dinner.slug}` });
      await waitForHydration(page);
      await page.getByRole("button", { name: ti.waitlist_join }).click();
      await page.getByText(fill(ti.waitlist_position, { position: 1 })).waitFor();
      await screenshot(page, "waitlist-member-mobile");
      await expectNoSeriousAxeViolations(page, { label: "initiative on the waitlist, 390x844" });
    });

    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.olga.email, { to: `/manage/initiatives/${dinner.id}` });
      await waitForHydration(page);
      const list = page.getByRole("region", { name: fill(pluralForm(t, "waitlist_title", 1), { count: 1 }) });
      await list.getByText("1. Bea Waiting").waitFor();
      await expectNoSeriousAxeViolations(page, { label: "participants with a waitlist, 1280x800" });
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "waitlist-staff-mobile");
      await expectNoSeriousAxeViolations(page, { label: "participants with a waitlist, 390x844" });
    });

    // Ana is not going (from the app): the place is Bea's for a while.
    const api = apiClient(suite.server, suite.acmeHost);
    const login = await api("POST", "/auth/login", { body: { email: people.ana.email, password: people.ana.password } });
    const left = await api("DELETE", `/api/acme/initiative/${dinner.id}`, { token: login.data.access_token });
    assert.equal(left.status, 200);

    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.bea.email, { to: `/initiative/${dinner.slug}` });
      await waitForHydration(page);
      await page.getByText(ti.waitlist_offered.split("{{")[0].trim()).waitFor();
      await page.getByRole("button", { name: ti.action_join, exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/initiative");
      await page.keyboard.press("Escape");
      await open(page, `/initiative/${dinner.slug}`);
      await page.getByText(ti.joined).waitFor();
      assert.deepEqual(errorsOf(page), []);
    });
  });
});
