import { Form } from "@remix-run/react";
import { Mail } from "lucide-react";
import { Trans, useTranslation } from "~/i18n/react";
import { Button, buttonVariants } from "~/components/ui/button";
import { ResendButton, ResendOutcome } from "./resend";
import { StepCard } from "./step-card";
import type { DraftOrganization, StepResult } from "~/domain/signup-types";

/**
 * The e-mail confirmation screen (SPEC.md section 2): the message was sent, it can be sent again,
 * and "don't want this community" forgets the draft and starts over at /signup.
 */
export function EmailConfirmationStep({ email, organization, result }: { email: string; organization: DraftOrganization | null; result?: StepResult }) {
  const { t } = useTranslation("signup");
  return (
    <StepCard organization={organization} title={t("signup_email_confirmation_title")}>
      <Mail aria-hidden className="size-12 self-center text-brand" />
      <p className="text-center">
        <Trans t={t} i18nKey="signup_email_confirmation_sent" values={{ email }} components={{ email: <strong className="break-all" /> }} />
      </p>
      <p className="text-center text-sm text-muted-foreground">{t("signup_email_confirmation_spam")}</p>
      {/* Without JavaScript the resend comes back as a new page: its outcome is shown here. */}
      <ResendOutcome result={result} />
      <ResendButton email={email} transient={false} className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}>
        {t("signup_resend")}
      </ResendButton>
      <Form method="post" className="text-center">
        <input type="hidden" name="intent" value="restart" />
        <Button type="submit" variant="link" size="sm">
          {t("signup_not_this_community")}
        </Button>
      </Form>
    </StepCard>
  );
}
