/**
 * /api/{org}/admin: the administrator's calls (issue 15; docs/api/admin.md). Administrators only:
 * the services check the role (403 for organisers, managers and members); org-scope.ts answers 404
 * for another organisation.
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc, FILE_ERRORS, fileBody } from "../openapi/describe";
import { arrayOf, listOf, namedList, objectOf, orNull, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { AUDIT_TARGET_TYPES, listAudit } from "../admin/audit-log";
import { INVITATIONS_MAX, inviteMembers } from "../admin/invitations";
import { ASSIGNABLE_ROLES, decodeMemberCursor, listMembers, MEMBER_STATUSES, updateMember } from "../admin/members";
import { currentPolicy, publishPolicy } from "../admin/policy";
import { organizationSettings, updateSettings, uploadOrganizationImage } from "../admin/settings";
import { ORGANIZATION_IMAGES, settingsChangeSchema } from "../../app/domain/organization-settings";
import { readUpload } from "./attachments";
import { addProvider, getTest, listProviders, removeProvider, startTest, updateProvider } from "../admin/sso-providers";
import { accessOverview } from "../admin/access";
import { listEmailDomains, verifyEmailDomain } from "../admin/email-domains";
import { removeMember } from "../admin/member-removal";
import { requestDeletionByAdmin } from "../account/deletion";
import { exportFileName, memberDataExportByAdmin } from "../account/export";
import { organizationOrigin } from "../tenant/organizations";
import { addHostname, listHostnames, removeHostname, verifyHostname } from "../hostnames/claims";
import { hostnameSchema } from "../../app/domain/hostnames";
import { ssoProviderChangeSchema, ssoProviderSchema } from "../../app/domain/sso-providers";
import { defaultPeriod, METRICS_MAX_DAYS, organizationMetrics, type OrganizationMetrics } from "../admin/metrics";
import { pageQuerySchema } from "../manage/paging";
import { csvResponse } from "../lib/csv";
import { listAnswer } from "../lib/keyset-links";
import { validate } from "../lib/validation";
import type { StaffActor } from "../manage/scope";
import type { AppEnv, MemberEnv } from "../types";
import { orgScope } from "./org-scope";
import { rolesFirst } from "./roles-first";

const actorOf = (c: Context<MemberEnv>): StaffActor => ({ memberId: c.var.auth.memberId, role: c.var.membership.role });

const memberFilters = {
  q: v.optional(v.pipe(v.string(), v.maxLength(100, "form_error_max_length"))),
  role: v.optional(v.picklist(ASSIGNABLE_ROLES, "form_error_invalid")),
  status: v.optional(v.picklist(MEMBER_STATUSES, "form_error_invalid"), "all"),
};
/** A cursor of the members list (decision 043): what the list answered as `next_cursor` or `previous`. */
const memberCursor = v.optional(
  v.pipe(
    v.string(),
    v.maxLength(2000, "form_error_invalid"),
    v.transform(decodeMemberCursor),
    v.check((cursor) => cursor !== null, "form_error_invalid"),
    v.transform((cursor) => cursor!),
  ),
);
/**
 * `cursor` (the API's paging, docs/api/pagination.md) or its older name `after` reads the page
 * after it and wins over `before`, which reads the page before (the screen's Previous).
 */
const memberQuery = v.strictObject({ ...memberFilters, cursor: memberCursor, after: memberCursor, before: memberCursor, limit: pageQuerySchema.limit }, "form_error_unknown_field");
/** The filters of a members export (workers/api/exports.ts): the list's, without its page. */
export const memberExportFilters = v.strictObject(memberFilters, "form_error_unknown_field");

const memberChanges = v.pipe(
  v.strictObject(
    {
      role: v.optional(v.picklist(ASSIGNABLE_ROLES, "form_error_invalid")),
      manager_member_id: v.optional(v.nullable(v.pipe(v.string("form_error_invalid"), v.minLength(1, "form_error_invalid"), v.maxLength(64, "form_error_invalid")))),
      disabled: v.optional(v.boolean("form_error_invalid")),
    },
    "form_error_unknown_field",
  ),
  v.check((body) => Object.keys(body).length > 0, "form_error_empty_update"),
);

/** A day of the calendar (UTC) or an instant, as ISO 8601. */
const DAY_MS = 86_400_000;
const isoText = v.pipe(v.string(), v.check((text) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(text) && !Number.isNaN(Date.parse(text)), "form_error_invalid_date"));
const instant = v.pipe(isoText, v.transform(Date.parse));
/** The end of a period: a day covers that whole day (UTC), an instant is itself. */
const periodEnd = v.pipe(isoText, v.transform((text) => Date.parse(text) + (text.length === 10 ? DAY_MS : 0)));
export const auditQuery = v.strictObject(
  {
    target_type: v.optional(v.picklist(AUDIT_TARGET_TYPES, "form_error_invalid")),
    action: v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}(\.[a-z_]{1,40})?$/, "form_error_invalid"))),
    actor_member_id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64, "form_error_invalid"))),
    from: v.optional(instant),
    to: v.optional(instant),
    ...pageQuerySchema,
  },
  "form_error_unknown_field",
);

/**
 * The dashboard's period: `from` and `to` as days or instants; a day `to` covers that whole day.
 * Without them, the last 12 months. At most METRICS_MAX_DAYS, `from` before `to`.
 */
const metricsQuery = v.pipe(
  v.strictObject(
    {
      from: v.optional(instant),
      to: v.optional(periodEnd),
      /** A group's slug: the figures of its members only (an empty value is everyone). */
      group: v.optional(v.pipe(v.string(), v.maxLength(100, "form_error_invalid"))),
    },
    "form_error_unknown_field",
  ),
  v.transform(({ from, to, group }) => {
    const fallback = defaultPeriod(Date.now());
    return { from: from ?? (to !== undefined ? to - 365 * DAY_MS : fallback.from), to: to ?? fallback.to, group: group?.trim() || null };
  }),
  v.forward(v.check(({ from, to }) => from < to, "form_error_end_before_start"), ["to"]),
  v.forward(v.check(({ from, to }) => to - from <= METRICS_MAX_DAYS * DAY_MS, "form_error_out_of_range"), ["from"]),
);

/** The dashboard's breakdown by group as a table: one row per group and donation currency (one row without donations). */
function* groupRows(m: OrganizationMetrics): Generator<(string | number | null)[]> {
  for (const group of m.groups) {
    const figures = [group.slug, group.name, group.members, group.participations, group.participants, group.hours];
    if (!group.donations.length) yield [...figures, null, 0, 0];
    for (const donation of group.donations) yield [...figures, donation.currency, donation.total, donation.count];
  }
}

/** The dashboard as rows of a spreadsheet: section, what, value, and participants where it has them. */
function* metricsRows(m: OrganizationMetrics): Generator<(string | number | null)[]> {
  yield ["period", "from", m.from, null];
  yield ["period", "to", m.to, null];
  if (m.group) yield ["period", "group", m.group.slug, null];
  yield ["members", "total", m.members.total, null];
  yield ["members", "active", m.members.active, null];
  yield ["members", "joined", m.members.joined, null];
  yield ["hours", "validated", m.hours, m.participants];
  for (const [what, count] of Object.entries(m.pending)) yield ["pending", what, count, null];
  for (const row of m.donations) yield ["donations", row.currency, row.total, row.count];
  for (const row of m.sdgs) yield ["sdg_hours", row.id, row.hours, row.participants];
  for (const row of m.impact) yield ["impact", row.unit, row.value, null];
  for (const row of m.months) yield ["month_hours", row.month, row.hours, null];
}

const hostnameParam = v.object({ org: v.string(), hostname: hostnameSchema });
const emailDomainParam = v.object({ org: v.string(), domain: hostnameSchema });

/** One or many people to invite; each row's address and name are checked on their own (per-row answers). */
const invitationBody = v.strictObject(
  {
    invitations: v.pipe(
      v.array(
        v.strictObject(
          {
            email: v.pipe(v.string("form_error_invalid"), v.maxLength(320, "form_error_invalid")),
            name: v.optional(v.pipe(v.string("form_error_invalid"), v.maxLength(200, "form_error_invalid"))),
            role: v.optional(v.picklist(ASSIGNABLE_ROLES, "form_error_invalid")),
          },
          "form_error_unknown_field",
        ),
        "form_error_invalid",
      ),
      v.minLength(1, "form_error_required"),
      v.maxLength(INVITATIONS_MAX, "invitation_error_too_many"),
    ),
    dry_run: v.optional(v.boolean("form_error_invalid"), false),
  },
  "form_error_unknown_field",
);

/** The policy's address: a page of the web (https) or a file served by this app (a path). */
const policyBody = v.strictObject(
  {
    url: v.pipe(
      v.string("form_error_required"),
      v.trim(),
      v.nonEmpty("form_error_required"),
      v.maxLength(500, "form_error_max_length"),
      v.check((url) => /^\/[^/\\]/.test(url) || (URL.canParse(url) && new URL(url).protocol === "https:"), "form_error_invalid_url"),
    ),
  },
  "form_error_unknown_field",
);

export const adminRoutes = new Hono<AppEnv>()
  .use(orgScope)
  // Administrators only, checked before any body is read (roles-first.ts): a member gets 403.
  .use(rolesFirst("admin", () => ["admin"]))
  .get("/members", describeRoute(doc("Admin", "staff", { answer: objectOf({ members: arrayOf(ref("AdminMember")), total: orNull(scalars.int), previous: orNull(scalars.str), line_managers: arrayOf(objectOf({ id: scalars.str, name: scalars.str })), next_cursor: orNull(scalars.str) }), summary: "The organisation's members, filtered and paged." })), validate("query", memberQuery), async (c) => {
    const { cursor, after, ...query } = c.req.valid("query");
    // The next page's link names it by `cursor` alone (an `after` or `before` of this request left out).
    return c.json(listAnswer(c, await listMembers(c.env, c.var.org, actorOf(c), { ...query, after: cursor ?? after }), ["after", "before"]));
  })
  .post("/invitations", describeRoute(doc("Admin", "staff", { answer: objectOf({ results: arrayOf(ref("InvitationResult")), invited: scalars.int, skipped: scalars.int, invalid: scalars.int, dry_run: scalars.bool }), summary: "Invite people by e-mail (the e-mails go after the answer); `dry_run` previews the list (200).", status: 201, alsoStatus: 200, errors: { 409: ["invitation_conflict"] } })), validate("json", invitationBody), async (c) => {
    const { invitations, dry_run } = c.req.valid("json");
    const { send, ...answer } = await inviteMembers(c.env, c.var.org, actorOf(c), invitations, { dryRun: dry_run });
    // The e-mails go after the answer: a list of hundreds answers at once.
    c.executionCtx.waitUntil(send());
    return c.json(answer, dry_run ? 200 : 201);
  })
  .get("/terms", describeRoute(doc("Admin", "staff", { answer: objectOf({ version: scalars.int, url: orNull(scalars.str) }), summary: "The organisation's terms: current version and URL." })), (c) => c.json(currentPolicy(c.var.org, actorOf(c))))
  .post("/terms", describeRoute(doc("Admin", "staff", { answer: objectOf({ version: scalars.int, url: scalars.str }), summary: "Publish a new version of the organisation's terms.", status: 201 })), validate("json", policyBody), async (c) => c.json(await publishPolicy(c.env, c.var.org, actorOf(c), c.req.valid("json").url), 201))
  .get("/config", describeRoute(doc("Admin", "staff", { answer: ref("OrganizationSettings"), summary: "The organisation's settings." })), (c) => c.json(organizationSettings(c.var.org, actorOf(c))))
  .put("/config", describeRoute(doc("Admin", "staff", { answer: ref("OrganizationSettings"), summary: "Change the organisation's settings." })), validate("json", settingsChangeSchema), async (c) => c.json(await updateSettings(c.env, c.var.org, actorOf(c), c.req.valid("json"))))
  .put("/config/images/:kind", describeRoute(doc("Admin", "staff", { answer: ref("OrganizationSettings"), summary: "Upload the organisation's logo or cover.", body: fileBody("a PNG, JPEG or WebP image."), errors: { 400: FILE_ERRORS, 413: ["image_too_large", "file_too_large"], 415: ["unsupported_file_type"] } })), validate("param", v.object({ org: v.string(), kind: v.picklist(ORGANIZATION_IMAGES, "form_error_invalid") })), async (c) =>
    c.json(await uploadOrganizationImage(c.env, c.var.org, actorOf(c), c.req.valid("param").kind, () => readUpload(c, "image"))),
  )
  .get("/metrics", describeRoute(doc("Admin", "staff", { answer: ref("Metrics"), summary: "The organisation's metrics for a period." })), validate("query", metricsQuery), async (c) => c.json(await organizationMetrics(c.env, c.var.org, actorOf(c), c.req.valid("query"))))
  .get("/metrics.csv", describeRoute(doc("Admin", "staff", { summary: "The organisation's metrics as CSV.", media: "text/csv", answer: { type: "string" } })), validate("query", metricsQuery), async (c) => {
    const metrics = await organizationMetrics(c.env, c.var.org, actorOf(c), c.req.valid("query"));
    const group = metrics.group ? `-${metrics.group.slug}` : "";
    return csvResponse(`dashboard-${c.var.org.slug}${group}-${metrics.from.slice(0, 10)}-${metrics.to.slice(0, 10)}.csv`, ["section", "item", "value", "participants"], metricsRows(metrics));
  })
  .get("/metrics/groups.csv", describeRoute(doc("Admin", "staff", { summary: "The metrics by group (site, unit) as CSV.", media: "text/csv", answer: { type: "string" } })), validate("query", metricsQuery), async (c) => {
    const metrics = await organizationMetrics(c.env, c.var.org, actorOf(c), c.req.valid("query"));
    return csvResponse(
      `dashboard-groups-${c.var.org.slug}-${metrics.from.slice(0, 10)}-${metrics.to.slice(0, 10)}.csv`,
      ["group", "name", "members", "participations", "participants", "hours", "currency", "donations", "donation_count"],
      groupRows(metrics),
    );
  })
  .get("/access", describeRoute(doc("Admin", "staff", { answer: objectOf({ hostnames: arrayOf(ref("Hostname")), providers: arrayOf(ref("SsoProvider")), email_domains: arrayOf(ref("EmailDomain")), credential_keys: orNull(arrayOf(objectOf({ id: scalars.str, created_at: scalars.time, retired_at: orNull(scalars.time) }))) }), summary: "How people get in: sign-up, hostnames, e-mail domains, SSO at a glance." })), async (c) => c.json(await accessOverview(c.env, c.var.org, actorOf(c))))
  .get("/hostnames", describeRoute(doc("Admin", "staff", { summary: "The organisation's own hostnames.", answer: listOf("hostnames") })), async (c) => c.json({ hostnames: await listHostnames(c.env, c.var.org, actorOf(c)) }))
  .post("/hostnames", describeRoute(doc("Admin", "staff", { answer: ref("Hostname"), summary: "Claim a hostname (verified by a DNS TXT record).", status: 201, errors: { 409: ["hostname_taken", "too_many_hostnames"] } })), validate("json", v.strictObject({ hostname: hostnameSchema }, "form_error_unknown_field")), async (c) =>
    c.json(await addHostname(c.env, c.var.org, actorOf(c), c.req.valid("json").hostname), 201),
  )
  .post("/hostnames/:hostname/verify", describeRoute(doc("Admin", "staff", { answer: ref("Hostname"), summary: "Check a claimed hostname's DNS record.", errors: { 409: ["hostname_not_verified", "hostname_claim_expired"] } })), validate("param", hostnameParam), async (c) => c.json(await verifyHostname(c.env, c.var.org, actorOf(c), c.req.valid("param").hostname)))
  .delete("/hostnames/:hostname", describeRoute(doc("Admin", "staff", { summary: "Give up a hostname.", status: 204 })), validate("param", hostnameParam), async (c) => {
    await removeHostname(c.env, c.var.org, actorOf(c), c.req.valid("param").hostname);
    return c.body(null, 204);
  })
  .get("/email_domains", describeRoute(doc("Admin", "staff", { summary: "The organisation's e-mail domains and their verification.", answer: listOf("email_domains") })), async (c) => c.json({ email_domains: await listEmailDomains(c.env, c.var.org, actorOf(c)) }))
  .post("/email_domains/:domain/verify", describeRoute(doc("Admin", "staff", { answer: ref("EmailDomain"), summary: "Check an e-mail domain's DNS record.", errors: { 409: ["email_domain_not_verified"] } })), validate("param", emailDomainParam), async (c) => c.json(await verifyEmailDomain(c.env, c.var.org, actorOf(c), c.req.valid("param").domain)))
  .get("/sso", describeRoute(doc("Admin", "staff", { summary: "The organisation's single sign-on providers.", answer: listOf("providers") })), async (c) => c.json({ providers: await listProviders(c.env, c.var.org, actorOf(c)) }))
  .post("/sso", describeRoute(doc("Admin", "staff", { answer: ref("SsoProvider"), summary: "Add a single sign-on provider.", status: 201, errors: { 409: ["sso_provider_exists", "too_many_sso_providers"] } })), validate("json", ssoProviderSchema), async (c) => c.json(await addProvider(c.env, c.var.org, actorOf(c), c.req.valid("json")), 201))
  .put("/sso/:id", describeRoute(doc("Admin", "staff", { answer: ref("SsoProvider"), summary: "Change a single sign-on provider.", errors: { 404: ["sso_provider_not_found"] } })), validate("json", ssoProviderChangeSchema), async (c) => c.json(await updateProvider(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"))))
  .delete("/sso/:id", describeRoute(doc("Admin", "staff", { summary: "Remove a single sign-on provider.", status: 204, errors: { 404: ["sso_provider_not_found"] } })), async (c) => {
    await removeProvider(c.env, c.var.org, actorOf(c), c.req.param("id"));
    return c.body(null, 204);
  })
  .post("/sso/:id/test", describeRoute(doc("Admin", "staff", { answer: objectOf({ test: ref("SsoTest"), url: orNull(scalars.str) }), summary: "Start a test sign-in with a provider: the URL to open.", status: 201 })), async (c) => c.json(await startTest(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.url), 201))
  .get("/sso/tests/:id", describeRoute(doc("Admin", "staff", { answer: ref("SsoTest"), summary: "What a test sign-in found." })), async (c) => c.json(await getTest(c.env, c.var.org, actorOf(c), c.req.param("id"))))
  .get("/audit", describeRoute(doc("Admin", "staff", { answer: namedList("entries", ref("AuditEntry"), true), summary: "The organisation's audit log, filtered and paged." })), validate("query", auditQuery), async (c) => c.json(listAnswer(c, await listAudit(c.env, c.var.org, actorOf(c), c.req.valid("query")))))
  .put("/members/:id", describeRoute(doc("Admin", "staff", { answer: ref("AdminMember"), summary: "Change a member's role, scope, attributes or whether they are disabled.", errors: { 409: ["last_admin", "cannot_disable_self"] } })), validate("json", memberChanges), async (c) => c.json(await updateMember(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"))))
  // A member's data, on their request: this organisation's part (issue 28, point 6; decision 034).
  .get("/members/:id/export", describeRoute(doc("Admin", "staff", { answer: ref("MemberData"), summary: "A member's data in this organisation, on their request." })), async (c) => {
    const now = Date.now();
    const document = await memberDataExportByAdmin(c.env, c.var.org, actorOf(c), c.req.param("id"), organizationOrigin(c.env, c.var.org), now);
    return c.json(document, 200, { "content-disposition": `attachment; filename="${exportFileName(now)}"`, "cache-control": "private, no-store" });
  })
  // Deletion of an account that belongs to this organisation alone, on its owner's request (issue 28, point 6; decision 034).
  .post("/members/:id/deletion", describeRoute(doc("Admin", "staff", { answer: ref("DeletionState"), summary: "Delete an account that belongs to this organisation alone, on its owner's request.", status: 202, errors: { 409: ["member_in_other_organizations", "cannot_delete_self"] } })), async (c) => c.json(await requestDeletionByAdmin(c.env, c.var.org, actorOf(c), c.req.param("id")), 202))
  // Removal: the membership ends, the account and its other organisations stay (issue 25, point 1).
  .delete("/members/:id", describeRoute(doc("Admin", "staff", { summary: "Remove a member: the membership ends; the account and its other organisations stay.", status: 204, errors: { 409: ["last_admin", "cannot_remove_self"] } })), async (c) => {
    await removeMember(c.env, c.var.org, actorOf(c), c.req.param("id"));
    return c.body(null, 204);
  });
