/**
 * /about-our-program (SPEC.md sections 2 and 3; issue 14, point 2): the organisation's own text
 * about its programme, written in Markdown, rendered on the server without raw HTML
 * (app/lib/server/markdown.server.ts). Feature `about_our_program`; "no data" when the text is empty.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BookOpen } from "lucide-react";
import { EmptyState } from "~/components/initiative/initiative-list";
import { ScreenCrash } from "~/components/screen-crash";
import { useTranslation } from "~/i18n/react";
import { loadMember } from "~/lib/server/member.server";
import { renderMarkdown } from "~/lib/server/markdown.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "shell", "nav_about_our_program");

export async function loader(args: LoaderFunctionArgs) {
  const { organization } = await loadMember(args);
  const { features, about_our_program: text } = organization.product_config.community;
  if (!features.about_our_program) throw new Response("Not found", { status: 404 });
  return { organization: organization.organization_name, html: text?.trim() ? renderMarkdown(text, { headingOffset: 1 }) : null };
}

/** Typography for the rendered Markdown: headings, paragraphs, lists, links, quotes and code. */
const PROSE = [
  "flex flex-col gap-4 leading-relaxed break-words",
  "[&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:text-lg [&_h4]:font-semibold",
  "[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6",
  "[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-4",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:border-border",
].join(" ");

export default function AboutOurProgram() {
  const { organization, html } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shell");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("nav_about_our_program")}</h1>
      {html ? (
        // The organisation's text, rendered by renderMarkdown: no raw HTML, no unsafe links.
        <article className={`rounded-lg border border-border bg-card p-6 ${PROSE}`} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <EmptyState title={t("program_empty_title")}>
          <BookOpen aria-hidden="true" className="mx-auto mb-2 h-8 w-8" />
          <p>{t("program_empty_body", { organization })}</p>
        </EmptyState>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenCrash area="program" />;
}
