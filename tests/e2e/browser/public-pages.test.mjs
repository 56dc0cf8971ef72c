/**
 * Public pages in a real browser: /welcome on a phone and a desktop, an organisation's custom
 * hostname, the language chosen from Accept-Language, the SSO error page, and keyboard use.
 * One server and one Chromium for the whole file.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/public-pages.test.mjs
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { errorsOf, expectNoSeriousAxeViolations, screenshot, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { root } from "../../support/server.mjs";

/** The app's own strings, so the test follows wording changes but still catches untranslated pages. */
const messages = (locale) => JSON.parse(readFileSync(path.join(root, "app", "i18n", "locales", locale, "common.json"), "utf8"));
const en = messages("en-US");

const suite = useAcmeSuite();

describe("the axe check itself", () => {
  // Every page's check runs axe in the page, gathering violations only (tests/support/browser.mjs);
  // this shows that way still finds a serious violation, in the page and in a same-origin frame.
  test("fails on an unnamed button and on an image without a text alternative in a frame", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      // The fixture is a page of the server's origin of its own (no app on it: a hydrated page
      // written over by setContent could be rendered back by React), so the frame is same-origin.
      const fixture = `${suite.server.url}/axe-fixture`;
      await page.route(fixture, (route) =>
        route.fulfill({
          contentType: "text/html",
          body:
            `<!doctype html><html lang="en"><head><title>axe</title></head><body><main><h1>axe</h1><button></button>` +
            `<iframe title="frame" srcdoc="<!doctype html><html lang='en'><head><title>f</title></head><body><main><img src='/x.png'></main></body></html>"></iframe></main></body></html>`,
        }),
      );
      await page.goto(fixture);
      await page.frameLocator("iframe").locator("img").waitFor({ state: "attached" });
      await assert.rejects(expectNoSeriousAxeViolations(page, { label: "the axe fixture" }), (error) => {
        assert.match(error.message, /button-name/);
        assert.match(error.message, /image-alt/);
        return true;
      });
    });
  });
});

describe("/welcome", { concurrency: 2 }, () => {
  for (const viewport of ["mobile", "desktop"]) {
    test(`renders on ${viewport}, hydrates without errors, and has no serious axe violations`, async () => {
      await withPage(suite.browser, { viewport }, async (page) => {
        const response = await page.goto(`${suite.server.url}/welcome`);
        assert.equal(response?.status(), 200);
        await waitForHydration(page);
        assert.equal(await page.locator("html").getAttribute("lang"), "en-US");
        await page.getByRole("heading", { level: 1, name: en.welcome_title.replace("{{organization}}", "Commons") }).waitFor();
        assert.equal(await page.getByRole("heading", { level: 1 }).count(), 1, "one h1 per page");
        assert.ok(await page.getByRole("link", { name: en.welcome_signin, exact: true }).isVisible());
        assert.ok(await page.getByRole("img", { name: "Commons" }).isVisible());

        // Nothing sticks out sideways on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the page is ${overflow}px wider than the ${viewport} viewport`);

        await screenshot(page, `welcome-${viewport}`);
        await expectNoSeriousAxeViolations(page);
        assert.deepEqual(errorsOf(page), []);
      });
    });
  }

  test("on an organisation's custom hostname (acme.localhost) shows that organisation and its logo", async () => {
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      const response = await page.goto(`${suite.acme}/welcome`);
      assert.equal(response?.status(), 200);
      const logo = page.getByRole("img", { name: "Acme", exact: true });
      await logo.waitFor();
      // The logo really loaded (not a broken image with the right alt text).
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await logo.elementHandle());
      assert.match((await logo.getAttribute("src")) ?? "", /acme/);
      await page.getByRole("heading", { level: 1, name: en.welcome_title.replace("{{organization}}", "Acme") }).waitFor();
      assert.match(await page.title(), /Acme/);
      await waitForHydration(page);
      await screenshot(page, "welcome-acme-mobile");
      await expectNoSeriousAxeViolations(page);
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("follows the browser's language: es-ES shows Spanish", async () => {
    await withPage(suite.browser, { viewport: "mobile", locale: "es-ES" }, async (page) => {
      await page.goto(`${suite.server.url}/welcome`);
      assert.equal(await page.locator("html").getAttribute("lang"), "es-ES");
      await page.getByRole("link", { name: "Iniciar sesión", exact: true }).waitFor();
      await screenshot(page, "welcome-mobile-es-ES");
    });
  });

  for (const locale of ["eu-ES", "pt-BR", "pt-PT"]) {
    test(`follows the browser's language: ${locale}`, async () => {
      const strings = messages(locale);
      assert.notEqual(strings.welcome_signin, en.welcome_signin, `${locale} has its own "sign in"`);
      await withPage(suite.browser, { viewport: "mobile", locale }, async (page) => {
        await page.goto(`${suite.server.url}/welcome`);
        assert.equal(await page.locator("html").getAttribute("lang"), locale);
        await page.getByRole("heading", { level: 1, name: strings.welcome_title.replace("{{organization}}", "Commons") }).waitFor();
        await page.getByRole("link", { name: strings.welcome_signin, exact: true }).waitFor();
        if (locale === "eu-ES") await screenshot(page, "welcome-mobile-eu-ES");
      });
    });
  }

  test("a language Commons does not speak falls back to English", async () => {
    await withPage(suite.browser, { viewport: "desktop", locale: "de-DE" }, async (page) => {
      await page.goto(`${suite.server.url}/welcome`);
      assert.equal(await page.locator("html").getAttribute("lang"), "en-US");
      await page.getByRole("link", { name: en.welcome_signin, exact: true }).waitFor();
    });
  });

  test("keyboard: Tab reaches “Sign in” with a visible focus ring, and Enter follows it", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await page.goto(`${suite.server.url}/welcome`);
      await waitForHydration(page);
      const signIn = page.getByRole("link", { name: en.welcome_signin, exact: true });

      let reached = false;
      for (let presses = 0; presses < 10 && !reached; presses++) {
        await page.keyboard.press("Tab");
        reached = await signIn.evaluate((link) => link === document.activeElement);
      }
      assert.ok(reached, "Tab never reached the Sign in link");

      const focus = await signIn.evaluate((link) => {
        const style = getComputedStyle(link);
        return {
          focusVisible: link.matches(":focus-visible"),
          outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
          outlineVisible: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
          ringVisible: style.boxShadow !== "none",
        };
      });
      assert.ok(focus.focusVisible, "the focused link matches :focus-visible");
      assert.ok(focus.outlineVisible || focus.ringVisible, `the focused link shows a focus indicator (outline: ${focus.outline})`);
      await screenshot(page, "welcome-desktop-focus-signin");

      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/signin");
    });
  });
});

describe("/sso/error/:code", { concurrency: 2 }, () => {
  for (const locale of ["en-US", "es-ES", "eu-ES"]) {
    test(`access_denied is explained in ${locale} and has no serious axe violations`, async () => {
      const strings = messages(locale);
      await withPage(suite.browser, { viewport: "mobile", locale }, async (page) => {
        const response = await page.goto(`${suite.server.url}/sso/error/access_denied`);
        assert.equal(response?.status(), 200);
        assert.equal(await page.locator("html").getAttribute("lang"), locale);
        await page.getByRole("heading", { level: 1, name: strings.sso_error_title }).waitFor();
        await page.getByText(strings.sso_error_access_denied, { exact: true }).waitFor();
        await page.getByRole("link", { name: strings.sso_error_back, exact: true }).waitFor();
        if (locale !== "en-US") assert.notEqual(strings.sso_error_access_denied, en.sso_error_access_denied);
        await waitForHydration(page);
        await screenshot(page, `sso-error-access_denied-mobile-${locale}`);
        await expectNoSeriousAxeViolations(page);
        assert.deepEqual(errorsOf(page), []);
      });
    });
  }

  test("has a non-empty <title> (axe document-title)", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await page.goto(`${suite.server.url}/sso/error/access_denied`);
      assert.notEqual((await page.title()).trim(), "", "the page has a title");
    });
  });

  test("an unknown code gets the default message, not a raw key", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await page.goto(`${suite.server.url}/sso/error/something_new`);
      await page.getByText(en.sso_error_default, { exact: true }).waitFor();
      assert.equal(await page.getByText("sso_error_", { exact: false }).count(), 0);
    });
  });
});
