/**
 * Account journeys in a real browser: a new member signs up and confirms the e-mail, the language
 * setting changes the screen and survives a reload, SSO sign-in through the popup against a real
 * OpenID provider, and axe plus screenshots (390x844 and 1280x800) on the settings and terms pages.
 * One server and one Chromium for the whole file.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/account.test.mjs
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { errorsOf, expectNoSeriousAxeViolations, screenshot, signIn, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createInitiative, createMember } from "../../support/fixtures.mjs";
import { registerSsoProvider, startIdentityProvider } from "../../support/oidc.mjs";
import { root } from "../../support/server.mjs";

/** The app's own strings, so the test follows wording changes but still catches untranslated pages. */
const strings = (locale, ns) => JSON.parse(readFileSync(path.join(root, "app", "i18n", "locales", locale, `${ns}.json`), "utf8"));
/** A message as the page shows it: placeholders filled, <tags> of rich text dropped. */
const text = (message, values = {}) => message.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => values[name]).replace(/<\/?\w+>/g, "");

/** A fresh member of Acme for this file (tests/support/fixtures.mjs). */
let MEMBER = { email: "", password: "" };
const SSO_MEMBER = { email: "joao@vizinhos.example", name: "João Pereira" };

let idp;
const suite = useAcmeSuite({
  // Vizinhos signs its members in with its own provider. Registered before any page loads the
  // organisation, whose profile (with its providers) is then cached.
  setUp: async ({ server }) => {
    MEMBER = await createMember(server, { tag: "account", name: "Account Member" });
    idp = await startIdentityProvider(server.url, { slug: "vizinhos-idp", clientId: "commons-vizinhos", account: SSO_MEMBER });
    await registerSsoProvider(server, idp, { orgId: "org-vizinhos" });
    // João's account exists already: Vizinhos's provider may sign it in because Vizinhos proved its
    // e-mail domain (decision 029; an administrator does it in Manage → Web address and sign-in).
    await server.d1(
      "INSERT INTO organization_email_domains (domain, org_id, verified_at) VALUES ('vizinhos.example', 'org-vizinhos', 1) " +
        "ON CONFLICT (domain) DO UPDATE SET org_id = 'org-vizinhos', verified_at = 1",
    );
  },
  tearDown: () => idp?.stop(),
});

/** Waits for `locator`; on timeout, fails with what the page shows instead. */
async function explainTimeout(page, locator) {
  try {
    await locator.waitFor();
  } catch (error) {
    const shown = await page.locator("body").innerText().catch(() => "");
    assert.fail(`${error.message.split("\n")[0]} at ${page.url()}; the page shows: ${shown.slice(0, 600)}`);
  }
}

/** The newest message the dev outbox holds for `to`. */
async function latestMail(to) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${suite.server.url}/dev/mailbox?to=${encodeURIComponent(to)}`);
    assert.equal(response.status, 200);
    const [mail] = await response.json();
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`no e-mail for ${to} in /dev/mailbox`);
}

describe("a new member", () => {
  test("signs up, confirms the e-mail from /dev/mailbox (no password asked again) and lands on the wall", async () => {
    const signup = strings("en-US", "signup");
    const auth = strings("en-US", "auth");
    const shell = strings("en-US", "shell");
    const email = `nora.${Date.now()}@example.org`;
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await page.goto(`${suite.server.url}/signup`);
      await waitForHydration(page);
      await page.getByRole("textbox", { name: signup.signup_name_label }).fill("Nora Newcomer");
      await page.getByRole("textbox", { name: signup.signup_email_label }).fill(email);
      await page.getByRole("checkbox", { name: text(signup.signup_terms_label) }).check();
      await page.getByRole("button", { name: signup.signup_next }).click();

      // The next steps depend on the organisation: on the default one the member also picks a community.
      const STEPS = ["/signup/organization", "/signup/password", "/signup/email_confirmation"];
      for (let step = 0; step < 3; step++) {
        await page.waitForURL((url) => STEPS.includes(url.pathname), { timeout: 20_000 }).catch(async (error) => {
          assert.fail(`${error.message.split("\n")[0]} at ${page.url()}: ${(await page.locator("main").innerText().catch(() => "")).slice(0, 600)}`);
        });
        const pathname = new URL(page.url()).pathname;
        if (pathname === "/signup/email_confirmation") break;
        await waitForHydration(page);
        if (pathname === "/signup/organization") {
          // The open Commons community (Vizinhos signs in through its own provider in this file). The
          // cards' radios are visually hidden behind the card: choose by keyboard, as people do.
          const community = page.locator('input[name="organization"][value="commons"]');
          await community.focus();
          await page.keyboard.press("Space");
          assert.equal(await community.isChecked(), true);
          await page.getByRole("button", { name: signup.signup_next }).click();
        } else {
          await page.getByLabel(signup.signup_password_label, { exact: true }).fill("Green-lantern-42");
          await page.getByRole("button", { name: signup.signup_register }).click();
        }
        await page.waitForURL((url) => url.pathname !== pathname, { timeout: 20_000 });
      }
      await page.getByRole("heading", { level: 1, name: signup.signup_email_confirmation_title }).waitFor();

      const mail = await latestMail(email);
      const link = mail.links.find((href) => new URL(href, suite.server.url).pathname.startsWith("/confirm_email/"));
      assert.ok(link, `the confirmation e-mail links to /confirm_email/{token} (links: ${mail.links.join(", ")})`);
      const confirm = new URL(link, suite.server.url);
      await page.goto(`${suite.server.url}${confirm.pathname}${confirm.search}`);
      // The password was chosen at /signup/password: the link only confirms (issue 28).
      const confirmButton = page.getByRole("button", { name: auth.confirm_email_confirm_submit });
      await explainTimeout(page, confirmButton);
      await waitForHydration(page).catch((error) => assert.fail(`${error.message} on ${page.url()}: ${errorsOf(page).join("\n")}`));
      assert.equal(await page.getByLabel(auth.new_password_label, { exact: true }).count(), 0, "the confirmation asks for no password again");
      await confirmButton.click();

      await page.waitForURL((url) => url.pathname === "/wall", { timeout: 20_000 });
      // A new member meets Commons's short onboarding, optional: passed step by step.
      const onboarding = strings("en-US", "onboarding");
      const wizard = page.getByRole("dialog");
      await waitForHydration(page);
      for (const step of ["step_categories_title", "step_target_audience_title"]) {
        await wizard.getByRole("heading", { name: strings("en-US", "settings")[step] }).waitFor();
        await wizard.getByRole("button", { name: onboarding.skip }).click();
      }
      await wizard.waitFor({ state: "detached" });
      // The shell is there: on a phone its visible navigation is the bottom bar.
      await page.getByRole("navigation", { name: shell.quick_navigation }).waitFor();
      await screenshot(page, "account-signup-wall-mobile");
      assert.deepEqual(errorsOf(page), []);
    });
  });
});

describe("links that land", () => {
  test("a signed-out member opens an e-mail's initiative link, signs in, and lands on that initiative (issue 28)", async () => {
    const auth = strings("en-US", "auth");
    const initiative = await createInitiative(suite.server, { title: "Links land where they point" });
    const target = `/initiative/${initiative.slug}`;
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await page.goto(`${suite.acme}${target}`);
      // Sign-in, not "Create your account", keeping the initiative.
      await page.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("redirect") === target);
      await waitForHydration(page);
      await page.getByRole("textbox", { name: auth.email_label }).fill(MEMBER.email);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("stage") === "password" && url.searchParams.get("redirect") === target);
      await page.getByLabel(auth.password_label, { exact: true }).fill(MEMBER.password);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname !== "/signin", { timeout: 20_000 });
      assert.equal(new URL(page.url()).pathname, target);
      assert.deepEqual(errorsOf(page), []);
    });
  });
});

describe("language", () => {
  test("switching in /settings/language changes the screen and survives a reload", async () => {
    const en = strings("en-US", "settings");
    const es = strings("es-ES", "settings");
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, MEMBER.email, { password: MEMBER.password, to: "/settings/language" });
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: en.settings_language }).waitFor();

      await page.getByRole("button", { name: "Español" }).click();
      await page.getByRole("heading", { level: 1, name: es.settings_language }).waitFor();
      assert.equal(await page.locator("html").getAttribute("lang"), "es-ES");
      assert.equal(await page.getByRole("button", { name: "Español" }).getAttribute("aria-current"), "true");

      await page.reload();
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: es.settings_language }).waitFor();
      assert.equal(await page.locator("html").getAttribute("lang"), "es-ES");
      await screenshot(page, "account-language-es-mobile");

      // Back to English, so the other tests of this file see the member as they were created.
      await page.getByRole("button", { name: "English" }).click();
      await page.getByRole("heading", { level: 1, name: en.settings_language }).waitFor();
      assert.deepEqual(errorsOf(page), []);
    });
  });
});

describe("single sign-on", () => {
  test("an organisation's member signs in through the provider's popup (the organisation proved its e-mail domain)", async () => {
    const auth = strings("en-US", "auth");
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await page.goto(`${suite.server.url}/signin`);
      await waitForHydration(page);
      await page.getByRole("textbox", { name: auth.email_label }).fill(SSO_MEMBER.email);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("stage") !== null);
      await waitForHydration(page);
      await explainTimeout(page, page.getByText(auth.signin_sso_waiting));

      const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: new RegExp(auth.signin_sso_open) }).click()]);
      // oidc-provider's development screens: a login form (any login and password), then consent.
      await popup.waitForURL((url) => url.origin === idp.issuer);
      await popup.locator('input[name="login"]').fill("joao");
      await popup.locator('input[name="password"]').fill("any password");
      await Promise.all([popup.waitForURL((url) => !url.pathname.endsWith("/login") || url.origin !== idp.issuer), popup.locator('button[type="submit"]').click()]);
      if (new URL(popup.url()).origin === idp.issuer) await popup.locator('button[type="submit"]').click();
      // /sso/success reloads this page and closes itself; the signed-in page goes on to the wall.
      try {
        await popup.waitForEvent("close", { timeout: 20_000 });
      } catch (error) {
        // /sso/success goes on in the popup itself when it has no window.opener (a popup that lost it
        // to a browsing-context-group switch, e.g. by Cross-Origin-Opener-Policy on the way back).
        const opener = await popup.evaluate(() => window.opener !== null).catch(() => null);
        assert.fail(`the popup stayed open at ${popup.url()} (window.opener present: ${opener}): ${(await popup.locator("body").innerText().catch(() => "")).slice(0, 300)}`);
      }
      await page.waitForURL((url) => url.pathname === "/wall", { timeout: 20_000 });
      await screenshot(page, "account-sso-wall-desktop");
    });
  });
});

describe("accessibility of settings and terms", () => {
  const SETTINGS = ["/settings", "/settings/account", "/settings/notification", "/settings/language", "/settings/preferences", "/settings/preferences?edit=availability"];
  const TERMS = ["/terms", "/terms/v1"];
  for (const viewport of ["mobile", "desktop"]) {
    test(`no serious axe violation, screenshots (${viewport})`, async () => {
      await withPage(suite.browser, { viewport }, async (page) => {
        // Every page is visited and photographed; the violations of all of them are reported together.
        const violations = [];
        const check = async (pathname) => {
          const response = await page.goto(`${suite.acme}${pathname}`);
          assert.equal(response?.status(), 200, pathname);
          await waitForHydration(page);
          await screenshot(page, `account${pathname.replace(/\W+/g, "-")}-${viewport}`);
          await expectNoSeriousAxeViolations(page, { label: `${pathname} (${viewport})` }).catch((error) => violations.push(error.message));
        };
        for (const pathname of TERMS) await check(pathname);
        await signIn(page, suite.acme, MEMBER.email, { password: MEMBER.password, to: "/settings" });
        for (const pathname of SETTINGS) await check(pathname);
        assert.deepEqual(violations, []);
        assert.deepEqual(errorsOf(page), []);
      });
    });
  }

  test("an unknown terms version is a 404 page", async () => {
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      const response = await page.goto(`${suite.server.url}/terms/v999`);
      assert.equal(response?.status(), 404);
      await page.getByRole("heading", { level: 1, name: strings("en-US", "common").error_title_404 }).waitFor();
    });
  });
});
