/**
 * The page's language (SPEC.md section 1): the member's setting, else the `lng` cookie set by the
 * language picker, else the first two letters of the browser's language, else en-US.
 */
import { createCookie } from "@remix-run/cloudflare";
import { resolveLocale, SUPPORTED_LOCALES, type Locale } from "~/domain/locales";

export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, secure: true, maxAge: 365 * 24 * 3600 });

const supported = (value: unknown): value is Locale => SUPPORTED_LOCALES.includes(value as Locale);

export async function detectLocale(request: Request, memberLanguage?: string | null): Promise<Locale> {
  if (supported(memberLanguage)) return memberLanguage;
  const cookie = await localeCookie.parse(request.headers.get("cookie"));
  if (supported(cookie)) return cookie;
  const first = request.headers.get("accept-language")?.split(",")[0]?.trim();
  // An exact match (pt-PT) wins; otherwise the first two letters decide (pt-AO -> pt-BR).
  return resolveLocale(first?.split(";")[0]);
}
