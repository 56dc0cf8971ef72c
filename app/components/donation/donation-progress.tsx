import { progressPercent, type Initiative } from "~/domain/initiatives";
import { useTranslation } from "~/i18n/react";
import { formatMoney } from "~/domain/donation";

/**
 * A donation's target and progress (SPEC.md sections 3 and 9): shown only when donation_params
 * has show_target_amount and a target; the percent is progressPercent (clamped 0 to 100).
 */
export function DonationProgress({ initiative, className }: { initiative: Pick<Initiative, "contribution_total" | "donation_params">; className?: string }) {
  const { t, i18n } = useTranslation("donation");
  const params = initiative.donation_params;
  if (!params?.show_target_amount || !params.target_amount || params.target_amount <= 0) return null;
  const percent = progressPercent(initiative.contribution_total, params.target_amount);
  const money = (value: number) => formatMoney(value, params.currency, i18n.language);
  const label = t("donation_progress_label", { raised: money(initiative.contribution_total), target: money(params.target_amount) });
  return (
    <div className={className}>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span>{label}</span>
        <span className="font-semibold">{t("donation_progress_percent", { percent })}</span>
      </p>
      <div
        role="progressbar"
        aria-label={t("donation_progress_title")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${t("donation_progress_percent", { percent })}, ${label}`}
        className="mt-1.5 h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
