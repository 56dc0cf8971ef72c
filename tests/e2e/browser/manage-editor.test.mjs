/**
 * The initiative editor and the organiser's whole day in a real browser (issue 11): an organiser
 * creates a volunteering initiative with an indicator (a refused save first says which fields and
 * why), finds its address on the map and gives it an image; a member joins; her manager approves;
 * she reports hours; the organiser validates them in bulk; she can then rate. The organiser then
 * edits the initiative and starts a copy. axe on the editor at 1280x800 and 390x844.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/manage-editor.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { errorsOf, expectNoSeriousAxeViolations, pluralForm, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createMember } from "../../support/fixtures.mjs";

const t = strings("manage");
const e = strings("editor");
const wall = strings("initiatives");
const ti = strings("initiative");
const shell = strings("shell");
const map = strings("map");
const fill = (text, values) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(values[name]));

/** A 2x1 PNG, the initiative's image. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mNk+M9Qz8DAwMAAAA4AAf9VCpoAAAAASUVORK5CYII=", "base64");
const TITLE = "Plant holm oaks in Casa de Campo";

const people = {};
let initiativeId = "";

const suite = useAcmeSuite({
  setUp: async ({ server }) => {
    people.olga = await createMember(server, { tag: "olga-editor", name: "Olga Editor", role: "organiser" });
    people.mario = await createMember(server, { tag: "mario-editor", name: "Mario Approver", role: "manager" });
    people.marta = await createMember(server, { tag: "marta-editor", name: "Marta Planter", phone: "+34611222333" });
  },
});

/** A datetime-local value `days` from today at `time`. */
function localDate(days, time) {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${time}`;
}

describe("the initiative editor", () => {
  test("an organiser creates a volunteering initiative with an indicator, a place and an image", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.olga.email, { to: "/manage/initiatives" });
      await waitForHydration(page);
      await page.getByRole("link", { name: t.initiative_new }).click();
      await page.waitForURL(/\/manage\/initiatives\/new$/);
      await waitForHydration(page);
      await page.getByRole("heading", { name: e.title_new }).waitFor();
      await screenshot(page, "manage-editor-desktop");
      await expectNoSeriousAxeViolations(page, { label: "editor, 1280x800" });
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "manage-editor-mobile");
      await expectNoSeriousAxeViolations(page, { label: "editor, 390x844" });
      await page.setViewportSize({ width: 1280, height: 800 });

      // Where it happens follows the type until the organiser decides: a donation is not "in person".
      const inPerson = page.getByLabel(e.field_in_person, { exact: true });
      const typeChoice = (label) => page.getByRole("group", { name: e.field_type }).getByLabel(label).check();
      assert.equal(await inPerson.isChecked(), true);
      await typeChoice(wall.type_donation);
      assert.equal(await inPerson.isChecked(), false);
      await typeChoice(wall.type_volunteering);
      assert.equal(await inPerson.isChecked(), true);

      // A save the server refuses: each field says why, the summary takes the focus.
      await page.getByLabel(e.field_title).fill("x".repeat(5));
      await page.getByLabel(e.field_description).fill("Holm oaks with the park rangers.");
      // Under way since yesterday, so the member can report hours today.
      await page.getByLabel(e.field_start).fill(localDate(-1, "10:00"));
      await page.getByLabel(e.field_end).fill(localDate(-2, "18:00"));
      await page.getByRole("button", { name: e.create }).click();
      await page.getByText(e.error_form_error_end_before_start).waitFor();
      await page.getByText(e.error_form_error_address_required).waitFor();
      await page.getByText(fill(pluralForm(e, "error_summary", 2), { count: 2 })).waitFor();
      await expectNoSeriousAxeViolations(page, { label: "editor with errors, 1280x800" });

      // What was typed is still there; now right.
      assert.equal(await page.getByLabel(e.field_description).inputValue(), "Holm oaks with the park rangers.");
      await page.getByLabel(e.field_title).fill(TITLE);
      await page.getByLabel(e.field_end).fill(localDate(3, "14:00"));
      await page.getByRole("group", { name: e.field_type }).getByLabel(wall.type_volunteering).check();
      await page.getByLabel(e.field_address, { exact: true }).fill("Casa de Campo, Madrid");
      await page.getByRole("button", { name: e.where_search }).click();
      // The offline geocoder puts Casa de Campo at Madrid's centre, and the editor says so (issue 28).
      await page.getByText(e.where_found_approximate).waitFor();
      await page.getByText(map.map_approximate_city).waitFor();
      assert.equal(await page.getByLabel(e.field_latitude).inputValue(), "40.4168");
      // The precision is sent with the place, so the pages say it whichever geocoder found it; a
      // coordinate typed by hand makes the place the organiser's own: exact, no longer approximate.
      const precision = page.locator('input[type="hidden"][name="location_precision"]');
      assert.equal(await precision.inputValue(), "city");
      await page.getByLabel(e.field_longitude).fill("-3.7037");
      assert.equal(await precision.inputValue(), "exact");
      await page.getByText(map.map_approximate_city).waitFor({ state: "detached" });
      await page.getByLabel(e.field_max_participants).fill("12");
      await page.getByLabel(e.field_hours_per_day).fill("4");
      await page.getByLabel(e.field_working_hours).check();
      await page.getByRole("button", { name: e.indicator_add }).click();
      await page.getByLabel(fill(e.indicator_name, { number: 1 }), { exact: true }).fill("Trees planted");
      await page.getByLabel(fill(e.indicator_unit, { number: 1 })).selectOption("number");
      await page.getByLabel(e.image_choose).setInputFiles({ name: "oaks.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("img", { name: e.image_preview }).waitFor();
      await page.getByRole("button", { name: e.create }).click();

      await page.waitForURL(/\/manage\/initiatives\/[0-9a-f-]{36}\?saved=created$/);
      initiativeId = new URL(page.url()).pathname.split("/").pop();
      await page.getByText(t.initiative_saved_created).waitFor();
      await page.getByText(TITLE).first().waitFor();
      assert.deepEqual(errorsOf(page, { allowStatus: [400] }), []);
    });
  });

  test("a member joins; her manager approves; she reports hours; the organiser validates them in bulk; she can rate", async () => {
    assert.ok(initiativeId, "the initiative of the first test");
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.marta.email, { to: "/wall" });
      await waitForHydration(page);
      await page.getByRole("link", { name: TITLE }).first().click();
      await waitForHydration(page);
      await page.getByText(ti.approval_needed).waitFor();
      await page.getByRole("button", { name: ti.action_join, exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/initiative");
      await page.keyboard.press("Escape");
    });
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.mario.email, { to: "/manage/approvals" });
      await waitForHydration(page);
      const marta = page.getByRole("listitem").filter({ hasText: "Marta Planter" });
      await marta.getByRole("button", { name: t.approve }).click();
      await page.getByRole("status").getByText(t.done_approved).waitFor();
    });
    let slug = "";
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.marta.email, { to: "/initiative" });
      await waitForHydration(page);
      await page.getByRole("link", { name: TITLE }).first().click();
      await page.waitForURL(/\/initiative\/[^/]+$/);
      slug = new URL(page.url()).pathname.split("/").pop();
      await waitForHydration(page);
      await page.getByRole("link", { name: ti.action_participate }).click();
      await page.waitForURL((url) => url.pathname === `/initiative/${slug}/participate`);
      await waitForHydration(page);
      await page.getByRole("spinbutton", { name: ti.hours_label }).fill("3");
      await page.getByRole("button", { name: ti.hours_submit }).click();
      await page.getByText(ti.hours_saved).waitFor();
    });
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.olga.email, { to: "/manage/records" });
      await waitForHydration(page);
      const row = page.getByRole("listitem").filter({ hasText: "Marta Planter" });
      await row.waitFor();
      await page.getByRole("button", { name: t.select_all }).click();
      await page.getByRole("button", { name: t.validate_selected }).click();
      await page.getByRole("status").getByText(fill(pluralForm(t, "done_validated", 1), { count: 1 })).waitFor();
      await row.waitFor({ state: "detached" });
    });
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.marta.email, { to: `/initiative/${slug}/participate` });
      await waitForHydration(page);
      await page.getByRole("region", { name: ti.history_title }).getByText(ti.record_status_validated, { exact: false }).waitFor();
      await page.getByRole("link", { name: ti.participation_done }).click();
      await page.getByRole("dialog", { name: ti.rating_title }).waitFor();
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("the organiser edits the initiative and starts a copy of it", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.olga.email, { to: `/manage/initiatives/${initiativeId}` });
      await waitForHydration(page);
      await page.getByRole("link", { name: fill(t.initiative_edit_named, { title: TITLE }) }).click();
      await page.waitForURL(/\/edit$/);
      await waitForHydration(page);
      // Marta joined: the type stays as it is.
      await page.getByText(e.field_type_locked).waitFor();
      assert.equal(await page.getByLabel(e.field_title).inputValue(), TITLE);
      await page.getByRole("img", { name: e.image_preview }).waitFor();
      await page.getByLabel(e.field_max_participants).fill("15");
      await page.getByRole("button", { name: e.save }).click();
      await page.waitForURL(/saved=updated$/);
      await page.getByText(t.initiative_saved_updated).waitFor();

      await page.getByRole("link", { name: fill(t.initiative_duplicate_named, { title: TITLE }) }).click();
      await page.waitForURL(/\/manage\/initiatives\/new\?from=/);
      await waitForHydration(page);
      await page.getByRole("heading", { name: e.title_copy }).waitFor();
      assert.equal(await page.getByLabel(e.field_title).inputValue(), TITLE);
      assert.equal(await page.getByLabel(fill(e.indicator_name, { number: 1 }), { exact: true }).inputValue(), "Trees planted");
      assert.equal(await page.getByText(e.field_type_locked).count(), 0);
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("a member has no editor (404)", async () => {
    await withPage(suite.browser, {}, async (page) => {
      await signIn(page, suite.acme, people.marta.email);
      assert.equal((await page.goto(`${suite.acme}/manage/initiatives/new`))?.status(), 404);
      assert.equal(await page.getByRole("link", { name: shell.nav_manage }).count(), 0);
    });
  });
});
