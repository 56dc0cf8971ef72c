/** "My chat": the member's conversations, newest first, empty ones last, with unread counts. */
import { MessageSquarePlus } from "lucide-react";
import { useMemo, useRef } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { formatChatTime, partnerOf, sortConversations } from "~/lib/chat-model";
import { iconButton, PanelHeader, PresenceAvatar, useFocusOnShow, useNow, type ScreenProps } from "./chat-parts";

export function ConversationList({ chat, headingId, open, onClose, onOpen, onNew }: ScreenProps & { onOpen: (id: string) => void; onNew: () => void }) {
  const { t, i18n } = useTranslation("chat");
  const now = useNow();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnShow(heading, open);
  const { state } = chat;
  const conversations = useMemo(() => sortConversations(Object.values(state.conversations)), [state.conversations]);

  return (
    <>
      <PanelHeader
        headingId={headingId}
        headingRef={heading}
        title={t("chat_title")}
        onClose={onClose}
        actions={
          <button type="button" onClick={onNew} className={iconButton} aria-label={t("chat_new")}>
            <MessageSquarePlus aria-hidden="true" className="size-5" />
          </button>
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {chat.listError && !state.listLoaded ? (
          <div className="p-4">
            <Alert variant="error">
              <p>{t("chat_error_list")}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void chat.loadList()}>
                {t("chat_retry")}
              </Button>
            </Alert>
          </div>
        ) : !state.listLoaded ? (
          <p role="status" className="p-4 text-sm text-muted-foreground">
            {t("chat_loading")}
          </p>
        ) : conversations.length === 0 ? (
          <div className="flex flex-col items-center gap-3 p-6 text-center">
            <p className="text-sm text-muted-foreground">{t("chat_empty")}</p>
            <Button onClick={onNew}>{t("chat_new")}</Button>
          </div>
        ) : (
          <ul aria-labelledby={headingId} className="divide-y divide-border">
            {conversations.map((conversation) => {
              const partner = partnerOf(conversation, state.me, t("chat_deleted_member"));
              const online = Boolean(state.online[partner.id]);
              const last = conversation.last_message;
              const mine = last?.sender_id === state.me;
              const typing = (state.typing[conversation.id] ?? []).length > 0;
              const preview = typing ? t("chat_typing_short") : last ? (mine ? t("chat_you_wrote", { text: last.content }) : last.content) : t("chat_no_messages");
              const unread = conversation.unread_count;
              return (
                <li key={conversation.id}>
                  <button type="button" onClick={() => onOpen(conversation.id)} className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted">
                    <PresenceAvatar name={partner.name} src={partner.avatar} online={online} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span className="min-w-0 flex-1 truncate font-medium">{partner.name}</span>
                        {last ? <span className="shrink-0 text-xs text-muted-foreground">{formatChatTime(last.created_at, now, i18n.language, t("chat_yesterday"))}</span> : null}
                      </span>
                      <span className="flex items-center gap-2">
                        <span className={unread > 0 ? "min-w-0 flex-1 truncate text-sm font-semibold" : "min-w-0 flex-1 truncate text-sm text-muted-foreground"}>{preview}</span>
                        {unread > 0 ? (
                          <span aria-hidden="true" className="min-w-5 shrink-0 rounded-full bg-brand px-1.5 text-center text-xs font-bold leading-5 text-brand-foreground">
                            {unread > 99 ? "99+" : unread}
                          </span>
                        ) : null}
                      </span>
                      <span className="sr-only">
                        {[online ? t("chat_online") : null, unread > 0 ? t("chat_unread", { count: unread }) : null].filter(Boolean).join(", ")}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
