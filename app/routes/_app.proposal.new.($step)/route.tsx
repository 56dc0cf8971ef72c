/** /proposal/new and /proposal/new/{step}: the proposal wizard (SPEC.md sections 2, 4 and 5; issue 12). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WizardFinish, WizardStep } from "~/components/proposal/proposal-wizard";
import { ScreenCrash } from "~/components/screen-crash";
import { readForm } from "~/lib/server/form.server";
import { titleMeta } from "~/lib/page-title";
import { useSignedIn } from "~/lib/signed-in";
import { actWizard, loadWizard, type WizardAnswer } from "./wizard.server";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "proposals", "wizard_title");

export const loader = (args: LoaderFunctionArgs) => loadWizard(args, args.params.step);

export async function action(args: ActionFunctionArgs) {
  const answer = await actWizard(args, args.params.step, await readForm(args.request));
  return answer instanceof Response ? answer : data(answer.answer, { status: answer.status });
}

export default function ProposalWizard() {
  const { step, steps, draft, rules, locationPrecision } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as WizardAnswer | undefined;
  const basemapUrl = useSignedIn().basemapUrl ?? undefined;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      {step === "finish" ? (
        <WizardFinish />
      ) : (
        <WizardStep
          key={step}
          step={step}
          steps={steps}
          draft={draft}
          rules={rules}
          errors={answer?.errors ?? {}}
          failure={answer?.failure ?? null}
          basemapUrl={basemapUrl}
          // After a refused step the pin is what was sent, not what was stored.
          locationPrecision={answer ? null : locationPrecision}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenCrash area="proposals" />;
}
