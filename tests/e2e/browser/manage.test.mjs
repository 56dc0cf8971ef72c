/**
 * The staff area (/manage, issue 11) in a real browser, on data this file creates: an organiser
 * finds "Manage" in the sidebar, refuses nothing without a reason, validates a member's reports in
 * bulk, publishes a member's photo, confirms a transfer found by its code, and finds the initiative's
 * participants (totals, CSV, marked not going); a manager approves
 * Marta's attendance (among the demo data's others); a member has no link and gets the 404 page. axe on every staff screen at 1280x800 and
 * 390x844, with screenshots.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/manage.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apiClient, errorsOf, expectNoSeriousAxeViolations, pluralForm, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { addParticipation, createContribution, createInitiative, createMember } from "../../support/fixtures.mjs";

const t = strings("manage");
const shell = strings("shell");
const fill = (text, values) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(values[name]));

/** A 1x1 PNG, as a member's photo of the day. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const people = {};
let code = "";

const suite = useAcmeSuite({
  setUp: async ({ server, acmeHost }) => {
    people.olga = await createMember(server, { tag: "olga", name: "Olga Organiser", role: "organiser" });
    people.mario = await createMember(server, { tag: "mario", name: "Mario Manager", role: "manager" });
    people.marta = await createMember(server, { tag: "marta", name: "Marta Volunteer" });
    const cleanUp = await createInitiative(server, {
      title: "Staff test clean-up",
      starts_in_days: -2,
      ends_in_days: 10,
      organiser_id: people.olga.id,
      indicators: [{ name: "Rubbish", unit: "kilogram" }],
    });
    await addParticipation(server, people.marta, cleanUp.slug, { manager_approval: "pending", records: [{ hours: 3 }, { hours: 2 }, { indicator: 0, value: 14 }] });
    const gift = await createInitiative(server, { title: "Staff test food bank", type: "donation", starts_in_days: -2, organiser_id: people.olga.id, donation: { sources: ["transfer"] } });
    code = (await createContribution(server, people.marta, gift.slug, { amount: 25 })).confirmation_code;
    // Marta's photo, sent as the app sends it.
    const api = apiClient(server, acmeHost);
    const login = await api("POST", "/auth/login", { body: { email: people.marta.email, password: people.marta.password } });
    const form = new FormData();
    form.set("file", new Blob([PNG], { type: "image/png" }), "rubbish-bags.png");
    const upload = await fetch(`${server.url}/api/acme/initiative/${cleanUp.slug}/attachment/image`, {
      method: "POST",
      headers: { host: acmeHost, authorization: `Bearer ${login.data.access_token}` },
      body: form,
    });
    assert.equal(upload.status, 201, await upload.clone().text());
  },
});

async function checkBothSizes(page, name) {
  await screenshot(page, `${name}-desktop`);
  await expectNoSeriousAxeViolations(page, { label: `${name}, 1280x800` });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-mobile`);
  await expectNoSeriousAxeViolations(page, { label: `${name}, 390x844` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe("the staff area", () => {
  test("a member has no link to it and gets the 404 page", async () => {
    await withPage(suite.browser, {}, async (page) => {
      await signIn(page, suite.acme, people.marta.email, { to: "/wall" });
      await waitForHydration(page);
      assert.equal(await page.getByRole("link", { name: shell.nav_manage }).count(), 0);
      const response = await page.goto(`${suite.acme}/manage/records`);
      assert.equal(response?.status(), 404);
    });
  });

  test("an organiser validates reports in bulk, publishes a photo and confirms a transfer; accessible at both sizes", async () => {
    await withPage(suite.browser, {}, async (page) => {
      await signIn(page, suite.acme, people.olga.email, { to: "/wall" });
      await waitForHydration(page);
      await page.getByRole("link", { name: shell.nav_manage }).first().click();
      await page.waitForURL(/\/manage\/records$/);
      await waitForHydration(page);
      const queue = page.getByRole("list").filter({ hasText: "Marta Volunteer" });
      await queue.getByRole("listitem").nth(2).waitFor();
      assert.equal(await queue.getByRole("listitem").count(), 3);
      await checkBothSizes(page, "manage-records");

      // Rejecting needs a reason: the field says so and nothing changes.
      await page.getByRole("button", { name: t.select_all }).click();
      await page.getByRole("button", { name: t.reject_selected }).click();
      await page.getByText(t.form_error_required).waitFor();
      assert.equal(await queue.getByRole("listitem").count(), 3);

      // Every box is still ticked after the refusal? Tick them again, then validate together.
      await page.getByRole("button", { name: t.select_all }).click();
      await page.getByRole("button", { name: t.validate_selected }).click();
      await page.getByRole("status").getByText(fill(pluralForm(t, "done_validated", 3), { count: 3 })).waitFor();
      await page.getByText(t.records_empty).waitFor();
      await page.getByRole("link", { name: t.status_validated }).click();
      await page.waitForURL(/status=validated/);
      await page.getByText("Marta Volunteer · 3 hours").waitFor();

      // Files: the photo shows, and is published.
      await page.getByRole("link", { name: t.tab_uploads }).click();
      await page.waitForURL(/\/manage\/uploads$/);
      await waitForHydration(page);
      const photo = page.getByRole("img", { name: fill(t.upload_preview, { name: "rubbish-bags.png" }) });
      await photo.waitFor();
      await photo.scrollIntoViewIfNeeded();
      // The member's photo, served to the staff member who manages the initiative.
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await photo.elementHandle(), { timeout: 10_000 });
      await checkBothSizes(page, "manage-uploads");
      // Exact: the foot's "Publish selected" says "Publish" too.
      await page.getByRole("button", { name: t.publish, exact: true }).click();
      await page.getByRole("status").getByText(t.done_published).waitFor();

      // Money: found by its code in lower case, confirmed.
      await page.getByRole("link", { name: t.tab_money }).click();
      await page.waitForURL(/\/manage\/money$/);
      await waitForHydration(page);
      await page.getByRole("searchbox", { name: t.money_search_label }).fill(code.toLowerCase());
      await page.getByRole("button", { name: t.money_search }).click();
      await page.waitForURL(/q=/);
      await page.getByText(fill(t.money_code, { code })).waitFor();
      await checkBothSizes(page, "manage-money");
      await page.getByRole("button", { name: t.confirm, exact: true }).click();
      await page.getByRole("status").getByText(t.done_confirmed).waitFor();
      await checkBothSizes(page, "manage-money-confirmed");

      // Initiatives: Olga's clean-up, its participants, Marta marked not going, the CSV.
      await page.getByRole("link", { name: t.tab_initiatives, exact: true }).click();
      await page.waitForURL(/\/manage\/initiatives$/);
      await waitForHydration(page);
      await page.getByRole("searchbox", { name: t.initiatives_search_label }).fill("clean-up");
      await page.getByRole("button", { name: t.filter_apply }).click();
      await page.waitForURL(/q=clean-up/);
      await checkBothSizes(page, "manage-initiatives");
      await page.getByRole("link", { name: "Staff test clean-up", exact: true }).click();
      await page.waitForURL(/\/manage\/initiatives\/[^/?]+$/);
      await waitForHydration(page);
      const marta = page.getByRole("listitem").filter({ hasText: "Marta Volunteer" });
      await marta.getByText(fill(t.participant_hours, { validated: 5, pending: 0 })).waitFor();
      await checkBothSizes(page, "manage-participants");
      const csv = await page.evaluate(async (href) => {
        const response = await fetch(href);
        return { type: response.headers.get("content-type"), text: await response.text() };
      }, await page.getByRole("link", { name: t.participants_download }).getAttribute("href"));
      assert.equal(csv.type, "text/csv; charset=utf-8");
      assert.match(csv.text, /"Marta Volunteer"/);
      await marta.getByRole("button", { name: t.action_not_going }).click();
      await page.getByRole("status").getByText(fill(t.done_participant, { status: t.pstatus_not_going })).waitFor();
      // And back in (her manager's approval, below, still waits).
      await marta.getByRole("button", { name: t.action_accept }).click();
      await page.getByRole("status").getByText(fill(t.done_participant, { status: t.pstatus_accepted })).waitFor();
      // Suspend it for a moment, then reopen it.
      await page.getByRole("button", { name: t.action_suspend }).click();
      await page.getByText(t.state_suspended).waitFor();
      await page.getByRole("button", { name: t.action_reopen }).click();
      await page.getByText(t.state_open).waitFor();
      // A word to everyone going: checked in the browser first, then e-mailed.
      await page.getByRole("button", { name: t.message_send }).click();
      await page.getByText(t.message_error_required).first().waitFor();
      await page.getByRole("textbox", { name: t.message_subject }).fill("Meeting point");
      await page.getByRole("textbox", { name: t.message_body }).fill("We meet at the lifeguard tower at 10.");
      await page.getByRole("button", { name: t.message_send }).click();
      await page.getByRole("status").getByText(fill(pluralForm(t, "message_sent", 1), { count: 1 })).waitFor();
      const mails = await (await fetch(`${suite.server.url}/dev/mailbox?to=${encodeURIComponent(people.marta.email)}`)).json();
      assert.equal(mails[0].subject, "Staff test clean-up: Meeting point");
      // The refusal without a reason answered 400, as it should.
      assert.deepEqual(errorsOf(page, { allowStatus: [400] }), []);
    });
  });

  test("a manager approves an attendance, on a phone", async () => {
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.mario.email, { to: "/manage" });
      await waitForHydration(page);
      await page.waitForURL(/\/manage\/approvals$/);
      // The demo data has others waiting too (a manager decides for everyone): Marta's row.
      const marta = page.getByRole("listitem").filter({ hasText: "Marta Volunteer" });
      await marta.waitFor();
      await screenshot(page, "manage-approvals-mobile");
      await expectNoSeriousAxeViolations(page, { label: "approvals, 390x844" });
      await marta.getByRole("button", { name: t.approve }).click();
      await page.getByRole("status").getByText(t.done_approved).waitFor();
      await marta.waitFor({ state: "detached" });
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousAxeViolations(page, { label: "approvals, 1280x800" });
      assert.deepEqual(errorsOf(page), []);
    });
  });
});
