import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { OrganizationBanner } from "./organization-banner";
import type { DraftOrganization } from "~/domain/signup-types";

/** One sign-up step: the organisation being joined (when known), the heading, then the content. */
export function StepCard({
  organization,
  caption = true,
  title,
  subtitle,
  children,
}: {
  organization?: DraftOrganization | null;
  /** Whether the organisation's logo comes with the "member of" text. */
  caption?: boolean;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-6 p-5 sm:p-8">
      {organization ? <OrganizationBanner organization={organization} caption={caption} /> : null}
      <div className="flex flex-col gap-1 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle ? <p className="text-muted-foreground">{subtitle}</p> : null}
      </div>
      {children}
    </Card>
  );
}
