import { DESCRIPTION_COLLAPSE_CHARS } from "~/domain/initiatives/rules";
import { useTranslation } from "~/i18n/react";

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter((part) => part.trim())
        .map((part, n) => (
          <p key={n} className="whitespace-pre-line">
            {part}
          </p>
        ))}
    </>
  );
}

/** Cut at a word boundary near the limit, so the preview does not end mid-word. */
export function preview(text: string, limit = DESCRIPTION_COLLAPSE_CHARS) {
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The description, collapsed beyond 300 characters (SPEC.md section 2). A `<details>` element, so
 * "show more" works without JavaScript: closed it shows the preview, open the whole text.
 */
export function Description({ text }: { text: string }) {
  const { t } = useTranslation("initiative");
  const long = text.length > DESCRIPTION_COLLAPSE_CHARS;
  return (
    <section aria-labelledby="description-title" className="flex flex-col gap-2">
      <h2 id="description-title" className="text-base font-semibold">
        {t("description_title")}
      </h2>
      {long ? (
        <div className="group/description flex flex-col gap-3 leading-relaxed">
          <p className="whitespace-pre-line group-has-[details[open]]/description:hidden">{preview(text)}</p>
          <details className="group/details">
            <summary className="w-fit cursor-pointer list-none rounded-sm font-semibold text-brand underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
              <span className="group-open/details:hidden">{t("show_more")}</span>
              <span className="hidden group-open/details:inline">{t("show_less")}</span>
            </summary>
            <div className="mt-3 flex flex-col gap-3">
              <Paragraphs text={text} />
            </div>
          </details>
        </div>
      ) : (
        <div className="flex flex-col gap-3 leading-relaxed">
          <Paragraphs text={text} />
        </div>
      )}
    </section>
  );
}
