/**
 * End-to-end OpenID Connect single sign-on: the real Worker (`wrangler dev`, local D1) against a real
 * OpenID provider (`oidc-provider`) on loopback, driven with plain fetch and two small cookie jars.
 *
 *   node_modules/.bin/node --test tests/e2e/sso.test.mjs
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CLIENT_ID, CookieJar, PROVIDER_SLUG, registerSsoProvider, request, startIdentityProvider, walkProvider } from "../support/oidc.mjs";
import { sharedServer, startServer } from "../support/server.mjs";

const SSO_EMAIL = "sso.user@acme.example";
const SSO_NAME = "Sofia Single-Sign";
const STEP_TIMEOUT_MS = 15_000;

describe("OpenID Connect single sign-on against oidc-provider", { timeout: 240_000 }, () => {
  let app;
  let idp;
  let callbackPrefix;

  before(async () => {
    // The end-to-end run's one server when there is one (scripts/e2e-tests.mjs runs this file
    // last: it makes single sign-on compulsory for Acme).
    app = sharedServer() ?? (await startServer({ seed: true, vars: { ENVIRONMENT: "test" } }));
    callbackPrefix = `${app.url}/auth/sso/${PROVIDER_SLUG}/callback`;
    idp = await startIdentityProvider(app.url, { account: { email: SSO_EMAIL, name: SSO_NAME } });
    await registerSsoProvider(app, idp, { orgId: "org-acme", id: "sso-acme" });
  }, { timeout: 180_000 });

  after(async () => {
    await Promise.allSettled([idp?.stop(), app?.stop()]);
  }, { timeout: 30_000 });

  /** POST /auth/sso/{provider}/initiate: the provider's authorization URL. */
  async function initiate() {
    const response = await fetch(`${app.url}/auth/sso/${PROVIDER_SLUG}/initiate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ organization: "acme", redirect_path: "wall" }),
      signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
    });
    const text = await response.text();
    assert.equal(response.status, 200, `initiate answered ${response.status}: ${text}\n${app.output().slice(-3000)}`);
    const { url } = JSON.parse(text);
    assert.equal(typeof url, "string");
    return new URL(url);
  }

  /** Walks the provider's dev interactions (login, then consent) until it redirects to the app. */
  const authorizeAtProvider = (authorizationUrl, idpJar = new CookieJar(), until = callbackPrefix) => walkProvider(authorizationUrl, until, idpJar);

  /** GET the callback on the app; answers the response (its body consumed). */
  async function callback(appJar, url) {
    const response = await request(appJar, url.toString());
    await response.arrayBuffer();
    return response;
  }

  function assertRedirect(response, expected) {
    assert.equal(response.status, 302, `expected a redirect to ${expected}, got ${response.status}\n${app.output().slice(-3000)}`);
    const location = new URL(response.headers.get("location"), app.url);
    assert.equal(`${location.pathname}${location.search}`, expected, `${location}\n${app.output().slice(-3000)}`);
  }

  /** The whole round trip; answers PUT /auth/identity's JSON. */
  async function signInWithSso() {
    const appJar = new CookieJar();
    const authorizationUrl = await initiate();
    const callbackUrl = await authorizeAtProvider(authorizationUrl);
    assert.equal(callbackUrl.searchParams.get("state"), authorizationUrl.searchParams.get("state"));
    assert.ok(callbackUrl.searchParams.get("code"), `no code in ${callbackUrl}`);

    const response = await callback(appJar, callbackUrl);
    assertRedirect(response, "/sso/success?next=%2Fwall");
    const refresh = appJar.get("commons_refresh");
    assert.ok(refresh?.value, "the callback sets the commons_refresh cookie");
    assert.equal(refresh.path, "/auth");
    const setCookie = response.headers.getSetCookie().find((header) => header.startsWith("commons_refresh="));
    assert.match(setCookie, /;\s*HttpOnly/i);
    // The web app's session too, so the page that opened the popup is signed in when it reloads.
    const session = appJar.get("commons_session");
    assert.ok(session?.value, "the callback sets the commons_session cookie");
    assert.equal(session.path, "/");
    const settings = await request(appJar, `${app.url}/settings`, { redirect: "manual" });
    assert.equal(settings.status, 200, "a signed-in page opens with that session");

    const identity = await request(appJar, `${app.url}/auth/identity`, { method: "PUT" });
    const text = await identity.text();
    assert.equal(identity.status, 200, `PUT /auth/identity answered ${identity.status}: ${text}`);
    return JSON.parse(text);
  }

  test("signs a new member in with the provider's verified e-mail", { timeout: 60_000 }, async () => {
    const authorizationUrl = await initiate();
    assert.equal(authorizationUrl.origin, idp.issuer);
    const params = authorizationUrl.searchParams;
    assert.equal(params.get("client_id"), CLIENT_ID);
    assert.equal(params.get("response_type"), "code");
    assert.equal(params.get("redirect_uri"), callbackPrefix);
    assert.equal(params.get("scope"), "openid email profile");
    assert.match(params.get("code_challenge") ?? "", /^[A-Za-z0-9_-]{43}$/);
    assert.equal(params.get("code_challenge_method"), "S256");
    assert.ok(params.get("state"), "state");
    assert.ok(params.get("nonce"), "nonce");

    const body = await signInWithSso();
    assert.ok(body.access_token, "access_token");
    assert.equal(body.user.email, SSO_EMAIL);
    assert.equal(body.user.name, SSO_NAME);
    assert.equal(body.user.email_confirmed, true);
    assert.equal(body.user.organizations[0].slug, "acme");

    const identities = await app.d1(`SELECT subject, member_id FROM sso_identities WHERE provider_id = 'sso-acme'`);
    assert.equal(identities.length, 1);
    assert.equal(identities[0].subject, "sofia");
    assert.equal(identities[0].member_id, body.user.id);
  });

  test("a second sign-in reuses the same member", { timeout: 60_000 }, async () => {
    const first = await signInWithSso();
    const second = await signInWithSso();
    assert.equal(second.user.id, first.user.id);
    const members = await app.d1(`SELECT id FROM members WHERE email = '${SSO_EMAIL}'`);
    assert.deepEqual(members.map((row) => row.id), [first.user.id]);
    const identities = await app.d1(`SELECT member_id FROM sso_identities WHERE provider_id = 'sso-acme'`);
    assert.equal(identities.length, 1);
    const memberships = await app.d1(`SELECT org_id FROM memberships WHERE member_id = '${first.user.id}'`);
    assert.deepEqual(memberships.map((row) => row.org_id), ["org-acme"]);
  });

  test("an unknown state is refused, and a state works only once", { timeout: 60_000 }, async () => {
    const appJar = new CookieJar();
    const unknown = await callback(appJar, `${callbackPrefix}?code=made-up&state=${"x".repeat(43)}`);
    assertRedirect(unknown, "/sso/error/invalid_state");
    const missing = await callback(appJar, `${callbackPrefix}?code=made-up`);
    assertRedirect(missing, "/sso/error/invalid_state");

    const callbackUrl = await authorizeAtProvider(await initiate());
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set("state", `${callbackUrl.searchParams.get("state")}x`);
    assertRedirect(await callback(appJar, tampered), "/sso/error/invalid_state");
    assert.equal(appJar.get("commons_refresh"), undefined, "no session for a tampered state");

    // The genuine answer still works (the tampered one consumed nothing), once.
    assertRedirect(await callback(appJar, callbackUrl), "/sso/success?next=%2Fwall");
    assert.ok(appJar.get("commons_refresh"));
    const replayJar = new CookieJar();
    assertRedirect(await callback(replayJar, callbackUrl), "/sso/error/invalid_state");
    assert.equal(replayJar.get("commons_refresh"), undefined, "no session for a replayed answer");
  });

  test("GET /sso/initiate redirects the browser to the provider", { timeout: 30_000 }, async () => {
    const discovery = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json();
    const response = await fetch(`${app.url}/sso/initiate/${PROVIDER_SLUG}/wall?organization=acme`, {
      redirect: "manual",
      signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    assert.equal(response.status, 302, app.output().slice(-3000));
    const location = new URL(response.headers.get("location"));
    assert.equal(`${location.origin}${location.pathname}`, discovery.authorization_endpoint);
    assert.equal(location.searchParams.get("client_id"), CLIENT_ID);
    assert.equal(location.searchParams.get("redirect_uri"), callbackPrefix);
    assert.equal(location.searchParams.get("code_challenge_method"), "S256");
    const states = await app.d1(`SELECT redirect_path FROM sso_states WHERE state = '${location.searchParams.get("state")}'`);
    assert.deepEqual(states, [{ redirect_path: "wall" }]);
  });

  test("an administrator adds a provider by its issuer and tests the sign-in: what happened is reported, nobody is signed in", { timeout: 90_000 }, async () => {
    const slug = "acme-test";
    const second = await startIdentityProvider(app.url, { slug, clientId: "commons-acme-test", account: { email: "tess.tester@acme.example", name: "Tess Tester" } });
    try {
      const login = await fetch(`${app.url}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "admin@acme.example", password: "commons-demo" }) });
      assert.equal(login.status, 200, await login.clone().text());
      const { access_token: token } = await login.json();
      const admin = async (method, path, body) => {
        const response = await fetch(`${app.url}/api/acme/admin${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
        });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : null };
      };
      const added = await admin("POST", "/sso", { provider: slug, issuer: second.issuer, client_id: second.clientId, client_secret: second.clientSecret, enforced: false });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      // Discovery filled in the rest.
      const discovery = await (await fetch(`${second.issuer}/.well-known/openid-configuration`)).json();
      assert.equal(added.body.discovered.authorization_endpoint, discovery.authorization_endpoint);
      assert.equal(added.body.has_secret, true);
      assert.equal(added.body.client_secret, undefined, "the secret is never answered back");

      /** One test round trip: answers the test as the API reports it, and the callback's cookie jar. */
      async function testSignIn() {
        const started = await admin("POST", `/sso/${added.body.id}/test`);
        assert.equal(started.status, 201, JSON.stringify(started.body));
        assert.equal(started.body.test.status, "started");
        const prefix = `${app.url}/auth/sso/${slug}/callback`;
        const appJar = new CookieJar();
        const response = await callback(appJar, await authorizeAtProvider(new URL(started.body.url), new CookieJar(), prefix));
        assertRedirect(response, `/manage/access?test=${started.body.test.id}`);
        assert.equal(appJar.get("commons_refresh"), undefined, "a test signs nobody in");
        assert.equal(appJar.get("commons_session"), undefined, "a test signs nobody in");
        return (await admin("GET", `/sso/tests/${started.body.test.id}`)).body;
      }

      const passed = await testSignIn();
      assert.equal(passed.status, "succeeded", JSON.stringify(passed));
      assert.equal(passed.code, null);
      assert.deepEqual(passed.detail, { sub: "sofia", email: "tess.tester@acme.example", email_verified: true, name: "Tess Tester" });

      // A wrong secret: the provider refuses the code exchange, and the test says so.
      assert.equal((await admin("PUT", `/sso/${added.body.id}`, { client_secret: "not-the-secret" })).status, 200);
      const refused = await testSignIn();
      assert.equal(refused.status, "failed");
      assert.equal(refused.code, "token_refused");
      assert.equal(refused.detail.error, "invalid_client");

      // Neither test linked an identity or made an account.
      const linked = await app.d1(`SELECT count(*) AS n FROM sso_identities WHERE provider_id = '${added.body.id}'`);
      assert.equal(linked[0].n, 0);
      const accounts = await app.d1(`SELECT count(*) AS n FROM members WHERE email = 'tess.tester@acme.example'`);
      assert.equal(accounts[0].n, 0);
    } finally {
      await second.stop();
    }
  });

  test("the attack of issue 25 is refused: an administrator's invitation and own provider never reach an existing account; its owner's link still works", { timeout: 150_000 }, async () => {
    const VICTIM = "ana@commons.example";
    const slug = "acme-own";
    // The administrator's own provider, asserting the victim's address as verified.
    const own = await startIdentityProvider(app.url, { slug, clientId: "commons-acme-own", account: { email: VICTIM, name: "Not Ana" } });
    try {
      const signIn = async (email, jar) => {
        const response = await request(jar ?? new CookieJar(), `${app.url}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "commons-demo" }) });
        const text = await response.text();
        assert.equal(response.status, 200, text);
        return JSON.parse(text);
      };
      const { access_token: adminToken } = await signIn("admin@acme.example");
      const call = async (token, method, path, body) => {
        const response = await fetch(`${app.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
        });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : null };
      };
      const [victim] = await app.d1(`SELECT id FROM members WHERE email = '${VICTIM}'`);
      const membershipsOf = async () => (await app.d1(`SELECT org_id FROM memberships WHERE member_id = '${victim.id}' ORDER BY org_id`)).map((row) => row.org_id);
      const before = await membershipsOf();

      // 1. The invitation: answered as for anyone, and the account is not made a member.
      const invited = await call(adminToken, "POST", "/api/acme/admin/invitations", { invitations: [{ email: VICTIM }] });
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
      assert.equal(invited.body.results[0].status, "invited");
      assert.deepEqual(await membershipsOf(), before);

      // 2. The administrator's own provider, registered through the admin API.
      const added = await call(adminToken, "POST", "/api/acme/admin/sso", { provider: slug, issuer: own.issuer, client_id: own.clientId, client_secret: own.clientSecret, enforced: false });
      assert.equal(added.status, 201, JSON.stringify(added.body));

      // 3. The callback: refused, nobody signed in, nothing linked.
      const prefix = `${app.url}/auth/sso/${slug}/callback`;
      const start = async (path, token, body) => {
        const response = await fetch(`${app.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
        });
        const text = await response.text();
        assert.equal(response.status, 200, `${path} answered ${response.status}: ${text}`);
        return new URL(JSON.parse(text).url);
      };
      const attackJar = new CookieJar();
      const refused = await callback(attackJar, await authorizeAtProvider(await start(`/auth/sso/${slug}/initiate`, null, { organization: "acme", redirect_path: "wall" }), new CookieJar(), prefix));
      assertRedirect(refused, "/sso/error/email_in_use");
      assert.equal(attackJar.get("commons_refresh"), undefined, "the attacker gets no session");
      assert.equal(attackJar.get("commons_session"), undefined, "the attacker gets no web session");
      assert.deepEqual(await app.d1(`SELECT count(*) AS n FROM sso_identities WHERE member_id = '${victim.id}'`), [{ n: 0 }]);
      assert.deepEqual(await membershipsOf(), before);

      // A link round trip finished in a browser that is not signed in as its starter links nothing.
      const { access_token: anaToken } = await signIn(VICTIM);
      const strangerJar = new CookieJar();
      const elsewhere = await callback(strangerJar, await authorizeAtProvider(await start(`/auth/sso/${slug}/link`, anaToken, { organization: "acme" }), new CookieJar(), prefix));
      assertRedirect(elsewhere, "/sso/error/link_not_signed_in");
      assert.deepEqual(await app.d1(`SELECT count(*) AS n FROM sso_identities WHERE member_id = '${victim.id}'`), [{ n: 0 }]);

      // 4. The legitimate link: Ana, signed in with her password in this browser, uses her Acme sign-in.
      const anaJar = new CookieJar();
      const ana = await signIn(VICTIM, anaJar);
      const linkStarted = await start(`/auth/sso/${slug}/link`, ana.access_token, { organization: "acme" });
      assertRedirect(await callback(anaJar, await authorizeAtProvider(linkStarted, new CookieJar(), prefix)), `/sso/success?${new URLSearchParams({ next: "/settings/account?linked=1" })}`);
      const links = await app.d1(`SELECT member_id, issuer, subject FROM sso_identities WHERE provider_id = '${added.body.id}'`);
      assert.deepEqual(links, [{ member_id: victim.id, issuer: own.issuer, subject: "sofia" }]);
      assert.deepEqual(await membershipsOf(), [...new Set([...before, "org-acme"])].sort());

      // From now on the provider signs her in, as herself.
      const laterJar = new CookieJar();
      assertRedirect(await callback(laterJar, await authorizeAtProvider(await start(`/auth/sso/${slug}/initiate`, null, { organization: "acme", redirect_path: "wall" }), new CookieJar(), prefix)), "/sso/success?next=%2Fwall");
      const identity = await request(laterJar, `${app.url}/auth/identity`, { method: "PUT" });
      assert.equal((await identity.json()).user.id, victim.id);
    } finally {
      await own.stop();
    }
  });
});
