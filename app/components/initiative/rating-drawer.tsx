import { Form } from "@remix-run/react";
import { useMemo, useState } from "react";
import * as v from "valibot";
import { Alert } from "~/components/ui/alert";
import { ratingFormSchema } from "~/domain/initiatives/forms";
import type { Initiative } from "~/domain/initiatives/types";
import { useTranslation } from "~/i18n/react";
import { useNoteRatingRedirect } from "~/components/initiative/rated-note";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/schema-form";
import { PageDrawer, SubmitFooter } from "./page-drawer";
import { StarInput } from "./stars";
import { useIntent } from "./use-intent";

/**
 * Rates the initiative and its organiser in half stars, each as the organisation shows it
 * (ratingsShown); submit stays disabled until every shown rating is set (ratingFormSchema, the action's).
 */
export function RatingDrawer({ initiative, shown }: { initiative: Initiative; shown: { initiative: boolean; organization: boolean } }) {
  const { t } = useTranslation("initiative");
  const { error, busy, result } = useIntent("score");
  const hydrated = useHydrated();
  useNoteRatingRedirect(initiative);
  const [scores, setScores] = useState({
    initiative_score: initiative.own_score?.initiative_score ?? 0,
    organization_score: initiative.own_score?.organization_score ?? 0,
  });
  // The action's own schema: checked on submit here, the action's answer shown at each rating.
  const schema = useMemo(() => ratingFormSchema(shown), [shown]);
  const formId = "rating-form";
  const { props, error: fieldError } = useSchemaForm(schema, { id: formId, errors: result?.fields, pending: busy });
  if (!shown.initiative && !shown.organization) return null;
  const valid = v.is(schema, { initiative_score: String(scores.initiative_score), organization_score: String(scores.organization_score) });
  const field = (name: string) => {
    const key = fieldError(name);
    return key ? t(key) : null;
  };
  return (
    <PageDrawer
      name="rate"
      title={t("rating_title")}
      description={t("rating_description", { title: initiative.title })}
      footer={
        <SubmitFooter form={formId} disabled={hydrated && (!valid || busy)}>
          {t("rating_submit")}
        </SubmitFooter>
      }
    >
      <Form method="post" className="flex flex-col gap-6" {...props}>
        <input type="hidden" name="intent" value="score" />
        {shown.initiative ? (
          <StarInput
            name="initiative_score"
            legend={t("rating_initiative")}
            value={scores.initiative_score}
            onChange={(value) => setScores((s) => ({ ...s, initiative_score: value }))}
            error={field("initiative_score")}
          />
        ) : null}
        {shown.organization ? (
          <StarInput
            name="organization_score"
            legend={t("rating_organization", { organization: initiative.organization_name })}
            value={scores.organization_score}
            onChange={(value) => setScores((s) => ({ ...s, organization_score: value }))}
            error={field("organization_score")}
          />
        ) : null}
        {error ? <Alert>{error}</Alert> : null}
      </Form>
    </PageDrawer>
  );
}
