/** Pieces the chat widget's screens share: the panel header, avatars with presence, the clock. */
import { ArrowLeft, X } from "lucide-react";
import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { Avatar } from "~/components/shell/avatar";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import type { ChatController } from "./use-chat";

export interface ScreenProps {
  chat: ChatController;
  /** The id of the panel's heading (the dialog's name): the screen shown puts it on its h2. */
  headingId: string;
  open: boolean;
  onClose: () => void;
}

const iconButton =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground";

export function PanelHeader({
  headingId,
  title,
  subtitle,
  leading,
  actions,
  onBack,
  onClose,
  headingRef,
}: {
  headingId: string;
  title: ReactNode;
  subtitle?: ReactNode;
  leading?: ReactNode;
  actions?: ReactNode;
  onBack?: () => void;
  onClose: () => void;
  headingRef?: RefObject<HTMLHeadingElement>;
}) {
  const { t } = useTranslation("chat");
  return (
    <div className="flex shrink-0 items-center gap-2 border-b border-border px-2 py-2 pt-[max(0.5rem,env(safe-area-inset-top))] lg:pt-2">
      {onBack ? (
        <button type="button" onClick={onBack} className={iconButton} aria-label={t("chat_back")}>
          <ArrowLeft aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      {leading}
      <div className={cn("min-w-0 flex-1", !onBack && !leading && "pl-2")}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="truncate text-base font-semibold leading-tight outline-none">
          {title}
        </h2>
        {subtitle ? <p className="truncate text-xs text-muted-foreground">{subtitle}</p> : null}
      </div>
      {actions}
      <button type="button" onClick={onClose} className={iconButton} aria-label={t("chat_close")}>
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

export { iconButton };

/** An avatar (initials when there is no picture) with a green dot when the member is online. */
export function PresenceAvatar({ name, src, online, size = 40 }: { name: string; src: string | null; online?: boolean; size?: number }) {
  return (
    <span className="relative inline-flex shrink-0">
      <Avatar name={name} src={src} size={size} />
      {online ? <span aria-hidden="true" className="absolute bottom-0 right-0 size-3 rounded-full border-2 border-card bg-success" /> : null}
    </span>
  );
}

/** Now, refreshed every minute (SPEC.md section 9: clock refresh every 60 s), so "today" turns into "yesterday". */
export function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Moves focus to `target` when the screen appears and whenever the panel opens again. */
export function useFocusOnShow(target: RefObject<HTMLElement>, open: boolean) {
  useEffect(() => {
    if (open) target.current?.focus();
  }, [open, target]);
}
