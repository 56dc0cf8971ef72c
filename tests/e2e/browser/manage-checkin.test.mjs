/**
 * Check-in by code in a real browser (issue 11, point 4): a member finds her attendance code under
 * her QR code; the organiser types it and she is checked in; then the organiser's phone loses the
 * connection, checks in a second member from the code alone (verified on the device), sees what
 * waits to sync, and the check-in is sent when the connection returns, once. Hours the rule does not
 * take are refused on the device before anything is queued; a check-in the server refuses when it
 * syncs (the initiative's hours a day lowered meanwhile) stays on the desk, across a reload, with
 * its reason, until its hours are fixed and it is resent (issue 28). axe at both sizes.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/manage-checkin.test.mjs
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
let run = { id: "", slug: "" };

const suite = useAcmeSuite({
  setUp: async ({ server }) => {
    people.olga = await createMember(server, { tag: "olga-checkin", name: "Olga Gate", role: "organiser" });
    people.marta = await createMember(server, { tag: "marta-checkin", name: "Marta Runner" });
    people.luis = await createMember(server, { tag: "luis-checkin", name: "Luis Runner" });
    people.nuno = await createMember(server, { tag: "nuno-checkin", name: "Nuno Runner" });
    run = await createInitiative(server, { title: "Charity run in Retiro", starts_in_days: -1, ends_in_days: 1, participation_method: "qr", hours_per_day: 3, organiser_id: people.olga.id });
    await addParticipation(server, people.marta, run.slug);
    await addParticipation(server, people.luis, run.slug);
    await addParticipation(server, people.nuno, run.slug);
  },
});

async function open(page, path) {
  const response = await page.goto(`${suite.acme}${path}`);
  await waitForHydration(page);
  return response;
}

async function tokenOf(api, member) {
  const login = await api("POST", "/auth/login", { body: { email: member.email, password: member.password } });
  return login.data.access_token;
}

/** A member's check-in code, as the API gives it to the app. */
async function codeOf(member) {
  const api = apiClient(suite.server, suite.acmeHost);
  const token = await tokenOf(api, member);
  const initiative = await api("GET", `/api/acme/initiative/${run.slug}`, { token });
  return initiative.data.checkin_code;
}

/** The organiser changes the initiative's hours a day from elsewhere (the editor's GET sent back with it changed). */
async function setHoursPerDay(hours) {
  const api = apiClient(suite.server, suite.acmeHost);
  const token = await tokenOf(api, people.olga);
  const editable = await api("GET", `/api/acme/manage/initiatives/${run.id}`, { token });
  // The fixture leaves out what the editor requires of a saved initiative: a description, and a link for a remote one.
  const body = { ...editable.data, description: "Five kilometres in Retiro.", remote_url: "https://meet.example/charity-run", hours_per_day: hours };
  const saved = await api("PUT", `/api/acme/manage/initiatives/${run.id}`, { token, body });
  assert.equal(saved.status, 200, JSON.stringify(saved.data));
}

describe("check-in", () => {
  test("the member's code is under her QR code; the organiser types it, then checks in offline and syncs; a refused one is fixed and resent", async () => {
    let martaCode = "";
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.marta.email, { to: `/initiative/${run.slug}/participate` });
      await waitForHydration(page);
      await page.getByRole("img", { name: ti.qr_label }).waitFor();
      martaCode = (await page.getByText(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/).textContent()).trim();
      assert.equal(martaCode.replace("-", ""), await codeOf(people.marta));
    });
    const luisCode = await codeOf(people.luis);
    const nunoCode = await codeOf(people.nuno);

    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.olga.email, { to: `/manage/initiatives/${run.id}` });
      await waitForHydration(page);
      await page.getByRole("link", { name: fill(t.initiative_checkin_named, { title: "Charity run in Retiro" }) }).click();
      await page.waitForURL(/\/checkin$/);
      await waitForHydration(page);
      await page.getByText(fill(pluralForm(t, "checkin_present", 0), { count: 0, total: 3 })).waitFor();
      await screenshot(page, "manage-checkin-mobile");
      await expectNoSeriousAxeViolations(page, { label: "check-in, 390x844" });

      // A code that is nobody's.
      await page.getByLabel(t.checkin_code).fill("ABCDE-FGHJK");
      await page.getByRole("button", { name: t.checkin_submit }).click();
      await page.getByText(t.checkin_error_checkin_code_invalid).waitFor();

      // Marta reads hers out. The hours are the initiative's day; more than it takes are refused here, before anything is queued.
      await page.getByLabel(t.checkin_code).fill(martaCode.toLowerCase());
      const hoursBox = page.getByLabel(t.checkin_hours, { exact: true });
      assert.equal(await hoursBox.inputValue(), "3");
      await page.getByText(fill(pluralForm(t, "checkin_hours_hint", 3), { count: 3 })).waitFor();
      await hoursBox.fill("5");
      await page.getByRole("button", { name: t.checkin_submit }).click();
      await page.getByRole("alert").getByText(t.checkin_hours_invalid).waitFor();
      assert.equal(await hoursBox.getAttribute("aria-invalid"), "true");
      assert.equal(await page.evaluate((id) => localStorage.getItem(`commons.checkins.${id}`), run.id), null);
      await page.getByRole("listitem").filter({ hasText: "Marta Runner" }).getByText(t.checkin_state_expected).waitFor();
      await hoursBox.fill("3");
      await page.getByRole("button", { name: t.checkin_submit }).click();
      await page.getByText(fill(t.checkin_done, { name: "Marta Runner" })).waitFor();
      await page.getByText(fill(pluralForm(t, "checkin_present", 1), { count: 1, total: 3 })).waitFor();
      await page.getByText(fill(pluralForm(t, "checkin_waiting", 1), { count: 1 })).waitFor({ state: "detached" });

      // The connection goes; Luis is checked in on the device, and it waits.
      await page.context().setOffline(true);
      await page.getByText(t.checkin_offline).waitFor();
      await page.getByLabel(t.checkin_code).fill(luisCode);
      await page.getByRole("button", { name: t.checkin_submit }).click();
      await page.getByText(fill(t.checkin_done_offline, { name: "Luis Runner" })).waitFor();
      await page.getByText(fill(pluralForm(t, "checkin_waiting", 1), { count: 1 })).waitFor();
      await page.getByRole("listitem").filter({ hasText: "Luis Runner" }).getByText(t.checkin_state_waiting).waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, "manage-checkin-offline-desktop");
      await expectNoSeriousAxeViolations(page, { label: "check-in offline, 1280x800" });

      // It comes back: the queue empties by itself.
      await page.context().setOffline(false);
      await page.getByText(fill(pluralForm(t, "checkin_waiting", 1), { count: 1 })).waitFor({ state: "detached" });
      await page.getByRole("listitem").filter({ hasText: "Luis Runner" }).getByText(t.checkin_state_present).waitFor();
      await open(page, `/manage/initiatives/${run.id}/checkin`);
      await page.getByText(fill(pluralForm(t, "checkin_present", 2), { count: 2, total: 3 })).waitFor();
      await waitForHydration(page);

      // Offline again, Nuno is checked in for the day's 3 hours; meanwhile the organiser lowers the day to 2.
      await page.context().setOffline(true);
      await page.getByText(t.checkin_offline).waitFor();
      await page.getByLabel(t.checkin_code).fill(nunoCode);
      await page.getByRole("button", { name: t.checkin_submit }).click();
      await page.getByText(fill(t.checkin_done_offline, { name: "Nuno Runner" })).waitFor();
      await setHoursPerDay(2);

      // The connection returns and the server refuses the 3 hours: Nuno stays on the desk, with the reason.
      await page.context().setOffline(false);
      await page.getByText(fill(t.checkin_refused_sync, { name: "Nuno Runner", reason: t.checkin_hours_invalid })).waitFor();
      const refused = page.getByRole("region", { name: fill(pluralForm(t, "checkin_refused_title", 1), { count: 1 }) });
      await refused.getByRole("listitem").filter({ hasText: "Nuno Runner" }).getByText(t.checkin_hours_invalid).waitFor();
      await page.getByRole("listitem").filter({ hasText: "Nuno Runner" }).getByText(t.checkin_state_refused).waitFor();
      await page.getByText(fill(pluralForm(t, "checkin_waiting", 1), { count: 1 })).waitFor({ state: "detached" });
      await expectNoSeriousAxeViolations(page, { label: "check-in refused, 1280x800" });

      // A reload keeps it (it is not sent again on its own); the desk now pre-fills the new day.
      await open(page, `/manage/initiatives/${run.id}/checkin`);
      await refused.getByText(t.checkin_hours_invalid).waitFor();
      assert.equal(await page.getByLabel(t.checkin_hours, { exact: true }).inputValue(), "2");
      await page.getByText(fill(pluralForm(t, "checkin_present", 2), { count: 2, total: 3 })).waitFor();

      // Fixed to 2 hours and resent: recorded.
      await refused.getByLabel(fill(t.checkin_refused_hours, { name: "Nuno Runner" })).fill("2");
      await refused.getByRole("button", { name: t.checkin_resend }).click();
      await refused.waitFor({ state: "detached" });
      // "Checked in" exactly: "Checked in, waits to sync" is not recorded yet.
      await page.getByRole("listitem").filter({ hasText: "Nuno Runner" }).getByText(t.checkin_state_present, { exact: true }).waitFor();
      await page.getByText(fill(pluralForm(t, "checkin_present", 3), { count: 3, total: 3 })).waitFor();
      assert.equal(await page.evaluate((id) => localStorage.getItem(`commons.checkins.${id}`), run.id), null);
      // The browser reports the offline attempts as failed resources, and the refusal as a 400; nothing else may fail.
      assert.deepEqual(errorsOf(page, { allowStatus: [400] }).filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(error)), []);
    });

    // Each was recorded once, as validated hours.
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.olga.email, { to: `/manage/initiatives/${run.id}` });
      await waitForHydration(page);
      const luis = page.getByRole("listitem").filter({ hasText: "Luis Runner" });
      await luis.getByText(fill(t.participant_hours, { validated: 3, pending: 0 })).waitFor();
      await page.getByRole("listitem").filter({ hasText: "Nuno Runner" }).getByText(fill(t.participant_hours, { validated: 2, pending: 0 })).waitFor();
    });
  });
});
