import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Lightbulb } from "lucide-react";
import { activeFilterCount, dateWindow, pageHref, parseWallCursor, parseWallFilters } from "~/domain/initiatives/wall-filters";
import { EmptyState, InitiativeList, LoadError, Pagination } from "~/components/initiative/initiative-list";
import { WallFilterPanel, WallSearch } from "~/components/initiative/wall-filters";
import { ScreenCrash } from "~/components/screen-crash";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { communityConfig, loadWall } from "~/lib/server/wall.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "initiatives", "wall_title");

export async function loader(args: LoaderFunctionArgs) {
  const now = Date.now();
  const params = new URL(args.request.url).searchParams;
  const filters = parseWallFilters(params, now);
  const cursor = parseWallCursor(params);
  // The wall pages by cursor (decision 059). A page number (an old link, a bookmark of ?page=3) or
  // a cursor the API would refuse leads to the same search from its first page: a number says
  // nothing about where a keyset page starts, and finding out would read every row before it.
  if (params.has("page") || (params.has("cursor") && !cursor)) throw redirect(pageHref(filters, cursor), 301);
  const config = await communityConfig(args);
  const canPin = config.can_pin_initiatives === true;
  if (!canPin) filters.pinned = false;
  const wall = await loadWall(args, filters, cursor, canPin);
  return data(
    {
      now,
      filters,
      window: dateWindow(now),
      canPin,
      proposals: config.features.proposals === true,
      // The organisation's banner over the wall (community config, set in /manage/settings).
      banner: config.initiative_banner?.visible && config.initiative_banner.content ? config.initiative_banner.content : null,
      wall,
    },
    // An honest status when the list could not be loaded; the page still offers a reload.
    { status: wall ? 200 : 502 },
  );
}

export default function Wall() {
  const { now, filters, window, canPin, proposals, banner, wall } = useLoaderData<typeof loader>();
  const { t } = useTranslation("initiatives");
  const location = useLocation();
  const filtered = Boolean(filters.search) || activeFilterCount(filters) > 0;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("wall_title")}</h1>
      {banner ? (
        <aside aria-label={t("wall_banner")} className="whitespace-pre-line rounded-lg border-l-4 border-brand bg-muted px-4 py-3 text-sm">
          {banner}
        </aside>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <WallSearch filters={filters} />
        <WallFilterPanel filters={filters} window={window} canPin={canPin} />
      </div>

      {!wall ? (
        <LoadError message={t("wall_error")} reloadLabel={t("reload")} reloadHref={location.pathname + location.search} />
      ) : (
        <>
          <section aria-labelledby="wall-open" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="wall-open" className="text-lg font-semibold">
                {t("wall_open_title")}
              </h2>
              <p role="status" className="text-sm text-muted-foreground">
                {t("wall_results", { count: wall.initiatives.length })}
              </p>
            </div>
            {wall.initiatives.length ? (
              <>
                <InitiativeList items={wall.initiatives} base="wall" now={now} showPinned={canPin} />
                <Pagination firstHref={wall.cursor ? pageHref(filters, null) : null} nextHref={wall.next_cursor ? pageHref(filters, wall.next_cursor) : null} />
              </>
            ) : wall.cursor ? (
              // A later page whose initiatives closed or filled up since its link was made is not "no initiatives at all".
              <EmptyState
                title={t("wall_page_empty_title")}
                actions={
                  <Link to={pageHref(filters, null)} className={buttonVariants()}>
                    {t("wall_page_first")}
                  </Link>
                }
              >
                <p>{t("wall_page_empty_body")}</p>
              </EmptyState>
            ) : (
              <EmptyState
                title={t(filtered ? "wall_empty_filtered_title" : "wall_empty_title")}
                actions={
                  <>
                    {filtered ? (
                      <Link to="/wall" className={buttonVariants({ variant: "outline" })}>
                        {t("filter_clear_all")}
                      </Link>
                    ) : null}
                    {proposals ? (
                      <Link to="/proposal/new/type" className={buttonVariants()}>
                        <Lightbulb aria-hidden="true" className="size-4" />
                        {t("wall_empty_suggest")}
                      </Link>
                    ) : null}
                  </>
                }
              >
                <p>{t(filtered ? "wall_empty_filtered_body" : "wall_empty_body")}</p>
                {proposals ? <p className="mt-1">{t("wall_empty_suggest_body")}</p> : null}
              </EmptyState>
            )}
          </section>

          {wall.past.length ? (
            <section aria-labelledby="wall-past" className="flex flex-col gap-3">
              <h2 id="wall-past" className="text-lg font-semibold">
                {t("wall_past_title")}
              </h2>
              <p className="text-sm text-muted-foreground">{t("wall_past_description")}</p>
              <InitiativeList items={wall.past} base="wall" now={now} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenCrash area="wall" />;
}
