/**
 * The edge in front of an upstream, end to end (issue 16): two Workers under `wrangler dev` on
 * free ports, the upstream (this repo's embedded API with the demo data) and the edge
 * (UPSTREAM_URL pointing at it, a D1 of its own with nothing but its migrations). What only the
 * edge shows: Acme on its hostname, e-mailed links on the edge's host, a file uploaded and
 * downloaded through it, an SSO sign-in through it, no tenant data in its own D1, and its answers
 * once the upstream stops.
 * A member's journeys through the edge in a browser (sign-in, actions, a new organisation's host,
 * an upload, giving, the chat socket) are edge-journey.test.mjs; `npm run test:edge` runs both.
 *
 *   node_modules/.bin/node --test tests/e2e/upstream.test.mjs
 */
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { after, before, describe, test } from "node:test";
import { expectNoSeriousAxeViolations, launchBrowser, signIn, strings, withPage } from "../support/browser.mjs";
import { addParticipation, createInitiative, createMember } from "../support/fixtures.mjs";
import { registerSsoProvider, startIdentityProvider, walkProvider } from "../support/oidc.mjs";
import { sharedEdgeAndUpstream, startEdgeAndUpstream } from "../support/server.mjs";

const auth = strings("auth");
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe("the edge in front of an upstream", { timeout: 300_000 }, () => {
  let servers;
  let browser;
  let acme;
  /** The edge's own address (its PUBLIC_URL): the default organisation's. */
  let home;

  before(async () => {
    // The edge tier's pair (scripts/e2e-tests.mjs), or a pair of this file's own when it runs alone.
    [servers, browser] = await Promise.all([sharedEdgeAndUpstream() ?? startEdgeAndUpstream(), launchBrowser()]);
    acme = `http://acme.localhost:${servers.port}`;
    home = `http://localhost:${servers.port}`;
  }, { timeout: 240_000 });

  after(async () => {
    await Promise.allSettled([browser?.close(), servers?.stop()]);
  }, { timeout: 30_000 });

  /**
   * A request through the edge as a browser on `origin` would send it: to the edge's loopback
   * address with the origin's Host (Node does not resolve *.localhost as browsers do, and its fetch
   * will not send another Host). Answers `{ status, json(), text() }`.
   */
  const edge = (origin, path, { method = "GET", headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: "127.0.0.1", port: servers.port, path, method, headers: { ...headers, host: new URL(origin).host }, timeout: 20_000 },
        (response) => {
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const cookies = response.headers["set-cookie"] ?? [];
            resolve({ status: response.statusCode, location: response.headers.location, cookies, text: async () => text, json: async () => JSON.parse(text) });
          });
        },
      );
      request.on("error", reject);
      request.on("timeout", () => request.destroy(new Error(`${method} ${path}: no answer`)));
      request.end(body);
    });

  test("serves Acme on its hostname, and the default organisation elsewhere, from the upstream's data", async () => {
    const welcome = await (await edge(acme, "/welcome")).text();
    assert.match(welcome, /Acme/);
    const current = await (await edge(acme, "/api/organization/current")).json();
    assert.equal(current.organization_slug, "acme");
    assert.equal(current.url, acme, "the organisation's address is the edge's");
    assert.equal((await (await edge(home, "/api/organization/current")).json()).organization_slug, "commons");
    // The edge's own D1 knows no organisation and no member.
    assert.deepEqual(await servers.edgeD1("SELECT (SELECT count(*) FROM organizations) AS orgs, (SELECT count(*) FROM members) AS members"), [{ orgs: 0, members: 0 }]);
  });

  test("signs a member in on the edge, who reads the wall; the edge keeps only the web session", async () => {
    const member = await createMember(servers, { tag: "edge-walker", name: "Edu Edge" });
    await withPage(browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, acme, member.email, { password: member.password, screens: true });
      await page.goto(`${acme}/wall`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/wall");
    });
    const sessions = await servers.edgeD1("SELECT count(*) AS n FROM web_sessions WHERE member_id IS NULL");
    assert.ok(sessions[0].n >= 1, "a web session at the edge, holding the upstream's tokens");
  });

  test("e-mails a password-reset link on the edge's host, for each organisation's address", async () => {
    for (const [origin, member] of [
      [acme, await createMember(servers, { tag: "edge-forgetful" })],
      [home, await createMember(servers, { org: "commons", tag: "edge-forgetful-commons" })],
    ]) {
      const asked = await edge(origin, "/auth/recover_password", { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email: member.email, app: "mobile" }) });
      assert.ok(asked.status < 300, `recover_password answered ${asked.status}`);
      let mail;
      for (let attempt = 0; attempt < 40 && !mail; attempt++) {
        [mail] = await (await edge(home, `/dev/mailbox?to=${encodeURIComponent(member.email)}`)).json();
        if (!mail) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const link = new URL(mail.links.find((href) => href.includes("/recover_password/")));
      assert.equal(link.origin, origin, `the link of ${member.email}`);
    }
  });

  test("uploads a document through the edge and downloads it back", async () => {
    const member = await createMember(servers, { tag: "edge-uploader" });
    const initiative = await createInitiative(servers, { title: "Edge documents", starts_in_days: 2 });
    await addParticipation(servers, member, initiative.slug);
    const login = await (await edge(acme, "/auth/login", { method: "POST", headers: { "content-type": "application/json", origin: acme }, body: JSON.stringify({ email: member.email, password: member.password }) })).json();
    const form = new FormData();
    form.set("file", new Blob([PDF], { type: "application/pdf" }), "minutes.pdf");
    // A client with a token, as the mobile app: the organisation is in the path, any host will do.
    const uploaded = await fetch(`${servers.url}/api/acme/initiative/${initiative.slug}/attachment/document`, { method: "POST", headers: { authorization: `Bearer ${login.access_token}` }, body: form });
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    const { id } = await uploaded.json();
    const download = await fetch(`${servers.url}/api/acme/initiative/${initiative.slug}/attachment/document/${id}/download`, { headers: { authorization: `Bearer ${login.access_token}` } });
    assert.equal(download.status, 200);
    assert.deepEqual(new Uint8Array(await download.arrayBuffer()), PDF);
  });

  test("signs a member in by SSO through the edge: providers and state upstream, the session at the edge", async () => {
    const idp = await startIdentityProvider(home, { slug: "edge-idp", clientId: "commons-edge", account: { email: "sso.edge@acme.example", name: "Sam Edge" } });
    try {
      await registerSsoProvider(servers.upstream, idp, { orgId: "org-acme", id: "sso-edge", enforced: false });
      const started = await edge(home, "/sso/initiate/edge-idp/wall?organization=acme");
      assert.equal(started.status, 302, await started.text());
      const authorization = new URL(started.location);
      assert.equal(authorization.origin, idp.issuer);
      assert.equal(authorization.searchParams.get("redirect_uri"), `${home}/auth/sso/edge-idp/callback`);
      const callback = await walkProvider(authorization, `${home}/auth/sso/edge-idp/callback`);
      const answered = await edge(home, `${callback.pathname}${callback.search}`);
      assert.equal(answered.status, 302);
      assert.equal(answered.location, "/sso/success?next=%2Fwall");
      const cookies = answered.cookies.map((line) => line.split(";")[0]);
      assert.equal(cookies.length, 1, cookies.join(" | "));
      assert.match(cookies[0], /^commons_session=[\w-]{43}$/);
      // That cookie is a session of the edge's: a signed-in page opens with it.
      const settings = await edge(home, "/settings", { headers: { cookie: cookies[0] } });
      assert.equal(settings.status, 200);
      assert.match(await settings.text(), /Sam Edge|sso\.edge@acme\.example/);
    } finally {
      await idp.stop();
    }
  });

  test("renews a session through the auth origin's page in a hidden frame, or says it could not", async () => {
    const member = await createMember(servers, { tag: "edge-renewer" });
    const fresh = await (await edge(acme, "/auth/login", { method: "POST", headers: { "content-type": "application/json", origin: acme }, body: JSON.stringify({ email: member.email, password: member.password }) })).json();
    const renewPage = `${servers.upstream.url}/renew`;
    await withPage(browser, { viewport: "mobile" }, async (page) => {
      await signIn(page, acme, member.email, { password: member.password });
      // The auth origin's page (an upstream's, here played by the browser's router): it hands the tokens over, or not.
      let answer = true;
      await page.route(`${renewPage}*`, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: answer ? `<script>parent.postMessage(${JSON.stringify({ type: "set_token", access_token: fresh.access_token, refresh_token: fresh.refresh_token, expires_in: 900 })}, "*")</script>` : "<p>Nothing to say.</p>",
        }),
      );
      await page.goto(`${acme}/session/renew?${new URLSearchParams({ url: `${renewPage}?s=1`, redirect: "/settings" })}`);
      await page.waitForURL((url) => url.pathname === "/settings", { timeout: 15_000 });
      answer = false;
      await page.goto(`${acme}/session/renew?${new URLSearchParams({ url: `${renewPage}?s=2`, redirect: "/settings" })}`);
      await page.getByRole("heading", { name: auth.session_renew_title }).waitFor();
      await page.getByText(auth.session_renew_failed).waitFor({ timeout: 15_000 });
      await expectNoSeriousAxeViolations(page, { label: "session renewal failed, 390x844" });
      await page.getByRole("button", { name: auth.session_renew_retry }).waitFor();
      // Another site's page is never framed.
      const refused = await page.goto(`${acme}/session/renew?${new URLSearchParams({ url: "https://evil.example/renew", redirect: "/settings" })}`);
      assert.equal(refused.status(), 400);
    });
  });

  test("answers 502 once the upstream is gone, never 500, and keeps the member signed in", async () => {
    const member = await createMember(servers, { tag: "edge-patient" });
    await withPage(browser, { viewport: "desktop" }, async (page) => {
      await signIn(page, acme, member.email, { password: member.password });
      const before = await servers.edgeD1("SELECT count(*) AS n FROM web_sessions");
      await servers.upstream.stop();
      for (const [method, path] of [
        ["GET", "/api/organization/current"],
        ["POST", "/auth/login"],
        ["GET", "/api/acme/wall"],
      ]) {
        const answer = await edge(home, path, { method, headers: { "content-type": "application/json", origin: home }, body: method === "POST" ? JSON.stringify({ email: member.email, password: member.password }) : undefined });
        assert.equal(answer.status, 502, `${method} ${path}`);
        assert.equal((await answer.json()).error, "upstream_unavailable");
      }
      // The signed-in page: not a 500, not the sign-in screen, and the session is still there.
      const response = await page.goto(`${acme}/wall`);
      assert.notEqual(response.status(), 500);
      assert.notEqual(new URL(page.url()).pathname, "/signin");
      assert.deepEqual(await servers.edgeD1("SELECT count(*) AS n FROM web_sessions"), before);
    });
  });
});
