/**
 * The social CV in a real browser (issue 13): Marta, Acme's demo member, crops and uploads a
 * picture and sees it in the header; generates her PDF of this year through the queue with its progress shown
 * and downloads it; opens the certificate's verify page signed out. axe at both sizes. And a
 * verifiable credential (issue 32): a member whose hours staff validate downloads it, its verify
 * page says authentic; staff take the hours back on /manage/records and it says revoked.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/social-cv.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { deflateSync } from "node:zlib";
import { downloadedBytes, errorsOf, expectNoSeriousAxeViolations, pluralForm, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { addParticipation, createInitiative, createMember } from "../../support/fixtures.mjs";

const t = strings("responsible_profile");
const tc = strings("credentials");
const tm = strings("manage");
const suite = useAcmeSuite();

/** A real 200 × 120 PNG (a colour gradient), as a phone's photo would be, for the file picker. */
function photo() {
  const width = 200;
  const height = 120;
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = [0];
    for (let x = 0; x < width; x++) row.push((x * 255) / width, (y * 255) / height, 120);
    rows.push(...row);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.from(rows))), chunk("IEND", Buffer.alloc(0))]);
}

describe("the social CV", () => {
  test("picture, PDF through the queue, and its public verify page; accessible at both sizes", async () => {
    let verifyUrl = "";
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, "member@acme.example");
      // The mobile bar's profile avatar leads here (SPEC.md section 2).
      await page.goto(`${suite.acme}/responsible_profile`);
      await waitForHydration(page);
      await page.getByRole("heading", { name: "Marta Ruiz" }).waitFor();
      // Validated hours only: the pending two of the garden do not count.
      const figures = page.locator("dl").first();
      await figures.getByText(t.validated_hours).waitFor();
      assert.equal(await figures.locator("dd").nth(1).textContent(), "12");
      await page.getByRole("table", { name: t.sdgs_table_caption }).waitFor({ state: "attached" });
      await expectNoSeriousAxeViolations(page, { label: "social CV, 390x844" });

      // The picture: chosen, zoomed, turned, saved; then it is the header's avatar.
      await page.getByRole("button", { name: t.avatar_add }).click();
      const editor = page.getByRole("dialog", { name: t.avatar_title });
      await editor.getByLabel(t.avatar_choose).setInputFiles({ name: "holiday.png", mimeType: "image/png", buffer: photo() });
      await editor.getByLabel(t.avatar_zoom).fill("40");
      await editor.getByRole("button", { name: t.avatar_rotate_right }).click();
      await screenshot(page, "social-cv-avatar-editor-mobile");
      await expectNoSeriousAxeViolations(page, { label: "avatar editor, 390x844" });
      await editor.getByRole("button", { name: t.avatar_save }).click();
      await editor.waitFor({ state: "hidden" });
      const picture = page.locator('img[src^="/media/avatars/"]').first();
      await picture.waitFor();
      const src = await picture.getAttribute("src");
      // Read as the browser reads it (Node cannot resolve acme.localhost): a PNG, 360 pixels wide.
      const served = await page.evaluate(async (url) => {
        const answer = await fetch(url);
        const bytes = new DataView(await answer.arrayBuffer());
        return { status: answer.status, type: answer.headers.get("content-type"), width: bytes.getUint32(16), height: bytes.getUint32(20) };
      }, src);
      assert.deepEqual(served, { status: 200, type: "image/png", width: 360, height: 360 });
      await page.goto(`${suite.acme}/wall`);
      // The header (and the mobile bar's profile tab) show it on every page.
      await page.locator(`header img[src="${src}"]`).waitFor();

      // The PDF of this year (issue 28: a period to choose): asked for, its progress said, then downloaded.
      await page.goto(`${suite.acme}/responsible_profile`);
      await waitForHydration(page);
      await page.getByRole("radio", { name: t.pdf_period_year }).check();
      const year = String(new Date().getFullYear());
      assert.equal(await page.getByRole("combobox", { name: t.pdf_period_year_label }).inputValue(), year);
      const [asked] = await Promise.all([page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/responsible_profile/pdf"), page.getByRole("button", { name: t.pdf_generate }).click()]);
      assert.deepEqual({ ...asked.postDataJSON(), timezone_offset: 0 }, { timezone_offset: 0, from: `${year}-01-01`, to: `${year}-12-31` });
      const status = page.getByRole("status").filter({ has: page.getByRole("progressbar", { name: t.pdf_progress }) });
      await status.waitFor();
      await page.getByText(t.pdf_ready).waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: t.pdf_download }).first().click()]);
      const file = await downloadedBytes(download);
      assert.equal(file.subarray(0, 5).toString(), "%PDF-");
      assert.match(download.suggestedFilename(), /^social-cv-[a-z0-9]{10}\.pdf$/);
      await page.getByRole("heading", { name: t.certificates_title }).waitFor();
      verifyUrl = await page.getByRole("link", { name: t.certificate_verify_page }).first().getAttribute("href");
      await screenshot(page, "social-cv-mobile");
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousAxeViolations(page, { label: "social CV, 1280x800" });
      assert.deepEqual(errorsOf(page), []);
    });

    // Anyone with the link, signed out, sees what the certificate states.
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await page.goto(`${suite.acme}${verifyUrl}`);
      await page.getByText(t.verify_valid_title).waitFor();
      await page.getByText("Marta Ruiz").waitFor();
      await page.getByText("Acme").first().waitFor();
      await expectNoSeriousAxeViolations(page, { label: "verify page, 390x844" });
      await screenshot(page, "verify-mobile");
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousAxeViolations(page, { label: "verify page, 1280x800" });
      const unknown = await page.goto(`${suite.acme}/verify/abcdefghjk`);
      assert.equal(unknown.status(), 404);
    });
  });

  test("a credential for validated hours verifies as authentic, and as revoked once staff take the hours back", async () => {
    // A member of her own (the demo members' hours stay as other files expect them), with hours waiting.
    const member = await createMember(suite.server, { tag: "vera", name: "Vera Credencial" });
    const initiative = await createInitiative(suite.server, { title: "Credential walk", starts_in_days: -3, ends_in_days: -3 });
    await addParticipation(suite.server, member, initiative.slug, { records: [{ hours: 3 }] });
    const staffRow = (page) => page.getByRole("listitem").filter({ hasText: "Vera Credencial" });

    await withPage(suite.browser, {}, async (page) => {
      await signIn(page, suite.acme, "admin@acme.example", { to: "/manage/records" });
      await staffRow(page).getByRole("button", { name: tm.validate }).click();
      await page.getByText(pluralForm(tm, "done_validated", 1).replace("{{count}}", "1")).waitFor();
    });

    let verifyPath = "";
    await withPage(suite.browser, {}, async (page) => {
      await signIn(page, suite.acme, member.email, { password: member.password, to: "/responsible_profile" });
      await waitForHydration(page);
      const panel = page.getByRole("region", { name: tc.panel_title });
      // Issued through the queue on validation; asking for what is owed covers a queue still at work.
      await panel.getByRole("button", { name: tc.issue_owed }).click();
      const item = panel.getByRole("listitem").filter({ hasText: "Credential walk" });
      await item.waitFor();
      // The app's links name the organisation's origin with PUBLIC_URL's port; this test's server listens on its own.
      const downloadLink = item.getByRole("link", { name: tc.download });
      await downloadLink.evaluate((link, origin) => (link.href = origin + new URL(link.href).pathname), suite.acme);
      const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
      const enveloped = JSON.parse((await downloadedBytes(download)).toString("utf8"));
      assert.equal(enveloped.type, "EnvelopedVerifiableCredential");
      assert.match(enveloped.id, /^data:application\/vc\+jwt,ey/);
      verifyPath = new URL(await item.getByRole("link", { name: tc.verify_page }).getAttribute("href")).pathname;
    });

    // Anyone, signed out: authentic.
    await withPage(suite.browser, {}, async (page) => {
      await page.goto(`${suite.acme}${verifyPath}`);
      await page.getByRole("status").getByText(tc.verify_authentic_title).waitFor();
    });

    // Staff take the hours back, with a reason, from the validated records.
    await withPage(suite.browser, {}, async (page) => {
      await signIn(page, suite.acme, "admin@acme.example", { to: "/manage/records?status=validated" });
      await waitForHydration(page);
      const row = staffRow(page);
      await row.getByText(tc.correct_summary).click();
      await row.getByLabel(tm.reason_label).fill("Not at the walk that day");
      await row.getByRole("button", { name: tc.correct_reject }).click();
      await page.getByText(tc.correct_done_rejected).waitFor();
      await expectNoSeriousAxeViolations(page, { label: "validated records, 1280x800" });
      assert.deepEqual(errorsOf(page), []);
    });

    await withPage(suite.browser, {}, async (page) => {
      await page.goto(`${suite.acme}${verifyPath}`);
      await page.getByRole("status").getByText(tc.verify_revoked_title).waitFor();
    });
  });
});
