import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { InvalidLink } from "~/components/signup/invalid-link";
import { titleMeta } from "~/lib/page-title";
import { redirectIfSignedIn } from "~/lib/server/signup-draft.server";
import { findOrganization, followSignupLink } from "~/lib/server/signup-links.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_invalid_link_title");

/** /signup/{organization_token}: to /signup/c/{token} when corporate, else /signup keeping the token. */
export async function loader(args: LoaderFunctionArgs) {
  await redirectIfSignedIn(args);
  const organization = await findOrganization(args, { token: args.params.token ?? "" });
  if (organization) return followSignupLink(args, organization);
  return data(null, { status: 404 });
}

export default function SignupLink() {
  return <InvalidLink />;
}
