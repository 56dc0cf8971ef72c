/**
 * /offline (decision 046): what the service worker shows when there is no connection and the page
 * asked for is not one it keeps. Holds nothing of any member's: the worker keeps it from its install.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { useSearchParams } from "@remix-run/react";
import { WifiOff } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "push", "offline_title");

/** Where "Try again" goes: the page the member asked for (a path on this site), else the wall. */
const retryTarget = (from: string | null) => (from && from.startsWith("/") && !from.startsWith("//") ? from : "/wall");

export default function Offline() {
  const { t } = useTranslation("push");
  const [params] = useSearchParams();
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-12 text-center">
      <WifiOff aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-bold">{t("offline_title")}</h1>
      <p className="text-muted-foreground">{t("offline_text")}</p>
      <a href="/initiative" className={buttonVariants()}>
        {t("offline_my_initiatives")}
      </a>
      <a href={retryTarget(params.get("from"))} className={buttonVariants({ variant: "outline" })}>
        {t("offline_retry")}
      </a>
    </main>
  );
}
