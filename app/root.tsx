import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { RouteErrorBoundary } from "./components/error-page";
import { unsupportedBrowser } from "./lib/browser-support";
import { useHydrationMark } from "./lib/use-hydrated";
import { I18nProvider, makeT, useTranslation } from "~/i18n/react";
import { detectLocale } from "./i18n/locale.server";
import { messagesFor } from "./i18n/messages.server";
import { themeStyle } from "./lib/theme";
import styles from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable per organisation host (workers/install, decision 046).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/app-icon/192.png" },
  { rel: "stylesheet", href: styles },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, cspNonce } = context;
  const locale = await detectLocale(request);
  return {
    nonce: cspNonce,
    locale,
    messages: messagesFor(locale, tenant.community.appIntl),
    theme: themeStyle(tenant.community.theme),
    unsupported: unsupportedBrowser(request.headers.get("user-agent")),
    organization: { name: tenant.name, slug: tenant.slug, logo: tenant.logo, logoSmall: tenant.logoSmall },
  };
}

const EMPTY = {};

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The provider sits in the Layout so that error boundaries are translated too. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? "en-US";
  const description = makeT(data?.messages ?? EMPTY, "common", locale)("meta_description", { organization: data?.organization.name ?? "Commons" });
  useHydrationMark();
  return (
    <html lang={data?.locale ?? "en-US"} style={data?.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* In the layout, not in `meta`: a route's own meta replaces its parents', and every page needs it. */}
        <meta name="description" content={description} />
        <meta name="theme-color" content={data?.theme["--brand"] ?? "#1d4ed8"} />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider locale={locale} messages={data?.messages ?? EMPTY}>
          {data?.unsupported ? <UnsupportedBanner {...data.unsupported} /> : null}
          {children}
        </I18nProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;

function UnsupportedBanner({ browser, minimum }: { browser: string; minimum: number }) {
  const { t } = useTranslation("common");
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      {t("unsupported_browser", { browser, minimum })}
    </div>
  );
}
