// The Remix server build, aliased in wrangler.toml; its shape is Remix's ServerBuild.
declare module "remix-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}
