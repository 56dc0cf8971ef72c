import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { StepCard } from "./step-card";
import type { DraftOrganization } from "~/domain/signup-types";

const POPUP_FEATURES = "popup,width=520,height=680";

/**
 * The SSO confirmation screen (SPEC.md section 2): the organisation signs its members in with its
 * own provider. With JavaScript the provider opens in a popup (which, on success, reloads this page,
 * whose loader then finds the session); without, the same link opens it in this window.
 */
export function SsoConfirmationStep({ url, organization }: { url: string; organization: DraftOrganization | null }) {
  const { t } = useTranslation("signup");
  const [waiting, setWaiting] = useState(false);
  const popup = useRef<Window | null>(null);

  useEffect(() => {
    if (!waiting) return;
    // The popup closed without signing in: offer the button again.
    const timer = setInterval(() => {
      if (!popup.current || popup.current.closed) setWaiting(false);
    }, 500);
    return () => clearInterval(timer);
  }, [waiting]);

  function open(event: MouseEvent<HTMLAnchorElement>) {
    const opened = window.open(url, "commons-sso", POPUP_FEATURES);
    if (!opened) return; // Blocked: follow the link in this window instead.
    event.preventDefault();
    popup.current = opened;
    opened.focus();
    setWaiting(true);
  }

  return (
    <StepCard
      organization={organization}
      title={t("signup_sso_title")}
      subtitle={organization ? t("signup_sso_body", { organization: organization.name }) : t("signup_sso_body_generic")}
    >
      <a href={url} onClick={open} className={buttonVariants({ size: "lg" })}>
        {t("signup_sso_continue")}
      </a>
      <div aria-live="polite">{waiting ? <Alert variant="info">{t("signup_sso_waiting")}</Alert> : null}</div>
    </StepCard>
  );
}
