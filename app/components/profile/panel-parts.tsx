/**
 * What the social CV's panels share (the PDF certificate, the verifiable credentials): a heading
 * with its icon, title and description, and an action at its side; and a link drawn as a small
 * button with its icon.
 */
import type { LucideIcon } from "lucide-react";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button";

/** The panel's heading: `id` names its section (aria-labelledby), `children` the action beside it. */
export function PanelHeading({ id, icon: Icon, title, description, children }: { id: string; icon: LucideIcon; title: string; description: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Icon aria-hidden="true" className="h-6 w-6 text-brand" />
      <div className="flex-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </div>
  );
}

/** A link that looks like a small button, its icon before the words. */
export function IconLink({ icon: Icon, variant = "ghost", children, ...link }: AnchorHTMLAttributes<HTMLAnchorElement> & { icon: LucideIcon; variant?: "outline" | "ghost" }) {
  return (
    <a {...link} className={buttonVariants({ size: "sm", variant })}>
      <Icon aria-hidden="true" className="mr-1 h-4 w-4" />
      {children}
    </a>
  );
}
