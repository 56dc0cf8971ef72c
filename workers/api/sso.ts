/**
 * Single sign-on by OpenID Connect (the flow is in workers/auth/sso-flow.ts):
 *
 *   POST /auth/sso/{provider}/initiate   -> { url } of the provider's authorization endpoint
 *   GET  /sso/initiate/{provider}/{path*} -> the same, as a redirect (the web app's popup opens it)
 *   GET  /auth/sso/{provider}/callback   -> signs the member in, then /sso/success or /sso/error/{code}
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { namedList, objectOf, scalars } from "../openapi/answers";
import { jsonSchemaOf } from "../openapi/validated-input";
import * as v from "valibot";
import { DomainError, badRequest } from "../lib/domain-errors";
import { jsonBody } from "../lib/json-body";
import type { AppEnv } from "../types";
import { createSession } from "../auth/sessions";
import { exchangeCode, initiateTenant, InitiateInput, SsoError, ssoRedirectPath, startSso, takeSsoState, type IdentityClaims, type ProviderRow } from "../auth/sso-flow";
import { browserMemberId, linkedSignIns, linkIdentity, markRoundTripForLink, memberForIdentity } from "../auth/sso-identities";
import { createWebSession } from "../auth/web-session";
import { finishTest, SSO_TEST_APP } from "../admin/sso-providers";
import { readRefreshCookie, setRefreshCookie } from "../auth/session-response";
import { authenticate, unauthenticated } from "../auth/middleware";
import { sessionOfRefreshToken } from "../auth/sessions";
import { sessionCookieOf } from "../auth/web-session";
import { sha256Hex } from "../lib/crypto";
import type { Context } from "hono";

/** Where a member who linked their sign-in lands: the account settings that offered it. */
const LINKED_PATH = "settings/account?linked=1";

/**
 * The member a link round trip's callback links: the one who started it, and only in a browser
 * still signed in as them (else link_not_signed_in).
 */
async function linkingMember(c: Context<AppEnv>, provider: ProviderRow, claims: IdentityClaims, memberId: string) {
  const cookie = sessionCookieOf(c.req.raw);
  const refresh = readRefreshCookie(c);
  const browser = await browserMemberId(c.env, cookie ? await sha256Hex(cookie) : null, refresh ? await sessionOfRefreshToken(c.env, refresh) : null);
  if (browser !== memberId) throw new SsoError("link_not_signed_in", "The link must be finished in the browser signed in as the account that started it.");
  return linkIdentity(c.env, provider, claims, memberId);
}

/*
 * The SSO routes read their input by hand, not by validate(): initiate takes its fields from the
 * query or a JSON body, the body's winning (SPEC.md section 7), so no one target holds them; link
 * reads its body the same way (optional, bad_request for a body that is not an object); the
 * callback and the browser-facing initiate answer every failure with a redirect, never a 400.
 */
export const ssoRoutes = new Hono<AppEnv>()
  .post("/:provider/initiate", describeRoute(doc("Auth", "public", { summary: "Start single sign-on with one of the organisation's providers: the provider's URL to open.", body: { schema: jsonSchemaOf(InitiateInput), description: "The same fields may come as query parameters (SPEC.md section 7).", optional: true }, answer: { type: "object", required: ["url"], properties: { url: { type: "string" } } }, errors: { 400: ["validation_error", "bad_request"], 404: ["sso_provider_not_found", "organization_not_found"] } })), async (c) => {
    const body = c.req.header("content-type")?.includes("application/json") ? await jsonBody(c) : {};
    if (body === null || typeof body !== "object") throw badRequest("bad_request", "The body must be a JSON object.");
    const parsed = v.safeParse(InitiateInput, { ...c.req.query(), ...body });
    if (!parsed.success) throw badRequest("validation_error", "Some fields are invalid.");
    const tenant = await initiateTenant(c.env, c.var.tenant, parsed.output.organization);
    return c.json({ url: await startSso(c.env, c.req.url, tenant, c.req.param("provider"), parsed.output) });
  })

  .get("/:provider/callback", describeRoute(doc("Auth", "public", { summary: "The identity provider's return: signs in (or records an administrator's test) and redirects.", status: 302, description: "Failures redirect too, to /sso/error/{code}." })), async (c) => {
    const state = c.req.query("state");
    const fail = (code: string) => c.redirect(`/sso/error/${encodeURIComponent(code)}`, 302);
    if (!state || state.length > 200) return fail("invalid_state");
    const taken = await takeSsoState(c.env, state, c.req.param("provider"));
    if (!taken) return fail("invalid_state");
    const { stateRow, provider } = taken;
    // An administrator's test sign-in: record what the provider answered, sign nobody in.
    if (stateRow.app === SSO_TEST_APP) {
      const back = await finishTest(c.env, state, c.req.url, provider, stateRow);
      if (back) return c.redirect(back, 302);
      return fail("invalid_state");
    }
    try {
      const claims = await exchangeCode(c.env, c.req.url, provider, stateRow);
      const member = stateRow.linkMemberId ? await linkingMember(c, provider, claims, stateRow.linkMemberId) : await memberForIdentity(c.env, provider, claims);
      if (member.disabledAt !== null) return fail("account_disabled");
      const tokens = await createSession(c.env, member.id, c.req.header("user-agent"));
      setRefreshCookie(c, tokens.refresh_token);
      // The web app's own session, so the page that opened the popup is signed in when it reloads.
      c.header("set-cookie", await createWebSession({ cloudflare: { env: c.env } }, tokens), { append: true });
      const next = `/${stateRow.redirectPath}`;
      return c.redirect(`/sso/success?${new URLSearchParams({ next })}`, 302);
    } catch (cause) {
      console.error(JSON.stringify({ level: "warn", msg: "sso callback failed", cause: String(cause) }));
      return fail(cause instanceof SsoError ? cause.code : "exchange_failed");
    }
  })

  // The signed-in member's linked sign-ins (Settings → account shows them beside the link buttons).
  .get("/links", describeRoute(doc("Auth", "member", { answer: namedList("links", objectOf({ provider: scalars.str, organization: scalars.str, linked_at: scalars.time })), summary: "The signed-in member's linked sign-ins." })), async (c) => {
    const auth = await authenticate(c.env, c.req.header("authorization"), c.var.page?.memo);
    if (!auth) throw unauthenticated();
    return c.json({ links: await linkedSignIns(c.env, auth.memberId) });
  })

  // "Use my Acme sign-in": a signed-in member links their own account to the organisation's
  // provider (decision 029). The round trip carries who started it; the callback links only them.
  .post("/:provider/link", describeRoute(doc("Auth", "member", { answer: objectOf({ url: scalars.str }), summary: "Link the member's account to the organisation's provider: the provider's URL to open.", errors: { 404: ["sso_provider_not_found"] } })), async (c) => {
    const auth = await authenticate(c.env, c.req.header("authorization"), c.var.page?.memo);
    if (!auth) throw unauthenticated();
    const body = c.req.header("content-type")?.includes("application/json") ? await jsonBody(c) : {};
    if (body === null || typeof body !== "object") throw badRequest("bad_request", "The body must be a JSON object.");
    const parsed = v.safeParse(InitiateInput, { ...body, redirect_path: LINKED_PATH });
    if (!parsed.success) throw badRequest("validation_error", "Some fields are invalid.");
    const tenant = await initiateTenant(c.env, c.var.tenant, parsed.output.organization);
    const url = await startSso(c.env, c.req.url, tenant, c.req.param("provider"), parsed.output);
    await markRoundTripForLink(c.env, new URL(url).searchParams.get("state")!, auth.memberId);
    return c.json({ url });
  });

/** GET /sso/initiate/{provider}/{redirectPath*}: the browser-facing start of the flow. */
export const ssoInitiatePage = new Hono<AppEnv>().get("/:provider/*", async (c) => {
  const provider = c.req.param("provider");
  const prefix = `/sso/initiate/${encodeURIComponent(provider)}/`;
  const path = new URL(c.req.url).pathname;
  // Kept %-encoded: it is a path of this site, and it goes back into a URL as one.
  const redirectPath = ssoRedirectPath(path.startsWith(prefix) ? path.slice(prefix.length) : "");
  const parsed = v.safeParse(InitiateInput, { ...c.req.query(), redirect_path: redirectPath ?? "" });
  if (redirectPath === null || !parsed.success) return c.redirect("/sso/error/invalid_request", 302);
  try {
    const tenant = await initiateTenant(c.env, c.var.tenant, parsed.output.organization);
    return c.redirect(await startSso(c.env, c.req.url, tenant, provider, parsed.output), 302);
  } catch (cause) {
    const code = cause instanceof DomainError ? cause.code : "initiate_failed";
    return c.redirect(`/sso/error/${encodeURIComponent(code)}`, 302);
  }
});
