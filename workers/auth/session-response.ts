/**
 * What every successful sign-in answers (login, confirmed e-mail, reset password, SSO):
 * `{ access_token, refresh_token, expires_in, user }`, plus the refresh token in an HttpOnly cookie
 * scoped to /auth so browsers can refresh without script access to it.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../types";
import type { MemberRow } from "./members";
import { userJson } from "./members";
import { createSession, REFRESH_COOKIE, REFRESH_TOKEN_TTL_MS, type IssuedTokens } from "./sessions";

export function setRefreshCookie(c: Context<AppEnv>, refreshToken: string) {
  setCookie(c, REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/auth",
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}

export function clearRefreshCookie(c: Context<AppEnv>) {
  deleteCookie(c, REFRESH_COOKIE, { path: "/auth", secure: true });
}

export const readRefreshCookie = (c: Context<AppEnv>) => getCookie(c, REFRESH_COOKIE);

export function tokensJson(tokens: IssuedTokens) {
  return { access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_in: tokens.expires_in };
}

export async function signIn(c: Context<AppEnv>, member: MemberRow) {
  const tokens = await createSession(c.env, member.id, c.req.header("user-agent"));
  setRefreshCookie(c, tokens.refresh_token);
  return { ...tokensJson(tokens), user: await userJson(c.env, member, c.var.tenant.id) };
}
