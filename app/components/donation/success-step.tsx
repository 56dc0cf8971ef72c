/** The last step of the contribution drawer: thanks, and for a pledge its confirmation code with the transfer details. */
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { CopyButton } from "./copy-button";
import { useMoney, type StepProps } from "./step-parts";
import { TransferDetails } from "./transfer-details";

export function SuccessStep(props: StepProps & { heading: ReactNode }) {
  const { state, heading } = props;
  const { t } = useTranslation("donation");
  const { money } = useMoney(props);
  const contribution = state.contribution;
  const code = contribution?.confirmation_code;
  const amount = money(contribution?.value ?? state.amount);
  return (
    <div className="flex flex-col gap-4">
      {heading}
      <p role="status">{t(contribution?.anonymous ? "donation_success_anonymous" : "donation_success_body", { amount })}</p>
      {code ? (
        <div className="flex flex-col gap-3">
          <div className="flex flex-col items-center gap-2 rounded-lg border-2 border-brand bg-muted p-4 text-center">
            <p id="donation-code-label" className="text-sm font-medium">
              {t("donation_code_label")}
            </p>
            <p className="flex items-center gap-2">
              <span aria-describedby="donation-code-label" data-testid="confirmation-code" className="font-mono text-4xl font-bold tracking-[0.2em]">
                {code}
              </span>
              <CopyButton value={code} label={t("donation_code_label")} />
            </p>
            <p className="text-sm">{t("donation_code_hint")}</p>
          </div>
          <TransferDetails {...props} />
        </div>
      ) : null}
      {contribution?.status === "pending" && !code ? <p className="text-sm text-muted-foreground">{t("donation_success_pending")}</p> : null}
    </div>
  );
}

