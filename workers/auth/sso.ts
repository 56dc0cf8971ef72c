/**
 * Single sign-on by OpenID Connect (the flow is in workers/auth/sso-flow.ts):
 *
 *   POST /auth/sso/{provider}/initiate   -> { url } of the provider's authorization endpoint
 *   GET  /sso/initiate/{provider}/{path*} -> the same, as a redirect (the web app's popup opens it)
 *   GET  /auth/sso/{provider}/callback   -> signs the member in, then /sso/success or /sso/error/{code}
 */
import { Hono } from "hono";
import * as v from "valibot";
import { DomainError, badRequest } from "../lib/domain-errors";
import { jsonBody } from "../lib/json-body";
import type { AppEnv } from "../types";
import { createSession } from "./sessions";
import { exchangeCode, initiateTenant, InitiateInput, memberForIdentity, SsoError, ssoRedirectPath, startSso, takeSsoState } from "./sso-flow";
import { createWebSession } from "./web-session";
import { finishTest, SSO_TEST_APP } from "../admin/sso-providers";
import { setRefreshCookie } from "./session-response";

export const ssoRoutes = new Hono<AppEnv>()
  .post("/:provider/initiate", async (c) => {
    const body = c.req.header("content-type")?.includes("application/json") ? await jsonBody(c) : {};
    if (body === null || typeof body !== "object") throw badRequest("bad_request", "The body must be a JSON object.");
    const parsed = v.safeParse(InitiateInput, { ...c.req.query(), ...body });
    if (!parsed.success) throw badRequest("validation_error", "Some fields are invalid.");
    const tenant = await initiateTenant(c.env, c.var.tenant, parsed.output.organization);
    return c.json({ url: await startSso(c.env, c.req.url, tenant, c.req.param("provider"), parsed.output) });
  })

  .get("/:provider/callback", async (c) => {
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
      const member = await memberForIdentity(c.env, provider, claims);
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
