/**
 * The administrator's side in a real browser (issue 15): Acme's administrator finds a member in
 * Manage → Members, makes them an organiser with a line manager, and switches another account off;
 * the disabled member is signed out on their next page; the audit log shows both. The brand colour
 * and a reworded text reach members' pages. An API key is created, shown once, used and revoked
 * (issue 31), and a webhook endpoint at a local receiver gets the signed test event, delivered in
 * its log (issue 31). A rate card values this year's hours on the impact report, checked on screen and in
 * the B4SI grid's CSV and XLSX (issue 30). axe at both sizes (the impact report at one).
 *
 *   node_modules/.bin/node --test tests/e2e/browser/admin.test.mjs
 */
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { describe, test } from "node:test";
import { downloadedBytes, errorsOf, expectNoSeriousAxeViolations, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import ExcelJS from "exceljs";
import { Webhook } from "standardwebhooks";
import { addParticipation, createInitiative, createMember, createOrganization } from "../../support/fixtures.mjs";

const t = strings("manage");
const auth = strings("auth");
const editor = strings("editor");

/** The newest e-mail to `to` in the development outbox (the invitations go out after the answer). */
async function latestMail(to) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const [mail] = await (await fetch(`${suite.server.url}/dev/mailbox?to=${encodeURIComponent(to)}`)).json();
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`no e-mail for ${to}`);
}
const people = {};
/**
 * The tests that change an organisation for all its members (brand colour, a reworded text, a new
 * policy every member then meets) work in an organisation of their own, made like Acme and named
 * Acme, so the other browser files can run beside this one on Acme (scripts/e2e-tests.mjs).
 */
const own = { origin: "", slug: "" };
const suite = useAcmeSuite({
  setUp: async ({ server }) => {
    people.admin = await createMember(server, { tag: "admin-members", name: "Ada Administrator", role: "admin" });
    people.promoted = await createMember(server, { tag: "promoted", name: "Pedro Promoted" });
    people.leaving = await createMember(server, { tag: "leaving", name: "Lena Leaving" });
    const organization = await createOrganization(server, { like: "acme", name: "Acme" });
    own.slug = organization.slug;
    own.origin = `http://${organization.hostname}:${server.port}`;
    people.ownAdmin = await createMember(server, { org: own.slug, tag: "own-admin", name: "Olga Owner", role: "admin" });
  },
});

describe("invitations", () => {
  test("an administrator invites people from a CSV, previewed first; the invited member sets a password and is in", async () => {
    const address = `csv.${Date.now()}@example.org`;
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.admin.email, { password: people.admin.password, to: "/manage/members" });
      await waitForHydration(page);
      const csv = `email,name,role\n${address},Carla Csv,organiser\nnot-an-address,Nobody,\n`;
      await page.getByLabel(t.invite_csv).setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: t.invite_preview }).click();
      const preview = page.getByRole("table", { name: t.invite_preview_caption });
      await preview.getByText(t.invitation_status_invited_preview).waitFor();
      await preview.getByText(t.form_error_invalid_email).waitFor();
      await expectNoSeriousAxeViolations(page, { label: "invitation preview, 1280x800" });
      await page.getByRole("button", { name: t.invite_send_list_one.replace("{{count}}", "1") }).click();
      await page.getByRole("table", { name: t.invite_done_caption }).getByText(t.invitation_status_invited).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "admin-invitations-mobile");
      await expectNoSeriousAxeViolations(page, { label: "invitations, 390x844" });
      assert.deepEqual(errorsOf(page), []);
    });
    const mail = await latestMail(address);
    const link = new URL(mail.links.find((href) => href.includes("/invite/")));
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await page.goto(`${suite.acme}${link.pathname}`);
      await waitForHydration(page);
      await page.getByRole("heading", { name: auth.invitation_title.replace("{{organization}}", "Acme") }).waitFor();
      await page.getByLabel(auth.new_password_label, { exact: true }).fill("Green-lantern-42");
      await page.getByRole("checkbox", { name: auth.agree_terms }).check();
      await page.getByRole("button", { name: auth.invitation_submit }).click();
      await page.waitForURL((url) => url.pathname === "/wall", { timeout: 20_000 });
      // A new member of Acme: Acme's onboarding greets them.
      await page.getByRole("dialog").waitFor();
    });
  });
});

describe("members", () => {
  test("an administrator gives a role and a line manager, and disables an account", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (leaving) => {
      await signIn(leaving, suite.acme, people.leaving.email, { password: people.leaving.password });
      await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
        await signIn(page, suite.acme, people.admin.email, { password: people.admin.password, to: "/manage/members" });
        await waitForHydration(page);
        await page.getByRole("heading", { name: t.members_title }).waitFor();
        await expectNoSeriousAxeViolations(page, { label: "members, 390x844" });

        await page.getByRole("searchbox", { name: t.members_search_label }).fill("Pedro");
        await page.getByRole("button", { name: t.members_search }).click();
        await page.waitForURL(/q=Pedro/);
        const row = page.getByRole("listitem", { name: "Pedro Promoted" });
        await row.getByLabel(new RegExp(`^${t.member_role}`)).selectOption("organiser");
        // Marta's manager, a demo manager, is offered as line manager.
        const manager = row.getByLabel(new RegExp(`^${t.member_manager}`));
        const options = await manager.locator("option").allTextContents();
        assert.ok(options.length > 1, `line managers offered: ${options.join(", ")}`);
        await manager.selectOption({ index: 1 });
        await row.getByRole("button", { name: t.member_save_named.replace("{{name}}", "Pedro Promoted") }).click();
        await page.getByText(t.done_member_save).waitFor();
        assert.equal(await page.getByRole("listitem", { name: "Pedro Promoted" }).getByLabel(new RegExp(`^${t.member_role}`)).inputValue(), "organiser");
        await screenshot(page, "admin-members-mobile");

        await page.goto(`${suite.acme}/manage/members?q=Lena`);
        await waitForHydration(page);
        await page.getByRole("button", { name: t.member_disable_named.replace("{{name}}", "Lena Leaving") }).click();
        await page.getByText(t.done_member_disable).waitFor();
        await page.setViewportSize({ width: 1280, height: 800 });
        await expectNoSeriousAxeViolations(page, { label: "members, 1280x800" });

        // The audit log says who did it, newest first.
        await page.getByRole("link", { name: t.tab_audit }).click();
        await page.waitForURL((url) => url.pathname === "/manage/audit");
        const rows = page.getByRole("table", { name: t.audit_title }).getByRole("row");
        await rows.nth(1).getByRole("cell", { name: `${t.audit_kind_member} · ${t.audit_verb_disabled}` }).waitFor();
        await rows.nth(1).getByText("Ada Administrator").waitFor();
        // The row names the member it is about.
        await rows.nth(1).getByText("Lena Leaving").waitFor();
        await page.getByRole("table", { name: t.audit_title }).getByRole("cell", { name: `${t.audit_kind_member} · ${t.audit_verb_role_changed}` }).waitFor();
        await page.getByLabel(t.audit_filter_kind).selectOption("member");
        await page.getByRole("button", { name: t.audit_filter }).click();
        await page.waitForURL(/kind=member/);
        await expectNoSeriousAxeViolations(page, { label: "audit log, 1280x800" });
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, "admin-audit-mobile");
        await expectNoSeriousAxeViolations(page, { label: "audit log, 390x844" });
        assert.deepEqual(errorsOf(page), []);
      });
      // Lena's next page: her session is gone.
      await leaving.goto(`${suite.acme}/wall`);
      await leaving.waitForURL((url) => url.pathname === "/signin");
    });
  });
});

describe("the dashboard", () => {
  test("an administrator reads the programme's figures, with charts drawn only here and tables for the same numbers", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.admin.email, { password: people.admin.password, to: "/manage" });
      await waitForHydration(page);
      await page.getByRole("heading", { name: t.dashboard_title, level: 2 }).waitFor();
      assert.equal(await page.getByRole("link", { name: t.tab_dashboard }).getAttribute("aria-current"), "page");
      await everySectionInSight(page, 1280);
      // The demo has validated hours: the charts are drawn (uPlot's canvas), and each has its table.
      const sdgs = page.getByRole("region", { name: t.dashboard_sdgs });
      await sdgs.locator("canvas").first().waitFor();
      await sdgs.getByText(t.dashboard_show_table).click();
      await sdgs.getByRole("table", { name: t.dashboard_sdgs }).getByRole("row").nth(1).waitFor();
      await expectNoSeriousAxeViolations(page, { label: "dashboard, 1280x800" });
      // A wrong period is said in words; a preset sets a good one.
      await page.getByLabel(t.dashboard_from).fill("2026-06-01");
      await page.getByLabel(t.dashboard_to).fill("2026-01-01");
      await page.getByRole("button", { name: t.dashboard_show }).click();
      await page.getByText(t.dashboard_error_form_error_end_before_start).waitFor();
      await page.getByRole("link", { name: t.dashboard_last_12_months }).click();
      await page.getByRole("region", { name: t.dashboard_months }).locator("canvas").first().waitFor();
      const csv = await page.evaluate(async (href) => (await fetch(href)).text(), await page.getByRole("link", { name: t.dashboard_download }).getAttribute("href"));
      assert.match(csv, /"hours","validated"/);
      await page.setViewportSize({ width: 390, height: 844 });
      await everySectionInSight(page, 390);
      await screenshot(page, "admin-dashboard-mobile");
      await expectNoSeriousAxeViolations(page, { label: "dashboard, 390x844" });
      assert.deepEqual(errorsOf(page, { allowStatus: [400] }), []);
    });
  });
});

describe("the impact report", () => {
  /**
   * In an organisation of its own, so the figures are only these: 4 validated hours in paid working
   * time and 3 in own time, made now, so in this year (the report opens on last year by default).
   */
  test("an administrator sets a rate card, reads this year's figures valued with it, downloads the B4SI grid as CSV and XLSX, and adds management hours to an initiative found by its title", async () => {
    const impact = strings("impact");
    const org = await createOrganization(suite.server, { like: "acme", name: "Acme" });
    const origin = `http://${org.hostname}:${suite.server.port}`;
    const admin = await createMember(suite.server, { org: org.slug, tag: "impact-admin", name: "Iris Impact", role: "admin" });
    const [paid, own] = await Promise.all([
      createInitiative(suite.server, { org: org.slug, title: "Beach in work time", working_hours: true, starts_in_days: -5, ends_in_days: 5 }),
      createInitiative(suite.server, { org: org.slug, title: "Beach on a Saturday", starts_in_days: -5, ends_in_days: 5 }),
    ]);
    for (const [initiative, hours, name] of [[paid, 4, "Paula Paid"], [own, 3, "Oscar Own"]]) {
      const member = await createMember(suite.server, { org: org.slug, tag: "impact-volunteer", name });
      await addParticipation(suite.server, member, initiative.slug, { org: org.slug, records: [{ hours, status: "validated" }] });
    }
    const year = new Date().getUTCFullYear();
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, origin, admin.email, { password: admin.password, to: "/manage/impact?period=this_year" });
      await waitForHydration(page);
      await page.getByRole("heading", { name: impact.rates_title, exact: true }).waitFor();
      // The rate card's first row: 20 euros an hour for everyone from this year on.
      await page.getByLabel(impact.rate_amount).first().fill("20");
      await page.getByLabel(impact.rate_currency).first().fill("eur");
      await page.getByLabel(impact.rate_source).first().fill("Payroll average");
      await page.getByLabel(impact.rate_from_year).first().fill(String(year));
      await page.getByRole("button", { name: impact.rates_save }).click();
      await page.getByText(impact.rates_saved).waitFor();
      await page.goto(`${origin}/manage/impact?period=this_year`);
      await waitForHydration(page);
      const stat = (label) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
      assert.equal(await stat(impact.hours_paid).innerText(), "4");
      assert.equal(await stat(impact.hours_own).innerText(), "3");
      assert.equal(await stat(impact.participants).innerText(), "2");
      const values = page.getByRole("table", { name: impact.value_heading });
      assert.deepEqual(await values.getByRole("row").nth(1).getByRole("cell").allInnerTexts(), ["EUR", "€80", "€60", "€0"]);
      await expectNoSeriousAxeViolations(page, { label: "impact report, 1280x800" });

      const b4si = page.getByRole("listitem").filter({ hasText: impact.download_b4si });
      const download = async (format) => {
        const [file] = await Promise.all([page.waitForEvent("download"), b4si.getByRole("link", { name: format, exact: true }).click()]);
        assert.match(file.suggestedFilename(), new RegExp(`^${org.slug}-b4si-${year}-\\d{2}-\\d{2}-${year}-\\d{2}-\\d{2}\\.${format.toLowerCase()}$`));
        return downloadedBytes(file);
      };
      // The grid: paid time is the company's input, own time leverage, each valued at the card's rate.
      const csv = download("CSV").then((file) => file.toString("utf8").trim().split(/\r?\n/));
      const [header, ...rows] = await csv;
      assert.equal(header.replaceAll('"', ""), "section,how,why,where,currency_or_unit,hours,quantity,value,evidence_rows");
      assert.deepEqual(rows.map((row) => row.replaceAll('"', "")), ["input,time,community_investment,,EUR,4,,80,1", "leverage,time_own,community_investment,,EUR,3,,60,1"]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await download("XLSX"));
      const sheet = workbook.getWorksheet("B4SI");
      const cells = (row) => sheet.getRow(row).values.slice(1);
      assert.deepEqual(cells(1).slice(0, 2), ["section", "how"]);
      assert.deepEqual([cells(2)[1], cells(2)[5], cells(2)[7]], ["time", 4, 80]);
      assert.deepEqual([cells(3)[1], cells(3)[5], cells(3)[7]], ["time_own", 3, 60]);

      // Management hours: the initiative found by its title, picked from the list, counted at once.
      await page.getByRole("searchbox", { name: impact.initiative_search }).fill("work time");
      await page.getByRole("button", { name: impact.initiative_search_button }).click();
      await page.getByRole("status").filter({ hasText: impact.initiative_search_found_one.replace("{{count}}", "1").replace("{{q}}", "work time") }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get("period"), "this_year");
      const picked = page.getByRole("combobox", { name: impact.management_initiative, exact: true });
      assert.equal(await picked.inputValue(), paid.slug);
      await page.getByLabel(impact.management_hours, { exact: true }).fill("2");
      await page.getByLabel(impact.management_day, { exact: true }).fill(new Date().toISOString().slice(0, 10));
      await page.getByRole("button", { name: impact.management_add }).click();
      await page.waitForFunction((label) => [...document.querySelectorAll("dt")].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent === "2", impact.hours_management);
      assert.deepEqual(errorsOf(page), []);
    });
  });
});

/** Every staff section an administrator may use is on the screen, none past its right edge (they were, in a scrolling strip). */
async function everySectionInSight(page, width) {
  const links = page.getByRole("navigation", { name: t.manage_sections }).getByRole("link");
  const names = ["dashboard", "impact", "records", "uploads", "money", "initiatives", "approvals", "members", "settings", "access", "policy", "audit"].map((section) => t[`tab_${section}`]);
  assert.deepEqual((await links.allInnerTexts()).map((text) => text.replace(/\s*\d+$/, "").trim()).filter((text) => names.includes(text)), names);
  for (const box of await links.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON()))) {
    assert.ok(box.left >= 0 && box.right <= width, `a section link at ${box.left}-${box.right} of ${width}`);
  }
}

describe("organisation settings", () => {
  test("an administrator changes the brand colour (refused below AA first) and rewords a text; members see both", async () => {
    const initiatives = strings("initiatives");
    const member = await createMember(suite.server, { org: own.slug, tag: "settings-reader", name: "Sara Settings" });
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, own.origin, people.ownAdmin.email, { password: people.ownAdmin.password, to: "/manage/settings?tab=appearance" });
      await waitForHydration(page);
      await page.getByRole("heading", { name: t.settings_title }).waitFor();
      const colour = page.getByLabel(t.setting_theme_primary, { exact: true });
      const original = await colour.inputValue();
      // Too light: the editor says so as it is typed, and the API refuses it at the field.
      await colour.fill("#fde047");
      await page.getByText(/too low/).waitFor();
      await page.getByRole("button", { name: t.settings_save }).click();
      await page.getByText(editor.error_settings_error_contrast).waitFor();
      await colour.fill("#7c3aed");
      await page.getByText(/passes AA/).waitFor();
      await page.getByRole("button", { name: t.settings_save }).click();
      await page.getByText(t.settings_saved).waitFor();
      // The administrator's own page takes the new colour at once.
      await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim() === "#7c3aed");
      await expectNoSeriousAxeViolations(page, { label: "settings appearance, 1280x800" });
      // Texts: find the wall's title and reword it in English.
      await page.getByRole("link", { name: t.settings_group_texts }).click();
      await page.waitForURL(/tab=texts/);
      await page.getByLabel(t.texts_search).fill(initiatives.wall_title);
      await page.getByRole("button", { name: t.texts_find }).click();
      const found = page.getByRole("list", { name: t.texts_found }).getByRole("listitem").filter({ hasText: "initiatives:wall_title" });
      await found.getByLabel(t.texts_new).fill("Opportunities");
      await found.getByRole("button", { name: t.texts_save }).click();
      await page.getByText(t.settings_saved).waitFor();
      await expectNoSeriousAxeViolations(page, { label: "settings texts, 1280x800" });
      await page.setViewportSize({ width: 390, height: 844 });
      for (const tab of ["features", "initiatives", "texts"]) {
        await page.goto(`${own.origin}/manage/settings?tab=${tab}`);
        await waitForHydration(page);
        await expectNoSeriousAxeViolations(page, { label: `settings ${tab}, 390x844` });
      }
      await screenshot(page, "admin-settings-mobile");
      assert.deepEqual(errorsOf(page, { allowStatus: [400] }), []);
      // A member's next page: the new colour and the new wording.
      await withPage(suite.browser, { viewport: "mobile" }, async (memberPage) => {
        await signIn(memberPage, own.origin, member.email, { password: member.password, to: "/wall" });
        await memberPage.getByRole("heading", { level: 1, name: "Opportunities" }).waitFor();
        assert.equal(await memberPage.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim()), "#7c3aed");
      });
      // Both put back: the reworded text restored to the product's own words, the colour to what it was.
      await page.goto(`${own.origin}/manage/settings?tab=texts&locale=en-US`);
      await page.getByRole("button", { name: t.texts_restore }).click();
      await page.getByText(t.settings_saved).waitFor();
      await page.goto(`${own.origin}/manage/settings?tab=appearance`);
      await page.getByLabel(t.setting_theme_primary, { exact: true }).fill(original);
      await page.getByRole("button", { name: t.settings_save }).click();
      await page.getByText(t.settings_saved).waitFor();
    });
  });
});

describe("web address and sign-in", () => {
  test("an administrator adds a web address, proves it by its TXT record, and the app answers there; a provider that does not answer is refused", async () => {
    const host = `go${Date.now() % 100000}.acme.localhost`;
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.admin.email, { password: people.admin.password, to: "/manage/access" });
      await waitForHydration(page);
      await page.getByRole("heading", { name: t.access_title, level: 2 }).waitFor();
      await page.getByLabel(t.hostname_new).fill(host);
      await page.getByRole("button", { name: t.hostname_add }).click();
      await page.getByText(t.hostname_added).waitFor();
      const card = page.getByRole("listitem").filter({ hasText: host });
      // Not there yet: the check says so in words.
      await card.getByRole("button", { name: t.hostname_check_named.replace("{{hostname}}", host) }).click();
      await card.getByText(t.access_hostname_check_record_missing).first().waitFor();
      await expectNoSeriousAxeViolations(page, { label: "access, 390x844" });
      // The record published (the local fake DNS), checked again: in use.
      const name = await card.locator("dd").nth(1).textContent();
      const value = await card.locator("dd").nth(2).textContent();
      const published = await fetch(`${suite.server.url}/dev/dns/txt/${name}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ values: [value] }) });
      assert.equal(published.status, 204);
      await card.getByRole("button", { name: t.hostname_check_named.replace("{{hostname}}", host) }).click();
      await card.getByText(t.hostname_verified).waitFor();
      await card.getByText(t.hostname_status_verified, { exact: true }).waitFor();
      // A provider whose issuer nobody answers for is refused at its field.
      await page.getByText(t.sso_add_title).click();
      await page.getByLabel(t.sso_field_provider).fill("entra");
      await page.getByLabel(t.sso_field_issuer).fill("http://127.0.0.1:9");
      await page.getByLabel(t.sso_field_client_id).fill("commons");
      await page.getByRole("button", { name: t.sso_add }).click();
      await page.getByText(editor.error_sso_error_discovery_unreachable).waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousAxeViolations(page, { label: "access, 1280x800" });
      await screenshot(page, "admin-access-desktop");
      assert.deepEqual(errorsOf(page, { allowStatus: [409, 502] }), []);
    });
    // The new address serves Acme.
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await page.goto(`http://${host}:${suite.server.port}/welcome`);
      await page.getByRole("heading", { level: 1, name: /Acme/ }).waitFor();
    });
  });
});

describe("the volunteering policy", () => {
  test("an administrator publishes a new version; a member meets the policy modal and accepts it", async () => {
    const shell = strings("shell");
    const member = await createMember(suite.server, { org: own.slug, tag: "policy-reader", name: "Paula Policy" });
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, own.origin, people.ownAdmin.email, { password: people.ownAdmin.password, to: "/manage/policy" });
      await waitForHydration(page);
      await page.getByRole("heading", { name: t.policy_title }).waitFor();
      await page.getByLabel(t.policy_url).fill("javascript:alert(1)");
      await page.getByRole("button", { name: t.policy_publish }).click();
      await page.getByText(t.form_error_invalid_url).waitFor();
      await page.getByLabel(t.policy_url).fill("https://acme.example/volunteering-policy-2027.pdf");
      await page.getByRole("button", { name: t.policy_publish }).click();
      await page.getByText(/^Version \d+ is published/).waitFor();
      await expectNoSeriousAxeViolations(page, { label: "policy, 390x844" });
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousAxeViolations(page, { label: "policy, 1280x800" });
      // The refused address answered 400, as it should.
      assert.deepEqual(errorsOf(page, { allowStatus: [400] }), []);
    });
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, own.origin, member.email, { password: member.password });
      const modal = page.getByRole("dialog", { name: shell.terms_org_title.replace("{{organization}}", "Acme") });
      await modal.waitFor();
      assert.equal(await modal.getByRole("link").getAttribute("href"), "https://acme.example/volunteering-policy-2027.pdf");
      await modal.getByRole("button", { name: shell.terms_accept }).click();
      await modal.waitFor({ state: "detached" });
    });
  });
});

describe("integrations", () => {
  test("an administrator creates an API key, sees its secret once, the key reads members, and a revoked key is refused; a webhook endpoint (a local receiver) gets the test event, delivered in the log", async () => {
    const it = strings("integrations");
    const hooks = strings("webhooks");
    let secret = "";
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.admin.email, { password: people.admin.password, to: "/manage/integrations" });
      await waitForHydration(page);
      await page.getByRole("heading", { name: it.title }).waitFor();
      await page.getByLabel(it.field_name).fill("Data warehouse");
      await page.getByLabel(it.scope_members_read).check();
      await page.getByRole("button", { name: it.create_submit }).click();
      const shown = page.getByLabel(it.secret_label, { exact: true });
      await shown.waitFor();
      secret = await shown.inputValue();
      assert.match(secret, /^cmk_[0-9A-Z]{12}_[\w-]{43}$/);
      await expectNoSeriousAxeViolations(page, { label: "integrations with a new key, 1280x800" });
      // Shown once: the list names the key by its prefix, never its secret.
      await page.goto(`${suite.acme}/manage/integrations`);
      await waitForHydration(page);
      await page.getByRole("table", { name: it.keys_title }).getByRole("rowheader", { name: /Data warehouse/ }).waitFor();
      assert.equal(await page.getByLabel(it.secret_label, { exact: true }).count(), 0);
      assert.equal((await page.content()).includes(secret), false);
      const members = await fetch(`${suite.server.url}/api/acme/integration/v1/members?limit=1`, { headers: { authorization: `Bearer ${secret}` } });
      assert.equal(members.status, 200);
      assert.match(members.headers.get("link") ?? "", /rel="next"/);
      // Revoking asks again, then the key is refused at once.
      const row = page.getByRole("row", { name: /Data warehouse/ });
      await row.locator("summary").click();
      await row.getByRole("button", { name: new RegExp(it.revoke_submit) }).click();
      await page.getByText(it.revoked_notice.replace("{{name}}", "Data warehouse")).waitFor();
      assert.equal((await fetch(`${suite.server.url}/api/acme/integration/v1/members`, { headers: { authorization: `Bearer ${secret}` } })).status, 401);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSeriousAxeViolations(page, { label: "integrations, 390x844" });

      // A webhook endpoint at a receiver of this test's own (development allows http on 127.0.0.1).
      const received = [];
      const receiver = createServer((request, response) => {
        let body = "";
        request.on("data", (chunk) => (body += chunk));
        request.on("end", () => {
          received.push({ headers: request.headers, body });
          response.writeHead(200).end("ok");
        });
      });
      await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      try {
        const address = `http://127.0.0.1:${receiver.address().port}/hooks`;
        await page.getByRole("link", { name: hooks.nav_webhooks, exact: true }).click();
        await page.getByLabel(hooks.field_url).fill(address);
        await page.getByLabel("certificate.revoked", { exact: true }).check();
        await page.getByRole("button", { name: hooks.action_add }).click();
        const signing = (await page.getByTestId("webhook-secret").innerText()).trim();
        await page.getByRole("link", { name: address }).click();
        await page.getByRole("heading", { name: hooks.log_title }).waitFor();
        await page.getByRole("button", { name: hooks.action_test }).click();
        await page.getByText(hooks.test_sent).waitFor();
        // The queue delivers it within seconds: the log, read again, says so.
        const delivery = page.getByTestId("webhook-delivery").filter({ hasText: "webhook.test" });
        for (let attempt = 0; attempt < 40 && !(await delivery.filter({ hasText: hooks.delivery_delivered }).count()); attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          await page.reload();
        }
        await delivery.filter({ hasText: hooks.delivery_delivered }).waitFor({ timeout: 1000 });
        // Other files' changes on Acme may reach it too: the test event is there once.
        const sent = received.filter((message) => JSON.parse(message.body).type === "webhook.test");
        assert.equal(sent.length, 1);
        // Signed with the secret shown once, as the Standard Webhooks reference library checks it.
        new Webhook(signing).verify(sent[0].body, sent[0].headers);
        await expectNoSeriousAxeViolations(page, { label: "webhook delivery log, 390x844" });
        // Removed, so that nothing is sent to the receiver once it is gone.
        await page.getByRole("link", { name: hooks.back_to_endpoints }).click();
        await page.getByRole("listitem").filter({ hasText: address }).getByRole("button", { name: hooks.action_remove }).click();
        await page.getByRole("link", { name: address }).waitFor({ state: "detached" });
      } finally {
        receiver.close();
      }
      assert.deepEqual(errorsOf(page), []);
    });
  });
});
