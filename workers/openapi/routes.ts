/**
 * GET /api/openapi.json and GET /api/docs (issue 31, section 1; docs/api/openapi.md): the document
 * of `app`'s routes and its reference page. Public and cached: both change only with a deployment.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../types";
import { doc } from "./describe";
import { openApiDocument } from "./document";
import { referencePage } from "./reference-page";

const CACHED = { "cache-control": "public, max-age=3600" };

/** The document's routes, reading `app`'s routes when first asked (by then every route is mounted). */
export function openApiRoutes(app: object) {
  const documentOf = (url: string) => openApiDocument(app, new URL(url).origin);
  return new Hono<AppEnv>()
    .get(
      "/openapi.json",
      describeRoute(doc("Organisations", "public", { summary: "This OpenAPI 3.1 document, with the request's origin as its server.", answer: { type: "object", required: ["openapi", "info", "paths"] } })),
      async (c) => c.json(await documentOf(c.req.url), 200, CACHED),
    )
    .get(
      "/docs",
      describeRoute(doc("Organisations", "public", { summary: "The API reference: this document as an HTML page, no script needed.", media: "text/html", answer: { type: "string" } })),
      async (c) => c.html(referencePage(await documentOf(c.req.url)), 200, CACHED),
    );
}
