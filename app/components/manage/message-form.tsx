/** The organiser's message to everyone taking part: subject and message, checked with the API's schema (conform). */
import { Form } from "@remix-run/react";
import { MESSAGE_BODY_MAX_LENGTH, MESSAGE_SUBJECT_MAX_LENGTH, participantMessageFormSchema } from "~/domain/manage";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";

export const MESSAGE_INTENT = "message_participants";

export interface MessageOutcome {
  sent: number | null;
  error: string | null;
  fields: Record<string, string>;
}

export function MessageForm({ outcome }: { outcome: MessageOutcome | undefined }) {
  const { t } = useTranslation("manage");
  const pending = usePending(MESSAGE_INTENT);
  const { props, error } = useSchemaForm(participantMessageFormSchema, { id: "participant-message-form", errors: outcome?.fields, pending });
  // The schema's message keys, worded for this form (the reason's own wording is another).
  const message = (key: string | null) => (key ? t([key.replace(/^form_error_/, "message_error_"), "manage_error_default"]) : null);
  return (
    <section aria-labelledby="message-title" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <div>
        <h3 id="message-title" className="text-base font-semibold">
          {t("message_title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("message_intro")}</p>
      </div>
      <Form method="post" preventScrollReset {...props} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={MESSAGE_INTENT} />
        <Field id="message-subject" name="subject" label={t("message_subject")} maxLength={MESSAGE_SUBJECT_MAX_LENGTH} autoComplete="off" error={message(error("subject"))} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="message-body" className="text-sm font-medium">
            {t("message_body")}
          </label>
          <textarea
            id="message-body"
            name="body"
            rows={5}
            maxLength={MESSAGE_BODY_MAX_LENGTH}
            aria-invalid={error("body") ? true : undefined}
            aria-describedby={error("body") ? "message-body-error" : undefined}
            className="w-full rounded-md border border-input bg-card px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          {error("body") ? (
            <p id="message-body-error" className="text-sm text-destructive">
              {message(error("body"))}
            </p>
          ) : null}
        </div>
        {outcome?.sent !== null && outcome?.sent !== undefined ? <Alert variant="success">{t("message_sent", { count: outcome.sent })}</Alert> : null}
        {outcome?.error && outcome.error !== "validation_error" ? <Alert>{t([`manage_error_${outcome.error}`, "manage_error_default"])}</Alert> : null}
        <div>
          <Button type="submit" disabled={pending}>
            {t("message_send")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
