import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { pageTitle } from "~/lib/page-title";
import { RecoverPasswordForm } from "~/components/auth/recover-password-form";
import { SigninPrompt } from "~/components/auth/signup-prompt";
import { normalizeEmail } from "~/domain/email";
import { recoverPasswordAction } from "./recover-password.server";
import { RouteErrorBoundary } from "~/components/error-page";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "auth", "recover_password_title") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    email: normalizeEmail(new URL(request.url).searchParams.get("email") ?? "").slice(0, 320),
    canSignUp: !context.tenant.community.disable_create_new_account,
  };
}

export async function action(args: ActionFunctionArgs) {
  const outcome = await recoverPasswordAction(args);
  return data(outcome, { status: outcome.status });
}

// SPEC.md sections 2 and 8: ask for a recovery link by e-mail.
export default function RecoverPassword() {
  const { email, canSignUp } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const sent = result?.sent === true;
  return (
    <AuthLayout
      title={t(sent ? "recover_password_sent_title" : "recover_password_title")}
      description={sent ? undefined : t("recover_password_subtitle")}
      footer={<SigninPrompt />}
    >
      <RecoverPasswordForm initialEmail={email} result={result} canSignUp={canSignUp} />
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
