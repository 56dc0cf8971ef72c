/**
 * The page's language (SPEC.md section 1): the member's setting (mirrored into the `lng` cookie at
 * sign-in and when it changes), else the browser's language (an exact match such as pt-PT, else
 * its first two letters), else en-US. Cookie and header parsing are remix-i18next's.
 */
import { createCookie } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LOCALE, resolveLocale, SUPPORTED_LOCALES, type Locale } from "~/domain/locales";

export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, secure: true, maxAge: 365 * 24 * 3600 });

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    order: ["cookie", "custom"],
    // SPEC.md: the first two letters decide when there is no exact match.
    async findLocale(request) {
      const first = request.headers.get("accept-language")?.split(",")[0]?.split(";")[0]?.trim();
      return resolveLocale(first);
    },
  },
});

export async function detectLocale(request: Request, memberLanguage?: string | null): Promise<Locale> {
  if (memberLanguage && (SUPPORTED_LOCALES as readonly string[]).includes(memberLanguage)) return memberLanguage as Locale;
  return resolveLocale(await detector.getLocale(request));
}
