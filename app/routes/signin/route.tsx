import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { pageTitle } from "~/lib/page-title";
import { EmailStep, PasswordStep, SsoStep } from "~/components/auth/signin-steps";
import { SignupPrompt } from "~/components/auth/signup-prompt";
import { localeCookie } from "~/i18n/locale.server";
import { signinAction, signinLoader } from "./signin.server";
import { RouteErrorBoundary } from "~/components/error-page";
import { Alert } from "~/components/ui/alert";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "auth", "signin_title") }];

export async function loader(args: LoaderFunctionArgs) {
  const page = await signinLoader(args);
  if (page instanceof Response) throw page; // already signed in
  return page;
}

export async function action(args: ActionFunctionArgs) {
  const outcome = await signinAction(args, localeCookie);
  if (outcome instanceof Response) throw outcome; // on to the next stage, or signed in
  return data(outcome, { status: outcome.status });
}

const TITLES = { email: "signin_title", password: "signin_password_title", sso: "signin_sso_title" } as const;

// SPEC.md section 2: the e-mail, then the password or the SSO popup (section 4, "Sign-in stages").
export default function Signin() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t, i18n } = useTranslation("auth");
  const deletionDue = page.deletionDue ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(page.deletionDue)) : null;
  return (
    <AuthLayout
      title={t(TITLES[page.stage])}
      description={page.stage === "email" ? t("signin_subtitle") : undefined}
      footer={page.canSignUp ? <SignupPrompt email={page.email || undefined} /> : null}
    >
      {deletionDue ? <Alert variant="info">{t("signin_deletion_scheduled", { date: deletionDue })}</Alert> : null}
      {page.stage === "password" ? (
        <PasswordStep email={page.email} result={result} canSignUp={page.canSignUp} />
      ) : page.stage === "sso" && page.ssoUrl ? (
        <SsoStep email={page.email} url={page.ssoUrl} />
      ) : (
        <EmailStep initialEmail={page.email} result={result} canSignUp={page.canSignUp} />
      )}
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
