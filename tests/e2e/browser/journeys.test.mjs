/**
 * Sign-in journeys in a real browser, by keyboard only: inputs are found by role and label, text is
 * typed and forms are submitted with Enter, links are followed with Tab and Enter.
 * One server and one Chromium for the whole file; each test has its own browser context (cookies).
 *
 *   node_modules/.bin/node --test tests/e2e/browser/journeys.test.mjs
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { errorsOf, expectNoSeriousAxeViolations, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createMember } from "../../support/fixtures.mjs";
import { root } from "../../support/server.mjs";

/** A fresh member of Acme for this file (its wrong-password test counts towards a lockout). */
let MEMBER = { email: "", password: "" };
// workers/auth/web-session.ts
const SESSION_COOKIE = "commons_session";

/** The sign-in screens' own strings (the auth namespace), so wording changes do not break the test. */
function authMessages(locale = "en-US") {
  const file = path.join(root, "app", "i18n", "locales", locale, "auth.json");
  assert.ok(existsSync(file), `${path.relative(root, file)} is missing: the sign-in screens have no strings yet`);
  return JSON.parse(readFileSync(file, "utf8"));
}

const suite = useAcmeSuite({
  setUp: async (started) => {
    MEMBER = await createMember(started.server, { tag: "journeys", name: "Journey Member" });
  },
});



const isFocused = (locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `locator` has the focus (the way a keyboard user gets there). */
async function tabTo(page, locator, maxPresses = 25) {
  for (let presses = 0; presses <= maxPresses; presses++) {
    if (await isFocused(locator)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab did not reach ${locator} within ${maxPresses} presses`);
}

/** Types into the focused field, like a person (no fill(), no clicks). */
async function typeInto(page, locator, text) {
  await tabTo(page, locator);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
  assert.equal(await locator.inputValue(), text);
}

/** The e-mail stage, then the password stage, all by keyboard. Answers once the password is submitted. */
async function signInByKeyboard(page, strings, { email, password }, { js = true } = {}) {
  const response = await page.goto(`${suite.acme}/signin`);
  assert.equal(response?.status(), 200);
  if (js) await waitForHydration(page);

  const emailInput = page.getByRole("textbox", { name: strings.email_label });
  await emailInput.waitFor();
  await typeInto(page, emailInput, email);
  await page.keyboard.press("Enter");

  const passwordInput = page.getByLabel(strings.password_label, { exact: true });
  await passwordInput.waitFor();
  await page.waitForURL((url) => url.searchParams.get("stage") === "password");
  if (js) await waitForHydration(page);
  await typeInto(page, passwordInput, password);
  await page.keyboard.press("Enter");
}

describe("sign in", () => {
  test("with e-mail and password, by keyboard only, on a phone", async () => {
    const strings = authMessages();
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await page.goto(`${suite.acme}/signin`);
      await waitForHydration(page);
      await screenshot(page, "signin-email-mobile");
      await expectNoSeriousAxeViolations(page);

      await signInByKeyboard(page, strings, MEMBER);
      await page.waitForURL((url) => url.pathname !== "/signin", { timeout: 20_000 });

      // A session now exists: a signed-in page opens instead of sending us back to /signin.
      const cookies = await page.context().cookies(suite.acme);
      const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      assert.ok(session?.httpOnly, `an HttpOnly ${SESSION_COOKIE} cookie is set (cookies: ${cookies.map((c) => c.name).join(", ") || "none"})`);
      const settings = await page.goto(`${suite.acme}/settings`);
      assert.notEqual(new URL(page.url()).pathname, "/signin", "a signed-in page does not send the member back to /signin");
      assert.ok((settings?.status() ?? 500) < 500);
      await screenshot(page, "signin-done-mobile");
      // Signing in lands on /wall: nothing on the way may fail.
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("a wrong password is refused with a tip that leads to password recovery", async () => {
    const strings = authMessages();
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signInByKeyboard(page, strings, { email: MEMBER.email, password: "not-the-password" });

      const alert = page.getByRole("alert");
      await alert.waitFor();
      const tip = alert.getByRole("link", { name: strings.signin_error_401_tip, exact: true });
      await tip.waitFor();
      assert.equal(new URL(page.url()).pathname, "/signin", "still on the sign-in page");
      // SPEC.md section 8: the message keyed by code and error, then by code, else the default.
      const message = strings.signin_error_401_wrong_password ?? strings.signin_error_401 ?? strings.signin_error_default;
      assert.ok((await alert.innerText()).includes(message), `the alert says "${message}"`);
      await screenshot(page, "signin-wrong-password-desktop");
      await expectNoSeriousAxeViolations(page);

      // The tip is reachable and usable by keyboard; it keeps the e-mail address.
      await tabTo(page, tip);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/recover_password");
      assert.equal(new URL(page.url()).searchParams.get("email"), MEMBER.email);
      assert.deepEqual(errorsOf(page, { allowStatus: [401] }), []);
    });
  });

  test("password recovery checks the address in the browser with the form's schema, then sends the link", async () => {
    const strings = authMessages();
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      const requests = [];
      page.on("request", (request) => request.method() === "POST" && requests.push(request.url()));
      await page.goto(`${suite.acme}/recover_password`);
      await waitForHydration(page);
      const email = page.getByLabel(strings.email_label, { exact: true });
      await email.fill("not-an-email");
      await page.keyboard.press("Enter");
      await page.getByText(strings.form_error_invalid_email).waitFor();
      assert.equal(await email.getAttribute("aria-invalid"), "true");
      assert.ok(await isFocused(email), "the focus goes back to the field, so a screen reader reads its error");
      assert.deepEqual(requests, [], "nothing was sent");

      await email.fill(MEMBER.email);
      await page.keyboard.press("Enter");
      await page.getByText(strings.recover_password_sent.split("{{email}}")[0].trim()).waitFor();
    });
  });

  test("an expired confirmation link asks for the address again, checked in the browser first", async () => {
    const strings = authMessages();
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      const requests = [];
      page.on("request", (request) => request.method() === "POST" && requests.push(request.url()));
      await page.goto(`${suite.acme}/confirm_email/no-such-token`);
      await waitForHydration(page);
      const email = page.getByLabel(strings.email_label, { exact: true });
      await email.fill("still-not-an-email");
      await page.getByRole("button", { name: strings.link_expired_new_link }).click();
      await page.getByText(strings.form_error_invalid_email).waitFor();
      assert.equal(await email.getAttribute("aria-invalid"), "true");
      assert.ok(await isFocused(email), "the focus goes back to the field");
      assert.deepEqual(requests, [], "nothing was sent");
    });
  });

  test("works without JavaScript (plain form posts)", async () => {
    const strings = authMessages();
    await withPage(suite.browser, { viewport: "mobile", javaScriptEnabled: false }, async (page) => {
      await signInByKeyboard(page, strings, MEMBER, { js: false });
      await page.waitForURL((url) => url.pathname !== "/signin", { timeout: 20_000 });
      await page.goto(`${suite.acme}/settings`);
      assert.notEqual(new URL(page.url()).pathname, "/signin");
    });
  });
});

describe("every page", () => {
  test("has a favicon and a meta description in the page's language", async () => {
    const described = (locale) => strings("common", locale).meta_description.split("{{organization}}")[1].trim().slice(0, 30);
    await withPage(suite.browser, { viewport: "desktop", locale: "es-ES" }, async (page) => {
      for (const [pathname, status] of [["/welcome", 200], ["/signin", 200], ["/no-such-page", 404]]) {
        const response = await page.goto(`${suite.acme}${pathname}`);
        assert.equal(response?.status(), status);
        const icon = await page.locator('head link[rel="icon"]').getAttribute("href");
        assert.ok(icon, `${pathname} links a favicon`);
        // Fetched by the page itself: only Chromium resolves acme.localhost.
        const [iconStatus, iconType] = await page.evaluate(async (href) => {
          const file = await fetch(href);
          return [file.status, file.headers.get("content-type")];
        }, icon);
        assert.equal(iconStatus, 200, `${icon} is served`);
        assert.match(iconType ?? "", /image\/svg\+xml/);
        const description = await page.locator('head meta[name="description"]').getAttribute("content");
        assert.ok(description?.includes(described("es-ES")), `${pathname} is described in Spanish: ${description}`);
        assert.doesNotMatch(description, /\{\{/);
      }
    });
  });
});

describe("the phone menu", () => {
  const shell = strings("shell");
  // The shell's avatar link is named by hidden text, like the wall test notes: left out of axe here.
  const axe = (page) => expectNoSeriousAxeViolations(page, { exclude: ["header a[href='/responsible_profile'], header a[href='/settings']"] });

  test("closes on Escape, a tap outside and a followed link, and gives the focus back", async () => {
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, MEMBER.email, { password: MEMBER.password, to: "/wall" });
      await waitForHydration(page);
      const button = page.getByRole("button", { name: shell.open_menu, exact: true });
      const menu = page.getByRole("dialog", { name: shell.main_navigation });

      await button.click();
      await menu.getByRole("link", { name: shell.nav_settings }).waitFor();
      await screenshot(page, "menu-open-mobile");
      await axe(page);
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });
      assert.equal(await isFocused(button), true, "Escape gives the focus back to the menu button");

      await button.click();
      await menu.waitFor();
      // The panel is at most 20rem wide: the right edge of a 390 px screen is outside it.
      await page.touchscreen.tap(380, 500);
      await menu.waitFor({ state: "hidden" });
      assert.equal(await isFocused(button), true, "a tap outside gives the focus back to the menu button");

      await button.click();
      await menu.getByRole("link", { name: shell.nav_initiative }).click();
      await page.waitForURL((url) => url.pathname === "/initiative");
      await menu.waitFor({ state: "hidden" });
      assert.deepEqual(errorsOf(page), []);
    });
  });
});
