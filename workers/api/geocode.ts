/**
 * GET /api/{org}/geocode?q=: address search for a member of the organisation (the initiative
 * editor's map, the proposal wizard's where step), through the one geocoder interface
 * (workers/geocoding). Places of the organisation's region come first. Limited per member
 * (RATE_LIMITS.geocode); a geocoder that does not answer is a 502 `geocoder_unavailable`.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { namedList, objectOf, scalars } from "../openapi/answers";
import * as v from "valibot";
import { geocoder, GeocoderUnavailable } from "../geocoding";
import { upstreamUnavailable } from "../lib/domain-errors";
import { enforceRateLimit } from "../lib/rate-limit";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

export const GEOCODE_MAX_RESULTS = 5;

const geocodeQuery = v.strictObject(
  {
    q: v.pipe(v.string("form_error_required"), v.trim(), v.minLength(2, "form_error_required"), v.maxLength(200, "form_error_max_length")),
    language: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, "form_error_invalid"))),
  },
  "form_error_unknown_field",
);

export const geocodeRoutes = new Hono<AppEnv>().use(orgScope).get("/", describeRoute(doc("Manage", "member", { answer: namedList("places", objectOf({ label: scalars.str, latitude: scalars.num, longitude: scalars.num, precision: scalars.str })), summary: "Address search through the deployment's geocoder (at most 5 results).", errors: { 429: ["too_many_requests"], 502: ["geocoder_unavailable"] } })), validate("query", geocodeQuery), async (c) => {
  const { q, language } = c.req.valid("query");
  await enforceRateLimit(c, "geocode", c.var.auth.memberId);
  const region = c.var.org.region?.toUpperCase();
  try {
    const places = await geocoder(c.env).search({
      text: q,
      language: language ?? c.req.header("accept-language")?.split(",")[0]?.split(";")[0]?.trim() ?? "en",
      limit: GEOCODE_MAX_RESULTS,
      country: region && /^[A-Z]{2}$/.test(region) ? region : undefined,
    });
    return c.json({ places });
  } catch (error) {
    if (error instanceof GeocoderUnavailable) throw upstreamUnavailable("geocoder_unavailable", "Address search is not available right now; place the pin on the map or type the coordinates.");
    throw error;
  }
});
