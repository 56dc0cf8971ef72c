/** The programme's Markdown (issue 14, point 2): formatting kept, scripts and event handlers never. */
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../app/lib/server/markdown.server";

describe("renderMarkdown", () => {
  it("renders headings, emphasis, lists and links", () => {
    const html = renderMarkdown("# Acme Cares\n\nGive **16 hours** a year:\n\n1. Join\n2. Report\n\n[Policy](https://acme.example/policy) and [home](/wall)");
    expect(html).toContain("<h1>Acme Cares</h1>");
    expect(html).toContain("<strong>16 hours</strong>");
    expect(html).toContain("<ol>\n<li>Join</li>");
    expect(html).toContain('<a href="https://acme.example/policy" target="_blank" rel="noopener noreferrer nofollow">Policy</a>');
    expect(html).toContain('<a href="/wall">home</a>');
  });

  it("pushes headings down under the page's own", () => {
    expect(renderMarkdown("# A\n\n## B\n\n###### C", { headingOffset: 1 })).toBe("<h2>A</h2>\n<h3>B</h3>\n<h6>C</h6>");
  });

  it("drops scripts, event handlers and raw HTML: they come out as text", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<a href="https://x.example" onclick="steal()">x</a>\n\n<iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<script|<img|<iframe|<a /);
    // No tag carries an event handler (the words stay, escaped, as text).
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+\s*=/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("keeps no dangerous link address", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)"]) {
      const html = renderMarkdown(`[click](${href})`);
      expect(html, href).toBe("<p>click</p>");
    }
    expect(renderMarkdown("<javascript:alert(1)>")).not.toContain("href=\"javascript");
  });

  it("escapes quotes in addresses and text", () => {
    const html = renderMarkdown('[a](https://x.example/"onmouseover="alert(1)) "quoted"');
    expect(html).not.toMatch(/"\s*onmouseover=/);
  });
});
