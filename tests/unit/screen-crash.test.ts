/**
 * A screen's error boundary (issue 28, point 5): a screen the organisation switched off (the ranking,
 * about our programme) is the 404 page of SPEC.md section 8, not the "stopped working" crash panel;
 * a real crash still shows the panel.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ScreenCrash } from "../../app/components/screen-crash";
import { I18nProvider } from "../../app/i18n/react";
import { messagesFor } from "../../app/i18n/messages.server";

const common = messagesFor("en-US").common;

/** Renders /rankings on the server as a route whose loader throws `thrown`, with ScreenCrash as its boundary. */
async function screenAfter(thrown: unknown) {
  const routes = [{ path: "/rankings", loader: () => { throw thrown; }, element: createElement("p", null, "ranking"), errorElement: createElement(ScreenCrash, { area: "ranking" }) }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://acme.localhost/rankings"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToStaticMarkup(createElement(I18nProvider, { locale: "en-US", messages: messagesFor("en-US"), children: createElement(StaticRouterProvider, { router, context, hydrate: false }) }));
  // The text as a reader sees it (React escapes apostrophes and ampersands).
  return { html: html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&"), status: context.statusCode };
}

describe("a screen's error boundary", () => {
  it("a feature switched off is the not-found page, with its 404", async () => {
    const { html, status } = await screenAfter(new Response("Not found", { status: 404 }));
    expect(status).toBe(404);
    expect(html).toContain(common.error_title_404);
    expect(html).not.toContain(common.crash_title);
    // Inside the signed-in shell: no second <main>.
    expect(html).not.toContain("<main");
  });

  it("a screen the member may not see is the forbidden page", async () => {
    const { html } = await screenAfter(new Response("Forbidden", { status: 403 }));
    expect(html).toContain(common.error_title_403);
  });

  it("a crash still shows the panel with its reload button", async () => {
    const { html } = await screenAfter(new Error("boom"));
    expect(html).toContain(common.crash_title);
    expect(html).toContain(common.crash_message_ranking);
  });
});
