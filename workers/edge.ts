/**
 * The Worker entry: the Hono app of workers/app.ts with Remix rendering the pages.
 * `remix-build` is an alias (wrangler.toml) for the server build made by `npm run build`.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "remix-build";
import { createApp, type PageHandler } from "./app";
import { isProduction } from "./lib/config";
import { runJobs, type Job } from "./jobs";
import { runScheduled } from "./scheduled";

export { ChatMember } from "../durable-objects/chat-member";

let handleRemix: ReturnType<typeof createRequestHandler> | undefined;

/** Renders a page with Remix; the page context becomes the load context. Exported for the bench's harness. */
export const renderRemixPage: PageHandler = (request, env, ctx, page) => {
  handleRemix ??= createRequestHandler(build as unknown as ServerBuild, isProduction(env) ? "production" : "development");
  return handleRemix(request, { cloudflare: { env, ctx }, ...page });
};

const app = createApp({ renderPage: renderRemixPage });

export default {
  fetch: app.fetch,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runScheduled(env)),
  queue: (batch, env) => runJobs(batch, env),
} satisfies ExportedHandler<Env, Job>;
