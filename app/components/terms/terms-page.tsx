import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { loadTerms } from "~/lib/server/terms.server";
import { titleMeta } from "~/lib/page-title";

export const termsMeta: MetaFunction = ({ matches }) => titleMeta(matches, "terms", "terms_title");

/** The platform terms of use: a public page, readable without an account (sign-up links to it). */
export function TermsPage() {
  const terms = useLoaderData<typeof loadTerms>();
  const { t, i18n } = useTranslation("terms");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${terms.effective}T00:00:00Z`));
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-5 py-10 sm:px-8">
      <header className="flex flex-col gap-2 border-b border-border pb-6">
        <Link to="/" className="self-start text-sm font-semibold text-brand">
          {t("terms_home")}
        </Link>
        <h1 className="text-3xl font-bold">{t("terms_title")}</h1>
        <p className="text-sm text-muted-foreground">
          {t("terms_version", { version: terms.version })} · {t("terms_effective", { date })}
        </p>
        {terms.latest ? null : (
          <p role="note" className="rounded-md border border-border bg-muted px-4 py-3 text-sm">
            {t("terms_outdated")}{" "}
            <Link to="/terms" className="font-semibold text-brand underline">
              {t("terms_see_latest")}
            </Link>
          </p>
        )}
      </header>
      <article lang={terms.language} className="flex flex-col gap-4 leading-relaxed">
        {terms.blocks.map((block, index) =>
          block.kind === "heading" ? (
            <h2 key={index} className="mt-4 text-xl font-semibold">
              {block.text}
            </h2>
          ) : block.kind === "list" ? (
            <ul key={index} className="list-disc space-y-1 pl-6">
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : (
            <p key={index}>{block.text}</p>
          ),
        )}
      </article>
    </main>
  );
}
