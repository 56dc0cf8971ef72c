/**
 * Browser harness: Debian's Chromium driven by playwright-core, plus the few helpers every browser
 * test needs (viewports, screenshots of failed tests and, outside CI, of the screens tests pass
 * through, an axe check, page errors).
 *
 *   const browser = await launchBrowser();
 *   const page = await newPage(browser, { viewport: "mobile", locale: "es-ES" });
 *   await page.goto(`${server.url}/welcome`);
 *   await screenshot(page, "welcome-mobile-es");
 *   await expectNoSeriousAxeViolations(page);
 *   await closePage(page);
 *   await browser.close();
 *
 * Pages come from tests/support/server.mjs (`wrangler dev` on 127.0.0.1). Custom hostnames
 * (acme.localhost) reach the same server through --host-resolver-rules, so
 * `http://acme.localhost:${server.port}` works without touching /etc/hosts.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";
import { parseSetCookie } from "./cookies.mjs";
import { root } from "./server.mjs";

export const CHROMIUM_PATH = process.env.COMMONS_CHROMIUM ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = path.join(root, "test-results", "screenshots");

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

/** Quiet, deterministic Chromium: no updates, sync, QUIC or first-run work in the background (the bench's Lighthouse runs it so too). */
export const QUIET_CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const CHROMIUM_ARGS = [
  "--headless",
  ...QUIET_CHROMIUM_FLAGS,
  // Every *.localhost name (acme.localhost, ...) is the loopback server; the server listens on IPv4 only.
  "--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1",
];

function chromiumOptions(args) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium ` +
        "(or point COMMONS_CHROMIUM at a Chromium binary).",
    );
  }
  return { executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...args], timeout: 30_000 };
}

/** The environment variable naming the Chromium a test runner started for all its files. */
const SHARED_BROWSER_ENV = "COMMONS_SHARED_BROWSER";

/**
 * Launches headless Chromium. playwright-core gives each launch a fresh temporary profile, so no
 * cookies or cache survive between runs. Under scripts/e2e-tests.mjs the files connect to the one
 * Chromium the runner started instead (`shareBrowser`): each test works in browser contexts of its
 * own (own cookies, storage, permissions and service workers), and closing the connected browser
 * closes those contexts only.
 */
export async function launchBrowser({ args = [] } = {}) {
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared && args.length === 0) return chromium.connect(shared, { timeout: 30_000 });
  return chromium.launch(chromiumOptions(args));
}

/**
 * Starts one Chromium for the files a runner starts, and answers the environment that hands it to
 * them and its stop. Launching Chromium and opening its first page cost 2 to 4 s per file on two
 * cores, once per file for 21 files.
 */
export async function shareBrowser() {
  const server = await chromium.launchServer(chromiumOptions([]));
  return { env: { [SHARED_BROWSER_ENV]: server.wsEndpoint() }, stop: () => server.close() };
}

const pageErrors = new WeakMap();

/**
 * A page in its own browser context (own cookies and storage). `locale` sets both navigator.language
 * and the Accept-Language header the server reads. Page errors, console errors and CSP violations are
 * collected for `errorsOf(page)`.
 *
 * The app's service worker is kept out unless `serviceWorkers: "allow"`: it proxies every navigation
 * and data request and, after each signed-in page's load, fetches the pages it keeps for offline
 * use, which only the tests of push and offline are about; elsewhere it would only slow the waits
 * for a quiet network.
 *
 * @param {import("playwright-core").Browser} browser
 * @param {{ viewport?: "mobile" | "desktop", locale?: string, javaScriptEnabled?: boolean, serviceWorkers?: "allow" | "block" }} [options]
 */
export async function newPage(browser, { viewport = "desktop", locale = "en-US", javaScriptEnabled = true, serviceWorkers = "block" } = {}) {
  const size = VIEWPORTS[viewport];
  if (!size) throw new Error(`Unknown viewport "${viewport}" (use ${Object.keys(VIEWPORTS).join(" or ")})`);
  const mobile = viewport === "mobile";
  const context = await browser.newContext({
    viewport: size,
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    locale,
    javaScriptEnabled,
    reducedMotion: "reduce",
    serviceWorkers,
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  const errors = [];
  pageErrors.set(page, errors);
  page.on("pageerror", (error) => errors.push({ text: `page error: ${error.message}`, status: null }));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const source = message.location().url || "inline";
    // Chromium asks for /favicon.ico on its own; the app does not link one, so its 404 is not the page's fault.
    if (new URL(source, "http://x").pathname === "/favicon.ico") return;
    // Remix's single fetch logs the decoding error of a data request the router itself aborted (a
    // newer navigation or revalidation superseded it, or the page closed): the abort is the router
    // doing its job, not a fault of the page, and when it happens depends only on timing.
    if (isAbortedDataRequest(message.text())) return;
    const http = /status of (\d{3})/.exec(message.text());
    errors.push({ text: `console error: ${message.text()} (${source})`, status: http && /^Failed to load resource/.test(message.text()) ? Number(http[1]) : null });
  });
  return page;
}

/**
 * The line Remix's fetchAndDecode logs when the router aborted the request it was reading: the
 * abort's message, alone or followed by its stack (where the router's navigate called abort()).
 */
export function isAbortedDataRequest(text) {
  const [first, ...frames] = text.split("\n");
  return /^AbortError: (BodyStreamBuffer was aborted|The user aborted a request\.|signal is aborted without reason)$/.test(first) && frames.every((frame) => /^\s+at /.test(frame));
}

/**
 * Uncaught errors and console errors (CSP violations, failed hydration, failed requests...) seen on
 * the page so far. `allowStatus` lists HTTP statuses the test expects from a request (a refused
 * sign-in answers 401), whose "Failed to load resource" lines are then left out.
 */
export function errorsOf(page, { allowStatus = [] } = {}) {
  return (pageErrors.get(page) ?? []).filter((error) => !allowStatus.includes(error.status)).map((error) => error.text);
}

/**
 * Waits until React has hydrated the page (the root layout marks `data-hydrated` once its handlers
 * are attached) and Remix's router is idle: no navigation, revalidation or fetcher loading (fetchers
 * started by the page's effects are already counted by then). Waiting for a quiet network instead
 * cost half a second or more after each of some 250 page loads a run; what a page fetches by itself
 * later (a map, a chart, a chat history) is waited for by the locator that reads it.
 */
export async function waitForHydration(page, { timeout = 30_000 } = {}) {
  await page.waitForFunction(
    () => {
      const router = window.__remixRouter;
      if (!router || !document.documentElement.hasAttribute("data-hydrated")) return false;
      const { navigation, revalidation, fetchers } = router.state;
      return navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((fetcher) => fetcher.state === "idle");
    },
    null,
    { timeout },
  );
}

/** Closes the page and its browser context. */
export async function closePage(page) {
  await page.context().close();
}

/**
 * The bytes of a finished download. Read through its stream, which works with the Chromium the
 * runner shares (`download.path()` is only there when the test process launched Chromium itself).
 *
 * @param {import("playwright-core").Download} download
 */
export async function downloadedBytes(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Opens a page, runs `body` with it, and always closes the page's context. When `body` fails, the
 * page as it was goes to test-results/screenshots/failed-*.png first.
 */
export async function withPage(browser, options, body) {
  const page = await newPage(browser, options);
  try {
    return await body(page);
  } catch (error) {
    await capture(page, `failed-${new URL(page.url()).pathname}-${Date.now()}`).catch(() => {});
    throw error;
  } finally {
    await closePage(page);
  }
}

/**
 * Whether `screenshot` keeps the screens a test passes through. A full-page capture costs 0.3 to
 * 2 s on two cores, some 80 times a run, for pictures nobody reads when every test passes: under
 * CI they are kept only for a failure (withPage), unless COMMONS_SCREENSHOTS=1 asks for all of
 * them; elsewhere they are kept unless COMMONS_SCREENSHOTS=0.
 */
const KEEP_SCREENSHOTS = process.env.COMMONS_SCREENSHOTS ? process.env.COMMONS_SCREENSHOTS === "1" : process.env.CI !== "true";

/** Full-page PNG of a screen under test-results/screenshots/ (see KEEP_SCREENSHOTS); answers the file path, or null when not kept. */
export async function screenshot(page, name) {
  return KEEP_SCREENSHOTS ? capture(page, name) : null;
}

async function capture(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, "-")}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  return file;
}

const FAILING_IMPACTS = new Set(["serious", "critical"]);

/** Human-readable list of axe violations: rule, impact, help link, and each failing element. */
export function formatAxeViolations(violations) {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? "").replace(/\n\s*/g, "\n      ");
          return `    - ${node.target.join(" ")}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
        })
        .join("\n");
      return `  [${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join("\n");
}

/** axe-core's browser build, read once per test process. */
const AXE_SOURCE = readFileSync(path.join(root, "node_modules", "axe-core", "axe.min.js"), "utf8");
/** The browser contexts whose new documents get axe from Chromium itself. */
const contextsWithAxe = new WeakSet();

/**
 * Makes `window.axe` present in the page and its same-origin frames. The 500 KB source crosses the
 * pipe to Chromium once per browser context, as an init script Chromium then runs in every new
 * document and frame of that context; only a document that was already open (or written by
 * `setContent`) gets it sent. @axe-core/playwright sent it twice per check (once to the page, once
 * more to every frame), which was most of a check's time: 0.9 to 2.7 s of sending and compiling
 * on two cores against 1.0 to 1.3 s for running every rule.
 */
async function ensureAxe(page) {
  const context = page.context();
  if (!contextsWithAxe.has(context)) {
    contextsWithAxe.add(context);
    await context.addInitScript({ content: AXE_SOURCE });
  }
  const origin = new URL(page.url()).origin;
  for (const frame of page.frames()) {
    const url = frame.url();
    if (url !== "about:srcdoc" && url !== "about:blank" && new URL(url).origin !== origin) continue;
    if (!(await frame.evaluate(() => typeof window.axe === "object"))) await frame.evaluate(AXE_SOURCE);
  }
}

/**
 * Runs axe-core on the page (all WCAG 2.x A/AA rules and best practices, axe's defaults) and fails
 * when a violation has serious or critical impact. Minor and moderate ones are printed as warnings
 * only.
 *
 * axe runs in the page itself, reaching same-origin frames through its own frame messaging (the
 * app's pages have no cross-origin frames worth checking), and gathers violations only (it
 * otherwise builds a selector for every node that passed, which nothing here reads). Both made a
 * check two to three times faster on two cores with the same rules on the same nodes (2.8 to 8.3 s
 * down to 0.9 to 2.0 s on /wall, /rankings and /responsible_profile); sending axe's source once per
 * context (`ensureAxe`) halved what was left.
 *
 * @param {import("playwright-core").Page} page
 * @param {{ disableRules?: string[], exclude?: string[], label?: string }} [options]
 */
export async function expectNoSeriousAxeViolations(page, { disableRules = [], exclude = [], label = page.url() } = {}) {
  await ensureAxe(page);
  const results = await page.evaluate(
    ({ exclude, disableRules }) =>
      window.axe.run(exclude.length ? { exclude } : document, {
        resultTypes: ["violations"],
        rules: Object.fromEntries(disableRules.map((rule) => [rule, { enabled: false }])),
      }),
    { exclude, disableRules },
  );
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact));
  const other = results.violations.filter((violation) => !FAILING_IMPACTS.has(violation.impact));
  if (other.length) console.warn(`axe (not failing) on ${label}:\n${formatAxeViolations(other)}`);
  if (failing.length) {
    throw new Error(`axe found ${failing.length} serious or critical violation(s) on ${label}:\n${formatAxeViolations(failing)}`);
  }
  return results;
}

/** A translation namespace as the app bundles it (app/i18n/locales/{locale}/{ns}.json). */
export function strings(ns, locale = "en-US") {
  return JSON.parse(readFileSync(path.join(root, "app", "i18n", "locales", locale, `${ns}.json`), "utf8"));
}

/**
 * The plural form of a count key that the app shows for `count` (i18next suffixes `_one`, `_many`,
 * `_other`, chosen by the locale's rules as app/i18n/react.tsx does), placeholders left as they are.
 */
export function pluralForm(messages, key, count, locale = "en-US") {
  // The app's rule (app/domain/plural.ts): CLDR's, except that pt-BR counts zero in the plural.
  const form = locale === "pt-BR" && count === 0 ? "other" : new Intl.PluralRules(locale).select(count);
  const text = messages[`${key}_${form}`] ?? messages[`${key}_other`];
  if (text === undefined) throw new Error(`No plural forms of ${key}`);
  return text;
}

/**
 * The cookies of a sign-in on `origin`: its password stage posted as a form, as a browser without
 * JavaScript does. Sent to loopback with the origin's Host (Node resolves no `*.localhost` name;
 * Chromium maps them), so the cookies are set on the origin's host by hand. Answers them and the
 * page the sign-in lands on.
 */
function signInCookies(origin, email, password, locale) {
  const { hostname, port, host } = new URL(origin);
  const body = new URLSearchParams({ intent: "login", email, password }).toString();
  return new Promise((resolve, reject) => {
    const post = httpRequest(
      {
        hostname: "127.0.0.1",
        port,
        method: "POST",
        path: `/signin?stage=password&email=${encodeURIComponent(email)}`,
        headers: { host, origin, "accept-language": locale, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        const landing = response.headers.location;
        if (![302, 303].includes(response.statusCode) || !landing) return reject(new Error(`signing ${email} in on ${origin} answered ${response.statusCode}`));
        resolve({
          landing,
          cookies: (response.headers["set-cookie"] ?? []).flatMap((header) => {
            const cookie = parseSetCookie(header, "/signin");
            // A cookie the sign-in clears (Max-Age=0) is left out.
            if (!cookie || cookie.expired) return [];
            const { name, value, path, httpOnly, sameSite } = cookie;
            return { name, value, domain: hostname, path, httpOnly, ...(sameSite ? { sameSite } : {}) };
          }),
        });
      },
    );
    post.on("error", reject);
    post.end(body);
  });
}

/**
 * Signs a member in on `origin` and opens the page the sign-in lands on. By default it posts the
 * password stage's form as a browser without JavaScript would (one request, its cookies in the
 * page's context), since most files need a signed-in member, not the sign-in screens: walking
 * them took two page loads and two waits for a quiet network each time, 53 times a run. The
 * screens are walked (email step, then password, in the page's language: `locale` picks the
 * labels) with `screens: true`, by the files about signing in. `to` opens that path instead of the
 * landing page (answers its response).
 */
export async function signIn(page, origin, email, { password = "commons-demo", js = true, locale = "en-US", screens = false, to } = {}) {
  if (!screens) {
    const { cookies, landing } = await signInCookies(origin, email, password, locale);
    await page.context().addCookies(cookies);
    // A test that goes on to a page of its own opens that page at once: loading the landing page
    // first cost one page load, some 45 times a run.
    return page.goto(new URL(to ?? landing, origin).href);
  }
  const auth = strings("auth", locale);
  await page.goto(`${origin}/signin`);
  if (js) await waitForHydration(page);
  await page.getByRole("textbox", { name: auth.email_label }).fill(email);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.searchParams.get("stage") === "password");
  if (js) await waitForHydration(page);
  await page.getByLabel(auth.password_label, { exact: true }).fill(password);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname !== "/signin", { timeout: 20_000 });
}

/** The API as a mobile client calls it (JSON, optional Bearer token), sent to `server` with `host`. */
export function apiClient(server, host) {
  return async function api(method, pathname, { token, body } = {}) {
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers: { host, "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, data: await response.json().catch(() => null) };
  };
}
