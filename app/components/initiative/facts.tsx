import type { ReactNode } from "react";
import { TagList } from "~/components/ui/tag-list";
import type { Collaborator, Initiative } from "~/domain/initiatives/types";
import { useTranslation } from "~/i18n/react";
import { lookupLabel } from "./labels";
import { StarRating } from "./stars";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Categories, skills, target audience, restrictions, points and program. Skills, restrictions,
 * points and program belong to the full view of volunteering and training only; points and program
 * also need their organisation feature (SPEC.md section 6).
 */
export function InitiativeFacts({ initiative: i, points, program }: { initiative: Initiative; points: boolean; program: boolean }) {
  const { t } = useTranslation("initiative");
  const full = i.type === "volunteering" || i.type === "training";
  const consider = full || i.type === "collection";
  return (
    <>
      {i.categories.length ? (
        <Section id="categories-title" title={t("categories_title")}>
          <TagList items={i.categories.map((slug) => lookupLabel(t, "category", slug))} />
        </Section>
      ) : null}
      {full && i.competences.length ? (
        <Section id="skills-title" title={t("skills_title")}>
          <TagList items={i.competences.map((slug) => lookupLabel(t, "competence", slug))} />
        </Section>
      ) : null}
      {i.target_audience.length ? (
        <Section id="audience-title" title={t("audience_title")}>
          <TagList items={i.target_audience.map((slug) => lookupLabel(t, "target_audience", slug))} />
        </Section>
      ) : null}
      {consider ? (
        <Section id="restrictions-title" title={t("restrictions_title")}>
          <ul className="flex flex-col gap-1 text-sm">
            <li>{t(i.minors_allowed ? "minors_allowed" : "minors_not_allowed")}</li>
            {full ? <li>{t(i.is_working_hours ? "working_hours" : "outside_working_hours")}</li> : null}
            {i.max_participants >= 0 ? <li>{t("participants_count", { count: i.participant_count, max: i.max_participants })}</li> : null}
          </ul>
        </Section>
      ) : null}
      {full && ((points && i.points > 0) || (program && i.program)) ? (
        <dl className="grid grid-cols-2 gap-3">
          {points && i.points > 0 ? (
            <div className="rounded-lg border border-border p-3">
              <dt className="text-sm text-muted-foreground">{t("points_title")}</dt>
              <dd className="text-xl font-bold">{t("points_value", { count: i.points })}</dd>
            </div>
          ) : null}
          {program && i.program ? (
            <div className="rounded-lg border border-border p-3">
              <dt className="text-sm text-muted-foreground">{t("program_title")}</dt>
              <dd className="font-semibold">{i.program}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </>
  );
}

/** The organisations that run it with the organiser: name, logo and their rating. */
export function Collaborators({ collaborators, showScore }: { collaborators: Collaborator[]; showScore: boolean }) {
  const { t } = useTranslation("initiative");
  if (!collaborators.length) return null;
  return (
    <Section id="collaborators-title" title={t("collaborators_title")}>
      <ul className="flex flex-col gap-3">
        {collaborators.map((c) => (
          <li key={c.slug} className="flex items-center gap-3 rounded-lg border border-border p-3">
            {c.logo_small ? (
              <img src={c.logo_small} alt="" width={40} height={40} className="size-10 rounded-full border border-border object-contain" />
            ) : (
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-muted font-bold">
                {c.name.charAt(0)}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{c.name}</p>
              {showScore && c.score_count > 0 ? <StarRating value={c.score} count={c.score_count} label={t("collaborator_score")} size="size-4" /> : null}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
