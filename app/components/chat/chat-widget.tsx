/**
 * The chat widget (SPEC.md section 2, issue 5): loaded by chat-launcher.tsx on the first open. Full
 * screen below lg, a docked panel from lg. Three screens: my chat (the conversation list), a
 * conversation, and the new-chat member list. It stays mounted once loaded, hidden while closed, so
 * its socket keeps unread counts and presence live for the launcher's badge.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { totalUnread } from "~/lib/chat-model";
import { ConversationList } from "./conversation-list";
import { ConversationView } from "./conversation-view";
import { NewChat } from "./new-chat";
import { useChat } from "./use-chat";

export interface ChatWidgetProps {
  memberId: string;
  orgSlug: string;
  open: boolean;
  onClose: () => void;
  onUnreadChange: (count: number) => void;
}

type Screen = { name: "list" } | { name: "conversation"; id: string } | { name: "new" };

/** Below lg the widget covers the page: it is then a modal dialog (and the page behind does not scroll). */
function useFullScreen() {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(max-width: 61.99rem)");
    const update = () => setFull(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return full;
}

export default function ChatWidget({ memberId, orgSlug, open, onClose, onUnreadChange }: ChatWidgetProps) {
  const chat = useChat({ memberId, orgSlug, open });
  const { t } = useTranslation("chat");
  const [screen, setScreen] = useState<Screen>({ name: "list" });
  const headingId = useId();
  const full = useFullScreen();
  const panel = useRef<HTMLElement>(null);

  const unread = totalUnread(chat.state);
  useEffect(() => onUnreadChange(unread), [unread, onUnreadChange]);

  const { setActiveId } = chat;
  useEffect(() => setActiveId(screen.name === "conversation" ? screen.id : null), [screen, setActiveId]);

  useEffect(() => {
    if (!open || !full) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open, full]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
    }
    // Full screen, the page behind is covered: Tab cycles inside the chat.
    if (event.key === "Tab" && full && panel.current) {
      const focusable = [...panel.current.querySelectorAll<HTMLElement>("button:not([disabled]), input, textarea, [tabindex='0']")].filter(
        (element) => element.getClientRects().length > 0,
      );
      const active = document.activeElement as HTMLElement | null;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && (active === first || !focusable.includes(active!))) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  const common = { chat, headingId, open, onClose };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog's own keys (Escape closes, Tab stays inside)
    <section
      ref={panel}
      role="dialog"
      aria-modal={full ? true : undefined}
      aria-labelledby={headingId}
      hidden={!open}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex flex-col bg-card text-foreground lg:inset-auto lg:bottom-0 lg:right-6 lg:h-[min(36rem,calc(100dvh-5rem))] lg:w-96 lg:rounded-t-lg lg:border lg:border-border lg:shadow-2xl"
    >
      {chat.ended ? (
        <p role="status" className="shrink-0 bg-muted px-4 py-1 text-center text-xs text-muted-foreground lg:rounded-t-lg">
          {t("chat_ended")}
        </p>
      ) : null}
      {chat.reconnecting ? (
        <p role="status" className="shrink-0 bg-muted px-4 py-1 text-center text-xs text-muted-foreground lg:rounded-t-lg">
          {t("chat_reconnecting")}
        </p>
      ) : null}
      {screen.name === "conversation" ? (
        <ConversationView {...common} conversationId={screen.id} onBack={() => setScreen({ name: "list" })} />
      ) : screen.name === "new" ? (
        <NewChat {...common} onBack={() => setScreen({ name: "list" })} onStarted={(id) => setScreen({ name: "conversation", id })} />
      ) : (
        <ConversationList {...common} onOpen={(id) => setScreen({ name: "conversation", id })} onNew={() => setScreen({ name: "new" })} />
      )}
    </section>
  );
}
