/** /manage/initiatives: the initiatives the member organises, to open their participants (issue 11, points 2 and 3). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { DateTime } from "~/components/initiative/date-time";
import { FilterSelect, ListState, ManageSection, Pager } from "~/components/manage/decision-parts";
import { Button, buttonVariants } from "~/components/ui/button";
import { INITIATIVE_TYPES } from "~/domain/initiatives";
import { INITIATIVE_STATUS_FILTERS } from "~/domain/manage";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { InitiativeLinks } from "~/components/manage/initiative-links";
import { loadInitiatives } from "./initiatives.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "initiatives_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadInitiatives(args);
  return data(loaded, { status: loaded.list ? 200 : 502 });
}

const selectClass = "h-11 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export default function ManageInitiatives() {
  const { filters, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("manage");
  const { t: ti } = useTranslation("initiatives");
  const { settings } = useSignedIn();
  const location = useLocation();
  const initiatives = list?.initiatives ?? [];
  /** The same filters, from the first page (no cursor) or after the cursor the list answered. */
  // The filters the pages keep (the cursor is the pager's).
  const query = Object.fromEntries([...new URLSearchParams(location.search)].filter(([name]) => name !== "cursor"));
  return (
    <ManageSection id="initiatives-title" title={t("initiatives_title")} intro={t("initiatives_intro")}>
      <div>
        <Link to="/manage/initiatives/new" className={buttonVariants()}>
          {t("initiative_new")}
        </Link>
      </div>
      <Form method="get" role="search" className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="initiatives-q" className="text-sm font-medium">
            {t("initiatives_search_label")}
          </label>
          <input id="initiatives-q" type="search" name="q" defaultValue={filters.q} maxLength={100} autoComplete="off" className={selectClass} />
        </div>
        <FilterSelect
          id="initiatives-type"
          name="type"
          label={t("filter_type")}
          value={filters.type ?? ""}
          options={INITIATIVE_TYPES.map((type) => ({ value: type, label: ti(`type_${type}`) }))}
          fieldClassName={selectClass}
        />
        <FilterSelect
          id="initiatives-status"
          name="status"
          label={t("filter_status")}
          value={filters.status ?? ""}
          options={INITIATIVE_STATUS_FILTERS.map((status) => ({ value: status, label: status === "open" ? t("status_open") : ti(`status_${status}`) }))}
          fieldClassName={selectClass}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="initiatives-from" className="text-sm font-medium">
            {t("filter_from")}
          </label>
          <input id="initiatives-from" type="date" name="from" defaultValue={filters.from ?? ""} className={selectClass} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="initiatives-to" className="text-sm font-medium">
            {t("filter_to")}
          </label>
          <input id="initiatives-to" type="date" name="to" defaultValue={filters.to ?? ""} className={selectClass} />
        </div>
        <div className="flex flex-col gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="scope" value="mine" defaultChecked={filters.mine} className="size-5 accent-[var(--color-brand)]" />
            {t("scope_mine")}
          </label>
          <Button type="submit" variant="outline">
            {t("filter_apply")}
          </Button>
        </div>
      </Form>
      {initiatives.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {initiatives.map((initiative) => (
            <li key={initiative.id} className="flex flex-col gap-1 p-4 text-sm">
              <Link to={`/manage/initiatives/${initiative.id}`} className="text-base font-semibold underline-offset-2 hover:underline">
                {initiative.title}
              </Link>
              <p className="text-muted-foreground">
                {ti(`type_${initiative.type}`)} · {initiative.status === "open" ? t("status_open") : ti(`status_${initiative.status}`)}
                {initiative.start_time ? (
                  <>
                    {" "}
                    · <DateTime iso={initiative.start_time} region={settings.region} withTime={false} />
                  </>
                ) : null}
              </p>
              <p>
                {initiative.max_participants >= 0
                  ? t("initiative_places", { taken: initiative.participant_count, max: initiative.max_participants })
                  : t("initiative_joined", { count: initiative.participant_count })}
                {initiative.pending_count > 0 ? <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-brand-foreground">{t("initiative_waiting", { count: initiative.pending_count })}</span> : null}
              </p>
              <InitiativeLinks id={initiative.id} title={initiative.title} type={initiative.type} />
            </li>
          ))}
        </ul>
      ) : (
        <ListState failed={!list} empty={t("initiatives_empty")} reloadHref={location.pathname + location.search} />
      )}
      {list ? <Pager path="/manage/initiatives" query={query} next={list.next_cursor} paged={Boolean(filters.cursor)} /> : null}
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
