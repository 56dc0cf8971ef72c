/**
 * One conversation: the messages (a log, grouped by sender and direction, with times), the typing
 * indicator, and the composer. Enter sends, Shift+Enter starts a new line; empty or over-long
 * messages are not sent (ChatMessageContentSchema, the server's rule), with a count near the cap.
 */
import { Send } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import * as v from "valibot";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CHAT_MESSAGE_MAX_LENGTH, ChatMessageContentSchema } from "~/domain/chat";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { formatChatTime, formatClock, formatDate, groupMessages, isPending, partnerOf, type ChatMessage, type PendingMessage } from "~/lib/chat-model";
import { PanelHeader, PresenceAvatar, useFocusOnShow, useNow, type ScreenProps } from "./chat-parts";

/** The count appears when a message gets this close to the cap. */
const COUNT_FROM = CHAT_MESSAGE_MAX_LENGTH - 200;

export function ConversationView({ chat, headingId, open, onClose, conversationId, onBack }: ScreenProps & { conversationId: string; onBack: () => void }) {
  const { t, i18n } = useTranslation("chat");
  const now = useNow();
  const { state } = chat;
  const conversation = state.conversations[conversationId];
  const thread = state.threads[conversationId];
  const partner = conversation ? partnerOf(conversation, state.me, t("chat_deleted_member")) : { id: "", name: "", avatar: null, deleted: false };
  const online = Boolean(state.online[partner.id]);
  const typing = (state.typing[conversationId] ?? []).includes(partner.id);
  const pending = useMemo(() => state.pending.filter((p) => p.conversation_id === conversationId), [state.pending, conversationId]);
  const groups = useMemo(() => groupMessages(thread?.messages ?? [], pending, state.me), [thread?.messages, pending, state.me]);
  const lastMine = useMemo(() => [...(thread?.messages ?? [])].reverse().find((m) => m.sender_id === state.me), [thread?.messages, state.me]);
  const seen = lastMine && !pending.length && (thread?.readUpTo[partner.id] ?? 0) >= lastMine.id ? lastMine.id : null;

  // Keep the newest message in view, unless the member has scrolled up to read older ones.
  const log = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const count = (thread?.messages.length ?? 0) + pending.length;
  useLayoutEffect(() => {
    if (pinned.current && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [count, typing, open]);
  const onScroll = () => {
    const el = log.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = async () => {
    const el = log.current;
    const fromBottom = el ? el.scrollHeight - el.scrollTop : 0;
    setLoadingOlder(true);
    await chat.loadOlder(conversationId);
    setLoadingOlder(false);
    // Stay on the message that was at the top.
    requestAnimationFrame(() => {
      if (el) el.scrollTop = el.scrollHeight - fromBottom;
    });
  };

  const clock = (at: number) => formatChatTime(at, now, i18n.language, t("chat_yesterday"));
  const fullTime = (at: number) => `${formatDate(at)} ${formatClock(at, i18n.language)}`;

  return (
    <>
      <PanelHeader
        headingId={headingId}
        title={partner.name}
        subtitle={online ? t("chat_online") : undefined}
        leading={<PresenceAvatar name={partner.name} src={partner.avatar} online={online} size={36} />}
        onBack={onBack}
        onClose={onClose}
      />
      <div
        ref={log}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t("chat_messages_with", { name: partner.name })}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so the keyboard can scroll it (axe: scrollable-region-focusable)
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-3 focus-visible:outline-offset-[-3px]"
      >
        {thread?.hasMore ? (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" onClick={() => void loadOlder()} disabled={loadingOlder}>
              {t("chat_load_older")}
            </Button>
          </div>
        ) : null}
        {chat.historyError === conversationId ? (
          <Alert variant="error">
            <p>{t("chat_error_history")}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void chat.fetchHistory(conversationId)}>
              {t("chat_retry")}
            </Button>
          </Alert>
        ) : !thread?.loaded && groups.length === 0 ? (
          <p className="text-center text-sm text-muted-foreground">{t("chat_loading")}</p>
        ) : groups.length === 0 ? (
          <p className="mt-6 text-center text-sm text-muted-foreground">{t("chat_say_hello", { name: partner.name })}</p>
        ) : null}
        {groups.map((group) => {
          const last = group.messages[group.messages.length - 1];
          const failed = group.messages.filter((m): m is PendingMessage => isPending(m) && m.status === "failed");
          const sending = group.messages.some((m) => isPending(m) && m.status === "sending");
          return (
            <div key={group.key} className={cn("mb-3 flex gap-2", group.outgoing ? "flex-row-reverse" : "flex-row")}>
              {group.outgoing ? null : (
                <span className="mt-auto">
                  <PresenceAvatar name={partner.name} src={partner.avatar} size={28} />
                </span>
              )}
              <div className={cn("flex max-w-[80%] flex-col gap-1", group.outgoing ? "items-end" : "items-start")}>
                {group.messages.map((message) => (
                  <Bubble key={isPending(message) ? message.temp_id : message.id} message={message} outgoing={group.outgoing} senderName={group.outgoing ? t("chat_you") : partner.name} fullTime={fullTime} />
                ))}
                <p className="px-1 text-xs text-muted-foreground">
                  <time dateTime={new Date(last.created_at).toISOString()}>{clock(last.created_at)}</time>
                  {sending ? <span> · {t("chat_sending")}</span> : null}
                  {!isPending(last) && last.id === seen ? <span> · {t("chat_seen")}</span> : null}
                </p>
                {failed.map((message) => (
                  <p key={message.temp_id} className="px-1 text-xs text-destructive">
                    {t(message.error ?? "chat_error_send")}{" "}
                    <button type="button" className="font-semibold underline" onClick={() => chat.retry(message)}>
                      {t("chat_retry")}
                    </button>
                  </p>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      <p className="h-5 shrink-0 px-4 text-xs italic text-muted-foreground" aria-live="polite">
        {typing ? t("chat_typing", { name: partner.name }) : ""}
      </p>
      {partner.deleted ? (
        // A deleted account reads nothing any more: its messages stay, nobody writes to it (decision 034).
        <p className="shrink-0 border-t border-border p-3 text-center text-sm text-muted-foreground">{t("chat_deleted_member_no_reply")}</p>
      ) : (
        <Composer
          key={conversationId}
          open={open}
          disabled={!conversation}
          onSend={(content) => {
            pinned.current = true;
            chat.send(conversationId, content);
          }}
          onTyping={() => chat.typing(conversationId)}
        />
      )}
    </>
  );
}

function Bubble({ message, outgoing, senderName, fullTime }: { message: ChatMessage | PendingMessage; outgoing: boolean; senderName: string; fullTime: (at: number) => string }) {
  const pending = isPending(message);
  return (
    <p
      title={fullTime(message.created_at)}
      className={cn(
        "whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm [overflow-wrap:anywhere]",
        outgoing ? "rounded-br-md bg-brand text-brand-foreground" : "rounded-bl-md bg-muted text-foreground",
        pending && message.status === "sending" && "opacity-70",
        pending && message.status === "failed" && "border border-destructive bg-card text-foreground",
      )}
    >
      <span className="sr-only">{senderName}: </span>
      {message.content}
    </p>
  );
}

function Composer({ open, disabled, onSend, onTyping }: { open: boolean; disabled: boolean; onSend: (content: string) => void; onTyping: () => void }) {
  const { t } = useTranslation("chat");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const countId = useId();
  const errorId = useId();
  useFocusOnShow(input, open);

  const length = text.trim().length;
  const tooLong = length > CHAT_MESSAGE_MAX_LENGTH;
  const canSend = length > 0 && !tooLong && !disabled;

  // Grow with the text up to about five lines.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 128)}px`;
  }, [text]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = v.safeParse(ChatMessageContentSchema, text);
    if (!parsed.success) {
      // Empty: nothing to say. Too long: say why.
      setError(parsed.issues[0].message === "chat_error_message_too_long" ? "chat_error_message_too_long" : null);
      return;
    }
    if (disabled) return;
    onSend(parsed.output);
    setText("");
    setError(null);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const shownError = error ?? (tooLong ? "chat_error_message_too_long" : null);
  const describedBy = [length >= COUNT_FROM ? countId : null, shownError ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <form onSubmit={submit} className="shrink-0 border-t border-border px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-2">
      {shownError ? (
        <p id={errorId} role="alert" className="mb-1 text-xs text-destructive">
          {t(shownError, { max: CHAT_MESSAGE_MAX_LENGTH })}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t("chat_message_label")}
        </label>
        <textarea
          ref={input}
          id={inputId}
          rows={1}
          value={text}
          placeholder={t("chat_message_placeholder")}
          aria-invalid={tooLong || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-md border border-input bg-card px-3 py-2.5 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive"
        />
        <Button type="submit" size="icon" className="size-11 shrink-0" disabled={!canSend} aria-label={t("chat_send")}>
          <Send aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {length >= COUNT_FROM ? (
        <p id={countId} className={cn("mt-1 text-right text-xs", tooLong ? "text-destructive" : "text-muted-foreground")}>
          {t("chat_count", { count: length, max: CHAT_MESSAGE_MAX_LENGTH })}
        </p>
      ) : null}
    </form>
  );
}
