import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { titleMeta } from "~/lib/page-title";
import { OrganizationStep } from "~/components/signup/organization-step";
import { requireStep } from "~/lib/server/signup-draft.server";
import { publicOrganizations, submitOrganization } from "~/lib/server/signup-steps.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_organization_title");

export async function loader(args: LoaderFunctionArgs) {
  const { draft } = await requireStep(args, "organization");
  return { organizations: await publicOrganizations(args, draft), back: draft.start ?? "/signup" };
}

export const action = (args: ActionFunctionArgs) => submitOrganization(args);

export default function SignupOrganization() {
  const { organizations, back } = useLoaderData<typeof loader>();
  return <OrganizationStep organizations={organizations} back={back} result={useActionData<typeof action>()} />;
}
