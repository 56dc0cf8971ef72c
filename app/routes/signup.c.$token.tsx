import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FirstStepPage } from "~/components/signup/first-step-page";
import { InvalidLink } from "~/components/signup/invalid-link";
import { titleMeta } from "~/lib/page-title";
import { initiativePath } from "~/lib/signed-out";
import { isToken, readDraft, redirectIfSignedIn } from "~/lib/server/signup-draft.server";
import { draftOrganization } from "~/lib/signup-entry";
import { findOrganization } from "~/lib/server/signup-links.server";
import { submitFirstStep } from "~/lib/server/signup-steps.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_title");

/** The corporate screen (SPEC.md section 2): the organisation of the token, then the first step. */
export async function loader(args: LoaderFunctionArgs) {
  await redirectIfSignedIn(args);
  const token = args.params.token;
  const organization = token ? await findOrganization(args, { token }) : null;
  if (!organization) return data({ found: false as const }, { status: 404 });
  const { draft } = await readDraft(args);
  const sameJourney = draft.signup_token === token;
  return data({
    found: true as const,
    organization: draftOrganization(organization),
    closed: organization.product_config.community.disable_create_new_account === true ? ("disabled" as const) : null,
    landing: draft.initiative ? initiativePath(draft.initiative) : null,
    defaults: {
      name: draft.name ?? "",
      email: draft.email ?? "",
      agreeComms: sameJourney && draft.agreeComms === true,
    },
  });
}

export const action = (args: ActionFunctionArgs) => {
  const token = args.params.token;
  if (!isToken(token)) throw new Response(null, { status: 404 });
  return submitFirstStep(args, { start: `/signup/c/${token}`, signupToken: token });
};

export default function SignupCorporate() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!page.found) return <InvalidLink />;
  return <FirstStepPage organization={page.organization} closed={page.closed} defaults={page.defaults} result={result} landing={page.landing} />;
}
