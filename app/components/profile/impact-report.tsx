/**
 * The social CV's impact (issue 13, point 2): hours per SDG as a bar chart with its icons (the
 * chart is decoration for sighted readers; a table states the same numbers to screen readers),
 * hours per competence applied, and indicator totals per unit.
 */
import { SdgIcon, sdgName } from "~/components/initiative/sdg";
import { useTranslation } from "~/i18n/react";
import type { ResponsibleProfileData } from "~/lib/responsible-profile";

export function ImpactReport({ profile, hours }: { profile: ResponsibleProfileData; hours: (value: number) => string }) {
  const { t, i18n } = useTranslation("responsible_profile");
  const most = Math.max(1, ...profile.sdg_report.map((row) => row.value));
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="cv-sdgs" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 lg:col-span-2">
        <h2 id="cv-sdgs" className="text-lg font-semibold">
          {t("sdgs_title")}
        </h2>
        {profile.sdg_report.length ? (
          <>
            <ul aria-hidden="true" className="flex flex-col gap-2">
              {profile.sdg_report.map((row) => (
                <li key={row.id} className="flex items-center gap-3">
                  <SdgIcon id={row.id} size={28} />
                  <span className="w-40 shrink-0 truncate text-sm sm:w-64">{sdgName(t, row.id)}</span>
                  <span className="h-3 flex-1 overflow-hidden rounded-full bg-muted">
                    <span className="block h-full rounded-full bg-brand" style={{ width: `${(row.value / most) * 100}%` }} />
                  </span>
                  <span className="w-20 shrink-0 text-right text-sm">{hours(row.value)}</span>
                </li>
              ))}
            </ul>
            {/* A table cannot be made 1 pixel wide itself: its box wraps it. */}
            <div className="sr-only">
            <table>
              <caption>{t("sdgs_table_caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("sdg_column")}</th>
                  <th scope="col">{t("hours_column")}</th>
                </tr>
              </thead>
              <tbody>
                {profile.sdg_report.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">{t("sdg_label", { id: row.id, name: sdgName(t, row.id) })}</th>
                    <td>{hours(row.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("sdgs_empty")}</p>
        )}
      </section>
      <section aria-labelledby="cv-competences" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
        <h2 id="cv-competences" className="text-lg font-semibold">
          {t("competences_title")}
        </h2>
        {profile.competence_report.length ? (
          <ul className="flex flex-col gap-1 text-sm">
            {profile.competence_report.map((row) => (
              <li key={row.id} className="flex justify-between gap-3">
                <span>{t(`lookups:competence.${row.id}`, { defaultValue: row.id })}</span>
                <span>{hours(row.value)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("competences_empty")}</p>
        )}
      </section>
      <section aria-labelledby="cv-impact" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
        <h2 id="cv-impact" className="text-lg font-semibold">
          {t("impact_title")}
        </h2>
        {profile.impact_report.length ? (
          <ul className="flex flex-col gap-1 text-sm">
            {profile.impact_report.map((row) => (
              <li key={row.unit} className="flex justify-between gap-3">
                <span>{t(`editor:unit_${row.unit}`, { defaultValue: row.unit })}</span>
                <span className="font-semibold">
                  {number.format(row.value)} {t(`initiative:unit_${row.unit}`, { defaultValue: row.unit })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("impact_empty")}</p>
        )}
      </section>
    </div>
  );
}
