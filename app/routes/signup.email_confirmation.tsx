import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailConfirmationStep } from "~/components/signup/email-confirmation-step";
import { titleMeta } from "~/lib/page-title";
import { requireStep } from "~/lib/server/signup-draft.server";
import { commonIntent } from "~/lib/server/signup-steps.server";
import { readForm } from "~/lib/server/form.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "signup", "signup_email_confirmation_title");

export async function loader(args: LoaderFunctionArgs) {
  const { draft } = await requireStep(args, "email_confirmation");
  return { email: draft.email!, organization: draft.organization ?? null };
}

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  const handle = await requireStep(args, "email_confirmation");
  return (await commonIntent(args, form, handle)) ?? {};
}

export default function SignupEmailConfirmation() {
  return <EmailConfirmationStep {...useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
