import * as Dialog from "@radix-ui/react-dialog";
import { PartyPopper, Star } from "lucide-react";
import { lazy, Suspense, useRef } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation, type TFunction } from "~/i18n/react";

// The offer to turn on notifications loads with the dialog's opening, not with the page (decision 039).
const PushPrompt = lazy(() => import("~/components/push/push-prompt").then((module) => ({ default: module.PushPrompt })));

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

/** What the member just did to land on /initiative#{slug}. */
export type Arrival = { kind: "joined" | "rated"; initiative: { slug: string; title: string } };

interface Props {
  /** Null: closed. */
  arrival: Arrival | null;
  configuredMessage: unknown;
  onClose: () => void;
}

/**
 * The dialog of /initiative#{slug} (SPEC.md section 2, "My initiatives"): "You're in" with the
 * organisation's message after joining, thanks after a rating. A Radix dialog, so it traps the focus,
 * closes with Escape, and is announced with its title and message. On close the focus goes to the
 * initiative's card when the list shows it.
 */
export function ArrivalDialog({ arrival, configuredMessage, onClose }: Props) {
  const { t } = useTranslation("initiatives");
  // Closing clears `arrival` before Radix asks where the focus goes: remember whose card it was.
  const last = useRef(arrival);
  if (arrival) last.current = arrival;
  const shown = arrival ?? last.current;
  const rated = shown?.kind === "rated";
  return (
    <Dialog.Root open={arrival !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            const link = last.current ? document.getElementById(last.current.initiative.slug)?.querySelector("a") : null;
            if (link) {
              event.preventDefault();
              link.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-3 rounded-xl bg-card p-6 text-center shadow-xl outline-none"
        >
          {rated ? <Star aria-hidden="true" className="size-10 fill-amber-400 text-amber-600" /> : <PartyPopper aria-hidden="true" className="size-10 text-brand" />}
          <Dialog.Title className="text-xl font-bold">{t(rated ? "rated_success_title" : "join_success_title")}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="flex flex-col gap-2 text-sm text-muted-foreground">
              {shown ? (
                <p className="font-medium text-foreground">{t(rated ? "rated_success_initiative" : "join_success_initiative", { title: shown.initiative.title })}</p>
              ) : null}
              <p className="whitespace-pre-line">{rated ? t("rated_success_body") : joinSuccessMessage(t, configuredMessage)}</p>
            </div>
          </Dialog.Description>
          {shown?.kind === "joined" && arrival ? (
            <Suspense fallback={null}>
              <PushPrompt />
            </Suspense>
          ) : null}
          <Dialog.Close asChild>
            <Button className="mt-2 w-full">{t("join_success_close")}</Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
