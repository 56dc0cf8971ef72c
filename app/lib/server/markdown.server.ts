/**
 * An organisation's Markdown (the `about_our_program` text, issue 14 point 2) as HTML, on the
 * server only (micromark never reaches the browser). Raw HTML is not allowed: it comes out as text,
 * so no tag, script or event handler of the text can run; links with a dangerous protocol
 * (javascript:, data:...) lose their address and show as plain text; links out open in a new tab
 * without giving the opened page a handle on ours.
 */
import { micromark } from "micromark";

/** `headingOffset`: levels to push headings down, so the text sits under the page's own heading. */
export function renderMarkdown(text: string, { headingOffset = 0 } = {}): string {
  const html = micromark(text, { allowDangerousHtml: false, allowDangerousProtocol: false });
  return (
    html
      .replace(/<(\/?)h([1-6])>/g, (_, close: string, level: string) => `<${close}h${Math.min(6, Number(level) + headingOffset)}>`)
      // A link whose address micromark removed (an unsafe protocol): its text alone.
      .replace(/<a href="">(.*?)<\/a>/g, "$1")
      // Every remaining <a is micromark's own (raw HTML is escaped): links out open safely.
      .replace(/<a href="(https?:\/\/[^"]*)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer nofollow"')
  );
}
