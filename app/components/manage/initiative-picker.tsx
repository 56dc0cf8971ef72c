/**
 * Choosing one of the organisation's initiatives on a staff form (issue 30: management hours on
 * /manage/impact): a search by title, a plain GET form that keeps the page's other parameters (no
 * JavaScript needed; with it, Remix loads the page's data again without a reload), whose matches a
 * native select then offers by title and start day. A native select is what every screen reader
 * and keyboard already knows; the number of matches is said in a status region.
 */
import { Form, useSearchParams } from "@remix-run/react";
import { Labelled, STAFF_FIELD } from "~/components/manage/decision-parts";
import { Button } from "~/components/ui/button";
import { formatDateTime, regionZone } from "~/domain/initiatives/format";
import { useTranslation } from "~/i18n/react";
import { useSignedIn } from "~/lib/signed-in";

/** The URL parameter the search reads (impact.server.ts initiativeChoices). */
export const INITIATIVE_SEARCH_PARAM = "initiative_q";

export interface InitiativeChoices {
  /** The text searched for ("" for none: the newest initiatives). */
  q: string;
  list: { slug: string; title: string; start_time: string | null }[];
  /** More initiatives match than are listed. */
  has_more: boolean;
}

/** The search form: its own, beside the form whose select it fills (forms do not nest). */
export function InitiativeSearch({ id, choices }: { id: string; choices: InitiativeChoices }) {
  const { t } = useTranslation("impact");
  const [params] = useSearchParams();
  const kept = [...params.entries()].filter(([name]) => name !== INITIATIVE_SEARCH_PARAM);
  const found = choices.q ? (choices.list.length ? t("initiative_search_found", { count: choices.list.length, q: choices.q }) : t("initiative_search_none", { q: choices.q })) : "";
  return (
    <Form method="get" preventScrollReset role="search" aria-label={t("initiative_search")} className="flex flex-col gap-2">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-end gap-3">
        <Labelled id={id} label={t("initiative_search")}>
          <input id={id} type="search" name={INITIATIVE_SEARCH_PARAM} defaultValue={choices.q} maxLength={100} className={STAFF_FIELD} />
        </Labelled>
        <Button type="submit" variant="outline">
          {t("initiative_search_button")}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {found}
        {choices.has_more ? ` ${t("initiative_search_more")}` : ""}
      </p>
    </Form>
  );
}

/** The select of the initiatives found, named `name` in its form (their slugs, as the API takes them). */
export function InitiativeSelect({ id, name, label, choices, invalid }: { id: string; name: string; label: string; choices: InitiativeChoices; invalid?: Record<string, unknown> }) {
  const { t, i18n } = useTranslation("impact");
  const { settings } = useSignedIn();
  const zone = regionZone(settings.region);
  return (
    <Labelled id={id} label={label}>
      {/* A new search is a new list: the key starts the select again, on its only match if one. */}
      <select key={choices.q} id={id} name={name} required defaultValue={choices.q && choices.list.length === 1 ? choices.list[0].slug : ""} className={STAFF_FIELD} {...invalid}>
        <option value="">{t("initiative_search_choose")}</option>
        {choices.list.map((initiative) => (
          <option key={initiative.slug} value={initiative.slug}>
            {initiative.start_time ? `${initiative.title} · ${formatDateTime(initiative.start_time, i18n.language, zone, false)}` : initiative.title}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
