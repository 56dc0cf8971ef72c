/**
 * Giving (issue 4, point 3) in a real browser, to a donation this file creates (open, with transfer,
 * in-hand, external and PayPal; tests/support/fixtures.mjs): donate by transfer with the keyboard only and
 * see the confirmation code; a double click on the final submit records one contribution; the steps
 * without JavaScript, where a repeated post with the same Idempotency-Key records once; PayPal with
 * the local fake provider; axe on every step at 390x844 and 1280x800, with screenshots. Each test
 * gives as a fresh member of its own (tests/support/fixtures.mjs), so totals start from nothing.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/donation.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apiClient, errorsOf, expectNoSeriousAxeViolations, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createInitiative, createMember } from "../../support/fixtures.mjs";

/** The donation's slug, made once the server is up. */
let SLUG = "";
const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}$/;

const t = strings("donation");
// The page speaks the member's language once signed in (seed data): Carlos es-ES, Inês pt-PT, the others en-US.
const es = strings("donation", "es-ES");
const pt = strings("donation", "pt-PT");
const fill = (text, values) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(values[name]));

const suite = useAcmeSuite({
  setUp: async ({ server }) => {
    const donation = await createInitiative(server, {
      title: "Back-to-school supplies for 300 children",
      type: "donation",
      starts_in_days: -10,
      ends_in_days: 35,
      donation: {
        currency: "EUR",
        sources: ["transfer", "inhand", "external", "paypal"],
        external_url: "https://donate.example/aula-abierta/back-to-school",
        paypal_client_id: "sb-demo-client",
        inhand_instructions: "Bring your donation to reception at the Madrid or Lisbon office and ask for the Acme Cares box.",
        transfer_bank_name: "CaixaBank",
        transfer_recipient: "Fundación Aula Abierta",
        transfer_iban: "ES91 2100 3912 0102 0011 8347",
        transfer_swift: "CAIXESBBXXX",
      },
    });
    SLUG = donation.slug;
  },
});

/** The API as a mobile client calls it (Bearer token), on Acme's host. */
const api = (...call) => apiClient(suite.server, suite.acmeHost)(...call);

/** What the member has given or pledged to the demo donation so far (confirmed and pending), from the API. */
async function ownTotal({ email, password }) {
  const login = await api("POST", "/auth/login", { body: { email, password, requiredProduct: "community" } });
  assert.equal(login.status, 200, `API login of ${email}`);
  const initiative = await api("GET", `/api/acme/initiative/${SLUG}`, { token: login.data.access_token });
  assert.equal(initiative.status, 200);
  return initiative.data.own_contribution_total + initiative.data.own_pending_contribution_total;
}

/** Signs in; the sign-in page speaks the browser's language (the context's locale). */

/** The drawer, opened by its route. */
async function openDrawer(page, strings = t) {
  const response = await page.goto(`${suite.acme}/initiative/${SLUG}/contribute`);
  assert.equal(response?.status(), 200);
  await waitForHydration(page);
  const drawer = page.getByRole("dialog", { name: strings.donation_title });
  await drawer.waitFor();
  return drawer;
}

const isFocused = (locator) => locator.evaluate((element) => element === document.activeElement);

async function tabTo(page, locator, maxPresses = 30) {
  for (let presses = 0; presses <= maxPresses; presses++) {
    if (await isFocused(locator)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab did not reach ${locator} within ${maxPresses} presses`);
}

const submitName = (amount, strings = t) => fill(strings.donation_submit, { amount });

describe("giving to a donation", () => {
  test("donates by bank transfer with the keyboard only and sees the confirmation code (desktop)", async () => {
    const giver = await createMember(suite.server, { tag: "giver", name: "Marta Giver" });
    const before = await ownTotal(giver);
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, giver.email, { password: giver.password });
      const drawer = await openDrawer(page);

      // Amount: a quick amount by arrow keys, then a free amount typed over it.
      const quick = drawer.getByRole("radio", { name: "€5", exact: true });
      await tabTo(page, quick);
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowRight");
      assert.equal(await drawer.getByRole("radio", { name: "€10" }).isChecked(), true);
      const other = drawer.getByRole("textbox", { name: fill(t.donation_amount_other, { currency: "EUR" }) });
      await tabTo(page, other);
      await page.keyboard.type("0012.50");
      assert.equal(await other.inputValue(), "12.50", "leading zeros stripped");
      assert.equal(await drawer.getByRole("radio", { name: "€10" }).isChecked(), false);
      await tabTo(page, drawer.getByRole("button", { name: t.donation_next }));
      await page.keyboard.press("Enter");

      // Source: Next waits for a choice.
      const heading = drawer.getByRole("heading", { name: t.donation_source_title });
      await heading.waitFor();
      assert.equal(await isFocused(heading), true, "focus moves to the new step");
      assert.equal(await drawer.getByRole("button", { name: t.donation_next }).isDisabled(), true);
      await tabTo(page, drawer.getByRole("radio", { name: new RegExp(t.donation_source_transfer) }));
      await page.keyboard.press("Space");
      await tabTo(page, drawer.getByRole("button", { name: t.donation_next }));
      await page.keyboard.press("Enter");

      // Details: the bank details with copy buttons, then the submit.
      await drawer.getByRole("heading", { name: t.donation_details_title }).waitFor();
      await drawer.getByText("CAIXESBBXXX").waitFor();
      assert.ok(await drawer.getByRole("button", { name: fill(t.donation_copy, { label: t.donation_transfer_iban }) }).isVisible());
      assert.match(await page.locator('input[name="idempotency_key"]').first().inputValue(), /^[0-9a-f-]{36}$/);
      await tabTo(page, drawer.getByRole("button", { name: submitName("€12.50") }));
      await page.keyboard.press("Enter");

      const success = page.getByRole("dialog", { name: t.donation_success_title });
      await success.getByText(t.donation_code_label).waitFor();
      const code = (await success.getByTestId("confirmation-code").innerText()).trim();
      assert.match(code, CODE);
      assert.ok(await success.getByText(fill(t.donation_success_body, { amount: "€12.50" })).isVisible());
      // The page's data reloads after the gift: closing before it lands aborts it (a logged AbortError).
      await page.waitForLoadState("networkidle");
      await tabTo(page, success.getByRole("button", { name: t.donation_done }));
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === `/initiative/${SLUG}`);
      assert.deepEqual(errorsOf(page), []);
    });
    assert.equal(await ownTotal(giver), before + 12.5);
  });

  test("a double click on the final submit records one contribution (mobile)", async () => {
    const carlos = await createMember(suite.server, { tag: "carlos", name: "Carlos Méndez", language: "es-ES" });
    const before = await ownTotal(carlos);
    await withPage(suite.browser, { viewport: "mobile", locale: "es-ES" }, async (page) => {
      await signIn(page, suite.acme, carlos.email, { password: carlos.password, locale: "es-ES" });
      const drawer = await openDrawer(page, es);
      await drawer.getByText("50\u00a0€", { exact: true }).click();
      await drawer.getByRole("button", { name: es.donation_next }).click();
      await drawer.getByText(es.donation_source_inhand, { exact: true }).click();
      await drawer.getByRole("button", { name: es.donation_next }).click();
      await drawer.getByRole("button", { name: submitName("50\u00a0€", es) }).dblclick();
      await page.getByRole("dialog", { name: es.donation_success_title }).waitFor();
      // The page's totals come back from the loader after the action; let any second request land too.
      await page.waitForLoadState("networkidle");
      assert.deepEqual(errorsOf(page), []);
    });
    assert.equal(await ownTotal(carlos), before + 50);
  });

  test("works without JavaScript: each step posts, and the same Idempotency-Key posted twice records once (pt-PT)", async () => {
    const ines = await createMember(suite.server, { tag: "ines", name: "Inês Costa", language: "pt-PT" });
    const before = await ownTotal(ines);
    await withPage(suite.browser, { viewport: "mobile", locale: "pt-PT", javaScriptEnabled: false }, async (page) => {
      await signIn(page, suite.acme, ines.email, { password: ines.password, js: false, locale: "pt-PT", to: `/initiative/${SLUG}/contribute` });
      const panel = page.getByRole("region", { name: pt.donation_title });
      await panel.getByRole("textbox", { name: fill(pt.donation_amount_other, { currency: "EUR" }) }).fill("7,5");
      await panel.getByRole("button", { name: pt.donation_next }).click();
      await panel.getByRole("heading", { name: pt.donation_source_title }).waitFor();
      assert.ok(await panel.getByText(fill(pt.donation_amount_selected, { amount: "7,50\u00a0€" })).isVisible());
      await panel.getByRole("radio", { name: new RegExp(pt.donation_source_transfer) }).check();
      await panel.getByRole("button", { name: pt.donation_next }).click();
      await panel.getByRole("heading", { name: pt.donation_details_title }).waitFor();

      // The form as the browser would send it, posted twice (a double submit or a retry).
      const form = page.locator("form#donation-step-form");
      const fields = await form.locator("input[type=hidden]").evaluateAll((inputs) => inputs.map((i) => [i.name, i.value]));
      const body = Object.fromEntries(fields);
      assert.equal(body.intent, "contribute_submit");
      assert.match(body.idempotency_key, /^[0-9a-f-]{36}$/);
      const cookie = (await page.context().cookies(suite.acme)).map((c) => `${c.name}=${c.value}`).join("; ");
      const post = () =>
        fetch(`${suite.server.url}/initiative/${SLUG}/contribute`, {
          method: "POST",
          headers: { host: suite.acmeHost, cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(body),
          redirect: "manual",
        });
      const [first, second] = [await post(), await post()];
      assert.equal(first.status, 201, "first post records the contribution");
      assert.equal(second.status, 200, "the same key answers the first contribution");

      // And through the page itself: the success step with the code, as a panel.
      await panel.getByRole("button", { name: fill(pt.donation_submit, { amount: "7,50\u00a0€" }) }).click();
      await page.getByRole("region", { name: pt.donation_success_title }).getByTestId("confirmation-code").waitFor();
      assert.match((await page.getByTestId("confirmation-code").innerText()).trim(), CODE);
    });
    assert.equal(await ownTotal(ines), before + 7.5, "three posts with one key: one contribution");
  });

  test("refuses a negative or mistyped amount and a comment past its limit with messages, never changing them", async () => {
    const member = await createMember(suite.server, { tag: "amounts" });
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, member.email, { password: member.password });
      const drawer = await openDrawer(page);
      const other = drawer.getByRole("textbox", { name: fill(t.donation_amount_other, { currency: "EUR" }) });
      const next = drawer.getByRole("button", { name: t.donation_next });
      for (const [typed, message] of [["-5", t.donation_error_amount_required], ["12.505", t.donation_error_amount_decimals], ["5x", t.donation_error_amount_invalid]]) {
        await other.fill("");
        await other.pressSequentially(typed);
        assert.equal(await other.inputValue(), typed, `${typed} stays as typed`);
        await drawer.getByText(message).waitFor();
        // Never a silently disabled Next (issue 28): it stays usable and names the reason.
        assert.equal(await next.isDisabled(), false, `Next stays usable while ${typed} is refused`);
        assert.equal(await next.getAttribute("aria-describedby"), "donation-amount-error");
      }
      // The limit is said before it is passed, at the field (its hint), formatted.
      assert.match(await other.getAttribute("aria-describedby"), /donation-amount-hint/);
      await drawer.getByText(fill(t.donation_amount_limit, { max: "€1,000,000" }), { exact: false }).waitFor();
      await other.fill("");
      await other.pressSequentially("2000000");
      const over = fill(t.donation_error_amount_max, { max: "€1,000,000" });
      await drawer.getByText(over).waitFor();
      assert.equal(await other.getAttribute("aria-invalid"), "true");
      await next.click();
      // Next explains instead of moving on: the step stays, with the reason at the focused field.
      await drawer.getByText(over).waitFor();
      assert.equal(await other.evaluate((input) => input === document.activeElement), true, "the refused field is focused");
      assert.equal(await drawer.getByText(t.donation_source_inhand, { exact: true }).count(), 0, "still on the amount step");
      await other.fill("12.50");
      await next.click();
      await drawer.getByText(t.donation_source_inhand, { exact: true }).click();
      await next.click();
      const comment = drawer.getByRole("textbox", { name: t.donation_comment });
      const submit = drawer.getByRole("button", { name: submitName("€12.50") });
      await comment.fill("a".repeat(501));
      assert.equal((await comment.inputValue()).length, 501, "a long comment is not cut");
      await drawer.getByText(fill(t.donation_comment_count, { used: 501, max: 500 })).waitFor();
      await drawer.getByRole("alert").getByText(t.form_error_max_length).waitFor();
      assert.equal(await submit.isDisabled(), true);
      await comment.press("Backspace");
      await drawer.getByText(fill(t.donation_comment_count, { used: 500, max: 500 })).waitFor();
      assert.equal(await submit.isDisabled(), false);
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("pays with PayPal through the local fake provider", async () => {
    const david = await createMember(suite.server, { tag: "david", name: "David Gil" });
    const before = await ownTotal(david);
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, david.email, { password: david.password });
      const drawer = await openDrawer(page);
      await drawer.getByText("€10", { exact: true }).click();
      await drawer.getByRole("button", { name: t.donation_next }).click();
      await drawer.getByText(t.donation_source_paypal, { exact: true }).click();
      await drawer.getByRole("button", { name: t.donation_next }).click();
      await drawer.getByRole("button", { name: t.donation_paypal_fake_pay }).click();
      const success = page.getByRole("dialog", { name: t.donation_success_title });
      await success.getByText(fill(t.donation_success_body, { amount: "€10" })).waitFor();
      assert.deepEqual(errorsOf(page), []);
    });
    assert.equal(await ownTotal(david), before + 10);
  });

  for (const viewport of ["mobile", "desktop"]) {
    test(`axe finds nothing serious on any step of the drawer (${viewport})`, async () => {
      const member = await createMember(suite.server, { tag: `axe-${viewport}` });
      await withPage(suite.browser, { viewport }, async (page) => {
        await signIn(page, suite.acme, member.email, { password: member.password });
        const drawer = await openDrawer(page);
        await expectNoSeriousAxeViolations(page, { label: `donation amount (${viewport})` });
        await screenshot(page, `donation-amount-${viewport}`);
        await drawer.getByText("€5", { exact: true }).click();
        await drawer.getByRole("button", { name: t.donation_next }).click();
        await drawer.getByText(t.donation_source_transfer, { exact: true }).click();
        await expectNoSeriousAxeViolations(page, { label: `donation source (${viewport})` });
        await screenshot(page, `donation-source-${viewport}`);
        await drawer.getByRole("button", { name: t.donation_next }).click();
        await drawer.getByText("CAIXESBBXXX").waitFor();
        await expectNoSeriousAxeViolations(page, { label: `donation details (${viewport})` });
        await screenshot(page, `donation-details-${viewport}`);
        await drawer.getByRole("button", { name: submitName("€5") }).click();
        await page.getByRole("dialog", { name: t.donation_success_title }).getByTestId("confirmation-code").waitFor();
        await expectNoSeriousAxeViolations(page, { label: `donation success (${viewport})` });
        await screenshot(page, `donation-success-${viewport}`);
        assert.deepEqual(errorsOf(page), []);
      });
    });
  }
});
