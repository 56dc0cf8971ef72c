/**
 * Pieces the webhook and chat-app pages share: a group of checkboxes (events, topics), the secret
 * shown once, and a delivery's status as words.
 */
import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";

export function CheckboxGroup({ name, legend, options, checked, error }: { name: string; legend: string; options: { value: string; label: string }[]; checked: readonly string[]; error?: string | null }) {
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} className="size-4 shrink-0 accent-brand" />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </fieldset>
  );
}

/** The endpoint's secret, answered by the API once (on creation and rotation): shown here, never again. */
export function SecretOnce({ secret, children }: { secret: string; children?: ReactNode }) {
  const { t } = useTranslation("webhooks");
  return (
    <Alert variant="success">
      <p className="font-medium">{t("secret_once")}</p>
      <code className="mt-2 block break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="webhook-secret">
        {secret}
      </code>
      {children}
    </Alert>
  );
}

/** The API's field messages these pages know; anything else reads as the general refusal. */
const FIELD_MESSAGES = new Set([
  "form_error_required",
  "form_error_invalid",
  "form_error_invalid_url",
  "form_error_max_length",
  "webhook_https_required",
  "webhook_address_not_allowed",
  "webhook_events_required",
  "chat_topics_required",
  "chat_url_not_slack",
  "chat_url_not_teams",
]);

/** An API message key in the page's words. */
export function useFieldMessage() {
  const { t } = useTranslation("webhooks");
  return (key: string | null | undefined) => (key ? t(FIELD_MESSAGES.has(key) ? `error_${key}` : "error_default") : null);
}

/** A submit button of a page form with several intents (`intent` is what the action reads). */
export function IntentButton({ intent, small = false, children }: { intent: string; small?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" name="intent" value={intent} variant={small ? "outline" : "default"} size={small ? "sm" : "default"}>
      {children}
    </Button>
  );
}

/** An endpoint's or channel's own buttons: test, switch on or off, (more,) remove. */
export function RowActions({ id, enabled, testLabel, children }: { id: string; enabled: boolean; testLabel: string; children?: ReactNode }) {
  const { t } = useTranslation("webhooks");
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="id" value={id} />
      <IntentButton intent="test" small>
        {testLabel}
      </IntentButton>
      <IntentButton intent={enabled ? "disable" : "enable"} small>
        {enabled ? t("action_disable") : t("action_enable")}
      </IntentButton>
      {children}
      <IntentButton intent="remove" small>
        {t("action_remove")}
      </IntentButton>
    </Form>
  );
}
