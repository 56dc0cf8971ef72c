/**
 * A member's attributes the impact ledger reads (issue 30, section 1): country (ISO 3166 code),
 * site or business unit, and grade, which choose the rate that values their hours. On the member's
 * row of /manage/members; an empty field clears the attribute. Posts `intent=impact`.
 */
import { Form } from "@remix-run/react";
import { Labelled, STAFF_FIELD } from "~/components/manage/decision-parts";
import { impactMessage } from "~/components/manage/impact-sections";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";

export function MemberImpactFields({ member, name, fields }: { member: { id: string; impact: { country: string | null; site: string | null; grade: string | null } }; name: string; fields: Record<string, string> }) {
  const { t } = useTranslation("impact");
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">
        {t("member_attributes")}
        {member.impact.country || member.impact.site || member.impact.grade ? (
          <span className="text-muted-foreground"> · {[member.impact.country, member.impact.site, member.impact.grade].filter(Boolean).join(" · ")}</span>
        ) : null}
      </summary>
      <Form method="post" className="flex flex-wrap items-end gap-3 pt-2">
        <input type="hidden" name="intent" value="impact" />
        <input type="hidden" name="id" value={member.id} />
        {(["country", "site", "grade"] as const).map((field) => (
          <Labelled key={field} id={`${field}-${member.id}`} label={<>{t(`import_column_${field}`)} <span className="sr-only">({name})</span></>}>
            <input
              id={`${field}-${member.id}`}
              name={field}
              defaultValue={member.impact[field] ?? ""}
              maxLength={field === "country" ? 2 : 100}
              className={`${STAFF_FIELD} ${field === "country" ? "w-20 uppercase" : ""}`}
              aria-invalid={fields[field] ? true : undefined}
              aria-describedby={fields[field] ? `${field}-${member.id}-error` : undefined}
            />
            {fields[field] ? (
              <span id={`${field}-${member.id}-error`} className="text-destructive">
                {impactMessage(t, fields[field])}
              </span>
            ) : null}
          </Labelled>
        ))}
        <Button type="submit" size="sm" variant="outline">
          {t("member_attributes_save")}
          <span className="sr-only"> ({name})</span>
        </Button>
      </Form>
    </details>
  );
}
