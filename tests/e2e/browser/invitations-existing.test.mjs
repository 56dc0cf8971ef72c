/**
 * Issue 25, point 1, in a real browser: an existing account invited into Acme opens the e-mail's
 * link, is asked to sign in as that account (and, signed in as someone else, to switch), and then
 * accepts or declines; nothing joins before. Without JavaScript too. An administrator removes a
 * member after confirming.
 *
 *   npm run build && node --test tests/e2e/browser/invitations-existing.test.mjs
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { errorsOf, expectNoSeriousAxeViolations, signIn, strings, waitForHydration, withPage } from "../../support/browser.mjs";
import { useAcmeSuite } from "../../support/acme-suite.mjs";
import { createMember } from "../../support/fixtures.mjs";

const auth = strings("auth");
const manage = strings("manage");
const people = {};
const suite = useAcmeSuite({
  setUp: async ({ server }) => {
    people.admin = await createMember(server, { tag: "join-admin", name: "Ada Admin", role: "admin" });
    people.ana = await createMember(server, { org: "commons", tag: "join-ana", name: "Ana Elsewhere" });
    people.bea = await createMember(server, { org: "commons", tag: "join-bea", name: "Bea Elsewhere" });
    people.leo = await createMember(server, { tag: "join-leo", name: "Leo Leaving" });
  },
});

async function api(method, path, { token, body } = {}) {
  const response = await fetch(`${suite.server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: text ? JSON.parse(text) : null };
}

/** The admin invites `email`; answers the path of the link the e-mail carries. */
async function invite(email) {
  const { data } = await api("POST", "/auth/login", { body: { email: people.admin.email, password: people.admin.password } });
  const answer = await api("POST", "/api/acme/admin/invitations", { token: data.access_token, body: { invitations: [{ email }] } });
  assert.equal(answer.data.results[0].status, "invited");
  for (let attempt = 0; attempt < 40; attempt++) {
    const [mail] = (await api("GET", `/dev/mailbox?to=${encodeURIComponent(email)}`)).data;
    if (mail) return new URL(mail.links.find((href) => href.includes("/invite/"))).pathname;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`no e-mail for ${email}`);
}

const organizationsOf = async (member) => {
  const { data } = await api("POST", "/auth/login", { body: { email: member.email, password: member.password } });
  return data.user.organizations.map((organization) => organization.slug).sort();
};

describe("an existing account's invitation", () => {
  test("signed in as someone else: switch, sign in as the account, accept; nothing joins before", async () => {
    const path = await invite(people.ana.email);
    await withPage(suite.browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, suite.acme, people.bea.email, { password: people.bea.password, to: `${path}` });
      await waitForHydration(page);
      await page.getByRole("heading", { name: auth.invitation_title.replace("{{organization}}", "Acme") }).waitFor();
      await page.getByText(auth.join_other_account.replace("{{current}}", people.bea.email).replace("{{email}}", people.ana.email)).waitFor();
      await expectNoSeriousAxeViolations(page, { label: "invitation for another account, 390x844" });
      await page.getByRole("button", { name: auth.join_switch }).click();
      await page.waitForURL((url) => url.pathname === "/signin");
      assert.deepEqual(await organizationsOf(people.ana), ["commons"]);

      await signIn(page, suite.acme, people.ana.email, { password: people.ana.password, to: `${path}` });
      await waitForHydration(page);
      await page.getByText(auth.join_ready.replace("{{organization}}", "Acme").replace("{{role}}", auth.join_role_member)).waitFor();
      await page.getByRole("button", { name: auth.join_accept }).click();
      await page.waitForURL((url) => url.pathname === "/wall", { timeout: 20_000 });
      assert.deepEqual(await organizationsOf(people.ana), ["acme", "commons"]);
      assert.deepEqual(errorsOf(page), []);
    });
  });

  test("without JavaScript: asked to sign in, and declining leaves nothing", async () => {
    const path = await invite(people.bea.email);
    await withPage(suite.browser, { viewport: "desktop", javaScriptEnabled: false }, async (page) => {
      await page.goto(`${suite.acme}${path}`);
      await page.getByText(auth.join_signin.replace("{{email}}", people.bea.email)).waitFor();
      const signin = page.getByRole("link", { name: auth.join_signin_button });
      assert.equal(new URL(await signin.getAttribute("href"), suite.acme).searchParams.get("redirect"), path);
      await page.getByRole("button", { name: auth.join_decline }).click();
      await page.getByRole("heading", { name: auth.join_declined_title }).waitFor();
      assert.deepEqual(await organizationsOf(people.bea), ["commons"]);
    });
  });
});

describe("removing a member", () => {
  test("an administrator removes a member after confirming; the account stays, without Acme", async () => {
    await withPage(suite.browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, suite.acme, people.admin.email, { password: people.admin.password, to: `/manage/members?q=${encodeURIComponent("Leo Leaving")}` });
      await waitForHydration(page);
      const row = page.getByRole("listitem").filter({ hasText: people.leo.email });
      await row.getByText(manage.member_remove).click();
      await row.getByText(manage.member_remove_confirm.replace("{{name}}", "Leo Leaving")).waitFor();
      await expectNoSeriousAxeViolations(page, { label: "remove a member, 1280x800" });
      await row.getByRole("button", { name: manage.member_remove_named.replace("{{name}}", "Leo Leaving") }).click();
      await page.getByText(manage.done_member_remove).waitFor();
      const signedIn = await api("POST", "/auth/login", { body: { email: people.leo.email, password: people.leo.password } });
      assert.equal(signedIn.status, 200);
      assert.deepEqual(signedIn.data.user.organizations.map((organization) => organization.slug), []);
      assert.deepEqual(errorsOf(page), []);
    });
  });
});
