/**
 * A real OpenID provider (oidc-provider) on loopback for single sign-on tests, and the row that
 * gives an organisation that provider. Used by tests/e2e/sso.test.mjs (fetch) and the browser tests.
 *
 *   const idp = await startIdentityProvider(server.url, { account: { email, name } });
 *   await registerSsoProvider(server, idp, { orgId: "org-acme" });
 *   ...
 *   await idp.stop();
 *
 * The provider's dev interactions are on: a login form (any login and password) and a consent form.
 */
import assert from "node:assert/strict";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import Provider from "oidc-provider";
import { parseSetCookie } from "./cookies.mjs";
import { freePort } from "./server.mjs";

export const PROVIDER_SLUG = "acme-idp";
/** How long one step of a round trip (one request) may take. */
const STEP_TIMEOUT_MS = 15_000;
export const CLIENT_ID = "commons-acme";

/**
 * @param {string} appUrl the app's origin (the redirect URI is its /auth/sso/{slug}/callback)
 * @param {{ slug?: string, clientId?: string, account: { email: string, name: string } }} options
 */
export async function startIdentityProvider(appUrl, { slug = PROVIDER_SLUG, clientId = CLIENT_ID, account }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientSecret = randomBytes(24).toString("base64url");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: "test-rs256", alg: "RS256", use: "sig" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/auth/sso/${slug}/callback`],
        token_endpoint_auth_method: "client_secret_post",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    // PKCE for every client (by default oidc-provider 9 demands it of public clients only).
    pkce: { required: () => true },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name"],
    },
    features: { devInteractions: { enabled: true } },
    // Fixed lifetimes (seconds) keep the provider's "default ttl" notices out of the output.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: account.email, email_verified: true, name: account.name };
        },
      };
    },
  });
  // Keep the expected 4xx of the tests out of the output; show real faults.
  provider.on("server_error", (_ctx, error) => console.error("oidc-provider server_error", error));

  const server = createServer(provider.callback());
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    issuer,
    slug,
    clientId,
    clientSecret,
    provider,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Gives an organisation the provider; `enforced` makes sign-in of its members go through it. */
export async function registerSsoProvider(app, idp, { orgId, id = `sso-${orgId}`, enforced = true }) {
  await app.d1(
    `INSERT INTO sso_providers (id, org_id, provider, issuer, client_id, client_secret, scopes, enforced) ` +
      `VALUES ('${id}', '${orgId}', '${idp.slug}', '${idp.issuer}', '${idp.clientId}', '${idp.clientSecret}', 'openid email profile', ${enforced ? 1 : 0})`,
  );
}

// ---------------------------------------------------------------------------------------------
// A minimal cookie jar: enough for oidc-provider's path-scoped interaction cookies and the app's
// /auth-scoped refresh cookie. Domains are not tracked: each jar talks to one origin.

export class CookieJar {
  #cookies = new Map();

  store(requestUrl, response) {
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header, new URL(requestUrl).pathname);
      if (!cookie) continue;
      const { name, value, path, expired } = cookie;
      const key = `${name}\n${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  get(name) {
    for (const cookie of this.#cookies.values()) if (cookie.name === name) return cookie;
    return undefined;
  }

  header(requestUrl) {
    const requestPath = new URL(requestUrl).pathname;
    return [...this.#cookies.values()]
      .filter(({ path }) => requestPath === path || requestPath.startsWith(path.endsWith("/") ? path : `${path}/`))
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ");
  }
}

/** fetch with the jar's cookies, no automatic redirects, and a deadline. */
export async function request(jar, url, init = {}) {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual", signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
  jar.store(url, response);
  return response;
}

export const decodeHtml = (text) =>
  text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&#x2F;/g, "/").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * Walks the provider's dev interactions (login with any name and password, then consent) from an
 * authorization URL until it redirects to an address starting with `until`; answers that URL.
 */
export async function walkProvider(authorizationUrl, until, idpJar = new CookieJar()) {
  let url = authorizationUrl.toString();
  let init = {};
  const seen = [];
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(until)) return new URL(url);
    const response = await request(idpJar, url, init);
    seen.push(`${init.method ?? "GET"} ${url} -> ${response.status}`);
    if (response.status >= 300 && response.status < 400) {
      await response.arrayBuffer();
      url = new URL(response.headers.get("location"), url).toString();
      init = {};
      continue;
    }
    const html = await response.text();
    assert.equal(response.status, 200, `provider answered ${response.status} at ${url}:\n${html.slice(0, 2000)}`);
    const action = /<form[^>]*\baction="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    assert.ok(action && prompt, `no interaction form at ${url}:\n${html.slice(0, 2000)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === "login") {
      form.set("login", "sofia");
      form.set("password", "any password");
    } else {
      assert.equal(prompt, "consent");
    }
    url = new URL(decodeHtml(action), url).toString();
    init = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() };
  }
  assert.fail(`the provider never redirected to the app:\n${seen.join("\n")}`);
}
