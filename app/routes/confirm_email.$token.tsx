import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FailureAlert } from "~/components/auth/failure-alert";
import { pageTitle } from "~/lib/page-title";
import { LinkExpired, NewPasswordForm } from "~/components/auth/new-password-form";
import { SigninPrompt } from "~/components/auth/signup-prompt";
import { ConfirmEmailForm } from "~/components/auth/confirm-email-form";
import { localeCookie } from "~/i18n/locale.server";
import { newPasswordAction, newPasswordLoader } from "~/lib/server/new-password.server";
import { finishSignup } from "~/lib/server/signup-draft.server";
import { landingPath } from "~/lib/signed-out";
import { RouteErrorBoundary } from "~/components/error-page";
import { TOKEN_PAGE_REFERRER } from "~/lib/token-page";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "auth", "confirm_email_title") },
  TOKEN_PAGE_REFERRER,
];

export async function loader(args: LoaderFunctionArgs) {
  return newPasswordLoader(args, args.params.token, "email_confirmation");
}

export async function action(args: ActionFunctionArgs) {
  // A confirmed sign-up goes on to the initiative its link named (the draft's, else the link's
  // `next`, which the sign-up put there for another browser), and its draft is cleared.
  const next = landingPath(new URL(args.request.url).searchParams.get("next")) ?? "/wall";
  const outcome = await newPasswordAction(args, args.params.token, "email_confirmation", localeCookie, () => finishSignup(args, next));
  if (outcome instanceof Response) throw outcome; // signed in
  return data(outcome, { status: outcome.status });
}

// SPEC.md section 2: the e-mail is confirmed by choosing a password ("Save password"), unless the
// account chose one at sign-up (/signup/password): then the link only confirms (issue 28).
export default function ConfirmEmail() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const expired = page.state === "expired" || result?.expired;
  return (
    <AuthLayout
      title={t(expired ? "link_expired_title" : "confirm_email_title")}
      description={!expired && page.state === "ready" ? t(page.needsPassword ? "confirm_email_subtitle" : "confirm_email_confirm_subtitle") : undefined}
      footer={expired ? null : <SigninPrompt />}
    >
      {expired ? (
        <LinkExpired kind="confirm_email" result={result} />
      ) : page.state === "ready" && !page.needsPassword ? (
        <ConfirmEmailForm email={page.email} result={result} />
      ) : page.state === "ready" ? (
        <NewPasswordForm
          email={page.email}
          policy={page.policy}
          initial={false}
          submitLabel={t("confirm_email_submit")}
          errorPrefix="confirm_email"
          result={result}
        />
      ) : (
        <FailureAlert prefix="confirm_email" failure={page.failure} />
      )}
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
