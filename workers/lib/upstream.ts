/**
 * DESIGN.md "Upstream, embedded by default": with UPSTREAM_URL set, /auth and /api are answered by
 * that external service, with the same paths; without it the embedded implementation answers.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../types";

const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "host"];

export const proxyToUpstream = createMiddleware<AppEnv>(async (c, next) => {
  const upstream = c.env.UPSTREAM_URL;
  if (!upstream) return next();
  const incoming = new URL(c.req.url);
  const target = new URL(incoming.pathname + incoming.search, upstream);
  const headers = new Headers(c.req.raw.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  headers.set("x-forwarded-host", incoming.host);
  headers.set("x-request-id", c.var.requestId);
  const init: RequestInit = { method: c.req.method, headers, redirect: "manual" };
  if (c.req.method !== "GET" && c.req.method !== "HEAD") init.body = c.req.raw.body;
  c.res = await fetch(target, init);
});
