/**
 * The Worker's Hono app (DESIGN.md "Shape"): security headers and request id, tenant resolution,
 * then /auth (Auth service), /api (Mobile API), /dev (development only), /sso/initiate, static
 * assets, and Remix for every other page. Built by a factory so tests can run it without the Remix
 * build.
 */
import { Hono } from "hono";
import { apiRoutes, jsonBodyLimit } from "./api";
import { edgeChatSocket } from "./api/chat-edge-socket";
import { chatSocket } from "./api/chat-socket";
import { scimRoutes } from "./api/scim";
import { openApiRoutes } from "./openapi/routes";
import { chatSocketDoc } from "./openapi/chat-socket";
import { describeRoute } from "hono-openapi";
import { authRoutes } from "./api/auth";
import { adoptUpstreamSignIn } from "./auth/edge-sso";
import { ssoInitiatePage } from "./api/sso";
import { basemapRoutes } from "./basemap";
import { calendarFeedRoutes } from "./calendar/routes";
import { credentialHostRoutes } from "./api/credentials";
import { sdgImageRoutes } from "./sdg-images";
import { fixtureRoutes } from "./dev/fixtures";
import { devRoutes } from "./dev/mailbox";
import { devPushRoutes } from "./dev/push-outbox";
import { installRoutes } from "./install/manifest";
import { getConfig, isProduction } from "./lib/config";
import { DomainError } from "./lib/domain-errors";
import { errorJson, handleError, handleNotFound } from "./lib/errors";
import { methodNotAllowedOrNotFound } from "./lib/method-not-allowed";
import { securityHeaders } from "./lib/security-headers";
import { crossOriginRefused, isFromElsewhere } from "./lib/request-origin";
import { proxyToUpstream, type UpstreamFetch } from "./lib/upstream";
import { createRequestMemo, forgetAfterWrite, type RequestMemo } from "./lib/request-memo";
import { asPageCall, pageRequestOf } from "./lib/page-request";
import { requestDatabase } from "./lib/request-database";
import { withoutUpstream } from "./lib/unavailable-page";
import { webIdentity, type WebIdentity } from "./auth/web-identity";
import { keptOutOfCaches, webSessionStore, type WebSessionStore } from "./auth/web-session";
import { geocoder, type Precision } from "./geocoding";
import { mapServices, type MapServices } from "./maps";
import { paymentProvider } from "./payments";
import type { PaymentProvider } from "./payments/provider";
import { resolveTenant } from "./tenant/middleware";
import { dispatchAfterWrites } from "./webhooks/kick";
import { imageResponse } from "./manage/images";
import { organizationImageResponse } from "./admin/settings";
import { devDnsRoutes } from "./dev/dns";
import { fromEdge } from "./lib/edge-forwarding";
import { invalidateUpstreamTenants } from "./tenant/upstream-tenants";
import { avatarResponse } from "./profile/avatar";
import type { AppEnv } from "./types";

export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext, context: PageContext) => Promise<Response>;

export interface PageContext {
  tenant: AppEnv["Variables"]["tenant"];
  cspNonce: string;
  requestId: string;
  /** Calls this Worker's own /auth and /api (embedded or proxied upstream), in-process. */
  api: (request: Request) => Promise<Response>;
  /** One per browser request (request-memo.ts); absent where a context stands for many requests (tests). */
  memo?: RequestMemo;
  /**
   * Who is signed in, from the web session in one batch (auth/web-identity.ts); once per browser
   * request. Absent in contexts made by hand (tests), where pages ask PUT /auth/identity instead.
   */
  webIdentity?: (request: Request) => Promise<WebIdentity>;
  /** The web session of the request's cookie: read, created, refreshed, deleted (auth/web-session.ts). */
  webSessions: WebSessionStore;
  /** Which payment provider this deployment pays through (the donation drawer offers its buttons); null: none. */
  paymentProvider: PaymentProvider["name"] | null;
  /** The basemap and geocoder this deployment uses (workers/maps.ts, the one place that reads their settings). */
  maps: MapServices;
  /** How approximate a stored point is, as far as this deployment's geocoder can tell (a city's centre it gives): null when it cannot. */
  locationPrecision: (latitude: number, longitude: number) => Precision | null;
}

/**
 * The page request as Remix gets it. Remix compares `Origin` with `X-Forwarded-Host`, else `Host`,
 * and throws a 500 when they differ or are missing. The edge has already refused every request from
 * elsewhere (isFromElsewhere), so Remix is handed the host the Origin was accepted for, and a
 * client-sent forwarded host, which means nothing at the edge, is dropped.
 */
function forRemix(request: Request): Request {
  const origin = request.headers.get("origin");
  const host = origin && URL.canParse(origin) ? new URL(origin).host : new URL(request.url).host;
  if (!request.headers.has("x-forwarded-host") && request.headers.get("host") === host) return request;
  const headers = new Headers(request.headers);
  headers.delete("x-forwarded-host");
  headers.set("host", host);
  return new Request(request, { headers });
}

export function createApp(options: { renderPage?: PageHandler; upstreamFetch?: UpstreamFetch } = {}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound(handleNotFound);
  // Through an edge (docs/upstream.md): answered as the public address received it, once.
  app.use(async (c, next) => {
    const edge = fromEdge(c.req.raw, c.env);
    if (edge === null) return next();
    if (edge instanceof DomainError) return errorJson(c, edge);
    return app.fetch(edge.request, edge.env, c.executionCtx);
  });
  // A page's in-process API call inherits what its browser request worked out (lib/page-request.ts)
  // and skips the steps below that already ran for it; the upstream proxy still applies.
  app.use(async (c, next) => {
    const page = pageRequestOf(c.req.raw);
    if (!page) return next();
    c.set("requestId", page.requestId);
    c.set("cspNonce", page.cspNonce);
    c.set("tenant", page.tenant);
    c.set("page", page);
    return next();
  });
  app.use(async (c, next) => (c.var.page ? next() : securityHeaders(c, next)));
  app.use(async (c, next) => {
    if (!c.var.page) getConfig(c.env); // fails fast, with a clear message, on missing secrets
    await next();
  });
  // Before the upstream proxy and Remix: one check that no route can forget (workers/lib/request-origin.ts).
  app.use(async (c, next) => {
    if (!c.var.page && isFromElsewhere(c.req.raw)) return errorJson(c, crossOriginRefused());
    await next();
  });

  // With UPSTREAM_URL, an external service answers the API; the edge still adds its headers.
  const upstreamFetch: UpstreamFetch = options.upstreamFetch ?? ((request) => fetch(request));
  const upstream = proxyToUpstream(upstreamFetch, (c, response) => adoptUpstreamSignIn(c, response, upstreamFetch));
  app.use("/auth/*", upstream);
  app.use("/api/*", upstream);
  // Files live with the upstream too: its pictures and logos are its to serve.
  app.use("/media/*", upstream);
  // Members' calendar feeds read the upstream's data (workers/calendar/routes.ts).
  app.use("/calendar/*", upstream);
  // Credentials, their status list and the issuer's DID document are the upstream's data too (issue 32).
  app.use("/credentials/*", upstream);
  app.use("/.well-known/did.json", upstream);
  // SCIM provisioning reads and writes the upstream's members (issue 31).
  app.use("/scim/*", upstream);
  // An edge drops its cached organisations when the upstream says they changed (tenant/upstream-tenants.ts).
  app.post("/edge/invalidate", async (c) => c.json(await invalidateUpstreamTenants(c.env, c.req.raw)));

  const tenantOfRequest = resolveTenant(upstreamFetch);
  app.use(async (c, next) => {
    if (c.var.page) return next();
    try {
      return await tenantOfRequest(c, next);
    } catch (cause) {
      // An upstream that cannot say whose the host is: static files from our assets, pages a page (lib/unavailable-page.ts).
      const fallback = await withoutUpstream(c.req.raw, c.env.ASSETS, cause);
      if (fallback) return fallback;
      throw cause;
    }
  });
  // Whatever a request writes to the webhooks' outbox is dispatched once it is answered (workers/webhooks/kick.ts).
  app.use(dispatchAfterWrites);
  app.use("/auth/*", jsonBodyLimit);
  // The OpenAPI document of the routes below and its reference page, read from this app (workers/openapi).
  app.route("/api", openApiRoutes(app));
  app.route("/auth", authRoutes);
  app.route("/api", apiRoutes);
  // SCIM 2.0 for the organisation's identity provider, with an API key (workers/api/scim.ts).
  app.use("/scim/*", jsonBodyLimit);
  app.route("/scim/v2/:org", scimRoutes);
  // A known path with another method is 405 with Allow, an unknown one 404 (lib/method-not-allowed.ts).
  const unrouted = methodNotAllowedOrNotFound(app.routes);
  app.all("/auth/*", unrouted);
  app.all("/api/*", unrouted);
  app.use("/dev/*", async (c, next) => {
    if (isProduction(c.env)) return handleNotFound(c);
    await next();
  });
  // An edge's development tools are its upstream's: the outbox and the fixtures live with the data.
  app.use("/dev/*", upstream);
  app.route("/dev", devRoutes);
  app.route("/dev/fixtures", fixtureRoutes);
  app.route("/dev/dns", devDnsRoutes);
  app.route("/dev/push", devPushRoutes);
  // Behind an edge, the providers and the round trip's state are the upstream's (auth/edge-sso.ts).
  app.use("/sso/initiate/*", upstream);
  app.route("/sso/initiate", ssoInitiatePage);
  // The basemap needs HTTP Range answers, which the assets binding does not give (docs/maps.md).
  app.route("/basemap", basemapRoutes);
  // Members' secret calendar feeds, on their organisation's host (issue 29).
  app.route("/calendar", calendarFeedRoutes);
  // Verifiable credentials on the organisation's host: its DID document, status list and credentials (issue 32).
  app.route("/", credentialHostRoutes);
  // The goal images, one per goal and language, drawn from the translated goal names.
  app.route("/sdg", sdgImageRoutes);
  // Behind an edge, chat is the upstream's: the socket goes there (docs/decisions/024).
  const edgeSocket = edgeChatSocket(upstreamFetch);
  app.get("/chat/socket", describeRoute(chatSocketDoc), (c) => (c.env.UPSTREAM_URL ? edgeSocket(c) : chatSocket(c)));
  // Initiative images, public and cached for a year under names that never change (workers/manage/images.ts).
  app.get("/media/images/:file", async (c) => (await imageResponse(c.env, c.var.tenant, c.req.param("file"), c.req.url)) ?? handleNotFound(c));
  // Members' pictures, the same way, on the hosts of the member's organisations and the platform's (workers/profile/avatar.ts).
  app.get("/media/avatars/:file", async (c) => (await avatarResponse(c.env, c.var.tenant, c.req.param("file"), c.req.url)) ?? handleNotFound(c));

  // Organisations' uploaded logos and covers, public on every host (workers/admin/settings.ts).
  app.get("/media/logos/:file", async (c) => (await organizationImageResponse(c.env, c.req.param("file"))) ?? handleNotFound(c));

  // The installable app of the organisation of this host: manifest and icons (workers/install, decision 046).
  app.route("/", installRoutes);

  // Everything else: a static file if one exists, else a Remix page.
  app.all("*", async (c) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      const asset = await c.env.ASSETS.fetch(c.req.raw);
      if (asset.status !== 404) return asset;
    }
    if (!options.renderPage) return handleNotFound(c);
    const ctx = c.executionCtx as ExecutionContext;
    const page = { tenant: c.var.tenant, cspNonce: c.var.cspNonce, requestId: c.var.requestId, memo: createRequestMemo() };
    // One D1 session for the whole browser request: its loaders, actions and in-process calls.
    const database = requestDatabase(c.env.DB);
    const env: Env = { ...c.env, DB: database.binding };
    const response = await options.renderPage(forRemix(c.req.raw), env, ctx, {
      ...page,
      api: async (request) => {
        const answer = await app.fetch(asPageCall(request, page), env, ctx);
        // What the page read before a write may have changed: read it again (request-memo.ts).
        if (request.method !== "GET" && request.method !== "HEAD") forgetAfterWrite(page.memo, request);
        return answer;
      },
      webIdentity: (request) => webIdentity({ cloudflare: { env }, ...page, followBookmark: database.followBookmark }, request),
      webSessions: webSessionStore({ cloudflare: { env }, memo: page.memo }),
      paymentProvider: paymentProvider(env)?.name ?? null,
      maps: mapServices(env),
      locationPrecision: (latitude, longitude) => geocoder(env).approximation(latitude, longitude),
    });
    await database.saveBookmark();
    return keptOutOfCaches(c.req.raw, response);
  });
  return app;
}
