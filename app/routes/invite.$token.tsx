import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FailureAlert } from "~/components/auth/failure-alert";
import { LinkExpired, NewPasswordForm } from "~/components/auth/new-password-form";
import { RouteErrorBoundary } from "~/components/error-page";
import { Invitation } from "~/components/signup/invitation";
import { localeCookie } from "~/i18n/locale.server";
import { useTranslation } from "~/i18n/react";
import { newPasswordAction, newPasswordLoader } from "~/lib/new-password.server";
import { titleMeta } from "~/lib/page-title";
import { draftOrganization } from "~/lib/signup-entry";
import { findOrganization } from "~/lib/signup-links.server";

export const meta: MetaFunction = ({ matches }) => [...titleMeta(matches, "signup", "invite_meta_title"), { name: "referrer", content: "no-referrer" }];

/**
 * /invite/{token}: a personal invitation an administrator sent (issue 15): the invited member
 * chooses a password, accepts the terms and is in. A token that is no invitation may be an
 * organisation's sign-up token, which leads into its sign-up as before.
 */
export async function loader(args: LoaderFunctionArgs) {
  const token = args.params.token ?? "";
  const invitation = await newPasswordLoader(args, token, "invite");
  if (invitation.state === "ready" || invitation.state === "error") {
    return { kind: "personal" as const, token, page: invitation, organization: invitation.state === "ready" ? invitation.organization : args.context.tenant.name };
  }
  const organization = await findOrganization(args, { token });
  if (!organization) return data({ kind: "expired" as const, token, organization: null }, { status: 404 });
  return { kind: "organization" as const, token, organization: draftOrganization(organization) };
}

export async function action(args: ActionFunctionArgs) {
  const outcome = await newPasswordAction(args, args.params.token, "invite", localeCookie);
  if (outcome instanceof Response) throw outcome; // signed in
  return data(outcome, { status: outcome.status });
}

export default function Invite() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  if (loaded.kind === "personal") {
    const expired = result?.expired;
    return (
      <AuthLayout title={t(expired ? "link_expired_title" : "invitation_title", { organization: loaded.organization })} description={expired ? undefined : t("invitation_subtitle")}>
        {expired ? (
          <LinkExpired kind="recover_password" result={result} />
        ) : loaded.page.state === "ready" ? (
          <NewPasswordForm email={loaded.page.email} policy={loaded.page.policy} initial submitLabel={t("invitation_submit")} errorPrefix="confirm_email" result={result} />
        ) : loaded.page.state === "error" ? (
          <FailureAlert prefix="confirm_email" failure={loaded.page.failure} />
        ) : null}
      </AuthLayout>
    );
  }
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-lg flex-col justify-center px-4 py-8 sm:py-12">
      <Invitation token={loaded.token} organization={loaded.organization} />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
