import type { PageContext } from "../workers/app";

// What every Remix loader and action receives from the Worker (workers/edge.ts).
declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends PageContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
  }
}

export {};
