/** /manage/initiatives/{id}/checkin: check people in by their QR code or the code they read out, online or not (issue 11, point 4). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { CheckinDesk } from "~/components/manage/checkin-desk";
import { ListState } from "~/components/manage/decision-parts";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/lib/server/form.server";
import { titleMeta } from "~/lib/page-title";
import { loadCheckinSheet, typedCheckin, type CheckinOutcome } from "./checkin.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "checkin_title");

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadCheckinSheet(args, args.params.id ?? "");
  return data(loaded, { status: loaded.sheet ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { status, outcome } = await typedCheckin(args, args.params.id ?? "", await readForm(args.request));
  return data(outcome, { status });
}

export default function Checkin() {
  const { sheet } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as CheckinOutcome | undefined;
  const { t } = useTranslation("manage");
  const location = useLocation();
  return (
    <section aria-labelledby="checkin-title" className="flex flex-col gap-4">
      <Link to={sheet ? `/manage/initiatives/${sheet.initiative.id}` : "/manage/initiatives"} className="text-sm font-medium text-brand underline-offset-2 hover:underline">
        ← {t("checkin_back")}
      </Link>
      <div>
        <h2 id="checkin-title" className="text-xl font-semibold">
          {t("checkin_title")}
        </h2>
        {sheet ? <p className="text-sm text-muted-foreground">{sheet.initiative.title}</p> : null}
      </div>
      {sheet ? <CheckinDesk sheet={sheet} outcome={outcome} /> : <ListState failed empty="" reloadHref={location.pathname} />}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
