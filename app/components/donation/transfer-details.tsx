/** The organisation's transfer details, each copyable value with its copy button. */
import { transferLines } from "~/domain/donation";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { CopyButton } from "./copy-button";
import type { DonationDrawerProps } from "./step-parts";

export function TransferDetails(props: Pick<DonationDrawerProps, "initiative" | "organization">) {
  const { t } = useTranslation("donation");
  const lines = transferLines(props.initiative.donation_params, props.organization.region);
  if (!lines.length) return <p className="text-sm">{t("donation_transfer_missing")}</p>;
  return (
    <dl className="flex flex-col divide-y divide-border rounded-md border border-border">
      {lines.map((line) => (
        <div key={line.label} className="px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t(line.label)}</dt>
          <dd className="flex items-center gap-2">
            <span className={cn("min-w-0 flex-1 break-words", line.copyable ? "font-mono text-sm font-medium" : "whitespace-pre-line text-sm")}>{line.value}</span>
            {line.copyable ? <CopyButton value={line.value} label={t(line.label)} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

