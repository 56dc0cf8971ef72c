/**
 * Verifiable credentials (issue 32): the issuer's keys and DID document per host, a credential
 * issued through the queue when staff validate hours, checked against Open Badges 3.0's required
 * properties (our schema, ajv) and with an Ed25519 verifier that is not the code that signed it
 * (@noble/curves, with the key from /.well-known/did.json); revocation through the status list,
 * key rotation, one organisation's key never speaking for another, roles and tenants.
 */
import { env } from "cloudflare:workers";
import { ed25519 } from "@noble/curves/ed25519.js";
import { beforeAll, describe, expect, it } from "vitest";
import { CompactSign, importJWK, type JWK } from "jose";
import { PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { checkinQrValue } from "../../app/domain/checkin";
import { bitIsSet, decodeStatusList } from "../../workers/credentials/bitstring";
import { signingKey } from "../../workers/credentials/keys";
import { base64UrlDecode } from "../../workers/lib/crypto";
import { createWebSession } from "../../workers/auth/web-session";
import * as verifyPage from "../../app/routes/verify.$id/route";
import * as socialCv from "../../app/routes/_app.responsible_profile/route";
import { addParticipation, addRecord, createInitiative } from "./initiatives-fixtures";
import { captureQueue } from "./queue-capture";
import { run, type Route } from "./route-calls";
import { call, createMember, json, login, mailbox, seedOrganizations, testLoadContext } from "./support";

const tokens: Record<string, string> = {};
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const ACME = "acme.localhost";

/** The jobs the API queued since the last drain, and the consumer run on them as the queue would. */
let jobs: ReturnType<typeof captureQueue>;
const drainQueue = () => jobs.drain();

const pendingRecordOf = async (participationId: string) =>
  (await env.DB.prepare("SELECT id FROM participation_records WHERE participation_id = ? AND status = 'pending'").bind(participationId).first<{ id: string }>())!.id;

/** Staff validate a pending record through the API; the credential follows through the queue. */
async function validate(recordId: string) {
  const response = await call("PUT", `/api/acme/manage/records/${recordId}`, { token: tokens.admin, body: { status: "validated" } });
  expect(response.status).toBe(200);
  const result = await drainQueue();
  expect(result.explicitAcks.length).toBeGreaterThan(0);
}

const credentialsOf = async (who: string, org = "acme") => (await json(await call("GET", `/api/${org}/credentials`, { token: tokens[who] }))).credentials as { id: string; kind: string; hours: number; revoked_at: string | null; revoked_reason: string | null; verify_url: string; json_url: string; linkedin_url: string }[];
const jwtOf = async (id: string, host = ACME) => call("GET", `/credentials/${id}`, { host });
/** A JWS answer's text (read as bytes: workerd warns on .text() of a type it does not know as text). */
const bodyText = async (response: Response) => new TextDecoder().decode(await response.arrayBuffer());
const didDocumentOf = async (host: string) => json(await call("GET", "/.well-known/did.json", { host }));
const verifyStored = (id: string, host = ACME) => call("GET", `/api/credentials/verify/${id}`, { host });
const verifyUpload = (credential: string, host = ACME) => call("POST", "/api/credentials/verify", { host, body: { credential } });

const decodePart = (part: string) => JSON.parse(new TextDecoder().decode(base64UrlDecode(part)));

/**
 * An independent check of a compact JWS: its kid's DID resolved as did:web says (the host, its
 * port percent-encoded, then /.well-known/did.json), and Ed25519 over "header.payload" with that
 * document's key for the kid.
 */
async function nobleVerifies(jws: string): Promise<boolean> {
  const [header, payload, signature] = jws.split(".");
  const { kid } = decodePart(header);
  const host = decodeURIComponent(kid.split("#")[0].replace(/^did:web:/, ""));
  const document = await didDocumentOf(host);
  const method = document.verificationMethod.find((candidate: { id: string }) => candidate.id === kid);
  if (!method) return false;
  return ed25519.verify(base64UrlDecode(signature), new TextEncoder().encode(`${header}.${payload}`), base64UrlDecode(method.publicKeyJwk.x));
}

/** The JWS with one character of its payload changed (still valid base64url). */
function tampered(jws: string): string {
  const [header, payload, signature] = jws.split(".");
  const at = Math.floor(payload.length / 2);
  const changed = payload[at] === "A" ? "B" : "A";
  return `${header}.${payload.slice(0, at)}${changed}${payload.slice(at + 1)}.${signature}`;
}

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  jobs = captureQueue();
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach clean-up", description: "We clean the beach.", sdgs: [13, 14], competences: ["teamwork"] });
  const park = await createInitiative({ orgId: commons.id, slug: "park", title: "Park", sdgs: [15] });
  const context = await testLoadContext("acme");
  for (const [name, org, role] of [["ana", acme.id, "member"], ["admin", acme.id, "admin"], ["cora", commons.id, "member"]] as const) {
    const email = `${name}@${org === acme.id ? "acme" : "commons"}.example`;
    ids[name] = (await createMember({ email, orgId: org, role })).id;
    const { body } = await login(email, "Correct-Horse-9");
    tokens[name] = body.access_token;
    cookies[name] = (await createWebSession(context, body)).split(";")[0];
  }
  ids.beachInitiative = beach.id;
  const ana = await addParticipation(beach.id, acme.id, ids.ana);
  ids.anaBeach = ana.id;
  await addRecord(ana.id, "pending", 3);
  const cora = await addParticipation(park.id, commons.id, ids.cora);
  ids.coraPark = cora.id;
  await addRecord(cora.id, "validated", 2);
});

describe("issuing on validation", () => {
  it("signs an Open Badges 3.0 credential through the queue when staff validate hours", async () => {
    expect(await credentialsOf("ana")).toEqual([]);
    await validate(await pendingRecordOf(ids.anaBeach));
    const [listed] = await credentialsOf("ana");
    expect(listed).toMatchObject({ hours: 3, revoked_at: null, verify_url: `http://${ACME}:8787/verify/${listed.id}` });
    expect(listed.linkedin_url).toContain("https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME");
    expect(new URL(listed.linkedin_url).searchParams.get("certUrl")).toBe(listed.verify_url);
    ids.first = listed.id;

    const response = await jwtOf(listed.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vc+jwt");
    const jws = await bodyText(response);
    ids.firstJws = jws;
    const header = decodePart(jws.split(".")[0]);
    expect(header).toMatchObject({ alg: "EdDSA", typ: "vc+jwt" });
    expect(header.kid).toMatch(/^did:web:acme\.localhost%3A8787#key-/);
    const credential = decodePart(jws.split(".")[1]);
    expect(credential.issuer.id).toBe("did:web:acme.localhost%3A8787");
    expect(credential.credentialSubject.result[0].value).toBe("3");
    expect(credential.credentialSubject.achievement.alignment.map((a: { targetCode: string }) => a.targetCode)).toEqual(["13", "14", "teamwork"]);
    // The member is named by their e-mail, salted and hashed: never in clear.
    expect(jws).not.toContain("ana@acme.example");
    const [identity] = credential.credentialSubject.identifier;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`ana@acme.example${identity.salt}`)));
    expect(identity.identityHash).toBe(`sha256$${[...digest].map((b) => b.toString(16).padStart(2, "0")).join("")}`);
    // The member is told, in their language, with the verify link.
    const [mail] = await mailbox("ana@acme.example");
    expect(mail.subject).toBe("Your credential for Beach clean-up");
    expect(mail.text).toContain("3 validated hours");
    expect(mail.links).toContain(listed.verify_url);
  });

  it("holds the properties Open Badges 3.0 requires (our schema, checked by ajv)", async () => {
    const credential = decodePart(ids.firstJws.split(".")[1]);
    const { validateOpenBadge } = await import("../support/open-badge-schema");
    expect(validateOpenBadge(credential)).toEqual([]);
    const { name: _name, ...withoutName } = credential;
    expect(validateOpenBadge(withoutName).join(" ")).toContain("name");
  });

  it("verifies with an independent Ed25519 verifier and the key of /.well-known/did.json; a changed byte does not", async () => {
    expect(await nobleVerifies(ids.firstJws)).toBe(true);
    expect(await nobleVerifies(tampered(ids.firstJws))).toBe(false);
    const verdict = await json(await verifyUpload(tampered(ids.firstJws)));
    expect(verdict).toMatchObject({ state: "invalid", reason: expect.stringMatching(/bad_signature|malformed/) });
  });

  it("says authentic on the verify API, for the stored credential, its JWT and its JSON download", async () => {
    expect(await json(await verifyStored(ids.first))).toMatchObject({ state: "authentic", credential: { name: "Beach clean-up", hours: 3, issuer: { name: "Acme" } } });
    expect(await json(await verifyUpload(ids.firstJws))).toMatchObject({ state: "authentic" });
    const download = await call("GET", `/credentials/${ids.first}.json`, { host: ACME });
    expect(download.headers.get("content-disposition")).toContain(`credential-${ids.first}.json`);
    const enveloped = await download.text();
    expect(JSON.parse(enveloped)).toMatchObject({ type: "EnvelopedVerifiableCredential" });
    expect(await json(await verifyUpload(enveloped))).toMatchObject({ state: "authentic" });
    expect(await json(await verifyUpload("not a credential"))).toMatchObject({ state: "invalid", reason: "malformed" });
    expect((await call("POST", "/api/credentials/verify", { host: ACME, body: {} })).status).toBe(400);
  });

  it("serves the DID document per host: Acme's lists its key, another host's never does", async () => {
    // As did:web resolves the issuer (its host with the port of PUBLIC_URL), and on the bare host.
    const document = await didDocumentOf("acme.localhost:8787");
    expect(document.id).toBe("did:web:acme.localhost%3A8787");
    expect(document.alsoKnownAs).toBeUndefined();
    expect((await didDocumentOf(ACME)).alsoKnownAs).toEqual(["did:web:acme.localhost%3A8787"]);
    expect(document.verificationMethod).toHaveLength(1);
    expect(document.verificationMethod[0]).toMatchObject({ type: "JsonWebKey", publicKeyJwk: { kty: "OKP", crv: "Ed25519" } });
    expect(document.verificationMethod[0].publicKeyJwk.d).toBeUndefined();
    const other = await didDocumentOf("localhost");
    expect(other.id).toBe("did:web:localhost");
    const acmeKey = document.verificationMethod[0].publicKeyJwk.x;
    expect(JSON.stringify(other)).not.toContain(acmeKey);
  });

  it("issues nothing twice: a second delivery of the job keeps the credential in force", async () => {
    jobs.queued.push({ body: { kind: "credential", orgId: "org-acme", participation: (await env.DB.prepare("SELECT uuid FROM participations WHERE id = ?").bind(ids.anaBeach).first<{ uuid: string }>())!.uuid } });
    await drainQueue();
    expect((await credentialsOf("ana")).map((c) => c.id)).toEqual([ids.first]);
  });
});

describe("tenants and roles", () => {
  it("answers another organisation's credential with 404 on this host, and their list with 404", async () => {
    expect((await verifyStored(ids.first, "localhost")).status).toBe(404);
    expect((await jwtOf(ids.first, "localhost")).status).toBe(404);
    expect((await call("GET", "/api/acme/credentials", { token: tokens.cora })).status).toBe(404);
    expect((await call("POST", "/api/acme/credentials/keys/rotate", { token: tokens.cora })).status).toBe(404);
    // An uploaded credential of another issuer is nothing this host can vouch for.
    expect(await json(await verifyUpload(ids.firstJws, "localhost"))).toMatchObject({ state: "invalid", reason: "unknown_issuer" });
  });

  it("lets only administrators rotate the key: a member gets 403", async () => {
    expect((await call("POST", "/api/acme/credentials/keys/rotate", { token: tokens.ana })).status).toBe(403);
    expect((await call("GET", "/api/acme/credentials/keys", { token: tokens.ana })).status).toBe(403);
  });

  it("never lets another organisation's key sign for this one", async () => {
    // Commons issues its own credential (on demand): its key exists from then on.
    expect(await json(await call("POST", "/api/commons/credentials", { token: tokens.cora }))).toEqual({ issued: 1 });
    const commonsKey = await signingKey(env, "org-commons");
    const acmeKid = decodePart(ids.firstJws.split(".")[0]).kid as string;
    const payload = decodePart(ids.firstJws.split(".")[1]);
    const sign = (kid: string) => new CompactSign(new TextEncoder().encode(JSON.stringify({ ...payload, credentialSubject: { ...payload.credentialSubject, result: [{ type: ["Result"], value: "300" }] } }))).setProtectedHeader({ alg: "EdDSA", kid, typ: "vc+jwt" }).sign(commonsKey.privateKey);
    // Commons' key under Acme's key id: the signature does not hold.
    expect(await json(await verifyUpload(await sign(acmeKid)))).toMatchObject({ state: "invalid", reason: "bad_signature" });
    // Commons' key under its own id, on Acme's DID: Acme has no such key.
    expect(await json(await verifyUpload(await sign(`did:web:acme.localhost%3A8787#${commonsKey.id}`)))).toMatchObject({ state: "invalid", reason: "unknown_key" });
    // A sealed key moved to another organisation does not open there.
    await env.DB.prepare("UPDATE credential_issuer_keys SET org_id = 'org-vizinhos' WHERE org_id = 'org-commons'").run();
    await expect(signingKey(env, "org-vizinhos")).rejects.toMatchObject({ code: "credentials_key_unreadable" });
    await env.DB.prepare("UPDATE credential_issuer_keys SET org_id = 'org-commons' WHERE org_id = 'org-vizinhos'").run();
  });
});

describe("revocation and rotation", () => {
  it("supersedes the credential when more hours are validated: the old one is revoked in the status list", async () => {
    // Ana switched e-mails about her participation off: the new credential comes without one.
    await env.DB.prepare("UPDATE profiles SET participation_emails = 0 WHERE member_id = ?").bind(ids.ana).run();
    const credentialMails = async () => (await mailbox("ana@acme.example")).filter((mail) => mail.subject.startsWith("Your credential")).length;
    const mailsBefore = await credentialMails();
    await addRecord(ids.anaBeach, "pending", 2);
    await validate(await pendingRecordOf(ids.anaBeach));
    const [latest, old] = await credentialsOf("ana");
    expect(latest).toMatchObject({ hours: 5, revoked_at: null });
    expect(old).toMatchObject({ id: ids.first, revoked_reason: "superseded" });
    expect(await credentialMails()).toBe(mailsBefore);
    expect(await json(await verifyStored(ids.first))).toMatchObject({ state: "revoked" });
    ids.second = latest.id;

    const list = await call("GET", "/credentials/status/revocation", { host: ACME });
    expect(list.headers.get("content-type")).toBe("application/vc+jwt");
    const listJws = await bodyText(list);
    expect(await nobleVerifies(listJws)).toBe(true);
    const statusList = decodePart(listJws.split(".")[1]);
    expect(statusList).toMatchObject({ type: ["VerifiableCredential", "BitstringStatusListCredential"], credentialSubject: { type: "BitstringStatusList", statusPurpose: "revocation" } });
    const bits = decodeStatusList(statusList.credentialSubject.encodedList)!;
    expect(bits.length).toBe(16_384);
    const indexOf = (jws: string) => Number(decodePart(jws.split(".")[1]).credentialStatus.statusListIndex);
    expect(bitIsSet(bits, indexOf(ids.firstJws))).toBe(true);
    expect(bitIsSet(bits, indexOf(await bodyText(await jwtOf(ids.second))))).toBe(false);
  });

  it("keeps old credentials verifiable after an administrator rotates the key; new ones use the new key", async () => {
    const rotated = await call("POST", "/api/acme/credentials/keys/rotate", { token: tokens.admin });
    expect(rotated.status).toBe(201);
    const { id: newKey } = await json(rotated);
    const audit = await env.DB.prepare("SELECT action, actor_member_id AS actor, detail FROM audit_log WHERE org_id = 'org-acme' AND target_type = 'organization'").all();
    expect(audit.results).toEqual([{ action: "organization.credentials_key_rotated", actor: ids.admin, detail: JSON.stringify({ key: newKey }) }]);
    const document = await didDocumentOf(ACME);
    expect(document.verificationMethod.map((method: { id: string }) => method.id.split("#")[1])).toHaveLength(2);
    const secondJws = await bodyText(await jwtOf(ids.second));
    expect(await nobleVerifies(secondJws)).toBe(true);
    expect(await json(await verifyStored(ids.second))).toMatchObject({ state: "authentic" });
    const keys = await json(await call("GET", "/api/acme/credentials/keys", { token: tokens.admin }));
    expect(keys.keys.filter((key: { retired_at: string | null }) => key.retired_at === null).map((key: { id: string }) => key.id)).toEqual([newKey]);
    // The status list is signed with the new key from now on, and still verifies.
    const listJws = await bodyText(await call("GET", "/credentials/status/revocation", { host: ACME }));
    expect(decodePart(listJws.split(".")[0]).kid).toContain(`#${newKey}`);
    expect(await nobleVerifies(listJws)).toBe(true);
  });

  it("lets the member revoke their credential: the verify API says revoked, and it is not issued again", async () => {
    const response = await call("POST", `/api/acme/credentials/${ids.second}/revoke`, { token: tokens.ana });
    expect(response.status).toBe(200);
    expect(await json(await verifyStored(ids.second))).toMatchObject({ state: "revoked", revoked_at: expect.any(String) });
    expect(await json(await call("POST", "/api/acme/credentials", { token: tokens.ana }))).toEqual({ issued: 0 });
    expect((await call("POST", `/api/acme/credentials/${ids.second}/revoke`, { token: tokens.admin })).status).toBe(404);
  });

  it("refuses a credential whose validFrom lies ahead, and says expired past its validUntil", async () => {
    const key = await signingKey(env, "org-acme");
    const kid = `did:web:acme.localhost%3A8787#${key.id}`;
    const payload = decodePart(ids.firstJws.split(".")[1]);
    const status = { ...payload.credentialStatus, statusListIndex: "131071" };
    const sign = (changes: Record<string, unknown>) =>
      new CompactSign(new TextEncoder().encode(JSON.stringify({ ...payload, credentialStatus: status, ...changes }))).setProtectedHeader({ alg: "EdDSA", kid, typ: "vc+jwt" }).sign(key.privateKey);
    expect(await json(await verifyUpload(await sign({ validUntil: "2020-01-01T00:00:00Z" })))).toMatchObject({ state: "expired" });
    expect(await json(await verifyUpload(await sign({ validFrom: "2999-01-01T00:00:00Z" })))).toMatchObject({ state: "invalid" });
    // A JWK of a key of ours, imported as a verifier would: the public part only is served.
    const [method] = (await didDocumentOf(ACME)).verificationMethod;
    await expect(importJWK(method.publicKeyJwk as JWK, "EdDSA")).resolves.toBeTruthy();
  });
});

describe("the pages", () => {
  const page = (path: string, init: RequestInit = {}) => new Request(`http://${ACME}${path}`, { ...init, headers: { cookie: cookies.ana, origin: `http://${ACME}`, ...(init.headers ?? {}) } });
  const form = (fields: [string, string][]) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

  it("/verify/{id} says what the machine check found; an unknown id is a 404", async () => {
    const loaded = await run(verifyPage.loader as Route, page(`/verify/${ids.first}`), { id: ids.first });
    expect(loaded.data).toMatchObject({ kind: "credential", verification: { state: "revoked" } });
    expect((await run(verifyPage.loader as Route, page("/verify/2222222222222222"), { id: "2222222222222222" })).status).toBe(404);
  });

  it("/verify/{id} checks a pasted or uploaded credential the same way", async () => {
    const pasted = await run(verifyPage.action as Route, page(`/verify/${ids.first}`, form([["credential", tampered(ids.firstJws)]])), { id: ids.first });
    expect(pasted.data).toMatchObject({ error: false, uploaded: { state: "invalid" } });
    const body = new FormData();
    body.set("credential", "");
    body.set("file", new File([ids.firstJws], "credential.jwt", { type: "application/octet-stream" }));
    const uploaded = await run(verifyPage.action as Route, page(`/verify/${ids.first}`, { method: "POST", body }), { id: ids.first });
    expect(uploaded.data).toMatchObject({ error: false, uploaded: { state: "revoked", credential: { name: "Beach clean-up" } } });
    const empty = await run(verifyPage.action as Route, page(`/verify/${ids.first}`, form([["credential", " "]])), { id: ids.first });
    expect(empty.data).toMatchObject({ error: true, uploaded: null });
  });

  it("the social CV lists the member's credentials, issues what is owed and revokes", async () => {
    const listed = await run(socialCv.loader as Route, page("/responsible_profile"));
    expect((listed.data!.credentials as { id: string }[]).map((credential) => credential.id)).toContain(ids.first);
    expect((await run(socialCv.action as Route, page("/responsible_profile", form([["intent", "issue_credentials"]])))).location).toBe("/responsible_profile?notice=credentials_none");
    // Hours validated at the check-in desk: no decision queued a credential, the member asks for it.
    const desk = await addParticipation((await createInitiative({ orgId: "org-acme", slug: "desk", title: "Desk day" })).id, "org-acme", ids.ana);
    await addRecord(desk.id, "validated", 4);
    expect((await run(socialCv.action as Route, page("/responsible_profile", form([["intent", "issue_credentials"]])))).location).toBe("/responsible_profile?notice=credentials_issued&count=1");
    const [fresh] = await credentialsOf("ana");
    expect(fresh).toMatchObject({ name: "Desk day", hours: 4, revoked_at: null });
    expect((await run(socialCv.action as Route, page("/responsible_profile", form([["intent", "revoke_credential"], ["id", fresh.id]])))).location).toBe("/responsible_profile?notice=credential_revoked");
    expect(await json(await verifyStored(fresh.id))).toMatchObject({ state: "revoked" });
  });
});

describe("issuing at the check-in desk", () => {
  it("queues the credential of hours validated by a check-in, once", async () => {
    const run = await createInitiative({ orgId: "org-acme", slug: "run", title: "Charity run", participationMethod: "qr", hoursPerDay: 3, startTime: Date.now() - 86_400_000 });
    const { uuid } = await addParticipation(run.id, "org-acme", ids.ana);
    const code = (await json(await call("GET", "/api/acme/initiative/run", { token: tokens.ana }))).checkin_code;
    const checkIn = () => call("POST", `/api/acme/manage/initiatives/${run.id}/checkin`, { token: tokens.admin, body: { code: checkinQrValue(uuid, code) } });
    expect((await checkIn()).status).toBe(201);
    expect(jobs.queued.map((item) => item.body)).toEqual([{ kind: "credential", orgId: "org-acme", participation: uuid }]);
    // The same check-in again changes nothing, and queues nothing.
    expect((await checkIn()).status).toBe(200);
    expect(jobs.queued).toHaveLength(1);
    await drainQueue();
    expect(await credentialsOf("ana")).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Charity run", hours: 3, revoked_at: null })]));
  });
});

describe("the social CV's roll-up credential", () => {
  it("is issued with the certificate, linked from its verify page, and withdrawn with it", async () => {
    const asked = await call("PUT", "/api/acme/responsible_profile/pdf", { token: tokens.ana, body: { timezone_offset: 0 } });
    expect(asked.status).toBe(202);
    const { ticket } = await json(asked);
    await drainQueue();
    const rollup = (await credentialsOf("ana")).find((credential) => credential.kind === "social_cv")!;
    expect(rollup).toMatchObject({ revoked_at: null });
    const credential = decodePart((await bodyText(await jwtOf(rollup.id))).split(".")[1]);
    const { validateOpenBadge } = await import("../support/open-badge-schema");
    expect(validateOpenBadge(credential)).toEqual([]);
    // Ana's counted hours in Acme: 5 on the beach, 4 at the desk, 3 at the run.
    expect(credential.credentialSubject.result[0].value).toBe("12");
    expect(credential.evidence.map((evidence: { name: string }) => evidence.name).sort()).toEqual(["Beach clean-up", "Charity run", "Desk day"]);
    expect(credential.credentialSubject.achievement.alignment.map((a: { targetCode: string }) => a.targetCode)).toEqual(["13", "14", "teamwork"]);
    expect(await json(await verifyStored(rollup.id))).toMatchObject({ state: "authentic", credential: { hours: 12 } });
    // The PDF prints its verify link beside the certificate's, each a link on its QR code.
    const pdf = await PDFDocument.load(await (await env.FILES.get(`certificates/org-acme/${ticket}.pdf`))!.arrayBuffer());
    const uris = pdf.getPages()[0].node.Annots()!.asArray().map((ref) => String((pdf.context.lookup(ref, PDFDict).lookup(PDFName.of("A"), PDFDict).lookup(PDFName.of("URI")) as PDFString).decodeText()));
    expect(uris).toEqual([`http://${ACME}:8787/verify/${ticket}`, rollup.verify_url]);
    // The certificate's verify page (the PDF's link) leads to it.
    const certificate = await json(await call("GET", `/api/organization/profile/acme/certificate/${ticket}`, { host: ACME }));
    expect(certificate.credential_verify_url).toBe(`/verify/${rollup.id}`);
    // Revoking the certificate revokes its roll-up in the status list.
    expect((await call("DELETE", `/api/acme/responsible_profile/certificates/${ticket}`, { token: tokens.ana })).status).toBe(200);
    expect(await json(await verifyStored(rollup.id))).toMatchObject({ state: "revoked" });
  });
});

describe("asking twice at once", () => {
  it("issues one credential per participation when two 'get my credentials' requests race", async () => {
    const dan = await createMember({ email: "dan@acme.example", orgId: "org-acme", role: "member" });
    tokens.dan = (await login("dan@acme.example", "Correct-Horse-9")).body.access_token;
    const first = await createInitiative({ orgId: "org-acme", slug: "race-one", title: "Race one" });
    const second = await createInitiative({ orgId: "org-acme", slug: "race-two", title: "Race two" });
    for (const initiative of [first, second]) await addRecord((await addParticipation(initiative.id, "org-acme", dan.id)).id, "validated", 2);
    const answers = await Promise.all([1, 2].map(() => call("POST", "/api/acme/credentials", { token: tokens.dan })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const issued = (await Promise.all(answers.map(json))).reduce((sum, answer) => sum + answer.issued, 0);
    expect(issued).toBe(2);
    const listed = await credentialsOf("dan");
    expect(listed).toHaveLength(2);
    expect(listed.every((credential) => credential.revoked_at === null && credential.hours === 2)).toBe(true);
    // And once more, later: nothing is owed.
    expect(await json(await call("POST", "/api/acme/credentials", { token: tokens.dan }))).toEqual({ issued: 0 });
  });
});
