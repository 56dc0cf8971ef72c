import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FirstStepPage } from "~/components/signup/first-step-page";
import { titleMeta } from "~/lib/page-title";
import { keptToken, readDraft, redirectIfSignedIn, submitFirstStep } from "~/lib/signup.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_title");

export async function loader(args: LoaderFunctionArgs) {
  const { tenant } = args.context;
  await redirectIfSignedIn(args);
  // A corporate host signs up into its own organisation: the corporate screen, with its token.
  if (!tenant.isDefault && !tenant.isMiniProfile) throw redirect(`/signup/c/${encodeURIComponent(tenant.signupToken)}`);
  const { draft } = await readDraft(args);
  const token = keptToken(draft);
  return data({
    organization: token ? (draft.organization ?? null) : null,
    closed: tenant.community.disable_create_new_account === true && !token,
    defaults: { name: draft.name ?? "", email: draft.email ?? "", agreeComms: draft.agreeComms === true },
  });
}

export const action = (args: ActionFunctionArgs) => submitFirstStep(args, { start: "/signup" });

export default function SignupFirstStep() {
  const { organization, closed, defaults } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <FirstStepPage organization={organization} closed={closed} defaults={defaults} result={result} />;
}
