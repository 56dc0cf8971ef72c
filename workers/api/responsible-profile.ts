/**
 * The social CV (SPEC.md section 7; issue 13; docs/api/responsible-profile.md):
 * GET /api/{org}/responsible_profile, PUT .../pdf {timezone_offset, from?, to?} answering a ticket,
 * GET .../pdf/status/{ticket}, GET .../pdf/{id} (the PDF), and the member's certificates:
 * GET .../certificates, DELETE .../certificates/{id} (revoke). Feature `responsible_profile`.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { namedList, objectOf, orNull, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { certificatePdf, CERTIFICATE_ID_PATTERN, certificateStatus, dayStart, listCertificates, periodOfDays, requestCertificate, revokeCertificate } from "../social-cv/certificates";
import { responsibleProfile } from "../social-cv/report";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

/** A day of the member's calendar, YYYY-MM-DD, that exists (no 31 April). */
const calendarDay = v.pipe(
  v.string("form_error_invalid_date"),
  v.isoDate("form_error_invalid_date"),
  v.check((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
  }, "form_error_invalid_date"),
);

/**
 * `timezone_offset`: minutes, as Date#getTimezoneOffset gives them, UTC-14 to UTC+14. `from` and
 * `to`: the period certified, days of the member's calendar in that offset, both whole (a year is
 * its 1 January to its 31 December); either may be left out (since the start, until today).
 */
const PdfBody = v.pipe(
  v.strictObject(
    {
      timezone_offset: v.pipe(v.number("form_error_invalid"), v.integer("form_error_invalid"), v.minValue(-840, "form_error_invalid"), v.maxValue(840, "form_error_invalid")),
      from: v.optional(calendarDay),
      to: v.optional(calendarDay),
    },
    "form_error_unknown_field",
  ),
  v.forward(v.check(({ from, to }) => !from || !to || from <= to, "form_error_end_before_start"), ["to"]),
  v.forward(v.check(({ from, timezone_offset }) => !from || dayStart(from, timezone_offset) <= Date.now(), "form_error_out_of_range"), ["from"]),
);
const IdParam = v.object({ id: v.pipe(v.string(), v.regex(CERTIFICATE_ID_PATTERN, "form_error_invalid")) });
const TicketParam = v.object({ ticket: v.pipe(v.string(), v.regex(CERTIFICATE_ID_PATTERN, "form_error_invalid")) });

export const responsibleProfileRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/", describeRoute(doc("Wall and ranking", "member", { answer: ref("ResponsibleProfile"), summary: "The member's responsible profile (social CV)." })), async (c) => c.json(await responsibleProfile(c.env, c.var.org, c.var.auth.memberId)))

  .put("/pdf", describeRoute(doc("Wall and ranking", "member", { answer: objectOf({ ticket: scalars.str, status: scalars.str }), summary: "Ask for the social CV as a PDF; answers a ticket.", status: 202, errors: { 503: ["queue_unavailable"] } })), validate("json", PdfBody), async (c) => {
    const body = c.req.valid("json");
    return c.json(await requestCertificate(c.env, c.var.org, c.var.auth.memberId, body.timezone_offset, periodOfDays(body, body.timezone_offset)), 202);
  })

  .get("/pdf/status/:ticket", describeRoute(doc("Wall and ranking", "member", { answer: objectOf({ ticket: scalars.str, status: scalars.str, attempts: scalars.int, url: scalars.str, verify_url: scalars.str }, ["url", "verify_url"]), summary: "Whether the PDF of a ticket is ready.", errors: { 404: ["not_found"] } })), validate("param", TicketParam), async (c) => c.json(await certificateStatus(c.env, c.var.org, c.var.auth.memberId, c.req.valid("param").ticket)))

  .get("/pdf/:id", describeRoute(doc("Wall and ranking", "member", { summary: "Download the social CV PDF.", media: "application/pdf", answer: { type: "string", contentEncoding: "binary" }, errors: { 404: ["not_found"] } })), validate("param", IdParam), async (c) => {
    const { object, filename } = await certificatePdf(c.env, c.var.org, c.var.auth.memberId, c.req.valid("param").id);
    return new Response(object.body, {
      headers: {
        "content-type": "application/pdf",
        "content-length": String(object.size),
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  })

  .get("/certificates", describeRoute(doc("Wall and ranking", "member", { answer: namedList("certificates", objectOf({ id: scalars.str, created_at: scalars.time, revoked_at: orNull(scalars.time), hours: scalars.num, url: scalars.str, verify_url: scalars.str })), summary: "The member's issued certificates." })), async (c) => c.json(await listCertificates(c.env, c.var.org, c.var.auth.memberId)))

  .delete("/certificates/:id", describeRoute(doc("Wall and ranking", "member", { answer: objectOf({ id: scalars.str, revoked_at: scalars.time }), summary: "Revoke one of the member's certificates.", errors: { 404: ["not_found"] } })), validate("param", IdParam), async (c) => c.json(await revokeCertificate(c.env, c.var.org, c.var.auth.memberId, c.req.valid("param").id)));
