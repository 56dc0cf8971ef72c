/**
 * /manage/policy: the organisation's volunteering policy for its administrators (issue 15, point
 * 3): the version in force and its document, and publishing a new version, after which every
 * member must accept it again (the non-closable modal of SPEC.md section 4).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { ManageSection } from "~/components/manage/decision-parts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { memberCall, pathParam } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";
import { notFound, requireStaff } from "~/lib/server/manage.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "manage", "policy_title");

export async function loader(args: LoaderFunctionArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const result = await memberCall(args, (api) => api.api[":org"].admin.terms.$get({ param: { org: pathParam(org) } }));
  if (!result.ok && result.status === 403) throw notFound();
  return data({ policy: result.ok ? result.data : null }, { status: result.ok ? 200 : 502 });
}

export async function action(args: ActionFunctionArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const form = await readForm(args.request);
  const url = String(form.get("url") ?? "");
  const result = await memberCall(args, (api) => api.api[":org"].admin.terms.$post({ param: { org: pathParam(org) }, json: { url } }));
  if (result.ok) return data({ published: result.data.version, error: null, field: null, url: "" });
  return data({ published: null, error: result.error.error, field: result.error.fields?.url ?? null, url }, { status: result.status });
}

export default function ManagePolicy() {
  const { policy } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  return (
    <ManageSection id="policy-title" title={t("policy_title")} intro={t("policy_intro")}>
      {answer?.published ? <Alert variant="success">{t("policy_published", { version: answer.published })}</Alert> : null}
      {answer?.error && !answer.field ? <Alert>{t("manage_error_default")}</Alert> : null}
      <div className="rounded-lg border border-border bg-card p-4">
        {policy && policy.version > 0 ? (
          <p>
            {t("policy_current", { version: policy.version })}{" "}
            {policy.url ? (
              <a href={policy.url} target="_blank" rel="noreferrer" className="font-medium text-brand underline">
                {t("policy_open")}
              </a>
            ) : null}
          </p>
        ) : (
          <p className="text-muted-foreground">{t("policy_none")}</p>
        )}
      </div>
      <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
        <Field id="policy-url" name="url" type="text" inputMode="url" label={t("policy_url")} hint={t("policy_url_hint")} defaultValue={answer?.url ?? ""} required error={answer?.field ? t(answer.field) : null} />
        <p className="text-sm">{t("policy_warning")}</p>
        <div>
          <Button type="submit">{t("policy_publish")}</Button>
        </div>
      </Form>
    </ManageSection>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
