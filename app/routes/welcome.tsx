import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.name} · Commons` : "Commons" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant } = context;
  return {
    name: tenant.name,
    logo: tenant.logo,
    canCreateAccount: !tenant.community.disable_create_new_account,
  };
}

export default function Welcome() {
  const { name, logo, canCreateAccount } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      {logo ? <img src={logo} alt={name} /> : null}
      <h1>Welcome to {name}</h1>
      <p>Find initiatives, take part and see the impact you make together.</p>
      {canCreateAccount ? (
        <Link className="button" to="/signup">
          Create an account
        </Link>
      ) : null}
      <Link className="button secondary" to="/signin">
        Sign in
      </Link>
    </main>
  );
}
