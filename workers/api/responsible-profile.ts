/**
 * The social CV (SPEC.md section 7; issue 13; docs/api/responsible-profile.md):
 * GET /api/{org}/responsible_profile, PUT .../pdf {timezone_offset} answering a ticket,
 * GET .../pdf/status/{ticket}, GET .../pdf/{id} (the PDF), and the member's certificates:
 * GET .../certificates, DELETE .../certificates/{id} (revoke). Feature `responsible_profile`.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { certificatePdf, CERTIFICATE_ID_PATTERN, certificateStatus, listCertificates, requestCertificate, revokeCertificate } from "../social-cv/certificates";
import { responsibleProfile } from "../social-cv/report";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

/** Minutes, as Date#getTimezoneOffset gives them: UTC-14 to UTC+14. */
const PdfBody = v.strictObject(
  { timezone_offset: v.pipe(v.number("form_error_invalid"), v.integer("form_error_invalid"), v.minValue(-840, "form_error_invalid"), v.maxValue(840, "form_error_invalid")) },
  "form_error_unknown_field",
);
const IdParam = v.object({ id: v.pipe(v.string(), v.regex(CERTIFICATE_ID_PATTERN, "form_error_invalid")) });
const TicketParam = v.object({ ticket: v.pipe(v.string(), v.regex(CERTIFICATE_ID_PATTERN, "form_error_invalid")) });

export const responsibleProfileRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/", async (c) => c.json(await responsibleProfile(c.env, c.var.org, c.var.auth.memberId)))

  .put("/pdf", validate("json", PdfBody), async (c) =>
    c.json(await requestCertificate(c.env, c.var.org, c.var.auth.memberId, c.req.valid("json").timezone_offset), 202),
  )

  .get("/pdf/status/:ticket", validate("param", TicketParam), async (c) => c.json(await certificateStatus(c.env, c.var.org, c.var.auth.memberId, c.req.valid("param").ticket)))

  .get("/pdf/:id", validate("param", IdParam), async (c) => {
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

  .get("/certificates", async (c) => c.json(await listCertificates(c.env, c.var.org, c.var.auth.memberId)))

  .delete("/certificates/:id", validate("param", IdParam), async (c) => c.json(await revokeCertificate(c.env, c.var.org, c.var.auth.memberId, c.req.valid("param").id)));
