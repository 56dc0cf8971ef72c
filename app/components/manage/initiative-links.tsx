/** What staff do with one of their initiatives besides its participants: check people in, edit it, or start a new one from a copy. */
import { Link } from "@remix-run/react";
import { takesParticipants } from "~/domain/initiatives/editor";
import type { InitiativeType } from "~/domain/initiatives";
import { useTranslation } from "~/i18n/react";

export function InitiativeLinks({ id, title, type, slug }: { id: string; title: string; type: InitiativeType; slug?: string }) {
  const { t } = useTranslation("manage");
  const link = "font-medium text-brand underline-offset-2 hover:underline";
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {takesParticipants(type) ? (
        <Link to={`/manage/initiatives/${id}/checkin`} className={link} aria-label={t("initiative_checkin_named", { title })}>
          {t("initiative_checkin")}
        </Link>
      ) : null}
      <Link to={`/manage/initiatives/${id}/edit`} className={link} aria-label={t("initiative_edit_named", { title })}>
        {t("initiative_edit")}
      </Link>
      <Link to={`/manage/initiatives/new?from=${encodeURIComponent(id)}`} className={link} aria-label={t("initiative_duplicate_named", { title })}>
        {t("initiative_duplicate")}
      </Link>
      {slug ? (
        <Link to={`/initiative/${slug}`} className={link}>
          {t("initiative_view")}
        </Link>
      ) : null}
    </p>
  );
}
