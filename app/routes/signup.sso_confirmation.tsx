import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { titleMeta } from "~/lib/page-title";
import { SsoConfirmationStep } from "~/components/signup/sso-confirmation-step";
import { requireStep } from "~/lib/server/signup-draft.server";
import { ssoStartPath } from "~/lib/server/signup-links.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_sso_title");

/** Once the popup has signed the member in, it reloads this page: requireStep then sends them home. */
export async function loader(args: LoaderFunctionArgs) {
  const { draft } = await requireStep(args, "sso_confirmation");
  if (!draft.sso_url) throw redirect(draft.start ?? "/signup");
  return { url: ssoStartPath(draft.sso_url, draft.initiative), organization: draft.organization ?? null };
}

export default function SignupSsoConfirmation() {
  return <SsoConfirmationStep {...useLoaderData<typeof loader>()} />;
}
