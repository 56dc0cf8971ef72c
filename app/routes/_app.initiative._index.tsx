import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { EmptyState, InitiativeList, LoadError } from "~/components/initiative/initiative-list";
import { ArrivalDialog, type Arrival } from "~/components/initiative/arrival-dialog";
import { takeRatedNote } from "~/components/initiative/rated-note";
import { TabLinks } from "~/components/initiative/tabs";
import { ScreenCrash } from "~/components/screen-crash";
import { buttonVariants } from "~/components/ui/button";
import { isHistory } from "~/domain/initiatives/rules";
import { useTranslation } from "~/i18n/react";
import { titleMeta } from "~/lib/page-title";
import { communityConfig, loadMyInitiatives } from "~/lib/server/wall.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "initiatives", "mine_title");

export async function loader(args: LoaderFunctionArgs) {
  const now = Date.now();
  const tab = new URL(args.request.url).searchParams.get("tab") === "history" ? "history" : "active";
  const [config, initiatives] = await Promise.all([communityConfig(args), loadMyInitiatives(args)]);
  return data(
    { now, tab, initiatives, successMessage: (config.initiative_participation_success_message as unknown) ?? null },
    { status: initiatives ? 200 : 502 },
  );
}

/** The slug a #hash names (after joining the API's flow lands on /initiative#{slug}). */
const hashSlug = (hash: string) => {
  try {
    return decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    return "";
  }
};

export default function MyInitiatives() {
  const { now, tab, initiatives, successMessage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("initiatives");
  const location = useLocation();
  const [arrival, setArrival] = useState<Arrival | null>(null);
  const all = initiatives ?? [];
  const active = all.filter((i) => !isHistory(i, now));
  const history = all.filter((i) => isHistory(i, now));
  const shown = tab === "history" ? history : active;

  // A hash equal to a slug: scroll to that card and say the joining (or the rating) worked.
  useEffect(() => {
    const slug = hashSlug(location.hash);
    if (!slug) return;
    const rated = takeRatedNote(slug);
    const found = all.find((i) => i.slug === slug);
    if (rated) setArrival({ kind: "rated", initiative: found ?? rated });
    else if (found) setArrival({ kind: "joined", initiative: found });
    if (!found) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    document.getElementById(found.slug)?.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per hash, not per revalidation
  }, [location.hash]);

  const close = () => {
    setArrival(null);
    // Drop the hash so a reload does not congratulate again; keep the router's history state.
    window.history.replaceState(window.history.state, "", location.pathname + location.search);
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("mine_title")}</h1>
      <TabLinks
        label={t("mine_tabs_label")}
        current={tab}
        tabs={[
          { id: "active", label: t("mine_tab_active"), count: initiatives ? active.length : undefined, to: "/initiative" },
          { id: "history", label: t("mine_tab_history"), count: initiatives ? history.length : undefined, to: "/initiative?tab=history" },
        ]}
      />
      <h2 className="sr-only">{t(tab === "history" ? "mine_tab_history" : "mine_tab_active")}</h2>
      {!initiatives ? (
        <LoadError message={t("mine_error")} reloadLabel={t("reload")} reloadHref={location.pathname + location.search} />
      ) : shown.length ? (
        <InitiativeList items={shown} base="initiative" now={now} anchored highlight={arrival?.initiative.slug ?? null} />
      ) : tab === "history" ? (
        <EmptyState title={t("mine_history_empty_title")}>
          <p>{t("mine_history_empty_body")}</p>
        </EmptyState>
      ) : (
        <EmptyState
          title={t("mine_active_empty_title")}
          actions={
            <Link to="/wall" className={buttonVariants()}>
              {t("mine_active_empty_action")}
            </Link>
          }
        >
          <p>{t("mine_active_empty_body")}</p>
        </EmptyState>
      )}
      <ArrivalDialog arrival={arrival} configuredMessage={successMessage} onClose={close} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenCrash area="initiatives" />;
}
