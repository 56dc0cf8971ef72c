import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FailureAlert } from "~/components/auth/failure-alert";
import { pageTitle } from "~/lib/page-title";
import { LinkExpired, NewPasswordForm } from "~/components/auth/new-password-form";
import { SigninPrompt } from "~/components/auth/signup-prompt";
import { localeCookie } from "~/i18n/locale.server";
import { newPasswordAction, newPasswordLoader } from "~/lib/server/new-password.server";
import { RouteErrorBoundary } from "~/components/error-page";
import { TOKEN_PAGE_REFERRER } from "~/lib/token-page";

export const meta: MetaFunction = ({ matches, location }) => [
  { title: pageTitle(matches, "auth", new URLSearchParams(location.search).get("initial") === "1" ? "initial_password_title" : "reset_password_title") },
  TOKEN_PAGE_REFERRER,
];

export async function loader(args: LoaderFunctionArgs) {
  return newPasswordLoader(args, args.params.token, "password_reset");
}

export async function action(args: ActionFunctionArgs) {
  const outcome = await newPasswordAction(args, args.params.token, "password_reset", localeCookie);
  if (outcome instanceof Response) throw outcome; // signed in
  return data(outcome, { status: outcome.status });
}

// SPEC.md section 2: a new password; with ?initial=1 the set-initial-password variant (terms, comms).
export default function ResetPassword() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const expired = page.state === "expired" || result?.expired;
  const title = expired ? "link_expired_title" : page.initial ? "initial_password_title" : "reset_password_title";
  return (
    <AuthLayout title={t(title)} description={!expired && page.state === "ready" ? t(page.initial ? "initial_password_subtitle" : "reset_password_subtitle") : undefined} footer={expired ? null : <SigninPrompt />}>
      {expired ? (
        <LinkExpired kind="recover_password" result={result} />
      ) : page.state === "ready" ? (
        <NewPasswordForm
          email={page.email}
          policy={page.policy}
          initial={page.initial}
          submitLabel={t(page.initial ? "initial_password_submit" : "reset_password_submit")}
          errorPrefix="recover_password"
          result={result}
        />
      ) : (
        <FailureAlert prefix="recover_password" failure={page.failure} />
      )}
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
