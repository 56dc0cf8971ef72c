import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { ErrorPage } from "~/components/error-page";
import { InitiativeDetail, loadDonationDrawer } from "~/components/initiative/initiative-detail";
import { InitiativeLoadError } from "~/components/initiative/load-error";
import { ParticipationView } from "~/components/initiative/participation";
import { RatingDrawer } from "~/components/initiative/rating-drawer";
import { ratingsShown } from "~/domain/initiatives/rules";
import { useTranslation } from "~/i18n/react";
import { contributeAction } from "~/routes/_app.initiative.$slug.($action)/donation.server";
import { initiativeIntent, loadInitiative } from "~/routes/_app.initiative.$slug.($action)/initiative.server";
import { pageTitle } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { readForm } from "~/lib/server/form.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const organization = pageTitle(matches, "initiative", "__none__");
  return [{ title: data?.initiative ? `${data.initiative.title} · ${organization}` : organization }];
};

/** /{initiative|wall}/{slug}/{participate|contribute?} (SPEC.md section 2). */
export async function loader(args: LoaderFunctionArgs) {
  // The contribute drawer is rendered by the server when the page opens at /contribute (decision 039).
  const [page] = await Promise.all([loadInitiative(args, args.params.slug ?? "", args.params.action), loadDonationDrawer()]);
  return page;
}

export async function action(args: ActionFunctionArgs) {
  const slug = args.params.slug ?? "";
  const form = await readForm(args.request);
  if (String(form.get("intent") ?? "").startsWith("contribute")) {
    const donation = await contributeAction(args, slug, form);
    return data(donation.result, { status: donation.status });
  }
  const outcome = await initiativeIntent(args, slug, form);
  if (outcome instanceof Response) return outcome;
  return data(outcome.result, { status: outcome.status });
}

/** Opening or closing a drawer only changes `?drawer=`: nothing to load again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("drawer");
    params.delete("kind");
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
};

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="inline-flex w-fit items-center gap-2 rounded-md py-2 text-sm font-semibold text-brand hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

export default function InitiativePage() {
  const page = useLoaderData<typeof loader>();
  const { settings } = useSignedIn();
  const { t } = useTranslation("initiative");
  const { initiative, base, view, config } = page;
  if (view === "participate") {
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-4">
        <BackLink to={`/${base}/${initiative.slug}`} label={t("back_to_initiative")} />
        <ParticipationView initiative={initiative} qr={page.qr} base={base} region={config.region} now={page.now} />
        <RatingDrawer initiative={initiative} shown={ratingsShown(config)} />
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <BackLink to={`/${base}`} label={t(base === "wall" ? "back_to_wall" : "back_to_mine")} />
      <InitiativeDetail data={page} memberPhone={settings.phone} />
    </div>
  );
}

/** 403 and 404 are the error pages; any other failure to load is the error panel with "check wall". */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404)) return <ErrorPage status={error.status} />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <InitiativeLoadError />;
}
