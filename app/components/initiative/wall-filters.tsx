import { Form, Link, useSubmit } from "@remix-run/react";
import { Search, SlidersHorizontal } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Drawer } from "~/components/ui/drawer";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { INITIATIVE_TYPES, SDG_SLUGS } from "~/domain/initiatives/types";
import { SdgIcon, sdgName } from "./sdg";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { activeFilterCount, CATEGORY_SLUGS, SEARCH_MAX_LENGTH, wallQuery, type WallFilters } from "~/domain/initiatives/wall-filters";
import { usePending } from "~/lib/pending";

/** Typing pauses this long before the list follows the search (with JavaScript). */
export const SEARCH_DEBOUNCE_MS = 400;

const FILTER_FORM_ID = "wall-filters";

interface FilterProps {
  filters: WallFilters;
  /** The date inputs' bounds (YYYY-MM-DD). */
  window: { min: string; max: string };
  /** can_pin_initiatives: offers the pinned-only filter. */
  canPin: boolean;
}

/** Hidden inputs that carry the filters a form does not edit, so submitting it keeps them. */
function Carry({ filters, except }: { filters: WallFilters; except: "search" | "filters" }) {
  const query = wallQuery(filters);
  const keep = [...query.entries()].filter(([name]) => (except === "search" ? name !== "search" : name === "search"));
  return (
    <>
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The link that drops every filter but keeps the search. */
export function clearFiltersHref(filters: WallFilters) {
  return filters.search ? `/wall?${new URLSearchParams({ search: filters.search })}` : "/wall";
}

/**
 * The search: a plain GET form (a submit button without JavaScript); with JavaScript the list
 * follows the typing after a short pause, replacing the history entry instead of adding one per key.
 */
export function WallSearch({ filters }: { filters: WallFilters }) {
  const { t } = useTranslation("initiatives");
  const submit = useSubmit();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // Links (clear filters, back/forward) change the search under an input nobody is typing in.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = filters.search;
  }, [filters.search]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form method="get" action="/wall" role="search" className="flex min-w-0 flex-1 items-center gap-2">
      <Carry filters={filters} except="search" />
      <label htmlFor="wall-search" className="sr-only">
        {t("wall_search_label")}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          ref={input}
          id="wall-search"
          type="search"
          name="search"
          defaultValue={filters.search}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t("wall_search_placeholder")}
          autoComplete="off"
          className="pl-9"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
      {/* Without JavaScript the button is the way to search; with it the list follows the typing, so
          phones keep the room for the field (Enter still submits). */}
      <Button type="submit" variant="outline" className={cn("shrink-0", hydrated && "max-sm:hidden")}>
        {t("wall_search_submit")}
      </Button>
    </Form>
  );
}

function Select({ id, name, label, value, children }: { id: string; name: string; label: string; value: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="h-11 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </select>
    </div>
  );
}

const RADIO_TILE =
  "flex cursor-pointer items-center justify-center rounded-md p-0.5 ring-offset-2 ring-offset-card hover:bg-muted peer-checked:ring-2 peer-checked:ring-foreground peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring";

/**
 * The goal filter: "all goals" and the 17 goal icons as one group of native radio buttons (arrows
 * move, the GET form posts without JavaScript), each named by the goal's name.
 */
function SdgFilter({ name, idPrefix, value }: { name: string; idPrefix: string; value: number | null }) {
  const { t } = useTranslation("initiatives");
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{t("filter_sdg")}</legend>
      <div className="grid grid-cols-6 gap-2 sm:grid-cols-9">
        <div className="col-span-2 sm:col-span-3">
          <input id={`${idPrefix}-any`} type="radio" name={name} value="" defaultChecked={value === null} className="peer sr-only" />
          <label htmlFor={`${idPrefix}-any`} className={cn(RADIO_TILE, "h-10 border border-border px-2 text-sm")}>
            {t("filter_sdg_any")}
          </label>
        </div>
        {SDG_SLUGS.map((slug, index) => {
          const goal = index + 1;
          return (
            <div key={slug}>
              <input id={`${idPrefix}-${goal}`} type="radio" name={name} value={goal} defaultChecked={value === goal} className="peer sr-only" />
              <label htmlFor={`${idPrefix}-${goal}`} className={RADIO_TILE} title={sdgName(t, goal)}>
                <SdgIcon id={goal} size={36} />
                <span className="sr-only">{sdgName(t, goal)}</span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The filter fields: type, goal, category, pinned only, and the date range. */
function FilterFields({ filters, window, canPin, idPrefix }: FilterProps & { idPrefix: string }) {
  const { t } = useTranslation("initiatives");
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="flex flex-col gap-4">
      <Carry filters={filters} except="filters" />
      <Select id={id("type")} name="type" label={t("filter_type")} value={filters.type}>
        <option value="">{t("filter_type_any")}</option>
        {INITIATIVE_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`type_${type}`)}
          </option>
        ))}
      </Select>
      <SdgFilter name="sdg" idPrefix={id("sdg")} value={filters.sdg} />
      <Select id={id("category")} name="category" label={t("filter_category")} value={filters.category}>
        <option value="">{t("filter_category_any")}</option>
        {CATEGORY_SLUGS.map((slug) => (
          <option key={slug} value={slug}>
            {/* Category names are shared lookups (the lookups namespace), like the profile's. */}
            {t(`lookups:category.${slug}`, { defaultValue: slug })}
          </option>
        ))}
      </Select>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">{t("filter_dates")}</legend>
        <div className="grid grid-cols-2 gap-3">
          {(["from", "to"] as const).map((edge) => (
            <div key={edge} className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor={id(edge)} className="text-sm">
                {t(`filter_date_${edge}`)}
              </label>
              <Input id={id(edge)} type="date" name={edge} defaultValue={filters[edge]} min={window.min} max={window.max} />
            </div>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{t("filter_dates_hint")}</p>
      </fieldset>
      {canPin ? (
        <label htmlFor={id("pinned")} className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input id={id("pinned")} type="checkbox" name="pinned" value="true" defaultChecked={filters.pinned} className="size-5 accent-brand" />
          {t("filter_pinned_only")}
        </label>
      ) : null}
    </div>
  );
}

const triggerClass = (active: boolean) =>
  cn(buttonVariants({ variant: active ? "default" : "outline" }), "shrink-0 cursor-pointer list-none [&::-webkit-details-marker]:hidden");

/**
 * The filter drawer (SPEC.md section 2): with JavaScript a button opens the Drawer; without it (the
 * drawer only mounts in the browser) the same fields sit in a <details> below the search.
 */
export function WallFilterPanel(props: FilterProps) {
  const { t } = useTranslation("initiatives");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // The Drawer has no Radix trigger to return the focus to, so give it back to the button on close.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open && trigger.current && !trigger.current.contains(document.activeElement)) trigger.current.focus();
    wasOpen.current = open;
  }, [open]);
  const count = activeFilterCount(props.filters);
  const label = (
    <>
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      {t("filter_open")}
      {count ? (
        <span className="rounded-full bg-brand-foreground px-1.5 text-xs font-bold text-brand">
          <span aria-hidden="true">{count}</span>
          <span className="sr-only">{t("filter_active_count", { count })}</span>
        </span>
      ) : null}
    </>
  );
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="submit" form={FILTER_FORM_ID} className="flex-1" disabled={usePending()}>
        {t("filter_apply")}
      </Button>
      <Link to={clearFiltersHref(props.filters)} className={buttonVariants({ variant: "ghost" })} onClick={() => setOpen(false)}>
        {t("filter_clear")}
      </Link>
    </div>
  );
  if (!hydrated) {
    return (
      // On a phone the open panel flows in the page (its own row) instead of floating over it: a
      // floating panel on a short page ended under the bottom bar, with Show results out of reach.
      <details className="relative shrink-0 max-sm:open:basis-full">
        <summary className={triggerClass(count > 0)}>{label}</summary>
        <div className="z-20 mt-2 rounded-lg border border-border bg-card p-4 shadow-lg max-sm:w-full sm:absolute sm:right-0 sm:top-full sm:w-[min(28rem,calc(100vw-2rem))]">
          <Form id={FILTER_FORM_ID} method="get" action="/wall" className="flex flex-col gap-4">
            <FilterFields {...props} idPrefix="filter-inline" />
            {actions}
          </Form>
        </div>
      </details>
    );
  }
  return (
    <>
      <button ref={trigger} type="button" className={triggerClass(count > 0)} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </button>
      <Drawer open={open} onOpenChange={setOpen} title={t("filter_title")} description={t("filter_description")} footer={actions}>
        <Form id={FILTER_FORM_ID} method="get" action="/wall" preventScrollReset onSubmit={() => setOpen(false)}>
          <FilterFields {...props} idPrefix="filter-drawer" />
        </Form>
      </Drawer>
    </>
  );
}
