/** POST /onboarding: the onboarding wizard's save or "continue without this" (app/lib/server/onboarding.server.ts). */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { onboardingAction } from "~/lib/server/onboarding.server";

export const action = ({ request, context }: ActionFunctionArgs) => onboardingAction({ request, context });

export const loader = () => redirect("/wall");
