/**
 * Where a visitor without a session goes (SPEC.md section 2, "Logged-in routes";
 * docs/decisions/011-requests-from-elsewhere.md). A deep link into one initiative,
 * /initiative/{slug}/{action?} or /wall/{slug}/{action?}, goes to that initiative's sign-up link
 * /signup/i/{slug}: the organisation comes from the initiative, and the new member lands on it.
 * Any other page goes to /signin, keeping where the visitor was going, and the sign-in page's
 * create-account links still lead to the initiative. Pure, so the browser uses it too.
 */
import { SLUG_SOURCE } from "~/domain/slug";

/** The `{a}` of /initiative/{a}/{b}: the slug. `{b}` is the action (participate, contribute), or absent. */
const INITIATIVE_DEEP_LINK = new RegExp(`^/(?:initiative|wall)/(${SLUG_SOURCE})(?:/[a-z]+)?/?(?:[?#].*)?$`);

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

/** Where a visitor without a session goes from `path` (pathname and search). */
export function signedOutPath(path: string): string {
  if (deepLinkInitiative(path)) return signupPath(path);
  return path === "/" || path.startsWith("/signin") ? "/signin" : `/signin?redirect=${encodeURIComponent(path)}`;
}
