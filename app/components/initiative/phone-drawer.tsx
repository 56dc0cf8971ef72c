import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as v from "valibot";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/schema-form";
import { PageDrawer, SubmitFooter, useDrawerParam } from "./page-drawer";
import { useIntent } from "./use-intent";

/** What is checked before the phone rules have loaded. */
const REQUIRED_PHONE = v.object({ phone: v.pipe(v.string("form_error_required"), v.trim(), v.nonEmpty("form_error_required")) });

/**
 * The organisation asks for a phone before joining (ask_member_phone) and the member has none:
 * this drawer saves it to the profile and then joins, in one submit (intent phone_join).
 */
export function PhoneDrawer({ initiativeId, region }: { initiativeId: string; region: string }) {
  const { t } = useTranslation("initiative");
  const { busy, result } = useIntent("phone_join");
  const hydrated = useHydrated();
  const [phone, setPhone] = useState("");
  const { open } = useDrawerParam("phone");
  // The phone rules (libphonenumber's metadata) load only when the drawer opens: the detail stays
  // light. Until then only "required" is checked here; the action checks the whole rule.
  const [schema, setSchema] = useState<v.GenericSchema | null>(null);
  useEffect(() => {
    if (!open || schema) return;
    let live = true;
    import("~/domain/phone").then(({ phoneFormSchema }) => {
      if (live) setSchema(phoneFormSchema(region));
    });
    return () => {
      live = false;
    };
  }, [open, schema, region]);
  // SPEC.md section 8: a 409 is the profile_update_error notification, not a message at the field;
  // once the member edits the number after an answer, that answer's error state is reset.
  const [editedAfter, setEditedAfter] = useState<unknown>(null);
  const code = result && editedAfter !== result ? result.error : null;
  const inUse = code === "phone_in_use";
  // A failed profile update says profile_error_{code} (else the default); a failed join its own error.
  const error = code && code !== "invalid_input" ? t([`settings:profile_error_${code}`, `error_${code}`, "settings:profile_error_default"]) : null;
  const formId = "phone-join-form";
  const { props, error: fieldError } = useSchemaForm(schema ?? REQUIRED_PHONE, { id: formId, errors: result?.error === "phone_in_use" ? undefined : result?.fields, pending: busy, shouldValidate: "onBlur", serverChecksOnly: true });
  const valid = v.is(schema ?? REQUIRED_PHONE, { phone });
  const message = fieldError("phone");
  return (
    <PageDrawer
      name="phone"
      title={t("phone_title")}
      description={t("phone_description")}
      footer={
        <SubmitFooter form={formId} disabled={hydrated && (!valid || busy)}>
          {t("phone_submit")}
        </SubmitFooter>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...props}>
        <input type="hidden" name="intent" value="phone_join" />
        <input type="hidden" name="id" value={initiativeId} />
        <Field
          id="member-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          label={t("phone_label")}
          hint={t("phone_hint")}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            setEditedAfter(result);
          }}
          error={message ? t(message) : null}
        />
        {inUse ? (
          <Alert>
            <strong className="block">{t("settings:profile_update_error_title")}</strong>
            {t("settings:profile_update_error_desc")}
          </Alert>
        ) : error ? (
          <Alert>{error}</Alert>
        ) : null}
      </Form>
    </PageDrawer>
  );
}
