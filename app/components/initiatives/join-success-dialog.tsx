import * as Dialog from "@radix-ui/react-dialog";
import { PartyPopper } from "lucide-react";
import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation, type TFunction } from "~/i18n/react";

/** The message's name in the community config, and in `appIntl` where it is worded per locale. */
export const JOIN_MESSAGE_KEY = "initiative_participation_success_message";

/**
 * The join-success message of the page's locale: the organisation's `appIntl` wording for that locale
 * (already merged into the page's messages, by its plain name or under `initiatives:`), else its
 * configured initiative_participation_success_message, else the screen's own translated default.
 */
export function joinSuccessMessage(t: TFunction, configured: unknown): string {
  const translated = t([`initiatives:${JOIN_MESSAGE_KEY}`, `common:${JOIN_MESSAGE_KEY}`], { defaultValue: "" }).trim();
  if (translated) return translated;
  if (typeof configured === "string" && configured.trim()) return configured.trim();
  return t("initiatives:join_success_default");
}

interface Props {
  /** The initiative just joined; null: closed. */
  initiative: { slug: string; title: string } | null;
  configuredMessage: unknown;
  onClose: () => void;
}

/**
 * "You're in" after joining (SPEC.md section 2, "My initiatives"): a Radix dialog, so it traps the
 * focus, closes with Escape, and is announced with its title and message. On close the focus goes to
 * the initiative's card.
 */
export function JoinSuccessDialog({ initiative, configuredMessage, onClose }: Props) {
  const { t } = useTranslation("initiatives");
  const message = joinSuccessMessage(t, configuredMessage);
  // Closing clears `initiative` before Radix asks where the focus goes: remember whose card it was.
  const last = useRef(initiative);
  if (initiative) last.current = initiative;
  return (
    <Dialog.Root open={initiative !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            const link = last.current ? document.getElementById(last.current.slug)?.querySelector("a") : null;
            if (link) {
              event.preventDefault();
              link.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-3 rounded-xl bg-card p-6 text-center shadow-xl outline-none"
        >
          <PartyPopper aria-hidden="true" className="size-10 text-brand" />
          <Dialog.Title className="text-xl font-bold">{t("join_success_title")}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="flex flex-col gap-2 text-sm text-muted-foreground">
              {initiative ? <p className="font-medium text-foreground">{t("join_success_initiative", { title: initiative.title })}</p> : null}
              <p className="whitespace-pre-line">{message}</p>
            </div>
          </Dialog.Description>
          <Dialog.Close asChild>
            <Button className="mt-2 w-full">{t("join_success_close")}</Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
