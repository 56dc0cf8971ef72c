import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FailureAlert } from "~/components/auth/failure-alert";
import { LinkExpired, NewPasswordForm } from "~/components/auth/new-password-form";
import { RouteErrorBoundary } from "~/components/error-page";
import { Invitation } from "~/components/signup/invitation";
import { localeCookie } from "~/i18n/locale.server";
import { useTranslation } from "~/i18n/react";
import { newPasswordAction, newPasswordLoader } from "~/lib/server/new-password.server";
import { titleMeta } from "~/lib/page-title";
import { draftOrganization } from "~/lib/signup-entry";
import { findOrganization } from "~/lib/server/signup-links.server";
import { joinInvitationAction, loadJoinInvitation, type JoinAnswer, type JoinPage } from "./join-invitation.server";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { TOKEN_PAGE_REFERRER } from "~/lib/token-page";

export const meta: MetaFunction = ({ matches }) => [...titleMeta(matches, "signup", "invite_meta_title"), TOKEN_PAGE_REFERRER];

/**
 * /invite/{token}: a personal invitation an administrator sent (issue 15): a new account's invited
 * member chooses a password, accepts the terms and is in; an existing account's owner signs in as
 * that account and accepts or declines (issue 25: nobody joins an organisation but by their own
 * act). A token that is no invitation may be an organisation's sign-up token, which leads into its
 * sign-up as before.
 */
export async function loader(args: LoaderFunctionArgs) {
  const token = args.params.token ?? "";
  const invitation = await newPasswordLoader(args, token, "invite");
  if (invitation.state === "ready" || invitation.state === "error") {
    return { kind: "personal" as const, token, page: invitation, organization: invitation.state === "ready" ? invitation.organization : args.context.tenant.name };
  }
  const join = await loadJoinInvitation(args, token);
  if (join) return join;
  const organization = await findOrganization(args, { token });
  if (!organization) return data({ kind: "expired" as const, token, organization: null }, { status: 404 });
  return { kind: "organization" as const, token, organization: draftOrganization(organization) };
}

export async function action(args: ActionFunctionArgs) {
  if (args.request.headers.get("content-type")?.includes("form") && (await args.request.clone().formData()).get("kind") === "join") {
    const answer = await joinInvitationAction(args, args.params.token ?? "");
    if (answer instanceof Response) throw answer;
    return data(answer.answer, { status: answer.status });
  }
  const outcome = await newPasswordAction(args, args.params.token, "invite", localeCookie);
  if (outcome instanceof Response) throw outcome; // signed in
  return data(outcome, { status: outcome.status });
}

/** An existing account's invitation: sign in as it (or switch to it), then accept or decline. */
function JoinInvitation({ page, answer }: { page: JoinPage; answer: JoinAnswer | undefined }) {
  const { t } = useTranslation("auth");
  const decline = (
    <Button type="submit" name="intent" value="decline" variant="outline">
      {t("join_decline")}
    </Button>
  );
  return (
    <AuthLayout title={t("invitation_title", { organization: page.organization })} description={t("join_subtitle")}>
      {answer && "error" in answer ? <Alert>{t(`join_error_${answer.error}`, { defaultValue: t("join_error_default") })}</Alert> : null}
      {page.state === "ready" ? (
        <p>{t("join_ready", { organization: page.organization, role: t(`join_role_${page.role}`, { defaultValue: page.role }) })}</p>
      ) : page.state === "signin" ? (
        <p>{t("join_signin", { email: page.email })}</p>
      ) : (
        <p>{t("join_other_account", { email: page.email, current: page.signedInAs })}</p>
      )}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="kind" value="join" />
        {page.state === "ready" ? (
          <Button type="submit" name="intent" value="accept">
            {t("join_accept")}
          </Button>
        ) : page.state === "signin" ? (
          <Link to={page.signinUrl} className={buttonVariants()}>
            {t("join_signin_button")}
          </Link>
        ) : (
          <Button type="submit" name="intent" value="switch">
            {t("join_switch")}
          </Button>
        )}
        {decline}
      </Form>
    </AuthLayout>
  );
}

export default function Invite() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  // Declined: the link is spent, so the page reloaded after the answer no longer knows the invitation.
  if (answered && "declined" in answered) {
    return (
      <AuthLayout title={t("join_declined_title")}>
        <p>{t("join_declined_body", { organization: answered.organization })}</p>
      </AuthLayout>
    );
  }
  if (loaded.kind === "join") return <JoinInvitation page={loaded} answer={answered as JoinAnswer | undefined} />;
  // Any other page's answers are the password form's (the join forms' are on their own page above).
  const result = answered as Exclude<typeof answered, JoinAnswer> | undefined;
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
