import { DonationProgress } from "~/components/donation/donation-progress";
import { donationPhase } from "~/domain/initiatives/rules";
import type { Initiative } from "~/domain/initiatives/types";
import { useTranslation } from "~/i18n/react";
import { formatMoney } from "~/domain/donation";

/**
 * A donation's target and progress (when show_target_amount), totals and the member's own giving.
 * Totals and progress are confirmed money only; the member's own pledges that wait for the
 * organisers show apart, marked pending.
 */
export function DonationSummary({ initiative: i, now }: { initiative: Initiative; now: number }) {
  const { t, i18n } = useTranslation("initiative");
  const params = i.donation_params;
  if (i.type !== "donation" || !params) return null;
  const money = (value: number) => formatMoney(value, params.currency, i18n.language);
  return (
    <section aria-labelledby="donation-title" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="donation-title" className="text-base font-semibold">
        {t("donation_title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t(`donation_phase_${donationPhase(i, now)}`)}</p>
      <p className="text-2xl font-bold">{money(i.contribution_total)}</p>
      <DonationProgress initiative={i} />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{t("donation_contributors")}</dt>
          <dd className="font-semibold">{i.contributor_count}</dd>
        </div>
        {i.own_contribution_total > 0 ? (
          <div>
            <dt className="text-muted-foreground">{t("donation_own")}</dt>
            <dd className="font-semibold">{money(i.own_contribution_total)}</dd>
          </div>
        ) : null}
        {i.own_pending_contribution_total > 0 ? (
          <div>
            <dt className="text-muted-foreground">{t("donation_own_pending")}</dt>
            <dd className="flex flex-wrap items-center gap-2 font-semibold">
              {money(i.own_pending_contribution_total)}
              <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-foreground">{t("record_status_pending")}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {i.own_pending_contribution_total > 0 ? <p className="text-sm text-muted-foreground">{t("donation_own_pending_hint")}</p> : null}
      {params.tax_deductible ? <p className="text-sm">{t("donation_tax_deductible")}</p> : null}
    </section>
  );
}
