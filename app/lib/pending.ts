/**
 * When a form counts as pending: from its submission until the page it leads to has loaded (the
 * action, the revalidation, a redirect's target), so its button stays off and it is never sent twice.
 * A plain link navigation is not a form's submission, and one form's submission is not another's.
 */
import { useNavigation } from "@remix-run/react";

/** What a navigation and a fetcher both tell about a submission. */
export interface Transition {
  state: "idle" | "submitting" | "loading";
  formData?: FormData;
}

/**
 * Which form: undefined for any, null for a form without an `intent` field, else that intent
 * (pages with several forms tell them apart by `intent`, see DESIGN.md).
 */
export type FormIntent = string | null | undefined;

export function isPending(transition: Transition, intent?: FormIntent): boolean {
  if (transition.state === "idle" || !transition.formData) return false;
  return intent === undefined || transition.formData.get("intent") === intent;
}

/** Whether the page's navigation is carrying this form's submission. */
export function usePending(intent?: FormIntent): boolean {
  return isPending(useNavigation(), intent);
}
