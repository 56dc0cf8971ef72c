import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import baseStyles from "./styles/base.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: baseStyles }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant, cspNonce } = context;
  return {
    nonce: cspNonce,
    organization: { name: tenant.name, slug: tenant.slug, logo: tenant.logo, logoSmall: tenant.logoSmall },
    language: tenant.community.language,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang={data?.language ?? "en-US"}>
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
  return <Outlet />;
}
