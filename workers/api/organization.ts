/** Organisation look-ups of SPEC.md section 7 (no token needed). */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { objectOf, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { slugSchema } from "../../app/domain/slug";
import { authenticate } from "../auth/middleware";
import { notFound } from "../lib/domain-errors";
import { validate } from "../lib/validation";
import { organizationOfInitiativeSlug } from "../tenant/initiative-organization";
import { CERTIFICATE_ID_PATTERN, verifyCertificate } from "../social-cv/certificates";
import { getOrganizationBySignupToken, getOrganizationBySlug } from "../tenant/organizations";
import { organizationProfileJson } from "../tenant/profile";
import type { AppEnv } from "../types";
import { LINK_TOKEN_PATTERN } from "../../app/domain/tokens";

const SlugParam = v.object({ slug: slugSchema() });
const TokenParam = v.object({ token: v.pipe(v.string(), v.regex(LINK_TOKEN_PATTERN, "form_error_invalid")) });

const organizationNotFound = () => notFound("organization_not_found", "The organisation cannot be found.");

export const organizationRoutes = new Hono<AppEnv>()
  // The organisation of the request's hostname: how an app on a custom host learns whose it is.
  .get("/current", describeRoute(doc("Organisations", "public", { summary: "The organisation of the request's host: how an app on a custom host learns whose it is.", answer: ref("OrganizationProfile") })), (c) => c.json(organizationProfileJson(c.env, c.var.tenant, { withSignupToken: false })))

  .get("/profile/:slug", describeRoute(doc("Organisations", "public", { summary: "An organisation's public profile by its slug.", answer: ref("OrganizationProfile"), errors: { 404: ["organization_not_found"] } })), validate("param", SlugParam), async (c) => {
    const tenant = await getOrganizationBySlug(c.env, c.req.valid("param").slug);
    if (!tenant) throw organizationNotFound();
    return c.json(organizationProfileJson(c.env, tenant, { withSignupToken: false }));
  })

  .get("/by_initiative_slug/:slug", describeRoute(doc("Organisations", "public", { summary: "The organisation of an initiative (with a token, a member's own private organisation's too).", answer: ref("OrganizationProfile"), errors: { 404: ["initiative_not_found"] } })), validate("param", SlugParam), async (c) => {
    // No token needed; with one, a member also finds their own private organisation's initiatives.
    const auth = await authenticate(c.env, c.req.header("authorization"), c.var.page?.memo);
    const tenant = await organizationOfInitiativeSlug(c.env, c.req.valid("param").slug, c.var.tenant.id, auth?.memberId ?? null);
    if (!tenant) throw notFound("initiative_not_found", "The initiative cannot be found.");
    return c.json(organizationProfileJson(c.env, tenant, { withSignupToken: false }));
  })

  // A social CV certificate's public check (issue 13, point 5): what it states and whether it is
  // authentic and in force; only the organisation's own certificates, and nothing else about the member.
  .get("/profile/:slug/certificate/:id", describeRoute(doc("Organisations", "public", { answer: ref("CertificateCheck"), summary: "A social CV certificate's public check: what it states, whether it is authentic and in force.", errors: { 404: ["organization_not_found", "not_found"] } })), validate("param", v.object({ slug: slugSchema(), id: v.pipe(v.string(), v.regex(CERTIFICATE_ID_PATTERN, "form_error_invalid")) })), async (c) => {
    const { slug, id } = c.req.valid("param");
    const tenant = await getOrganizationBySlug(c.env, slug);
    if (!tenant) throw organizationNotFound();
    return c.json(await verifyCertificate(c.env, tenant, id));
  })

  .get("/:token", describeRoute(doc("Organisations", "public", { answer: { allOf: [ref("OrganizationProfile"), objectOf({ corporate: scalars.bool })] }, summary: "The organisation a sign-up token opens, with whether it is corporate.", errors: { 404: ["organization_not_found"] } })), validate("param", TokenParam), async (c) => {
    const tenant = await getOrganizationBySignupToken(c.env, c.req.valid("param").token);
    if (!tenant) throw organizationNotFound();
    return c.json({
      ...organizationProfileJson(c.env, tenant, { withSignupToken: true }),
      corporate: !tenant.isDefault && !tenant.isPublic,
    });
  });
