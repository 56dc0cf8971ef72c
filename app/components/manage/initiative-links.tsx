/** What staff do with one of their initiatives besides its participants: edit it, or start a new one from a copy. */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export function InitiativeLinks({ id, title, slug }: { id: string; title: string; slug?: string }) {
  const { t } = useTranslation("manage");
  const link = "font-medium text-brand underline-offset-2 hover:underline";
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
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
