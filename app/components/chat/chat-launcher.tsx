/**
 * The chat launcher of the signed-in shell (SPEC.md section 2): on xs, sm and md a round button at
 * the right end of the bottom bar (so it never covers a page's action) that opens a full-screen chat; from lg a docked bar at the bottom right that opens into a
 * panel. The widget itself (chat-widget.tsx and all it uses: socket, screens, validation) is loaded
 * with a dynamic import on the first open, so no page pays for it on its first visit. Before that,
 * the badge comes from one light call after hydration, refreshed when the tab becomes visible again;
 * once the widget is loaded it stays mounted (closed), and its socket keeps the count live.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { ChevronUp, MessageCircle } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { chatApi } from "~/lib/browser/chat-api";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import type { loader } from "~/routes/_app";

const ChatWidget = lazy(() => import("./chat-widget"));

function Badge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden="true" className={cn("min-w-5 rounded-full bg-destructive px-1.5 text-center text-xs font-bold leading-5 text-destructive-foreground", className)}>
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** Whether the signed-in layout offers the chat (the organisation's feature, not a system account). */
export const useChatEnabled = () => Boolean(useRouteLoaderData<typeof loader>("routes/_app")?.chat?.enabled);

export function ChatLauncher() {
  const chat = useRouteLoaderData<typeof loader>("routes/_app")?.chat;
  const enabled = useChatEnabled();
  const { t } = useTranslation("chat");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [unread, setUnread] = useState(0);
  const round = useRef<HTMLButtonElement>(null);
  const docked = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!enabled || loaded) return;
    let stale = false;
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      void chatApi.unread().then((result) => {
        if (!stale && result.ok && typeof result.data.unread === "number") setUnread(result.data.unread);
      });
    };
    refresh();
    document.addEventListener("visibilitychange", refresh);
    return () => {
      stale = true;
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [enabled, loaded]);

  const openChat = () => {
    setLoaded(true);
    setOpen(true);
  };
  const returnFocus = useRef(false);
  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);
  // Once the launcher shows again, focus goes back to whichever one this screen size shows (the
  // hidden one has no boxes; offsetParent would not tell, it is null for fixed elements).
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    [round.current, docked.current].find((button) => button && button.getClientRects().length > 0)?.focus();
  }, [open]);

  if (!enabled || !chat || !hydrated) return null;
  // Named by text, not aria-label: the round button by hidden text; the docked bar by its visible
  // title (so voice control finds it by what it shows) plus the unread count for screen readers.
  const button = { type: "button", onClick: openChat, hidden: open, "aria-haspopup": "dialog" } as const;
  return (
    <>
      <button
        ref={round}
        {...button}
        // In the slot the shell's bottom bar keeps free at its right end: above the bar, never over the page.
        className="fixed bottom-1 right-2 z-40 flex size-12 items-center justify-center rounded-full bg-brand text-brand-foreground shadow-md lg:hidden"
      >
        <MessageCircle aria-hidden="true" className="size-6" />
        <span className="sr-only">{unread > 0 ? t("chat_open_unread", { count: unread }) : t("chat_open")}</span>
        <Badge count={unread} className="absolute -right-1 -top-1" />
      </button>
      <button
        ref={docked}
        {...button}
        className="fixed bottom-0 right-6 z-30 hidden w-80 items-center gap-3 rounded-t-lg border border-b-0 border-border bg-card px-4 py-3 text-left font-semibold shadow-lg hover:bg-muted lg:flex"
      >
        <MessageCircle aria-hidden="true" className="size-5 text-brand" />
        <span className="flex-1">
          {t("chat_title")}
          {unread > 0 ? <span className="sr-only">, {t("chat_unread", { count: unread })}</span> : null}
        </span>
        <Badge count={unread} />
        <ChevronUp aria-hidden="true" className="size-5 text-muted-foreground" />
      </button>
      {loaded ? (
        <Suspense
          fallback={
            <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-card text-sm text-muted-foreground lg:inset-auto lg:bottom-0 lg:right-6 lg:h-40 lg:w-96 lg:rounded-t-lg lg:border lg:border-border lg:shadow-2xl">
              {t("chat_loading")}
            </div>
          }
        >
          <ChatWidget memberId={chat.memberId} orgSlug={chat.orgSlug} open={open} onClose={close} onUnreadChange={setUnread} />
        </Suspense>
      ) : null}
    </>
  );
}
