/**
 * The wall (/wall) and my initiatives (/initiative) in a real browser, on an organisation this file
 * makes (configured like Acme, on its own hostname), with its own initiatives and members
 * (tests/support/fixtures.mjs), so the test knows everything on the wall:
 * pinned first and a past section, search (with and without JavaScript), the filter drawer by
 * keyboard, the tabs, the #slug success dialog after joining, and axe at 390x844 and 1280x800.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/wall.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apiClient, errorsOf, expectNoSeriousAxeViolations, screenshot, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { addParticipation, createInitiative, createMember, createOrganization } from "../../support/fixtures.mjs";

/** The file's organisation: its slug and origin. */
const org = { slug: "", origin: "", host: "" };
/** Its initiatives' slugs by name. */
const slugs = {};

/** Fresh members of the organisation, made once the server is up. */
const members = {
  // Sees the pinned food bank shift and, in the past section, the reforestation, having joined nothing.
  browsing: null,
  // Takes part in the urban garden (active) and the reforestation (ended, so history).
  takingPart: null,
  // Joins the beach clean-up through the API (no manager approval outside working hours); reads Spanish.
  carlos: null,
};

const t = strings("initiatives");
// Carlos reads Commons in Spanish (his profile's language).
const tEs = strings("initiatives", "es-ES");
const shell = strings("shell");
const seedMessage = /Thanks for joining! We have let your manager know/;

const INITIATIVES = {
  // Pinned: first on the wall, though it starts after the others.
  foodBank: { title: "Sort and pack food at the Madrid food bank", pinned: true, starts_in_days: 9, ends_in_days: 9 },
  beach: {
    title: "Beach clean-up at Costa da Caparica",
    starts_in_days: 5,
    ends_in_days: 5,
    place: { address: "Praia do CDS, Costa da Caparica, Portugal", latitude: 38.6372, longitude: -9.2385 },
  },
  garden: { title: "Huerto urbano comunitario en Lavapiés", starts_in_days: -2, ends_in_days: 40 },
  training: { title: "Train the trainer: digital skills for seniors", type: "training", starts_in_days: 7, ends_in_days: 7 },
  supplies: { title: "Back-to-school supplies for 300 children", type: "donation", starts_in_days: -1, ends_in_days: 30, donation: { sources: ["transfer"] } },
  clothes: { title: "Winter clothes collection", type: "collection", starts_in_days: 1, ends_in_days: 20 },
  // Ended three days ago: the past section.
  reforestation: { title: "Reforestación en el Parque Lineal del Manzanares", starts_in_days: -10, ends_in_days: -3 },
};

const suite = useAcmeSuite({
  setUp: async ({ server }) => {
    const made = await createOrganization(server, { like: "acme", name: "Acme" });
    Object.assign(org, { slug: made.slug, host: `${made.hostname}:${server.port}`, origin: `http://${made.hostname}:${server.port}` });
    for (const [name, fields] of Object.entries(INITIATIVES)) slugs[name] = (await createInitiative(server, { org: org.slug, ...fields })).slug;
    members.browsing = await createMember(server, { org: org.slug, tag: "wall" });
    members.takingPart = await createMember(server, { org: org.slug, tag: "mine" });
    for (const name of ["garden", "reforestation"]) await addParticipation(server, members.takingPart, slugs[name], { org: org.slug });
    members.carlos = await createMember(server, { org: org.slug, tag: "carlos", name: "Carlos Méndez", language: "es-ES", phone: "+34611222333" });
  },
});

/** The API as a mobile client calls it (Bearer token), on Acme's host. */
const api = (...call) => apiClient(suite.server, org.host)(...call);

// Signing in is not what this file tests: each member signs in once, later pages reuse the cookies.
const sessions = new Map();

async function signedIn(page, { email, password }) {
  if (!sessions.has(email)) {
    sessions.set(
      email,
      withPage(suite.browser, { viewport: "desktop" }, async (signin) => {
        await signIn(signin, org.origin, email, { password });
        return signin.context().cookies();
      }),
    );
  }
  await page.context().addCookies(await sessions.get(email));
}

/** The titles of the cards in a section (by its heading). */
async function cardTitles(page, heading) {
  const section = page.getByRole("region", { name: heading });
  return section.getByRole("heading", { level: 3 }).allInnerTexts();
}

async function openWall(page, query = "") {
  const response = await page.goto(`${org.origin}/wall${query}`);
  assert.equal(response?.status(), 200);
  await waitForHydration(page);
}

/**
 * axe on the page, less the shell's avatar link (app/components/shell/app-shell.tsx, not this area's):
 * its aria-label "Your profile (name)" does not contain the visible initials (label-content-name-mismatch).
 */
const axe = (page) => expectNoSeriousAxeViolations(page, { exclude: ["header a[href='/responsible_profile'], header a[href='/settings']"] });

const isFocused = (locator) => locator.evaluate((element) => element === document.activeElement);

async function tabTo(page, locator, maxPresses = 40) {
  for (let presses = 0; presses <= maxPresses; presses++) {
    if (await isFocused(locator)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab did not reach ${locator} within ${maxPresses} presses`);
}

describe("the wall", () => {
  for (const viewport of ["mobile", "desktop"]) {
    test(`lists the open initiatives pinned first, then a past section (${viewport})`, async () => {
      await withPage(suite.browser, { viewport }, async (page) => {
        await signedIn(page, members.browsing);
        await openWall(page);
        assert.equal(await page.getByRole("heading", { level: 1 }).innerText(), t.wall_title);

        const open = await cardTitles(page, t.wall_open_title);
        assert.equal(open.length, 6, `the six open initiatives listed (${open.join(" | ")})`);
        assert.equal(open[0], "Sort and pack food at the Madrid food bank", "the pinned initiative comes first");
        const firstCard = page.getByRole("region", { name: t.wall_open_title }).getByRole("article").first();
        assert.ok(await firstCard.getByText(t.status_pinned, { exact: true }).isVisible(), "the first card says it is pinned");
        assert.ok(await page.getByRole("status").filter({ hasText: String(open.length) }).isVisible(), "the count is announced");

        const past = await cardTitles(page, t.wall_past_title);
        assert.ok(past.includes("Reforestación en el Parque Lineal del Manzanares"), `the ended reforestation is in the past section (${past.join(" | ")})`);
        assert.deepEqual(past.filter((title) => open.includes(title)), [], "no past initiative is among the open ones");

        // Cards lead to /wall/{slug}.
        assert.equal(await firstCard.getByRole("link").getAttribute("href"), `/wall/${slugs.foodBank}`);
        // The shell marks the wall as the current entry.
        const nav = page.getByRole("navigation", { name: viewport === "mobile" ? shell.quick_navigation : shell.main_navigation });
        assert.equal(await nav.getByRole("link", { name: shell.nav_wall }).getAttribute("aria-current"), "page");

        await screenshot(page, `wall-${viewport}`);
        await axe(page);
        assert.deepEqual(errorsOf(page), []);
      });
    });
  }

  test("search narrows the list as you type, and the URL keeps it", async () => {
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signedIn(page, members.browsing);
      await openWall(page);
      const search = page.getByRole("searchbox", { name: t.wall_search_label });
      await tabTo(page, search);
      await page.keyboard.type("beach");
      await page.waitForURL((url) => url.searchParams.get("search") === "beach");
      // The URL changes before React renders the new list (navigations render in a transition).
      await page.getByRole("heading", { name: "Sort and pack food at the Madrid food bank" }).waitFor({ state: "detached" });
      await page.getByRole("heading", { name: "Beach clean-up at Costa da Caparica" }).waitFor();
      const open = await cardTitles(page, t.wall_open_title);
      assert.ok(open.includes("Beach clean-up at Costa da Caparica"));
      assert.ok(!open.includes("Sort and pack food at the Madrid food bank"), `the food bank is filtered out (${open.join(" | ")})`);
      assert.ok(await search.evaluate((input) => input === document.activeElement), "the field keeps the focus while the list updates");

      // Nothing matches: the empty state offers to clear and to propose (Acme has proposals on).
      await page.keyboard.type("zzzz-nothing");
      await page.getByText(t.wall_empty_filtered_title).waitFor();
      assert.ok(await page.getByRole("link", { name: t.wall_empty_suggest }).isVisible());
      assert.equal(await page.getByRole("link", { name: t.wall_empty_suggest }).getAttribute("href"), "/proposal/new/type");
      await screenshot(page, "wall-empty-search-mobile");
      await axe(page);
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("the filter drawer opens by keyboard, filters by type and closes with Escape", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signedIn(page, members.browsing);
      await openWall(page);
      const trigger = page.getByRole("button", { name: t.filter_open });
      await tabTo(page, trigger);

      // Escape closes it and gives the focus back to the button.
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog", { name: t.filter_title });
      await drawer.waitFor();
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      assert.ok(await isFocused(trigger), "the focus returns to the filter button");

      await page.keyboard.press("Enter");
      await drawer.waitFor();
      const type = drawer.getByRole("combobox", { name: t.filter_type });
      await tabTo(page, type);
      await type.selectOption("donation");
      await screenshot(page, "wall-filters-desktop");
      await axe(page);
      await tabTo(page, drawer.getByRole("button", { name: t.filter_apply }));
      await page.keyboard.press("Enter");

      await page.waitForURL((url) => url.searchParams.get("type") === "donation");
      await drawer.waitFor({ state: "hidden" });
      await page.getByRole("region", { name: t.wall_open_title }).getByText(t.type_donation, { exact: true }).first().waitFor();
      const labels = await page.getByRole("region", { name: t.wall_open_title }).getByRole("article").locator("p.uppercase").allInnerTexts();
      assert.ok(labels.length > 0);
      assert.ok(
        labels.every((label) => label.toLowerCase() === t.type_donation.toLowerCase()),
        `only donations are left (${labels.join(", ")})`,
      );
      // The button counts the active filter.
      assert.match(await trigger.innerText(), /1/);
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("works without JavaScript: search form and the filters in a <details>", async () => {
    await withPage(suite.browser, { viewport: "mobile", javaScriptEnabled: false }, async (page) => {
      await signedIn(page, members.browsing);
      await page.goto(`${org.origin}/wall`);
      await page.getByRole("searchbox", { name: t.wall_search_label }).fill("food");
      await page.getByRole("button", { name: t.wall_search_submit }).click();
      await page.waitForURL((url) => url.searchParams.get("search") === "food");
      const found = await cardTitles(page, t.wall_open_title);
      assert.ok(found.includes("Sort and pack food at the Madrid food bank"), found.join(" | "));
      assert.ok(!found.includes("Beach clean-up at Costa da Caparica"));

      await page.getByText(t.filter_open, { exact: true }).click();
      await page.getByRole("combobox", { name: t.filter_type }).selectOption("collection");
      await page.getByRole("button", { name: t.filter_apply }).click();
      await page.waitForURL((url) => url.searchParams.get("type") === "collection");
      assert.equal(new URL(page.url()).searchParams.get("search"), "food", "the search is kept");
      await screenshot(page, "wall-no-js-mobile");

      // An old page-number link lands on the same search's first page (the wall pages by cursor).
      await page.goto(`${org.origin}/wall?search=food&page=999`);
      await page.waitForURL((url) => url.searchParams.get("search") === "food" && !url.searchParams.has("page"));
      // A later page whose initiatives have gone says so, not "there are no initiatives", and leads back to the first page.
      await page.goto(`${org.origin}/wall?search=food&cursor=0.9999999999999999.zz`);
      await page.getByText(t.wall_page_empty_title).waitFor();
      assert.equal(await page.getByText(t.wall_empty_title).count(), 0);
      await page.getByRole("link", { name: t.wall_page_first }).click();
      await page.waitForURL((url) => url.searchParams.get("search") === "food" && !url.searchParams.has("cursor"));
      assert.ok((await cardTitles(page, t.wall_open_title)).includes("Sort and pack food at the Madrid food bank"));
    });
  });
});

describe("my initiatives", () => {
  for (const viewport of ["mobile", "desktop"]) {
    test(`Active and History tabs (${viewport})`, async () => {
      await withPage(suite.browser, { viewport }, async (page) => {
        await signedIn(page, members.takingPart);
        await page.goto(`${org.origin}/initiative`);
        await waitForHydration(page);
        assert.equal(await page.getByRole("heading", { level: 1 }).innerText(), t.mine_title);
        const tabs = page.getByRole("navigation", { name: t.mine_tabs_label });
        const active = tabs.getByRole("link", { name: t.mine_tab_active });
        const history = tabs.getByRole("link", { name: t.mine_tab_history });
        assert.equal(await active.getAttribute("aria-current"), "page");
        const titles = await page.getByRole("heading", { level: 3 }).allInnerTexts();
        assert.ok(titles.includes("Huerto urbano comunitario en Lavapiés"), titles.join(" | "));
        assert.ok(!titles.includes("Reforestación en el Parque Lineal del Manzanares"), "the ended one is history");
        assert.equal(await page.getByRole("heading", { name: "Huerto urbano comunitario en Lavapiés" }).getByRole("link").getAttribute("href"), `/initiative/${slugs.garden}`);
        const nav = page.getByRole("navigation", { name: viewport === "mobile" ? shell.quick_navigation : shell.main_navigation });
        assert.equal(await nav.getByRole("link", { name: shell.nav_initiative }).getAttribute("aria-current"), "page");
        await screenshot(page, `initiative-active-${viewport}`);
        await axe(page);

        await tabTo(page, history);
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.searchParams.get("tab") === "history");
        await page.getByRole("heading", { name: "Reforestación en el Parque Lineal del Manzanares" }).waitFor();
        assert.equal(await history.getAttribute("aria-current"), "page");
        await screenshot(page, `initiative-history-${viewport}`);
        await axe(page);
        assert.deepEqual(errorsOf(page), []);
      });
    });
  }

  test("after joining, /initiative#slug scrolls to the card and shows the organisation's success message", async () => {
    const { email, password } = members.carlos;
    const login = await api("POST", "/auth/login", { body: { email, password, requiredProduct: "community" } });
    assert.equal(login.status, 200);
    const wall = await api("GET", `/api/${org.slug}/wall?search=beach`, { token: login.data.access_token });
    const beach = wall.data.initiatives.find((initiative) => initiative.slug === slugs.beach);
    assert.ok(beach, "the beach clean-up is on Carlos's wall before he joins");
    const joined = await api("PUT", `/api/${org.slug}/initiative/${beach.id}`, { token: login.data.access_token, body: {} });
    assert.equal(joined.status, 200);
    assert.equal(joined.data.participant_status, "accepted");

    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signedIn(page, members.carlos);
      await page.goto(`${org.origin}/initiative#${slugs.beach}`);
      await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: tEs.join_success_title });
      await dialog.waitFor();
      assert.match(await dialog.innerText(), seedMessage);
      assert.match(await dialog.innerText(), /Beach clean-up at Costa da Caparica/);
      assert.ok(await isFocused(dialog.getByRole("button", { name: tEs.join_success_close })), "the dialog takes the focus");
      await screenshot(page, "initiative-joined-dialog-mobile");
      await axe(page);

      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      const card = page.locator(`#${slugs.beach}`);
      assert.ok(await card.isVisible());
      assert.ok(await card.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > 0;
      }), "the card is scrolled into view");
      assert.ok(await isFocused(card.getByRole("link")), "the focus lands on the joined initiative");
      assert.equal(new URL(page.url()).hash, "", "the hash is dropped, so a reload does not congratulate again");
      assert.deepEqual(errorsOf(page), []);
    });
  });
});
