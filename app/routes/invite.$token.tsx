import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-page";
import { Invitation } from "~/components/signup/invitation";
import { titleMeta } from "~/lib/page-title";
import { draftOrganization } from "~/lib/signup-entry";
import { findOrganization } from "~/lib/signup-links.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "invite_meta_title");

/** There is no invitation API: an invitation token is an organisation's sign-up token. */
export async function loader(args: LoaderFunctionArgs) {
  const token = args.params.token ?? "";
  const organization = await findOrganization(args, { token });
  if (!organization) return data({ token, organization: null }, { status: 404 });
  return { token, organization: draftOrganization(organization) };
}

export default function Invite() {
  const { token, organization } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-lg flex-col justify-center px-4 py-8 sm:py-12">
      <Invitation token={token} organization={organization} />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
