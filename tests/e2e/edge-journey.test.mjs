/**
 * The member's journeys through an edge in front of the upstream (issue 16; docs/upstream.md), in a
 * real browser: what the edge itself must carry, once each. The pages are the edge's (rendered from
 * the upstream's answers, with its static assets); sign-in keeps a web session at the edge; every
 * action (Origin checked at the edge) reaches the upstream through its proxy, with JavaScript and
 * without; an organisation made after the edge started is found by its hostname; a file goes up as a
 * multipart form; a repeated donation post with one Idempotency-Key records once; the chat socket is
 * proxied both ways and a dropped one catches up. How each screen behaves is the business of the
 * browser tier's own files (tests/e2e/browser/), which run against the embedded Worker; this file
 * replaced rerunning five of them through the edge (issue 27). What only the edge shows without a
 * browser (its own D1 empty, e-mailed links on its host, SSO, renewal, faults) is upstream.test.mjs.
 *
 *   node_modules/.bin/node --test tests/e2e/edge-journey.test.mjs   (after `npm run build`)
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apiClient, closePage, errorsOf, newPage, pluralForm, signIn, strings, waitForHydration, withPage } from "../support/browser.mjs";
import { useAcmeSuite } from "../support/acme-suite.mjs";
import { addParticipation, createConversation, createInitiative, createMember, createOrganization } from "../support/fixtures.mjs";

const auth = strings("auth");
const wallT = strings("initiatives");
const fill = (text, values) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(values[name]));
const SESSION_COOKIE = "commons_session";
const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}$/;

/** The donation every giving test gives to (made once the servers are up). */
let DONATION = "";
/** The chat's two members (setUp): Marta reads English, Carlos Spanish; they talked yesterday. */
const MARTA = { name: "Marta Quiroga", language: "en-US", t: strings("chat", "en-US") };
const CARLOS = { name: "Carlos Zúñiga", language: "es-ES", t: strings("chat", "es-ES") };

const suite = useAcmeSuite({
  throughEdge: true,
  setUp: async ({ server }) => {
    const donation = await createInitiative(server, {
      title: "Back-to-school supplies for 300 children",
      type: "donation",
      starts_in_days: -10,
      ends_in_days: 35,
      donation: { currency: "EUR", sources: ["transfer", "inhand"], transfer_iban: "ES91 2100 3912 0102 0011 8347", transfer_swift: "CAIXESBBXXX" },
    });
    DONATION = donation.slug;
    for (const [person, tag] of [
      [MARTA, "marta"],
      [CARLOS, "carlos"],
    ]) {
      Object.assign(person, await createMember(server, { tag, name: person.name, language: person.language }));
    }
    const yesterday = Date.now() - 24 * 3600_000;
    await createConversation(server, {
      members: [MARTA.id, CARLOS.id],
      messages: [
        { from: 1, sent_at: yesterday, text: "Hi Marta! Are you coming to the beach clean-up on Saturday?" },
        { from: 0, sent_at: yesterday + 60_000, text: "Yes! Do we need to bring gloves?" },
      ],
      read: [2, 2],
    });
  },
});

async function open(page, origin, pathname, status = 200) {
  const response = await page.goto(`${origin}${pathname}`);
  assert.equal(response?.status(), status, `${pathname} answered ${response?.status()}`);
  await waitForHydration(page);
}

/** What `member` has given or pledged to the donation, as a mobile client reads it through the edge. */
async function ownTotal({ email, password }) {
  const api = apiClient(suite.server, suite.acmeHost);
  const login = await api("POST", "/auth/login", { body: { email, password, requiredProduct: "community" } });
  assert.equal(login.status, 200, `API login of ${email}`);
  const initiative = await api("GET", `/api/acme/initiative/${DONATION}`, { token: login.data.access_token });
  assert.equal(initiative.status, 200);
  return initiative.data.own_contribution_total + initiative.data.own_pending_contribution_total;
}

describe("through the edge", () => {
  test("signs in with JavaScript and without, refuses a wrong password, and serves the pages' assets", async () => {
    const member = await createMember(suite.server, { tag: "edge-journey" });
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      const assets = [];
      page.on("response", (response) => /\/assets\//.test(response.url()) && assets.push(response.status()));
      await open(page, suite.acme, "/signin");
      await page.getByRole("textbox", { name: auth.email_label }).fill(member.email);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("stage") === "password");
      await waitForHydration(page);
      await page.getByLabel(auth.password_label, { exact: true }).fill("not-the-password");
      await page.keyboard.press("Enter");
      await page.getByRole("alert").getByRole("link", { name: auth.signin_error_401_tip, exact: true }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/signin", "still on the sign-in page");

      await signIn(page, suite.acme, member.email, { password: member.password, screens: true });
      const session = (await page.context().cookies(suite.acme)).find((cookie) => cookie.name === SESSION_COOKIE);
      assert.ok(session?.httpOnly, "the edge's HttpOnly session cookie");
      await open(page, suite.acme, "/settings");
      assert.ok(assets.length > 0 && assets.every((status) => status === 200 || status === 304), `the edge serves the hydrating scripts and styles (${[...new Set(assets)].join(", ")})`);
      const icon = await page.locator('head link[rel="icon"]').getAttribute("href");
      assert.equal(await page.evaluate(async (href) => (await fetch(href)).status, icon), 200, `${icon} is served`);
      assert.deepEqual(errorsOf(page, { allowStatus: [401] }), []);
    });
    await withPage(suite.browser, { viewport: "mobile", javaScriptEnabled: false }, async (page) => {
      await signIn(page, suite.acme, member.email, { password: member.password, js: false, screens: true });
      await page.goto(`${suite.acme}/settings`);
      assert.equal(new URL(page.url()).pathname, "/settings");
    });
    // The edge's D1 holds the web sessions, never the tenant's data.
    const [{ sessions }] = await suite.server.edgeD1("SELECT count(*) AS sessions FROM web_sessions");
    assert.ok(sessions >= 2, `${sessions} web sessions at the edge`);
  });

  test("finds an organisation made after it started by its hostname, and its wall narrows as the member searches", async () => {
    const made = await createOrganization(suite.server, { like: "acme", name: "Acme" });
    const origin = `http://${made.hostname}:${suite.server.port}`;
    for (const title of ["Sort and pack food at the Madrid food bank", "Beach clean-up at Costa da Caparica"]) {
      await createInitiative(suite.server, { org: made.slug, title, starts_in_days: 5, ends_in_days: 5 });
    }
    const member = await createMember(suite.server, { org: made.slug, tag: "edge-wall" });
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, origin, member.email, { password: member.password });
      await open(page, origin, "/wall");
      await page.getByRole("heading", { name: "Sort and pack food at the Madrid food bank" }).waitFor();
      await page.getByRole("searchbox", { name: wallT.wall_search_label }).fill("beach");
      await page.waitForURL((url) => url.searchParams.get("search") === "beach");
      await page.getByRole("heading", { name: "Sort and pack food at the Madrid food bank" }).waitFor({ state: "detached" });
      await page.getByRole("heading", { name: "Beach clean-up at Costa da Caparica" }).waitFor();
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("joins through the phone drawer, reports hours and an indicator, rates", async () => {
    const pt = { ...strings("initiative", "en-US"), ...strings("initiative", "pt-PT") };
    const ptWall = { ...strings("initiatives", "en-US"), ...strings("initiatives", "pt-PT") };
    const title = "Huerto urbano comunitario en Lavapiés";
    const { slug } = await createInitiative(suite.server, { title, starts_in_days: -2, ends_in_days: 40, hours_per_day: 4, indicators: [{ name: "Verdura cosechada", unit: "kilogram" }] });
    const member = await createMember(suite.server, { tag: "edge-ines", name: "Inês Costa", language: "pt-PT", phone: null });
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, member.email, { password: member.password });
      await open(page, suite.acme, `/wall/${slug}`);
      await page.getByRole("link", { name: pt.action_join, exact: true }).click();
      // Acme asks for a phone first: the profile's update goes through the edge, then the join.
      const drawer = page.getByRole("dialog", { name: pt.phone_title });
      await drawer.getByRole("textbox", { name: pt.phone_label }).fill(`612 ${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`);
      await drawer.getByRole("button", { name: pt.phone_submit }).click();
      await page.waitForURL((url) => url.pathname === "/initiative" && url.hash === `#${slug}`);
      await page.getByRole("dialog", { name: ptWall.join_success_title }).waitFor();
      await page.keyboard.press("Escape");

      await open(page, suite.acme, `/initiative/${slug}/participate`);
      await page.getByRole("spinbutton", { name: pt.hours_label }).fill("3");
      await page.getByRole("button", { name: pt.hours_submit, exact: true }).click();
      await page.getByText(pt.hours_saved).waitFor();
      await page.getByRole("spinbutton", { name: "Verdura cosechada (kg)" }).fill("7");
      await page.getByRole("button", { name: pt.indicator_submit.replace("{{name}}", "Verdura cosechada"), exact: true }).click();
      await page.getByText(pt.indicator_saved).waitFor();
      const records = page.getByRole("region", { name: pt.history_title });
      await records.getByText("3 h").waitFor();
      await records.getByText("7 kg").waitFor();

      await page.getByRole("link", { name: pt.participation_done }).click();
      const rating = page.getByRole("dialog", { name: pt.rating_title });
      await rating.getByRole("group", { name: pt.rating_initiative }).getByRole("radio", { name: "4,0 estrelas" }).check();
      await rating.getByRole("group", { name: /O organizador/ }).getByRole("radio", { name: "5,0 estrelas" }).check();
      await rating.getByRole("button", { name: pt.rating_submit }).click();
      await page.getByRole("dialog", { name: ptWall.rated_success_title }).waitFor();
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("uploads a document as a multipart form and deletes it", async () => {
    const t = strings("initiative");
    const { slug } = await createInitiative(suite.server, { title: "Edge harvest notes", starts_in_days: -2, ends_in_days: 40 });
    const member = await createMember(suite.server, { tag: "edge-uploader" });
    await addParticipation(suite.server, member, slug);
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, member.email, { password: member.password });
      await open(page, suite.acme, `/initiative/${slug}`);
      await page.getByRole("link", { name: t.attachments_upload }).click();
      const dialog = page.getByRole("dialog", { name: t.upload_title });
      await dialog.getByLabel(t.upload_file).setInputFiles({ name: "harvest-notes.txt", mimeType: "text/plain", buffer: Buffer.from("Harvest notes: 12 kg of chard.\n") });
      await dialog.getByRole("button", { name: t.upload_submit }).click();
      await dialog.getByText(t.upload_done).waitFor();
      const own = dialog.getByRole("region", { name: t.upload_own_title });
      await own.getByText("harvest-notes.txt").waitFor();
      await dialog.getByRole("button", { name: t.upload_delete.replace("{{name}}", "harvest-notes.txt") }).click();
      await own.getByText(t.upload_own_none).waitFor();
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("gives with a double click (one contribution), and without JavaScript the same Idempotency-Key posted twice records once", async () => {
    const t = strings("donation");
    const giver = await createMember(suite.server, { tag: "edge-giver" });
    const before = await ownTotal(giver);
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, giver.email, { password: giver.password });
      await open(page, suite.acme, `/initiative/${DONATION}/contribute`);
      const drawer = page.getByRole("dialog", { name: t.donation_title });
      await drawer.getByText("€50", { exact: true }).click();
      await drawer.getByRole("button", { name: t.donation_next }).click();
      await drawer.getByText(t.donation_source_inhand, { exact: true }).click();
      await drawer.getByRole("button", { name: t.donation_next }).click();
      await drawer.getByRole("button", { name: fill(t.donation_submit, { amount: "€50" }) }).dblclick();
      await page.getByRole("dialog", { name: t.donation_success_title }).waitFor();
      // The page's totals come back from the loader after the action; let any second request land too.
      await page.waitForLoadState("networkidle");
      assert.deepEqual(errorsOf(page), []);
    });
    assert.equal(await ownTotal(giver), before + 50);

    await withPage(suite.browser, { viewport: "mobile", javaScriptEnabled: false }, async (page) => {
      await signIn(page, suite.acme, giver.email, { password: giver.password, js: false });
      await page.goto(`${suite.acme}/initiative/${DONATION}/contribute`);
      const panel = page.getByRole("region", { name: t.donation_title });
      await panel.getByRole("textbox", { name: fill(t.donation_amount_other, { currency: "EUR" }) }).fill("7.5");
      await panel.getByRole("button", { name: t.donation_next }).click();
      await panel.getByRole("radio", { name: new RegExp(t.donation_source_transfer) }).check();
      await panel.getByRole("button", { name: t.donation_next }).click();
      await panel.getByRole("heading", { name: t.donation_details_title }).waitFor();
      const fields = await page.locator("form#donation-step-form input[type=hidden]").evaluateAll((inputs) => inputs.map((i) => [i.name, i.value]));
      const body = Object.fromEntries(fields);
      assert.match(body.idempotency_key, /^[0-9a-f-]{36}$/);
      const cookie = (await page.context().cookies(suite.acme)).map((c) => `${c.name}=${c.value}`).join("; ");
      const post = () =>
        fetch(`${suite.server.url}/initiative/${DONATION}/contribute`, {
          method: "POST",
          headers: { host: suite.acmeHost, cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(body),
          redirect: "manual",
        });
      const [first, second] = [await post(), await post()];
      assert.equal(first.status, 201, "first post records the contribution");
      assert.equal(second.status, 200, "the same key answers the first contribution");
      await panel.getByRole("button", { name: fill(t.donation_submit, { amount: "€7.50" }) }).click();
      assert.match((await page.getByTestId("confirmation-code").innerText()).trim(), CODE);
    });
    assert.equal(await ownTotal(giver), before + 50 + 7.5, "three posts with one key: one contribution");
  });

  test("chats live over the proxied socket both ways, and a dropped socket catches up when it reconnects", async () => {
    const marta = await newPage(suite.browser, { viewport: "desktop" });
    const carlos = await newPage(suite.browser, { viewport: "desktop" });
    const martaT = MARTA.t;
    const carlosT = CARLOS.t;
    const unread = (t, count) => new RegExp(fill(pluralForm(t, "chat_unread", count), { count }));
    try {
      await signIn(marta, suite.acme, MARTA.email, { password: MARTA.password });
      await signIn(carlos, suite.acme, CARLOS.email, { password: CARLOS.password });
      // Carlos's socket goes through a route that can drop it and hold back his reconnection.
      const carlosSockets = [];
      let releaseReconnect;
      const reconnectAllowed = new Promise((resolve) => (releaseReconnect = resolve));
      await carlos.routeWebSocket(/\/chat\/socket/, async (route) => {
        const entry = { url: route.url() };
        carlosSockets.push(entry);
        if (carlosSockets.length > 1) await reconnectAllowed;
        const upstream = route.connectToServer();
        entry.drop = async () => {
          await upstream.close();
          await route.close({ code: 4000, reason: "dropped by the test" });
        };
      });
      await Promise.all([open(marta, suite.acme, "/wall"), open(carlos, suite.acme, "/wall")]);

      // Both open the conversation of yesterday.
      await marta.getByRole("button", { name: martaT.chat_title, exact: true }).click();
      await marta.getByRole("dialog", { name: martaT.chat_title, exact: true }).getByRole("button", { name: new RegExp(CARLOS.name) }).click();
      const withCarlos = marta.getByRole("dialog", { name: CARLOS.name, exact: true });
      const martaLog = withCarlos.getByRole("log");
      await martaLog.getByText("Do we need to bring gloves?").waitFor();
      await carlos.getByRole("button", { name: carlosT.chat_title, exact: true }).click();
      const carlosList = carlos.getByRole("dialog", { name: carlosT.chat_title, exact: true });
      await carlosList.getByRole("button", { name: new RegExp(MARTA.name) }).click();
      const withMarta = carlos.getByRole("dialog", { name: MARTA.name, exact: true });
      await withMarta.getByRole("log").getByText("Do we need to bring gloves?").waitFor();

      // Marta writes: Carlos gets it live, and reading it shows her "seen" live.
      const martaBox = withCarlos.getByRole("textbox", { name: martaT.chat_message_label });
      await martaBox.fill("See you at 10 by the lifeguard tower");
      await martaBox.press("Enter");
      await withMarta.getByRole("log").getByText("See you at 10 by the lifeguard tower").waitFor();
      await martaLog.getByText(martaT.chat_seen).waitFor();
      // Carlos answers: Marta gets it live.
      const carlosBox = withMarta.getByRole("textbox", { name: carlosT.chat_message_label });
      await carlosBox.fill("¡Allí estaré!");
      await carlosBox.press("Enter");
      await martaLog.getByText("¡Allí estaré!").waitFor();

      // Carlos back on his list; his socket drops; what Marta sends meanwhile arrives when he reconnects.
      await withMarta.getByRole("button", { name: carlosT.chat_back }).click();
      await carlosSockets.at(-1).drop();
      await carlosList.getByText(carlosT.chat_reconnecting).waitFor();
      await martaBox.fill("And sunscreen!");
      await martaBox.press("Enter");
      await martaLog.getByText(martaT.chat_sending).waitFor({ state: "detached" });
      releaseReconnect();
      await carlosList.getByText("And sunscreen!").waitFor();
      await carlosList.getByRole("button", { name: unread(carlosT, 1) }).waitFor();
      assert.equal(carlosSockets.length, 2, "one reconnection");
      assert.ok(Number(new URL(carlosSockets[1].url).searchParams.get("after")) > 0, "the reconnection asks for what came after the last message seen");
      assert.deepEqual(errorsOf(marta), []);
      assert.deepEqual(errorsOf(carlos), []);
    } finally {
      await Promise.allSettled([closePage(marta), closePage(carlos)]);
    }
  });
});
