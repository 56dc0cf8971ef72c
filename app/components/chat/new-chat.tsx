/**
 * The new-chat member list (own header): the organisation's members grouped by first letter and
 * sorted (the API does both), filtered on the client by a search box, refreshed every 120 s while
 * open (CHAT_LIMITS.usersRefreshMs). Choosing a member opens (or starts) the private conversation.
 */
import { Search } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CHAT_LIMITS } from "~/domain/chat";
import { useTranslation } from "~/i18n/react";
import { chatApi } from "~/lib/browser/chat-api";
import { filterUserGroups, type UserGroup } from "~/lib/chat-model";
import { PanelHeader, PresenceAvatar, useFocusOnShow, type ScreenProps } from "./chat-parts";

export function NewChat({ chat, headingId, open, onClose, onBack, onStarted }: ScreenProps & { onBack: () => void; onStarted: (conversationId: string) => void }) {
  const { t } = useTranslation("chat");
  const [pages, setPages] = useState<UserGroup[][] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [query, setQuery] = useState("");
  const [starting, setStarting] = useState<string | null>(null);
  const [startError, setStartError] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const searchId = useId();
  useFocusOnShow(search, open);

  const pageCount = useRef(1);

  /** Pages 1..count again (the first load, the periodic refresh, "show more"). */
  const load = useCallback(async (count: number) => {
    const loaded: UserGroup[][] = [];
    let cursor: string | null = null;
    let more = false;
    for (let page = 1; page <= count; page++) {
      const result = await chatApi.users(cursor);
      if (!result.ok) {
        setLoadError(true);
        return;
      }
      loaded.push(result.data.groups);
      cursor = result.data.next_cursor;
      more = cursor !== null;
      if (!more) break;
    }
    setLoadError(false);
    pageCount.current = loaded.length;
    setPages(loaded);
    setHasMore(more);
  }, []);

  useEffect(() => {
    if (!open) return;
    void load(pageCount.current);
    const timer = setInterval(() => void load(pageCount.current), CHAT_LIMITS.usersRefreshMs);
    return () => clearInterval(timer);
  }, [open, load]);

  const groups = useMemo(() => filterUserGroups(pages ?? [], query), [pages, query]);

  const choose = async (memberId: string) => {
    setStarting(memberId);
    setStartError(false);
    const id = await chat.start(memberId);
    setStarting(null);
    if (id) onStarted(id);
    else setStartError(true);
  };

  return (
    <>
      <PanelHeader headingId={headingId} title={t("chat_new_title")} onBack={onBack} onClose={onClose} />
      <div className="shrink-0 border-b border-border p-3">
        <label htmlFor={searchId} className="sr-only">
          {t("chat_search_label")}
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <input
            ref={search}
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t("chat_search_placeholder")}
            autoComplete="off"
            className="h-11 w-full rounded-md border border-input bg-card pl-9 pr-3 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {startError ? (
          <Alert variant="error" className="m-3">
            {t("chat_error_start")}
          </Alert>
        ) : null}
        {loadError && !pages ? (
          <div className="p-4">
            <Alert variant="error">
              <p>{t("chat_error_users")}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void load(pageCount.current)}>
                {t("chat_retry")}
              </Button>
            </Alert>
          </div>
        ) : !pages ? (
          <p role="status" className="p-4 text-sm text-muted-foreground">
            {t("chat_loading")}
          </p>
        ) : groups.length === 0 ? (
          <p role="status" className="p-4 text-sm text-muted-foreground">
            {query.trim() ? t("chat_no_match", { query: query.trim() }) : t("chat_no_members")}
          </p>
        ) : (
          groups.map((group) => (
            <section key={group.letter} aria-labelledby={`${searchId}-${group.letter}`}>
              <h3 id={`${searchId}-${group.letter}`} className="sticky top-0 bg-muted px-4 py-1 text-xs font-bold text-muted-foreground">
                {group.letter}
              </h3>
              <ul>
                {group.users.map((user) => (
                  <li key={user.id}>
                    <button
                      type="button"
                      onClick={() => void choose(user.id)}
                      disabled={starting !== null}
                      aria-busy={starting === user.id || undefined}
                      className="flex w-full items-center gap-3 px-4 py-2 text-left hover:bg-muted focus-visible:bg-muted disabled:opacity-60"
                    >
                      <PresenceAvatar name={user.name} src={user.avatar} online={Boolean(chat.state.online[user.id])} size={36} />
                      <span className="min-w-0 flex-1 truncate">{user.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
        {hasMore && !query.trim() ? (
          <div className="flex justify-center p-3">
            <Button variant="outline" size="sm" onClick={() => void load(pageCount.current + 1)}>
              {t("chat_more_members")}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}
