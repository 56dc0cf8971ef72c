/** /manage/money: pledges by transfer, in person or on a partner's site, to confirm or reject, one by one or those ticked (issue 11, point 6). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { DateTime } from "~/components/initiative/date-time";
import { ListState, ManageSection, OutcomeAlert, Pager, StatusTabs } from "~/components/manage/decision-parts";
import { BulkQueue } from "~/components/manage/bulk-queue";
import { ExportButton } from "~/components/manage/export-button";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/domain/donation";
import { MONEY_TABS } from "~/domain/manage";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/lib/server/form.server";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { decideMoney, loadMoney } from "./money.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "money_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadMoney(args);
  return data(loaded, { status: loaded.page ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, outcome } = await decideMoney(args, await readForm(args.request));
  return data(outcome, { status });
}

export default function ManageMoney() {
  const { status, q, page, paged } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t, i18n } = useTranslation("manage");
  const { t: td } = useTranslation("donation");
  const { settings } = useSignedIn();
  const location = useLocation();
  const contributions = page?.contributions ?? [];
  return (
    <ManageSection id="money-title" title={t("money_title")} intro={t("money_intro")}>
      <StatusTabs path="/manage/money" statuses={MONEY_TABS} current={status} />
      <Form method="get" role="search" className="flex items-end gap-2">
        {status !== "pending" ? <input type="hidden" name="status" value={status} /> : null}
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="money-search" className="text-sm font-medium">
            {t("money_search_label")}
          </label>
          <input
            id="money-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            autoComplete="off"
            className="h-11 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        </div>
        <Button type="submit" variant="outline">
          {t("money_search")}
        </Button>
      </Form>
      <OutcomeAlert
        outcome={outcome}
        done={(decided, count) =>
          count === 1 ? t(decided === "confirmed" ? "done_confirmed" : "done_money_rejected") : t(decided === "confirmed" ? "done_confirmed_count" : "done_money_rejected_count", { count })
        }
        elsewhere={(count) => t("decided_elsewhere_money", { count })}
        noneSelected={t("selected_none_money")}
      />
      {contributions.length ? (
        <div>
          <ExportButton kind="contributions" query={new URLSearchParams({ status, ...(q ? { q } : {}) }).toString()} label={t("money_download")} variant="outline" />
        </div>
      ) : null}
      {contributions.length ? (
        <BulkQueue
          id="money-reason"
          intent="review_money"
          reason="optional"
          reasonError={outcome?.fields.reason ?? null}
          buttons={[
            { value: "confirmed", label: t("confirm"), selectedLabel: t("confirm_selected"), primary: true },
            { value: "rejected", label: t("reject"), selectedLabel: t("reject_selected") },
          ]}
          items={contributions.map((contribution) => {
            const amount = formatMoney(contribution.value, contribution.currency, i18n.language);
            return {
              id: contribution.id,
              person: contribution.donor,
              title: contribution.donor.name,
              selectLabel: t("money_select", { name: contribution.donor.name, amount, initiative: contribution.initiative.title }),
              // PayPal's pledges are confirmed by their payment: shown, never decided here.
              decided: contribution.status === "pending" && contribution.source !== "paypal" ? null : contribution.status,
              children: (
                <>
                  <p className="text-base font-semibold">{amount}</p>
                  <p className="text-muted-foreground">
                    {td(`donation_source_${contribution.source}`)}
                    {contribution.confirmation_code ? <> · {t("money_code", { code: contribution.confirmation_code })}</> : null} ·{" "}
                    <Link to={`/initiative/${contribution.initiative.slug}`} className="underline underline-offset-2">
                      {contribution.initiative.title}
                    </Link>{" "}
                    · <DateTime iso={contribution.created_at} region={settings.region} withTime={false} />
                  </p>
                  {contribution.anonymous ? <p className="text-muted-foreground">{t("money_anonymous")}</p> : null}
                  {contribution.comment ? <p className="italic">“{contribution.comment}”</p> : null}
                  {contribution.reject_reason ? <p className="text-muted-foreground">{t("reviewed_reason", { reason: contribution.reject_reason })}</p> : null}
                </>
              ),
            };
          })}
        />
      ) : (
        <ListState failed={!page} empty={t(status === "pending" && !q ? "money_empty" : "list_empty_decided")} reloadHref={location.pathname + location.search} />
      )}
      <Pager path="/manage/money" status={status} next={page?.next_cursor ?? null} paged={paged} />
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
