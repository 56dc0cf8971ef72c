/**
 * /cant-come/{token}: the reminder e-mail's "can't come" link (issue 29, section 2), without signing
 * in, on the organisation's own host. Opening it only shows what it frees (mail scanners open
 * links); the button's POST frees the place, which moves the waitlist. An unknown link, or another
 * organisation's, is a 404. docs/api/reminders.md.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/domain/initiatives/format";
import { regionZone } from "~/domain/zoned-time";
import { useTranslation } from "~/i18n/react";
import { pathParam, publicCall } from "~/lib/server/api.server";
import { pageTitle } from "~/lib/page-title";
import { TOKEN_PAGE_REFERRER } from "~/lib/token-page";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "reminders", "cant_come_title") }, TOKEN_PAGE_REFERRER, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const result = await publicCall({ request, context }, (api) => api.api.reminders["cant-come"][":token"].$get({ param: { token: pathParam(token) } }));
  if (!result.ok && (result.status === 404 || result.status === 400)) throw new Response("Not found", { status: 404 });
  if (!result.ok) throw new Response("Unavailable", { status: 502 });
  return { ...result.data, zone: regionZone(context.tenant.region) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const result = await publicCall({ request, context }, (api) => api.api.reminders["cant-come"][":token"].$post({ param: { token: pathParam(token) } }));
  if (result.ok) return { done: true, error: null };
  if (result.status === 404 || result.status === 400) throw new Response("Not found", { status: 404 });
  return data({ done: false, error: result.error.error }, { status: result.status });
}

export default function CantCome() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t, i18n } = useTranslation("reminders");
  const done = result?.done === true;
  const left = done || page.state === "left" || result?.error === "cant_come_already_left";
  const when = page.initiative.start_time ? formatDateTime(page.initiative.start_time, i18n.language, page.zone) : "";
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-5 px-5 py-10 sm:px-8">
      <h1 className="text-2xl font-bold">{t(done ? "cant_come_done_title" : left ? "cant_come_left_title" : "cant_come_title")}</h1>
      {done ? (
        <Alert variant="success">{t("cant_come_done_body")}</Alert>
      ) : left ? null : (
        <>
          <p>{t("cant_come_body", { initiative: page.initiative.title, when })}</p>
          {result?.error ? <Alert>{t([`cant_come_error_${result.error}`, "cant_come_error_default"])}</Alert> : null}
          <Form method="post">
            <Button type="submit">{t("cant_come_submit")}</Button>
          </Form>
        </>
      )}
      <Link className="text-brand underline underline-offset-2" to={`/initiative/${encodeURIComponent(page.initiative.slug)}`}>
        {t("cant_come_open")}
      </Link>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
