/** Organisation look-ups of SPEC.md section 7 (no token needed). */
import { Hono } from "hono";
import * as v from "valibot";
import { slugSchema } from "../../app/domain/slug";
import { notFound } from "../lib/domain-errors";
import { validate } from "../lib/validation";
import { organizationOfInitiativeSlug } from "../tenant/initiative-organization";
import { getOrganizationBySignupToken, getOrganizationBySlug } from "../tenant/organizations";
import { organizationProfileJson } from "../tenant/profile";
import type { AppEnv } from "../types";

const SlugParam = v.object({ slug: slugSchema() });
const TokenParam = v.object({ token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, "form_error_invalid")) });

const organizationNotFound = () => notFound("organization_not_found", "The organisation cannot be found.");

export const organizationRoutes = new Hono<AppEnv>()
  // The organisation of the request's hostname: how an app on a custom host learns whose it is.
  .get("/current", (c) => c.json(organizationProfileJson(c.env, c.var.tenant, { withSignupToken: false })))

  .get("/profile/:slug", validate("param", SlugParam), async (c) => {
    const tenant = await getOrganizationBySlug(c.env, c.req.valid("param").slug);
    if (!tenant) throw organizationNotFound();
    return c.json(organizationProfileJson(c.env, tenant, { withSignupToken: false }));
  })

  .get("/by_initiative_slug/:slug", validate("param", SlugParam), async (c) => {
    const tenant = await organizationOfInitiativeSlug(c.env, c.req.valid("param").slug, c.var.tenant.id);
    if (!tenant) throw notFound("initiative_not_found", "The initiative cannot be found.");
    return c.json(organizationProfileJson(c.env, tenant, { withSignupToken: false }));
  })

  .get("/:token", validate("param", TokenParam), async (c) => {
    const tenant = await getOrganizationBySignupToken(c.env, c.req.valid("param").token);
    if (!tenant) throw organizationNotFound();
    return c.json({
      ...organizationProfileJson(c.env, tenant, { withSignupToken: true }),
      corporate: !tenant.isDefault && !tenant.isPublic,
    });
  });
