import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { InvalidLink } from "~/components/signup/invalid-link";
import { titleMeta } from "~/lib/page-title";
import { followSignupLink, getOrganizationByToken, isToken, redirectIfSignedIn } from "~/lib/signup.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_invalid_link_title");

/** /signup/{organization_token}: to /signup/c/{token} when corporate, else /signup keeping the token. */
export async function loader(args: LoaderFunctionArgs) {
  await redirectIfSignedIn(args);
  const token = args.params.token;
  const result = isToken(token) ? await getOrganizationByToken(args, token) : null;
  if (result?.ok) return followSignupLink(args, result.data);
  return data(null, { status: 404 });
}

export default function SignupLink() {
  return <InvalidLink />;
}
