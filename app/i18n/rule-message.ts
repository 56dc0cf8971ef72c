import type { TFunction } from "~/i18n/react";

type I18n = { exists: (key: string) => boolean };

/**
 * The text of a rule's message key (form_error_required, password_policy_minLength, ...) from the
 * signup namespace; an unknown key from the API reads as a generic "not valid".
 */
export function ruleMessage(t: TFunction, i18n: I18n, key: string | undefined | null, params?: Record<string, unknown>) {
  if (!key) return null;
  return i18n.exists(`signup:${key}`) ? (t(key, params) as string) : (t("form_error_invalid") as string);
}
