import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import type { loader as rootLoader } from "~/root";

/**
 * The frame of every sign-in page: the organisation's logo, one h1, the content in a card.
 * Full width on phones, a centred card from 576 px up.
 */
export function AuthLayout({ title, description, children, footer }: { title: ReactNode; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const organization = root?.organization;
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-8 sm:justify-center sm:py-12">
      <div className="flex w-full max-w-md flex-col gap-6">
        <Link to="/welcome" className="self-center rounded-md">
          {organization?.logo ? (
            <img src={organization.logo} alt={organization.name} className="h-14 w-auto max-w-48 object-contain" />
          ) : (
            <span className="text-xl font-bold">{organization?.name ?? "Commons"}</span>
          )}
        </Link>
        <Card className="flex flex-col gap-5 sm:p-8">
          <div className="flex flex-col gap-1.5 text-center">
            <h1 className="text-2xl font-bold">{title}</h1>
            {description ? <p className="text-muted-foreground">{description}</p> : null}
          </div>
          {children}
        </Card>
        {footer ? <div className="text-center text-sm text-muted-foreground">{footer}</div> : null}
      </div>
    </main>
  );
}
