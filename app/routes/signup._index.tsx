import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FirstStepPage } from "~/components/signup/first-step-page";
import { titleMeta } from "~/lib/page-title";
import { initiativePath } from "~/lib/signed-out";
import { keptToken, readDraft, redirectIfSignedIn } from "~/lib/server/signup-draft.server";
import { hostSignup } from "~/lib/signup-entry";
import { submitFirstStep } from "~/lib/server/signup-steps.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_title");

export async function loader(args: LoaderFunctionArgs) {
  const { tenant } = args.context;
  await redirectIfSignedIn(args);
  // A public organisation's own host: its screen, with its token, which is public (decision 004).
  // A non-public one's token is never shown here (hostSignup).
  if (tenant.isPublic && !tenant.isDefault && !tenant.isMiniProfile) throw redirect(`/signup/c/${encodeURIComponent(tenant.signupToken)}`);
  const { draft } = await readDraft(args);
  const token = keptToken(draft);
  const host = hostSignup(tenant, token);
  return data({
    organization: token ? (draft.organization ?? null) : host.organization,
    closed: host.closed,
    landing: draft.initiative ? initiativePath(draft.initiative) : null,
    defaults: { name: draft.name ?? "", email: draft.email ?? "", agreeComms: draft.agreeComms === true },
  });
}

export const action = (args: ActionFunctionArgs) => submitFirstStep(args, { start: "/signup" });

export default function SignupFirstStep() {
  const { organization, closed, defaults, landing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <FirstStepPage organization={organization} closed={closed} defaults={defaults} result={result} landing={landing} />;
}
