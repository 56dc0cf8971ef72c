/**
 * Where a visitor without a session goes (SPEC.md section 2, "Logged-in routes";
 * docs/decisions/033-links-land-where-they-point.md). Every private page, a deep link into an
 * initiative included (the "Open the initiative" of every staff e-mail), goes to /signin keeping
 * where the visitor was going: most people who follow such a link are members (issue 28). A new
 * person goes on from the sign-in page to sign up: its create-account links, and its answer to an
 * unknown e-mail, lead to the initiative's sign-up link /signup/i/{slug}, whose journey lands on the
 * initiative. Pure, so the browser uses it too.
 */
import { localPath } from "~/domain/same-origin";
import { SLUG_SOURCE } from "~/domain/slug";

/** The `{a}` of /initiative/{a}/{b}: the slug. `{b}` is the action (participate, contribute), or absent. */
const INITIATIVE_DEEP_LINK = new RegExp(`^/(?:initiative|wall)/(${SLUG_SOURCE})(?:/[a-z]+)?/?(?:[?#].*)?$`);

/** Pages that are no place to land after signing in (and would loop). */
const NOT_A_TARGET = /^\/(?:signin|logout|loading)?(?:[/?#]|$)/;

/**
 * `raw` as a place to land after signing in: a path of this site (app/domain/same-origin.ts, the
 * one rule), and not the home, sign-in, logout or loading page. Else null.
 */
export function landingPath(raw: string | null | undefined): string | null {
  const path = localPath(raw);
  return path && !NOT_A_TARGET.test(path) ? path : null;
}

/** The initiative a path links into, else null. */
export function deepLinkInitiative(path: string | null | undefined): string | null {
  return (path && INITIATIVE_DEEP_LINK.exec(path)?.[1]) || null;
}

/** The create-account page for a visitor going to `redirect`: the initiative's sign-up link, else /signup. */
export function signupPath(redirect: string | null | undefined, email?: string): string {
  const initiative = deepLinkInitiative(redirect);
  if (initiative) return `/signup/i/${initiative}`;
  return email ? `/signup?${new URLSearchParams({ email })}` : "/signup";
}

/**
 * The sign-in page for a visitor going to `redirect`, with the e-mail filled in. The target passes
 * the one same-origin rule (app/domain/same-origin.ts): another site's address, `//evil` and the
 * like are dropped, never carried.
 */
export function signinPath(redirect?: string | null, email?: string): string {
  const query = new URLSearchParams();
  const target = landingPath(redirect);
  if (target) query.set("redirect", target);
  if (email) query.set("email", email);
  const search = query.toString();
  return search ? `/signin?${search}` : "/signin";
}

/** The page of a sign-up link's initiative: where its journey lands, and where signing in instead goes. */
export const initiativePath = (slug: string) => `/initiative/${encodeURIComponent(slug)}`;

/** Where a visitor without a session goes from `path` (pathname and search). */
export function signedOutPath(path: string): string {
  return signinPath(path);
}

/**
 * An SSO start link (/sso/initiate/{provider}/{redirectPath*}, SPEC.md section 2) landing on
 * `landing` instead of the path it names, when `landing` is a place to land (landingPath). Only its
 * path travels: the start link's own query is the provider's. A link of another shape is kept.
 */
export function ssoStartLandingOn(url: string, landing: string | null | undefined): string {
  const target = landingPath(landing);
  const parsed = new URL(url, "http://local.invalid");
  const match = /^\/sso\/initiate\/([^/]+)\/.*$/.exec(parsed.pathname);
  if (!target || !match) return url;
  parsed.pathname = `/sso/initiate/${match[1]}${new URL(target, "http://local.invalid").pathname}`;
  return parsed.origin === "http://local.invalid" ? parsed.pathname + parsed.search : parsed.toString();
}
