import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { ruleMessage } from "~/i18n/rule-message";
import type { SignupOrganization } from "~/domain/signup-types";
import { useHydrated } from "~/lib/use-hydrated";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";
import type { FieldErrors } from "~/domain/field-errors";
import { SignupOrganizationFormSchema } from "~/domain/signup";

/** Organisations grouped by region, regions in alphabetical order of their code. */
function byRegion(organizations: SignupOrganization[]) {
  const groups = new Map<string, SignupOrganization[]>();
  for (const org of organizations) {
    const region = org.region || "other";
    groups.set(region, [...(groups.get(region) ?? []), org]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * The organisation-choice step (SPEC.md section 2): public organisations grouped by region as logo
 * cards. Each card is a real radio input (one name for all), so arrows, Space and Tab work as for any
 * radio group, and the form posts without JavaScript.
 */
export function OrganizationPicker({ organizations, errors }: { organizations: SignupOrganization[]; errors?: FieldErrors }) {
  const { t, i18n } = useTranslation("signup");
  const hydrated = useHydrated();
  const busy = usePending();
  const [chosen, setChosen] = useState<string | null>(null);
  const { props, error } = useSchemaForm(SignupOrganizationFormSchema, { id: "signup-organization-form", errors, pending: busy });
  const message = chosen ? null : ruleMessage(t, i18n, error("organization"));

  return (
    <Form method="post" className="flex flex-col gap-6" {...props}>
      {byRegion(organizations).map(([region, orgs]) => (
        <fieldset key={region} className="flex flex-col gap-3" aria-describedby={message ? "organization-error" : undefined}>
          <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            {t(`signup_region_${region}`, { defaultValue: region })}
          </legend>
          <div className="grid grid-cols-2 gap-3 xs:grid-cols-3">
            {orgs.map((org) => (
              <label
                key={org.slug}
                className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-border bg-card p-3 text-center text-sm font-medium transition-colors hover:bg-muted has-[:checked]:border-brand has-[:checked]:ring-2 has-[:checked]:ring-brand has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  name="organization"
                  value={org.slug}
                  required
                  className="sr-only"
                  onChange={() => setChosen(org.slug)}
                />
                <span className="flex h-14 w-full items-center justify-center">
                  {org.logo_small || org.logo ? (
                    <img src={(org.logo ?? org.logo_small)!} alt="" className="max-h-14 max-w-full object-contain" />
                  ) : (
                    <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-muted text-lg font-bold">
                      {org.name.slice(0, 1)}
                    </span>
                  )}
                </span>
                <span className="break-words">{org.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {message ? (
        <p id="organization-error" className="text-sm text-destructive" role="alert">
          {message}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={hydrated && (!chosen || busy)} aria-busy={busy || undefined}>
        {busy ? t("signup_sending") : t("signup_next")}
      </Button>
    </Form>
  );
}
