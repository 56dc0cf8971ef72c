/**
 * The Mobile API (`/api`, SPEC.md section 7) as one sub-app, and the type of the whole contract the
 * web app's typed client is built from (`hc<ApiContract>`, app/lib/server/api.server.ts). The sub-apps are
 * chained (`new Hono().get(...).post(...)`) so that each route's input and answer types carry up
 * to here: a changed answer shape fails the pages' type check (docs/decisions/016-typed-api-client.md).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { authRoutes } from "./auth";
import { tooLarge } from "../lib/domain-errors";
import { errorJson } from "../lib/errors";
import type { AppEnv } from "../types";
import { adminRoutes } from "./admin";
import { apiKeyRoutes } from "./api-keys";
import { attachmentRoutes } from "./attachments";
import { calendarRoutes } from "./calendar";
import { chatRoutes } from "./chat";
import { contributionRoutes } from "./contributions";
import { credentialVerifyRoutes, memberCredentialRoutes } from "./credentials";
import { exportRoutes } from "./exports";
import { geocodeRoutes } from "./geocode";
import { impactRoutes, rateRoutes } from "./impact";
import { integrationRoutes } from "./integration";
import { initiativeRoutes } from "./initiatives";
import { manageRoutes } from "./manage";
import { organizationRoutes } from "./organization";
import { participationRoutes } from "./participation";
import { profileRoutes } from "./profile";
import { proposalRoutes } from "./proposals";
import { pushRoutes } from "./push";
import { rankingRoutes } from "./ranking";
import { cantComeRoutes, reminderSettingsRoutes } from "./reminders";
import { responsibleProfileRoutes } from "./responsible-profile";
import { signupRoutes } from "./signup";
import { wallRoutes } from "./wall";
import { webhookKeyRoutes, webhookRoutes } from "./webhooks";
import { chatAppRoutes } from "./chat-apps";

/** JSON bodies of the API are small; uploads (attachments) set their own larger limit. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

export const jsonBodyLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: (c) =>
    errorJson(c, tooLarge("payload_too_large", `The request body is larger than ${JSON_BODY_LIMIT_BYTES} bytes.`)),
});

/**
 * Uploads: attachments, initiative images, organisation logos and covers, and a picture sent to
 * PUT /api/{org}/profile as multipart. Their routes cap them as images (readUpload), not at 64 KB.
 */
const isUpload = (path: string, contentType: string | undefined) =>
  /^\/api\/[^/]+\/(initiative\/[^/]+\/attachment\/|manage\/images$|admin\/config\/images\/[^/]+$)/.test(path) ||
  (/^\/api\/[^/]+\/profile$/.test(path) && Boolean(contentType?.toLowerCase().startsWith("multipart/form-data")));

export const apiRoutes = new Hono<AppEnv>()
  // File uploads are multipart and capped by their routes (attachments, images); every other body is small JSON.
  .use(async (c, next) => (isUpload(c.req.path, c.req.header("content-type")) ? next() : jsonBodyLimit(c, next)))
  .route("/signup", signupRoutes)
  .route("/organization", organizationRoutes)
  // The reminder's "can't come" link: no token, the host's organisation (workers/api/reminders.ts).
  .route("/reminders/cant-come", cantComeRoutes)
  // The verify page's checks of a credential: no token, the host's organisation (workers/api/credentials.ts).
  .route("/credentials", credentialVerifyRoutes)
  // Organisation-scoped resources: /api/{org}/...; org-scope.ts checks token and membership.
  .route("/:org/profile", profileRoutes)
  .route("/:org/wall", wallRoutes)
  .route("/:org/initiative/:slug/contribution", contributionRoutes)
  .route("/:org/initiative/:slug/attachment", attachmentRoutes)
  // POST .../{slug}/participation and .../{slug}/indicator/{id}/participation
  .route("/:org/initiative/:slug", participationRoutes)
  .route("/:org/initiative", initiativeRoutes)
  .route("/:org/calendar", calendarRoutes)
  .route("/:org/credentials", memberCredentialRoutes)
  .route("/:org/chat", chatRoutes)
  .route("/:org/manage", manageRoutes)
  // Before /:org/admin: its middleware would otherwise run for these paths too (Hono runs every match in order).
  .route("/:org/admin/impact", impactRoutes)
  .route("/:org/admin/rates", rateRoutes)
  .route("/:org/admin/api-keys", apiKeyRoutes)
  .route("/:org/admin/webhooks", webhookRoutes)
  .route("/:org/admin/chat-apps", chatAppRoutes)
  .route("/:org/admin", adminRoutes)
  // An organisation's API key, not a member's token (workers/integrations/require-api-key.ts).
  .route("/:org/integration/v1/webhooks", webhookKeyRoutes)
  .route("/:org/integration/v1", integrationRoutes)
  .route("/:org/exports", exportRoutes)
  .route("/:org/geocode", geocodeRoutes)
  .route("/:org/proposal", proposalRoutes)
  .route("/:org/push", pushRoutes)
  .route("/:org/ranking", rankingRoutes)
  .route("/:org/reminders", reminderSettingsRoutes)
  .route("/:org/responsible_profile", responsibleProfileRoutes);

/**
 * What a client of this Worker can call: /auth and /api as workers/app.ts mounts them. A type only
 * (the app itself adds the edge's middleware between them): `typeof contract` is all it is for.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- built for its type alone (above)
const contract = new Hono<AppEnv>().route("/auth", authRoutes).route("/api", apiRoutes);
export type ApiContract = typeof contract;
