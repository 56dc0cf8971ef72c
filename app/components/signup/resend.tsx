import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import type { StepResult } from "~/domain/signup-types";
import { isPending } from "~/lib/pending";

/** SPEC.md section 9: confirmation notices show for 1 second. */
const NOTICE_MS = 1000;

/** The outcome of a resend, as a notice (done) or an error with its own message. */
export function ResendOutcome({ result, className }: { result?: StepResult; className?: string }) {
  const { t, i18n } = useTranslation("signup");
  if (result?.resent) {
    return (
      <Alert variant="success" className={className}>
        {t("signup_resend_done")}
      </Alert>
    );
  }
  if (result?.resendFailure) {
    const key = `signup_resend_error_${result.resendFailure.status}`;
    return <Alert className={className}>{t(i18n.exists(`signup:${key}`) ? key : "signup_resend_error_default")}</Alert>;
  }
  return null;
}

/**
 * Sends the confirmation e-mail again (POST /auth/confirm_email through the page's action,
 * intent=resend). With JavaScript it stays on the page and shows "done" for 1 second; without,
 * the page comes back with the outcome.
 */
export function ResendButton({
  email,
  children,
  transient = true,
  className,
}: {
  email: string;
  children: ReactNode;
  /** Hide the "done" notice after 1 second (the 412 tip) or keep it (the confirmation screen). */
  transient?: boolean;
  /** The button's whole look: a button (buttonVariants) or a link-like tip. */
  className: string;
}) {
  const fetcher = useFetcher<StepResult>();
  const [visible, setVisible] = useState<StepResult | undefined>();
  const busy = isPending(fetcher);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setVisible(fetcher.data);
    if (!transient || !fetcher.data.resent) return;
    const timer = setTimeout(() => setVisible(undefined), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data, transient]);

  return (
    <div className="flex flex-col gap-2">
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={className}>
          {children}
        </button>
      </fetcher.Form>
      <div aria-live="polite">
        <ResendOutcome result={visible} />
      </div>
    </div>
  );
}
