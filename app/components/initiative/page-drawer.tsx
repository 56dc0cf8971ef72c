import { useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Drawer } from "~/components/ui/drawer";

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

/** A drawer opened by its URL: the modal Drawer, or before hydration a panel in the page (ui/drawer.tsx). */
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
  return (
    <Drawer
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={title}
      description={description}
      footer={footer}
      closeHref={closedHref()}
    >
      {children}
    </Drawer>
  );
}

/** A drawer's footer button that submits the form of id `form` in the drawer's body. */
export function SubmitFooter({ form, disabled, children }: { form: string; disabled: boolean; children: ReactNode }) {
  return (
    <Button type="submit" form={form} className="w-full" disabled={disabled}>
      {children}
    </Button>
  );
}
