/** What the staff screens (/manage) share: status tabs, the pager, the reason field and the outcome of a decision. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { DecisionOutcome } from "~/domain/manage";
import { TabLinks } from "~/components/initiative/tabs";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";

/** The list's status tabs (`?status=`), as links: they work without JavaScript. */
export function StatusTabs({ path, statuses, current, label }: { path: string; statuses: readonly string[]; current: string; label?: (status: string) => string }) {
  const { t } = useTranslation("manage");
  return (
    <TabLinks
      label={t("status_tabs_label")}
      current={current}
      tabs={statuses.map((status) => ({ id: status, label: label ? label(status) : t(`status_${status}`), to: status === statuses[0] ? path : `${path}?status=${status}` }))}
    />
  );
}

/** Next page (the API's cursor) and back to the first one; `query` keeps the list's filters (its status...). */
export function Pager({ path, status, query = {}, next, paged }: { path: string; status?: string; query?: Record<string, string>; next: string | null; paged: boolean }) {
  const { t } = useTranslation("manage");
  if (!next && !paged) return null;
  const href = (extra: Record<string, string>) => `${path}?${new URLSearchParams({ ...(status ? { status } : {}), ...query, ...extra })}`;
  return (
    <nav aria-label={t("next_page")} className="flex flex-wrap gap-3">
      {paged ? (
        <Link to={href({})} className={buttonVariants({ variant: "outline" })}>
          {t("first_page")}
        </Link>
      ) : null}
      {next ? (
        <Link to={href({ cursor: next })} className={buttonVariants({ variant: "outline" })}>
          {t("next_page")}
        </Link>
      ) : null}
    </nav>
  );
}

/** The reason of a refusal, which the member reads: needed for some decisions, optional for others. */
export function ReasonField({ id, required, error, className, note = false }: { id: string; required: boolean; error?: string | null; className?: string; note?: boolean }) {
  const { t } = useTranslation("manage");
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {t(note ? "note_label" : "reason_label")}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={2}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="w-full rounded-md border border-input bg-card px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t(note ? "note_hint" : required ? "reason_required_hint" : "reason_optional_hint")}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What the last decision did, or why it was refused (a reason's own message shows at its field).
 * A queue names its own items in `elsewhere` (how many someone else had decided first) and
 * `noneSelected`; the records queue's words are the default.
 */
export function OutcomeAlert({
  outcome,
  done,
  elsewhere,
  noneSelected,
}: {
  outcome: DecisionOutcome | undefined;
  done: (status: string, count: number) => string;
  elsewhere?: (count: number) => string;
  noneSelected?: string;
}) {
  const { t } = useTranslation("manage");
  if (!outcome) return null;
  if (outcome.done) {
    return (
      <>
        <Alert variant="success">{done(outcome.done.status, outcome.done.count)}</Alert>
        {outcome.lost ? <Alert>{elsewhere ? elsewhere(outcome.lost) : t("decided_elsewhere", { count: outcome.lost })}</Alert> : null}
      </>
    );
  }
  if ((outcome.error === "validation_error" && outcome.fields.reason) || outcome.fields.note) return null;
  if (outcome.error === "selected_none") return <Alert>{noneSelected ?? t("selected_none")}</Alert>;
  // Someone else decided first: the message names what holds now (the list below is reloaded).
  const stored = outcome.stored ? t([`status_${outcome.stored}`, `pstatus_${outcome.stored}`], { defaultValue: outcome.stored }) : "";
  return <Alert>{t([`manage_error_${outcome.error}`, "manage_error_default"], { status: stored })}</Alert>;
}

/** An empty list, or the error that kept it from loading, with a way to try again. */
export function ListState({ failed, empty, reloadHref }: { failed: boolean; empty: string; reloadHref: string }) {
  const { t } = useTranslation("manage");
  if (!failed) return <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">{empty}</p>;
  return (
    <Alert>
      {t("load_error")}{" "}
      <a href={reloadHref} className="font-semibold underline">
        {t("reload")}
      </a>
    </Alert>
  );
}

/** One staff screen's section: its heading (the page's h2, under "Manage"), what it is for, and its content. */
export function ManageSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The look of the staff screens' filter and row controls (selects, dates, search). */
export const STAFF_FIELD = "h-10 rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** A control of a staff screen's form with its visible label above it. */
export function Labelled({ id, label, className, children }: { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * A staff list's filter: a labelled select of `options`, "any" (the empty value) first unless the
 * list has no such choice (`any={false}`: the options name every choice themselves).
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  any = true,
  fieldClassName = STAFF_FIELD,
}: {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  options: readonly { value: string; label: string }[];
  any?: boolean;
  fieldClassName?: string;
}) {
  const { t } = useTranslation("manage");
  return (
    <Labelled id={id} label={label}>
      <select id={id} name={name} defaultValue={value} className={fieldClassName}>
        {any ? <option value="">{t("filter_any")}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
