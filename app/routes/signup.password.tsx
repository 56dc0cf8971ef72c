import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { titleMeta } from "~/lib/page-title";
import { PasswordStep } from "~/components/signup/password-step";
import { policyOf, requireStep } from "~/lib/server/signup-draft.server";
import { submitPassword } from "~/lib/server/signup-steps.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_password_title");

export async function loader(args: LoaderFunctionArgs) {
  const { draft } = await requireStep(args, "password");
  return {
    name: draft.name!,
    email: draft.email!,
    policy: policyOf(draft),
    back: draft.start ?? "/signup",
    organization: draft.organization ?? null,
  };
}

export const action = (args: ActionFunctionArgs) => submitPassword(args);

export default function SignupPassword() {
  return <PasswordStep {...useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
