/**
 * Proposals in a real browser (issue 12): a member goes through the whole wizard at 390 px, from
 * the keyboard (a refused title first), an administrator approves it and the initiative is on the
 * wall; another proposal is rejected with a reason, which its member reads. axe at both sizes on
 * every screen of the journey.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/proposals.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apiClient, errorsOf, expectNoSeriousAxeViolations, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createMember } from "../../support/fixtures.mjs";

const p = strings("proposals");
const e = strings("editor");
const m = strings("manage");
const wall = strings("initiatives");
const map = strings("map");
const fill = (text, values) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(values[name]));

const TITLE = "Storytelling for children at the library";
const people = {};

const suite = useAcmeSuite({
  setUp: async ({ server }) => {
    people.marta = await createMember(server, { tag: "marta-proposer", name: "Marta Proposer" });
    people.ada = await createMember(server, { tag: "ada-moderator", name: "Ada Moderator", role: "admin" });
  },
});

async function open(page, path) {
  const response = await page.goto(`${suite.acme}${path}`);
  await waitForHydration(page);
  return response;
}

/** axe at the page's size, then at the other one, and back. */
async function bothSizes(page, label) {
  const { width } = page.viewportSize();
  await expectNoSeriousAxeViolations(page, { label: `${label}, ${width}px` });
  await page.setViewportSize(width < 800 ? { width: 1280, height: 800 } : { width: 390, height: 844 });
  await expectNoSeriousAxeViolations(page, { label: `${label}, other size` });
  await page.setViewportSize(width < 800 ? { width: 390, height: 844 } : { width: 1280, height: 800 });
}

/** Enter in the step's first field sends the form with its first button: Continue. */
async function next(page, step) {
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === `/proposal/new/${step}`);
  await waitForHydration(page);
}

describe("proposals", () => {
  test("a member proposes by keyboard on a phone; an administrator approves it; it is on the wall", async () => {
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.marta.email, { to: "/proposal" });
      await waitForHydration(page);
      await page.getByText(p.empty_title).waitFor();
      await bothSizes(page, "proposals, empty");
      await page.getByRole("link", { name: p.list_new }).first().click();
      await page.waitForURL(/\/proposal\/new\/type$/);
      await waitForHydration(page);
      await page.getByText(p.intro_body).waitFor();

      // Type: a radio chosen with the keyboard.
      await page.getByRole("radio", { name: wall.type_volunteering }).focus();
      await page.keyboard.press("Space");
      await bothSizes(page, "wizard, type");
      await next(page, "title");

      // Title: 76 characters cannot be typed (the field stops at 75, the counter says so).
      await page.getByLabel(p.field_title, { exact: true }).focus();
      await page.keyboard.type("x".repeat(76));
      await page.getByText(fill(p.title_counter, { length: 75, max: 75 })).waitFor();
      await page.keyboard.press("Control+A");
      await page.keyboard.type(TITLE);
      await bothSizes(page, "wizard, title");
      await page.getByLabel(p.field_title, { exact: true }).focus();
      await next(page, "description");

      await page.getByLabel(p.field_description).focus();
      await page.keyboard.type("Saturday mornings, stories read aloud for children from 4 to 8.");
      await page.getByLabel(p.field_max_participants).focus();
      await page.keyboard.type("6");
      await bothSizes(page, "wizard, description");
      await page.getByLabel(p.field_max_participants).focus();
      await next(page, "when");

      // When: a start date fills the defaults (10:00, the same day, 18:00).
      const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel(p.field_start_date).fill(day);
      assert.equal(await page.getByLabel(p.field_start_time).inputValue(), "10:00");
      assert.equal(await page.getByLabel(p.field_end_date).inputValue(), day);
      assert.equal(await page.getByLabel(p.field_end_time).inputValue(), "18:00");
      await bothSizes(page, "wizard, when");
      await page.getByLabel(p.field_end_time).focus();
      await next(page, "where");

      // Where: in person, the address found as it is typed (a second after the last key).
      await page.getByLabel(e.field_in_person).focus();
      await page.keyboard.press("Space");
      await page.getByLabel(e.field_address, { exact: true }).focus();
      await page.keyboard.type("Calle de Fuencarral 10, Madrid");
      // Placed at Madrid's centre by the offline geocoder: said to be approximate, not "the pin is on it" (issue 28).
      await page.getByText(e.where_found_approximate).waitFor();
      await page.getByText(map.map_approximate_city).waitFor();
      assert.equal(await page.getByLabel(e.field_latitude).inputValue(), "40.4168");
      // Sent with the place, kept with the proposal and its initiative (issue 28).
      assert.equal(await page.locator('input[type="hidden"][name="location_precision"]').inputValue(), "city");
      await bothSizes(page, "wizard, where");
      await page.getByRole("button", { name: p.next }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/proposal\/new\/sdgs$/);
      await waitForHydration(page);

      await page.getByRole("checkbox", { name: /Quality education/i }).focus();
      await page.keyboard.press("Space");
      await bothSizes(page, "wizard, sdgs");
      await page.getByRole("button", { name: p.next }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/proposal\/new\/skills$/);
      await waitForHydration(page);
      await bothSizes(page, "wizard, skills");
      await page.getByRole("button", { name: p.next }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/proposal\/new\/send$/);
      await waitForHydration(page);
      await page.getByText(TITLE).waitFor();
      await bothSizes(page, "wizard, send");
      await page.getByRole("button", { name: p.send }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/proposal\/new\/finish$/);
      await waitForHydration(page);
      await page.getByRole("heading", { name: p.finish_title }).waitFor();
      await bothSizes(page, "wizard, finish");
      await page.getByRole("link", { name: p.finish_back }).click();
      await page.waitForURL(/\/proposal$/);
      await page.getByRole("listitem").filter({ hasText: TITLE }).getByText(p.status_proposed).waitFor();
      await screenshot(page, "proposals-list-mobile");
      await bothSizes(page, "proposals, one pending");
      assert.deepEqual(errorsOf(page), []);
    });

    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.ada.email, { to: "/manage/proposals" });
      await waitForHydration(page);
      const row = page.getByRole("listitem").filter({ hasText: TITLE });
      await row.waitFor();
      await screenshot(page, "manage-proposals-desktop");
      await bothSizes(page, "moderation");
      await row.getByRole("button", { name: m.approve }).click();
      await page.getByText(m.done_proposal_approved).waitFor();
      await open(page, "/wall");
      await page.getByRole("link", { name: TITLE }).first().waitFor();
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("a rejected proposal shows its reason to its member", async () => {
    const api = apiClient(suite.server, suite.acmeHost);
    const login = await api("POST", "/auth/login", { body: { email: people.marta.email, password: people.marta.password } });
    const sent = await api("POST", "/api/acme/proposal", {
      token: login.data.access_token,
      body: { type: "informative", title: "A talk on composting", description: "Twenty minutes at lunchtime." },
    });
    assert.equal(sent.status, 201);
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.ada.email, { to: "/manage/proposals" });
      await waitForHydration(page);
      const row = page.getByRole("listitem").filter({ hasText: "A talk on composting" });
      // A refusal needs its reason.
      await row.getByRole("button", { name: m.reject }).click();
      await row.getByText(m.form_error_required).waitFor();
      await row.getByLabel(m.reason_label).fill("We already have one planned in March.");
      await row.getByRole("button", { name: m.reject }).click();
      await page.getByText(m.done_proposal_rejected).waitFor();
    });
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.marta.email, { to: "/proposal" });
      await waitForHydration(page);
      const row = page.getByRole("listitem").filter({ hasText: "A talk on composting" });
      await row.getByText(p.status_rejected).waitFor();
      await row.getByText(fill(p.rejected_reason, { reason: "We already have one planned in March." })).waitFor();
      assert.deepEqual(errorsOf(page), []);
    });
  });
});
