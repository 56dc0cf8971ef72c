/**
 * Chat (issue 5, point 3) in a real browser: two members of Acme in two browser contexts chat live.
 * Marta opens the widget (loaded only then), starts a chat with Carlos and sends; Carlos sees the
 * unread count on the launcher, opens the chat and reads the message, which Marta then sees as seen;
 * Carlos types and Marta sees the typing indicator go away after 900 ms; a message to a conversation
 * Carlos is not looking at raises its unread count live; Marta reloads and finds the history. axe on
 * the open widget at 1280x800 and 390x844, with screenshots.
 *
 *   node_modules/.bin/node --test tests/e2e/browser/chat.test.mjs
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { closePage, errorsOf, expectNoSeriousAxeViolations, newPage, pluralForm, SCREENSHOT_DIR, signIn, strings, waitForHydration } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createConversation, createMember } from "../../support/fixtures.mjs";

const fill = (text, values) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(values[name]));
// The test's own members (names no demo member has); Marta's language is English, Carlos's Spanish: each sees their own.
const MARTA = { name: "Marta Quiroga", language: "en-US", t: strings("chat", "en-US") };
const CARLOS = { name: "Carlos Zúñiga", language: "es-ES", t: strings("chat", "es-ES") };
const IRENE = { name: "Irene Vidal", language: "en-US" };

/** What the member sees (the viewport): the widget is fixed, so a full-page shot would misplace it. */
async function screenshot(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: "disabled" });
}

const MINUTE = 60_000;

/**
 * Marta and Carlos talked yesterday and this morning, and Marta has not read Carlos's last message;
 * Marta started a chat with Irene and nobody wrote yet. Days in the machine's time zone, which the
 * browser shares, so "yesterday" is the browser's yesterday.
 */
async function setUp({ server }) {
  for (const [person, tag] of [
    [MARTA, "marta"],
    [CARLOS, "carlos"],
    [IRENE, "irene"],
  ]) {
    Object.assign(person, await createMember(server, { tag, name: person.name, language: person.language }));
  }
  const now = Date.now();
  const midnight = new Date(now).setHours(0, 0, 0, 0);
  const yesterdayAt = (hours, minutes) => midnight - 24 * 60 * MINUTE + (hours * 60 + minutes) * MINUTE;
  // Kept in the past even early in the day.
  const todayAt = (hours, minutes) => Math.min(midnight + (hours * 60 + minutes) * MINUTE, now - 10 * MINUTE);
  await createConversation(server, {
    members: [MARTA.id, CARLOS.id],
    messages: [
      { from: 1, sent_at: yesterdayAt(17, 5), text: "Hi Marta! Are you coming to the beach clean-up on Saturday?" },
      { from: 0, sent_at: yesterdayAt(17, 12), text: "Yes! I signed up this morning. Do we need to bring gloves?" },
      { from: 1, sent_at: yesterdayAt(17, 20), text: "They hand out gloves and bags at the meeting point." },
      { from: 1, sent_at: todayAt(9, 40), text: "See you at 10 by the lifeguard tower 🙂" },
    ],
    read: [3, 4],
  });
  await createConversation(server, { members: [MARTA.id, IRENE.id] });
}

const suite = useAcmeSuite({ setUp });

async function openWall(page) {
  const response = await page.goto(`${suite.acme}/wall`);
  assert.equal(response?.status(), 200);
  await waitForHydration(page);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The launcher this viewport shows, by its accessible name: from lg the docked bar, named by its
 * visible title (plus the unread count), below lg the round button ("Open chat", with the count).
 */
function launcher(page, t, unread) {
  if (page.viewportSize().width >= 992) {
    const count = unread ? `\\W+${escape(fill(pluralForm(t, "chat_unread", unread), { count: unread }))}` : "";
    return page.getByRole("button", { name: new RegExp(`^${escape(t.chat_title)}${count}$`) });
  }
  return page.getByRole("button", { name: unread ? fill(pluralForm(t, "chat_open_unread", unread), { count: unread }) : t.chat_open, exact: true });
}

/** The widget's dialog, named by the heading of the screen it shows. */
const widget = (page, name) => page.getByRole("dialog", { name, exact: true });

describe("chat between two members", () => {
  test("live messages, unread counts, typing, read marks and history; accessible at both sizes", async () => {
    const marta = await newPage(suite.browser, { viewport: "desktop" });
    const carlos = await newPage(suite.browser, { viewport: "desktop" });
    try {
      await signIn(marta, suite.acme, MARTA.email);
      await signIn(carlos, suite.acme, CARLOS.email);
      await Promise.all([openWall(marta), openWall(carlos)]);

      // Carlos's chat socket goes through a route that can drop it and hold back his reconnection.
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

      // The widget's code is not on the page until the launcher is used.
      const loadedScripts = [];
      marta.on("request", (request) => loadedScripts.push(request.url()));
      assert.equal(loadedScripts.some((url) => /chat-widget/.test(url)), false);
      const martaT = MARTA.t;
      // Marta has one unread message from Carlos (setUp): the badge says so.
      await launcher(marta, martaT, 1).click();
      const list = widget(marta, martaT.chat_title);
      await list.waitFor();
      assert.ok(loadedScripts.some((url) => /chat-widget/.test(url)), "the widget is loaded on the first open");
      // Newest first, the conversation without messages last.
      const rows = list.getByRole("listitem");
      await rows.first().getByText(CARLOS.name).waitFor();
      assert.match((await rows.first().textContent()) ?? "", new RegExp(fill(pluralForm(martaT, "chat_unread", 1), { count: 1 })));
      assert.match((await rows.last().textContent()) ?? "", new RegExp(martaT.chat_no_messages));
      await screenshot(marta, "chat-list-desktop");

      // New chat: the member list with its own header, filtered by the search box; Carlos's
      // conversation already exists, so choosing him opens it with its history.
      await list.getByRole("button", { name: martaT.chat_new, exact: true }).first().click();
      const people = widget(marta, martaT.chat_new_title);
      await people.getByRole("heading", { name: "C", exact: true }).waitFor();
      await people.getByRole("searchbox", { name: martaT.chat_search_label }).fill("zuniga");
      assert.equal(await people.getByRole("heading", { name: "I", exact: true }).count(), 0, "other letters are filtered out");
      await people.getByRole("button", { name: CARLOS.name }).click();

      const withCarlos = widget(marta, CARLOS.name);
      await withCarlos.waitFor();
      const martaLog = withCarlos.getByRole("log");
      await martaLog.getByText("See you at 10 by the lifeguard tower").waitFor();
      await martaLog.getByText(martaT.chat_yesterday, { exact: true }).first().waitFor();
      const martaBox = withCarlos.getByRole("textbox", { name: martaT.chat_message_label });
      assert.equal(await martaBox.evaluate((el) => el === document.activeElement), true, "the composer has the focus");
      // Enter on an empty message sends nothing; Shift+Enter makes a new line; Enter sends.
      await martaBox.press("Enter");
      await martaBox.type("Hola Carlos!");
      await martaBox.press("Shift+Enter");
      await martaBox.type("Are you coming on Saturday?");
      assert.equal(await martaBox.inputValue(), "Hola Carlos!\nAre you coming on Saturday?");
      await martaBox.press("Enter");
      await martaLog.getByText("Are you coming on Saturday?").waitFor();
      assert.equal(await martaBox.inputValue(), "");
      await martaLog.getByText(martaT.chat_sending).waitFor({ state: "detached" });

      // Over the cap: a visible count, an error, and no send.
      await martaBox.fill("x".repeat(2001));
      await withCarlos.getByText(fill(pluralForm(martaT, "chat_count", 2001), { count: 2001, max: 2000 })).waitFor();
      await withCarlos.getByRole("alert").getByText(fill(martaT.chat_error_message_too_long, { max: 2000 })).waitFor();
      assert.equal(await withCarlos.getByRole("button", { name: martaT.chat_send }).isDisabled(), true);
      await martaBox.fill("");

      // Carlos: the badge counts the unread message (read when the page loads), then the list and the message.
      const carlosT = CARLOS.t;
      await carlos.reload();
      await waitForHydration(carlos);
      await launcher(carlos, carlosT, 1).waitFor();
      await launcher(carlos, carlosT, 1).click();
      const carlosList = widget(carlos, carlosT.chat_title);
      const row = carlosList.getByRole("button", { name: new RegExp(MARTA.name) });
      await row.waitFor();
      assert.match(await row.innerText(), /Are you coming on Saturday\?/);
      assert.equal(await carlosList.getByRole("listitem").first().getByText(MARTA.name).count(), 1, "the newest conversation comes first");
      assert.match((await row.textContent()) ?? "", new RegExp(fill(pluralForm(carlosT, "chat_unread", 1), { count: 1 })));
      await row.click();
      const withMarta = widget(carlos, MARTA.name);
      await withMarta.getByRole("log").getByText(/Hola Carlos!/).waitFor();

      // Opening it read it: Marta sees it seen, live.
      await martaLog.getByText(martaT.chat_seen).waitFor();
      // Carlos is online to Marta.
      await withCarlos.getByText(martaT.chat_online, { exact: true }).waitFor();

      // Carlos types: Marta sees the indicator, which goes 900 ms after the last keystroke.
      const carlosBox = withMarta.getByRole("textbox", { name: carlosT.chat_message_label });
      await carlosBox.type("¡Hola");
      const typing = marta.getByText(fill(martaT.chat_typing, { name: CARLOS.name }));
      await typing.waitFor();
      const stoppedAt = Date.now();
      await typing.waitFor({ state: "detached", timeout: 5_000 });
      assert.ok(Date.now() - stoppedAt >= 500, "the indicator stays a while after the last keystroke");
      await carlosBox.type(" Marta! Sí, allí estaré.");
      await carlosBox.press("Enter");
      await martaLog.getByText("¡Hola Marta! Sí, allí estaré.").waitFor();

      // Incoming to the conversation Carlos has open: appended and read at once (no unread).
      await martaBox.fill("Great, see you there");
      await martaBox.press("Enter");
      await withMarta.getByRole("log").getByText("Great, see you there").waitFor();
      await martaLog.getByText(martaT.chat_seen).waitFor();

      // Carlos goes back to his list: a new message there raises the conversation's unread count.
      await withMarta.getByRole("button", { name: carlosT.chat_back }).click();
      await martaBox.fill("Bring gloves!");
      await martaBox.press("Enter");
      await carlosList.getByRole("button", { name: new RegExp(fill(pluralForm(carlosT, "chat_unread", 1), { count: 1 })) }).waitFor();

      // Carlos's connection drops; what Marta sends meanwhile reaches him when he reconnects (catch-up).
      await carlosSockets.at(-1).drop();
      await carlosList.getByText(carlosT.chat_reconnecting).waitFor();
      await martaBox.fill("And sunscreen!");
      await martaBox.press("Enter");
      await martaLog.getByText("And sunscreen!").waitFor();
      await martaLog.getByText(martaT.chat_sending).waitFor({ state: "detached" });
      releaseReconnect();
      await carlosList.getByRole("button", { name: new RegExp(fill(pluralForm(carlosT, "chat_unread", 2), { count: 2 })) }).waitFor();
      await carlosList.getByText("And sunscreen!").waitFor();
      await carlosList.getByText(carlosT.chat_reconnecting).waitFor({ state: "detached" });
      assert.equal(carlosSockets.length, 2, "one reconnection");
      assert.ok(Number(new URL(carlosSockets[1].url).searchParams.get("after")) > 0, "the reconnection asks for what came after the last message seen");

      // Escape closes; the launcher keeps the count live.
      await carlos.keyboard.press("Escape");
      await launcher(carlos, carlosT, 2).waitFor();
      assert.equal(await launcher(carlos, carlosT, 2).evaluate((el) => el === document.activeElement), true, "focus returns to the launcher");

      // The web app's chat routes answer the API's errors as JSON (with Marta's session cookie).
      const cookie = (await marta.context().cookies(suite.acme)).map(({ name, value }) => `${name}=${value}`).join("; ");
      const call = async (method, pathname, data) => {
        const response = await fetch(`http://127.0.0.1:${suite.server.port}${pathname}`, {
          method,
          headers: { host: suite.acmeHost, cookie, "content-type": "application/json" },
          body: data === undefined ? undefined : JSON.stringify(data),
        });
        return { status: response.status, body: await response.json() };
      };
      const { conversations } = (await call("GET", "/chat/conversations")).body;
      const answers = {
        unknown: await call("GET", "/chat/conversations/not-a-conversation/messages"),
        empty: await call("POST", `/chat/conversations/${conversations[0].id}/messages`, { content: "   " }),
        self: await call("POST", "/chat/conversations", { member_id: MARTA.id }),
      };
      assert.equal(answers.unknown.status, 404);
      assert.equal(answers.unknown.body.error, "conversation_not_found");
      assert.equal(answers.empty.status, 400);
      assert.equal(answers.empty.body.fields.content, "chat_error_message_empty");
      assert.equal(answers.self.body.fields.member_id, "chat_error_self");

      // Marta reloads and finds the history.
      await marta.reload();
      await waitForHydration(marta);
      await launcher(marta, martaT).click();
      await widget(marta, martaT.chat_title).getByRole("button", { name: new RegExp(CARLOS.name) }).click();
      const history = widget(marta, CARLOS.name).getByRole("log");
      for (const text of ["Are you coming on Saturday?", "¡Hola Marta! Sí, allí estaré.", "Great, see you there", "Bring gloves!"]) {
        await history.getByText(text).waitFor();
      }

      await screenshot(marta, "chat-conversation-desktop");
      await expectNoSeriousAxeViolations(marta, { label: "chat conversation, 1280x800" });
      await marta.setViewportSize({ width: 390, height: 844 });
      await widget(marta, CARLOS.name).getByRole("log").getByText("Bring gloves!").waitFor();
      await screenshot(marta, "chat-conversation-mobile");
      await expectNoSeriousAxeViolations(marta, { label: "chat conversation, 390x844" });
      await widget(marta, CARLOS.name).getByRole("button", { name: martaT.chat_back }).click();
      await screenshot(marta, "chat-list-mobile");
      await expectNoSeriousAxeViolations(marta, { label: "chat list, 390x844" });
      await widget(marta, martaT.chat_title).getByRole("button", { name: martaT.chat_new, exact: true }).click();
      await widget(marta, martaT.chat_new_title).getByRole("heading", { name: "C", exact: true }).waitFor();
      await screenshot(marta, "chat-new-mobile");
      await expectNoSeriousAxeViolations(marta, { label: "new chat, 390x844" });
      // Full screen, Tab and Shift+Tab stay inside the chat.
      for (const key of ["Shift+Tab", "Shift+Tab", "Shift+Tab", "Tab", "Tab", "Tab"]) {
        await marta.keyboard.press(key);
        assert.equal(await widget(marta, martaT.chat_new_title).evaluate((el) => el.contains(document.activeElement)), true, `focus stays in the chat after ${key}`);
      }
      await marta.keyboard.press("Escape");
      await launcher(marta, martaT).waitFor();
      await screenshot(marta, "chat-launcher-mobile");

      assert.deepEqual(errorsOf(marta), []);
      assert.deepEqual(errorsOf(carlos), []);
    } finally {
      await Promise.allSettled([closePage(marta), closePage(carlos)]);
    }
  });
});
