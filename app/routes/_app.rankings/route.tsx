/**
 * /rankings: the organisation's members by validated hours (SPEC.md sections 2 and 3; issue 14):
 * the first place large, the rest as a list, my own place even when outside it, this year or all time.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { EmptyState, LoadError } from "~/components/initiative/initiative-list";
import { TabLinks } from "~/components/initiative/tabs";
import { ScreenCrash } from "~/components/screen-crash";
import { Avatar } from "~/components/shell/avatar";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { titleMeta } from "~/lib/page-title";
import { loadRanking } from "./ranking.server";

/** The period switch: all time first (the API's default), then this year. */
const RANKING_TABS = ["all", "year"] as const;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "rankings", "title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadRanking(args);
  return data(loaded, { status: loaded.ranking ? 200 : 502 });
}

export default function Rankings() {
  const { period, ranking } = useLoaderData<typeof loader>();
  const { t } = useTranslation("rankings");
  const location = useLocation();
  // A deleted account keeps its place and hours, without a name.
  const entries = (ranking?.organization_ranking ?? []).map((entry) => (entry.deleted ? { ...entry, name: t("deleted_member") } : entry));
  const [first, ...rest] = entries;
  const mineShown = entries.some((entry) => entry.mine);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <TabLinks label={t("period_label")} current={period} tabs={RANKING_TABS.map((id) => ({ id, label: t(`period_${id}`), to: id === "all" ? "/rankings" : "/rankings?period=year" }))} />
      {!ranking ? (
        <LoadError message={t("load_error")} reloadLabel={t("reload")} reloadHref={location.pathname + location.search} />
      ) : !first ? (
        <EmptyState title={t("empty_title")}>
          <p>{t("empty_body")}</p>
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="first-place" className={cn("flex items-center gap-4 rounded-lg border border-border bg-card p-6", first.mine && "ring-2 ring-brand")}>
            <Avatar name={first.name} src={first.avatar} size={64} />
            <div>
              <h2 id="first-place" className="text-sm font-medium text-muted-foreground">
                {t("first_place")}
              </h2>
              <p className="text-xl font-bold">{first.name}</p>
              <p>{t("hours", { count: first.hours })}</p>
            </div>
          </section>
          {rest.length ? (
            <ol aria-label={t("list_label")} className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
              {rest.map((entry) => (
                <li key={entry.member_id} aria-current={entry.mine ? "true" : undefined} className={cn("flex items-center gap-3 p-3", entry.mine && "bg-brand/5 font-semibold")}>
                  <span className="w-10 text-right text-sm font-semibold" aria-label={t("rank", { rank: entry.rank })}>
                    {entry.rank}
                  </span>
                  <Avatar name={entry.name} src={entry.avatar} />
                  <span className="flex-1">{entry.name}</span>
                  <span className="text-sm">{t("hours", { count: entry.hours })}</span>
                </li>
              ))}
            </ol>
          ) : null}
        </>
      )}
      {ranking && !mineShown ? (
        <p role="note" className="rounded-lg border border-dashed border-border p-4 text-sm">
          {ranking.me ? t("me_outside", { rank: ranking.me.rank, hours: ranking.me.hours }) : t("me_none")}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenCrash area="ranking" />;
}
