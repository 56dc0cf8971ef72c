import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as v from "valibot";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";
import { PageDrawer, useDrawerParam } from "./page-drawer";
import { useIntent } from "./use-intent";

/**
 * The organisation asks for a phone before joining (ask_member_phone) and the member has none:
 * this drawer saves it to the profile and then joins, in one submit (intent phone_join).
 */
export function PhoneDrawer({ initiativeId, region }: { initiativeId: string; region: string }) {
  const { t } = useTranslation("initiative");
  const { error, field, busy, result } = useIntent("phone_join");
  const hydrated = useHydrated();
  const [phone, setPhone] = useState("");
  const [touched, setTouched] = useState(false);
  const { open } = useDrawerParam("phone");
  // The phone rules (libphonenumber's metadata) load only when the drawer opens: the detail stays light.
  const [validate, setValidate] = useState<((value: string) => string | null) | null>(null);
  useEffect(() => {
    if (!open || validate) return;
    let live = true;
    import("~/domain/phone").then(({ phoneSchema }) => {
      const schema = phoneSchema(region);
      const run = (value: string) => {
        const parsed = v.safeParse(schema, value);
        return parsed.success ? null : parsed.issues[0].message;
      };
      if (live) setValidate(() => run);
    });
    return () => {
      live = false;
    };
  }, [open, validate, region]);
  const problem = validate ? validate(phone) : phone.trim() ? null : "form_error_required";
  const instant = touched && problem ? t(problem) : null;
  // SPEC.md section 8: a 409 is the profile_update_error notification, not a message at the field.
  const inUse = result?.error === "phone_in_use";
  const formId = "phone-join-form";
  return (
    <PageDrawer
      name="phone"
      title={t("phone_title")}
      description={t("phone_description")}
      footer={
        <Button type="submit" form={formId} className="w-full" disabled={hydrated && (problem !== null || busy)}>
          {t("phone_submit")}
        </Button>
      }
    >
      <Form method="post" id={formId} className="flex flex-col gap-4" noValidate>
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
          onChange={(event) => setPhone(event.target.value)}
          onBlur={() => setTouched(true)}
          error={instant ?? (inUse ? null : field("phone"))}
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
