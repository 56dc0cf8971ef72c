import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { createI18n } from "./i18n/i18n";
import { detectLocale } from "./i18n/locale.server";
import { messagesFor } from "./i18n/messages.server";
import { themeStyle } from "./lib/theme";
import styles from "./styles/app.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, cspNonce } = context;
  const locale = await detectLocale(request);
  return {
    nonce: cspNonce,
    locale,
    messages: messagesFor(locale, tenant.community.appIntl),
    theme: themeStyle(tenant.community.theme),
    organization: { name: tenant.name, slug: tenant.slug, logo: tenant.logo, logoSmall: tenant.logoSmall },
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang={data?.locale ?? "en-US"} style={data?.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root")!;
  const i18n = useMemo(() => createI18n(data.locale, data.messages), [data.locale, data.messages]);
  useChangeLanguage(data.locale);
  return (
    <I18nextProvider i18n={i18n}>
      <Outlet />
    </I18nextProvider>
  );
}
