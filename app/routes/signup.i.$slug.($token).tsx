import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { InvalidLink } from "~/components/signup/invalid-link";
import { titleMeta } from "~/lib/page-title";
import { isSlug } from "~/domain/slug";
import { redirectIfSignedIn } from "~/lib/server/signup-draft.server";
import { findOrganization, followSignupLink } from "~/lib/server/signup-links.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_invalid_link_title");

/**
 * /signup/i/{initiative_slug}/{organization_token?}: the organisation of the token, else of the
 * initiative; then as any sign-up link, remembering the initiative for after sign-up.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { slug = "", token } = args.params;
  if (!isSlug(slug)) return data(null, { status: 404 });
  await redirectIfSignedIn(args, `/initiative/${slug}`);
  const organization = await findOrganization(args, token !== undefined ? { token } : { initiative: slug });
  if (organization) return followSignupLink(args, organization, { initiative: slug });
  return data(null, { status: 404 });
}

export default function SignupInitiativeLink() {
  return <InvalidLink />;
}
