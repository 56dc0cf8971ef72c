/**
 * The routes of verifiable credentials (issue 32; docs/api/credentials.md):
 * - on the organisation's host, public (workers/app.ts): its DID document, its status list, and
 *   each credential by its id (the signed JWS, or as JSON to download);
 * - /api/credentials, public, the host's organisation (workers/api/index.ts): the checks the
 *   verify page shows, of a stored credential or of one pasted or uploaded;
 * - /api/{org}/credentials, the member's (workers/api/index.ts): their list, asking for what
 *   their hours are owed, withdrawing one; and the administrators' key rotation.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { namedList, objectOf, orNull, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { CREDENTIAL_ID_PATTERN, MAX_UPLOADED_CREDENTIAL_LENGTH } from "../../app/domain/credentials";
import { notFound } from "../lib/domain-errors";
import { handleNotFound } from "../lib/errors";
import { validate } from "../lib/validation";
import { orgScope } from "./org-scope";
import { rolesFirst } from "./roles-first";
import type { AppEnv } from "../types";
import { issuedCredentialJws, issueOwedCredentials, listCredentials, revokeCredential } from "../credentials/holder";
import { credentialsSecret, didDocument, issuerKeyListQuery, issuerKeyViews, rotateSigningKey } from "../credentials/keys";
import { VC_CONTEXT } from "../credentials/open-badge";
import { signedStatusList } from "../credentials/status-list";
import { jwsOfUpload, verifyCredentialJws, verifyStoredCredential, type Verification } from "../credentials/verify";

const VC_JWT = "application/vc+jwt";
const idParam = v.object({ id: v.pipe(v.string(), v.regex(CREDENTIAL_ID_PATTERN, "form_error_invalid")) });

/** GET /.well-known/did.json, /credentials/status/revocation and /credentials/{id}[.json], on the organisation's host. */
export const credentialHostRoutes = new Hono<AppEnv>()
  .get("/.well-known/did.json", async (c) => {
    const document = await didDocument(c.env, c.var.tenant, new URL(c.req.url).host);
    return c.json(document, 200, { "cache-control": "public, max-age=300" });
  })
  .get("/credentials/status/revocation", async (c) =>
    // Short-lived in caches: a revocation must show soon, everywhere.
    c.body(await signedStatusList(c.env, c.var.tenant), 200, { "content-type": VC_JWT, "cache-control": "public, max-age=60" }),
  )
  .get("/credentials/:file", async (c) => {
    const [, id, json] = /^([^.]+)(\.json)?$/.exec(c.req.param("file")) ?? [];
    if (!id || !CREDENTIAL_ID_PATTERN.test(id)) return handleNotFound(c);
    const jws = await issuedCredentialJws(c.env, c.var.tenant.id, id);
    if (!jws) return handleNotFound(c);
    const headers = { "cache-control": "private, no-cache", "x-robots-tag": "noindex" };
    if (!json) return c.body(jws, 200, { ...headers, "content-type": VC_JWT });
    // VC 2.0's JSON form of a credential secured by JOSE: the JWS inside, verifiable as is.
    const enveloped = { "@context": [VC_CONTEXT], id: `data:${VC_JWT},${jws}`, type: "EnvelopedVerifiableCredential" };
    return c.json(enveloped, 200, { ...headers, "content-disposition": `attachment; filename="credential-${id}.json"` });
  });

const uploadBody = v.strictObject(
  { credential: v.pipe(v.string("form_error_required"), v.nonEmpty("form_error_required"), v.maxLength(MAX_UPLOADED_CREDENTIAL_LENGTH, "form_error_max_length")) },
  "form_error_unknown_field",
);

const malformed: Verification = { state: "invalid", reason: "malformed", revoked_at: null, credential: null };

/** /api/credentials: the verify page's checks, for the host's organisation, without signing in. */
export const credentialVerifyRoutes = new Hono<AppEnv>()
  .get("/verify/:id", describeRoute(doc("Credentials", "public", { answer: ref("Verification"), summary: "Check one of this organisation's credentials by its id.", errors: { 404: ["not_found"] } })), validate("param", idParam), async (c) => {
    const verification = await verifyStoredCredential(c.env, c.var.tenant, c.req.valid("param").id);
    if (!verification) throw notFound("credential_not_found", "The credential cannot be found.");
    return c.json(verification);
  })
  .post("/verify", describeRoute(doc("Credentials", "public", { answer: ref("Verification"), summary: "Check a credential file (JSON or JWT) someone was given." })), validate("json", uploadBody), async (c) => {
    const jws = jwsOfUpload(c.req.valid("json").credential);
    return c.json(jws ? await verifyCredentialJws(c.env, c.var.tenant, jws) : malformed);
  });

/** /api/{org}/credentials: the member's own, and (under /keys) the administrators'. */
export const memberCredentialRoutes = new Hono<AppEnv>()
  .use(orgScope)
  // The organisation's keys are its administrators' (checked before anything else: a member gets 403).
  .use(rolesFirst("credentials", (_method, path) => (path.startsWith("/keys") ? ["admin"] : null)))
  .get("/", describeRoute(doc("Credentials", "member", { answer: namedList("credentials", ref("Credential")), summary: "The member's verifiable credentials.", errors: { 503: ["credentials_unavailable"] } })), async (c) => c.json(await listCredentials(c.env, c.var.org, c.var.auth.memberId)))
  .post("/", describeRoute(doc("Credentials", "member", { answer: objectOf({ issued: scalars.int }), summary: "Issue the credentials the member is owed now.", errors: { 503: ["credentials_unavailable"] } })), async (c) => c.json(await issueOwedCredentials(c.env, c.var.org, c.var.auth.memberId)))
  .post("/:id/revoke", describeRoute(doc("Credentials", "member", { answer: objectOf({ id: scalars.str, revoked_at: scalars.time }), summary: "Revoke one of the member's credentials.", errors: { 404: ["not_found"] } })), validate("param", idParam), async (c) => c.json(await revokeCredential(c.env, c.var.org, c.var.auth.memberId, c.req.valid("param").id)))
  .get("/keys", describeRoute(doc("Credentials", "staff", { answer: namedList("keys", objectOf({ id: scalars.str, created_at: scalars.time, retired_at: orNull(scalars.time) })), summary: "The organisation's signing keys (administrators)." })), async (c) => {
    credentialsSecret(c.env);
    return c.json({ keys: issuerKeyViews(await issuerKeyListQuery(c.env, c.var.org.id)) });
  })
  .post("/keys/rotate", describeRoute(doc("Credentials", "staff", { answer: objectOf({ id: scalars.str, created_at: scalars.time }), summary: "Rotate the organisation's signing key (administrators).", status: 201, errors: { 503: ["credentials_unavailable", "credentials_key_unreadable"] } })), async (c) => c.json(await rotateSigningKey(c.env, c.var.org, { memberId: c.var.auth.memberId, role: c.var.membership.role }), 201));
