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
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./server.mjs";

export const PROVIDER_SLUG = "acme-idp";
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
