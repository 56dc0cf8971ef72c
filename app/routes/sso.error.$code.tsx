import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

const MESSAGES: Record<string, string> = {
  access_denied: "Sign-in was cancelled at your organisation's provider.",
  invalid_state: "The sign-in took too long or was already used. Start again.",
  email_missing: "Your organisation's provider did not share your e-mail address.",
  email_not_verified: "Your organisation's provider has not verified your e-mail address.",
  email_in_use: "This e-mail address already has an account outside your organisation. Sign in with your password.",
  sso_provider_not_found: "Your organisation does not offer this sign-in method.",
  sso_provider_unavailable: "Your organisation's sign-in provider cannot be reached right now.",
};

export async function loader({ params }: LoaderFunctionArgs) {
  const code = (params.code ?? "").slice(0, 60);
  return { code, message: MESSAGES[code] ?? "Sign-in with your organisation failed. Try again in a few minutes." };
}

export default function SsoError() {
  const { code, message } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <h1>Sign-in failed</h1>
      <p>{message}</p>
      <p>
        <small>Code: {code}</small>
      </p>
      <Link className="button" to="/signin">
        Back to sign in
      </Link>
    </main>
  );
}
