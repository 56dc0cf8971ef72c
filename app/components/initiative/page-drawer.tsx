import { Link, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { Drawer } from "~/components/ui/drawer";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

export type DrawerName = "contact" | "phone" | "rate" | "upload";

/** The drawer a page shows is in its URL (`?drawer=rate`), so links open it with or without JavaScript. */
export function useDrawerParam(name: DrawerName) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const open = params.get("drawer") === name;
  const href = (extra: Record<string, string> = {}) => {
    const next = new URLSearchParams(params);
    next.set("drawer", name);
    for (const [key, value] of Object.entries(extra)) next.set(key, value);
    return `${location.pathname}?${next}`;
  };
  const closedHref = () => {
    const next = new URLSearchParams(params);
    next.delete("drawer");
    next.delete("kind");
    next.delete("attachment_error");
    const query = next.toString();
    return location.pathname + (query ? `?${query}` : "");
  };
  const close = () => navigate(closedHref(), { replace: true, preventScrollReset: true });
  return { open, href, closedHref, close };
}

/**
 * A drawer opened by its URL. With JavaScript it is the modal Drawer (ui/drawer.tsx); before
 * hydration (or without JavaScript) an open drawer renders in the page as a panel, so its forms
 * and links still work.
 */
export function PageDrawer({
  name,
  title,
  description,
  footer,
  children,
}: {
  name: DrawerName;
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const { open, close, closedHref } = useDrawerParam(name);
  const hydrated = useHydrated();
  const headingId = useId();
  const { t } = useTranslation("initiative");
  if (hydrated) {
    return (
      <Drawer open={open} onOpenChange={(next) => (next ? undefined : close())} title={title} description={description} footer={footer}>
        {children}
      </Drawer>
    );
  }
  if (!open) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg border-2 border-brand bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        </div>
        <Link to={closedHref()} preventScrollReset className="text-sm font-medium text-brand underline">
          {t("close")}
        </Link>
      </div>
      {children}
      {footer}
    </section>
  );
}
