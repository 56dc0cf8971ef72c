/**
 * Real answers against the OpenAPI document (issue 31, section 1; docs/api/openapi.md): every
 * operation that answers JSON documents a schema for its success answer, and the answers of real
 * requests across the member, staff, admin, integration and SCIM faces validate against the schema
 * the document gives their method, path and status. `answered` finds the operation of each request
 * in the document itself, so a request that fits no operation or status fails too.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { cantComeToken } from "../../workers/reminders/cant-come";
import { pngOf } from "./png-fixtures";
import { HOUR, addContribution, addParticipation, addRecord, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, mailbox, seedOrganizations, type CallOptions } from "./support";

type Json = Record<string, any>;
let document: Json;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

/** The document's path templates as patterns, literal ones first (`/initiatives/options` before `/initiatives/{id}`). */
let templates: { path: string; pattern: RegExp; parameters: number }[] = [];

function operationOf(method: string, url: string) {
  const path = new URL(url, "http://localhost").pathname;
  const found = templates.filter((template) => template.pattern.test(path) && document.paths[template.path][method]).sort((a, b) => a.parameters - b.parameters)[0];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is in no operation of the document`);
  return { path: found.path, operation: document.paths[found.path][method] };
}

/** Makes the request and checks its answer against the document; answers status and body. */
async function answered(method: string, url: string, options: CallOptions = {}, expected?: number): Promise<{ status: number; body: any }> {
  const res = await call(method, url, options);
  const text = await res.text();
  const { path, operation } = operationOf(method.toLowerCase(), url);
  const where = `${method} ${path} ${res.status}`;
  const media = (res.headers.get("content-type") ?? "").split(";")[0];
  const body = media.endsWith("json") && text ? JSON.parse(text) : text;
  if (expected !== undefined && res.status !== expected) throw new Error(`${where}: expected ${expected}: ${text.slice(0, 300)}`);
  const documented = operation.responses[res.status];
  if (!documented) throw new Error(`${where}: status not documented: ${text.slice(0, 300)}`);
  if (res.status < 300) checked.add(`${method.toUpperCase()} ${path}`);
  if (!media.endsWith("json")) return { status: res.status, body };
  const schema = documented.content?.[media]?.schema;
  if (!schema || !Object.keys(schema).length) throw new Error(`${where}: no ${media} schema documented`);
  const check = ajv.compile({ ...schema, components: document.components });
  if (!check(body)) {
    const errors = (check.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message} ${JSON.stringify(error.params)}`);
    throw new Error(`${where} does not validate: ${errors.join("; ")}\n${text.slice(0, 500)}`);
  }
  return { status: res.status, body };
}

/** The operations whose answers the tests checked. */
const checked = new Set<string>();

const tokens: Record<string, string> = {};
let session: Json = {};
let keys = { all: "", scim: "" };
let ids: Record<string, string> = {};

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const olivia = await createMember({ email: "olivia@acme.example", orgId: acme.id, name: "Olivia" });
  const bruno = await createMember({ email: "bruno@acme.example", orgId: acme.id, name: "Bruno" });
  await createMember({ email: "ada@acme.example", orgId: acme.id, name: "Ada", role: "admin" });
  for (const name of ["bruno", "ada"]) tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  session = (await login("olivia@acme.example", "Correct-Horse-9")).body;
  tokens.olivia = session.access_token;
  const key = async (scopes: string[]) => (await json(await call("POST", "/api/acme/admin/api-keys", { token: tokens.ada, body: { name: scopes.join(" "), scopes } }))).secret as string;
  keys = { all: await key(["members:read", "participations:read", "initiatives:read", "initiatives:write", "donations:read", "webhooks"]), scim: await key(["scim"]) };
  const beach = await createInitiative({ orgId: acme.id, title: "Beach clean-up", slug: "beach", startTime: Date.now() - HOUR, endTime: Date.now() + 3 * HOUR, indicators: [{ id: "ind-bags", name: "Bags", unit: "number" }] });
  await createInitiative({ orgId: acme.id, title: "Books", slug: "books", type: "donation", donation: { currency: "EUR", sources: JSON.stringify(["inhand"]) } });
  await createInitiative({ orgId: "org-commons", title: "A walk", slug: "commons-walk" });
  const park = await createInitiative({ orgId: acme.id, title: "Park", slug: "park" });
  const full = await createInitiative({ orgId: acme.id, title: "Full", slug: "full", maxParticipants: 1 });
  await addParticipation(full.id, acme.id, bruno.id);
  const talk = await createInitiative({ orgId: acme.id, title: "A talk", slug: "talk", type: "informative" });
  const part = await addParticipation(beach.id, acme.id, olivia.id);
  await addRecord(part.id, "pending");
  await addContribution(beach.id, acme.id, olivia.id, 20, "pending");
  ids = { org: acme.id, park: park.id, full: full.id, talk: talk.id, beach: beach.id, olivia: olivia.id, bruno: bruno.id, participation: part.uuid };
  const res = await call("GET", "/api/openapi.json");
  document = await json(res);
  templates = Object.keys(document.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    parameters: (path.match(/\{/g) ?? []).length,
  }));
});

describe("real answers validate against the documented schemas", () => {
  it("the member's face", async () => {
    const as = { token: tokens.olivia };
    for (const url of [
      "/api/acme/profile", "/api/acme/wall", "/api/acme/initiative", "/api/acme/initiative/beach", "/api/acme/calendar", "/api/acme/credentials",
      "/api/acme/chat/users", "/api/acme/ranking", "/api/acme/reminders/settings", "/api/acme/responsible_profile", "/api/acme/responsible_profile/certificates",
      "/api/acme/push", "/api/acme/proposal/draft", "/api/acme/proposal", "/api/acme/initiative/beach/attachment/document",
      "/auth/sso/links", "/auth/account/export", "/auth/invitations",
    ]) await answered("GET", url, as, 200);
    await answered("PUT", "/auth/identity", as, 200);
    await answered("PUT", "/auth/refresh", { body: { refresh_token: session.refresh_token } }, 200);
    await answered("GET", "/api/organization/current", { host: "acme.localhost" }, 200);
    await answered("PUT", `/api/acme/initiative/${ids.park}`, as, 200);
    await answered("DELETE", `/api/acme/initiative/${ids.park}`, as, 200);
    await answered("PUT", `/api/acme/initiative/${ids.full}/waitlist`, as, 200);
    await answered("DELETE", `/api/acme/initiative/${ids.full}/waitlist`, as, 200);
    await answered("GET", "/api/acme/geocode?q=lisb", as, 200);
    await answered("PUT", `/api/acme/initiative/${ids.talk}/interested`, as, 200);
    await answered("DELETE", `/api/acme/initiative/${ids.talk}/interested`, as, 200);
    await answered("POST", "/api/acme/initiative/beach/participation", { ...as, body: { hours: 2 } }, 201);
    await answered("POST", "/api/acme/initiative/beach/indicator/ind-bags/participation", { ...as, body: { value: 3 } }, 201);
    await answered("POST", "/api/acme/initiative/books/contribution", { ...as, body: { value: 10, source: "inhand" } });
    await answered("POST", "/api/acme/calendar/feed", as, 200);
    await answered("PUT", "/api/acme/calendar", { ...as, body: { include_interests: true } }, 200);
    await answered("DELETE", "/api/acme/calendar/feed", as, 200);
    const conversation = await answered("POST", "/api/acme/chat/conversations", { ...as, body: { member_id: ids.bruno } }, 201);
    const cid = conversation.body.conversation.id;
    await answered("POST", `/api/acme/chat/conversations/${cid}/messages`, { ...as, body: { content: "Hello", client_id: "c1" } }, 201);
    const messages = await answered("GET", `/api/acme/chat/conversations/${cid}/messages`, as, 200);
    expect(messages.body.messages).toHaveLength(1);
    await answered("PUT", `/api/acme/chat/conversations/${cid}/read`, as, 200);
    await answered("GET", "/api/acme/chat/conversations", as, 200);
    await answered("PUT", "/api/acme/reminders/settings", { ...as, body: { topic: "reminder", channel: "email", enabled: false } }, 200);
    await answered("PUT", "/api/acme/push/preferences", { ...as, body: { chat: false } }, 200);
    await answered("PUT", "/api/acme/profile", { ...as, body: { name: "Olivia R." } }, 200);
    await answered("POST", "/api/acme/credentials", as, 200);
    const start = Date.now() + 10 * 86_400_000;
    const proposal = {
      type: "volunteering",
      title: "Reading club at the library",
      description: "Read aloud to children on Saturday mornings.",
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 7_200_000).toISOString(),
      is_in_person: true,
      address: "Biblioteca Eugenio Trías, Madrid",
      sdgs: ["quality-education"],
      max_participants: 8,
    };
    // The document's body schema takes what the route takes.
    const bodySchema = document.paths["/api/{org}/proposal"].post.requestBody.content["application/json"].schema;
    expect(ajv.validate({ ...bodySchema, components: document.components }, proposal)).toBe(true);
    await answered("POST", "/api/acme/proposal", { ...as, body: proposal }, 201);
    await answered("GET", "/api/acme/proposal", as, 200);
    await answered("POST", "/api/credentials/verify", { body: { credential: "not a credential" } }, 200);
    await answered("GET", "/api/reminders/cant-come/not-a-token", {}, 400);
    const file = new FormData();
    file.append("file", new File([pngOf(2, 2) as Uint8Array<ArrayBuffer>], "beach.png"));
    await answered("POST", "/api/acme/initiative/beach/attachment/image", { ...as, rawBody: file }, 201);
    await answered("GET", "/api/acme/initiative/beach/attachment/image", as, 200);
    const publicKey = (await answered("GET", "/api/acme/push", as, 200)).body.public_key;
    const subscription = { endpoint: "https://fcm.googleapis.com/fcm/send/openapi-test", keys: { p256dh: publicKey, auth: "AAAAAAAAAAAAAAAAAAAAAA" } };
    await answered("PUT", "/api/acme/push/subscription", { ...as, body: subscription }, 201);
    await answered("DELETE", "/api/acme/push/subscription", { ...as, body: { endpoint: subscription.endpoint } }, 200);
  });

  it("the staff and admin faces", async () => {
    const as = { token: tokens.ada };
    for (const url of [
      "/api/acme/manage/records", "/api/acme/manage/contributions", "/api/acme/manage/attachments", "/api/acme/manage/proposals", "/api/acme/manage/summary",
      "/api/acme/manage/initiatives", "/api/acme/manage/initiatives/options", `/api/acme/manage/initiatives/${ids.beach}`, `/api/acme/manage/initiatives/${ids.beach}/participants`,
      `/api/acme/manage/initiatives/${ids.beach}/checkin`,
      "/api/acme/admin/members", "/api/acme/admin/terms", "/api/acme/admin/config", "/api/acme/admin/metrics", "/api/acme/admin/access", "/api/acme/admin/audit",
      `/api/acme/admin/members/${ids.olivia}/export`, "/api/acme/admin/impact", "/api/acme/admin/impact/snapshots", "/api/acme/admin/impact/initiatives/beach",
      "/api/acme/admin/impact/management", "/api/acme/admin/rates", "/api/acme/admin/api-keys", "/api/acme/admin/webhooks", "/api/acme/admin/chat-apps",
      "/api/acme/credentials/keys", "/api/acme/manage/approvals",
    ]) await answered("GET", url, as, 200);
    const hook = await answered("POST", "/api/acme/admin/webhooks", { ...as, body: { url: "https://hooks.example/in", events: ["initiative.created"] } }, 201);
    const hid = hook.body.endpoint.id;
    await answered("GET", `/api/acme/admin/webhooks/${hid}`, as, 200);
    await answered("PATCH", `/api/acme/admin/webhooks/${hid}`, { ...as, body: { enabled: false } }, 200);
    await answered("POST", `/api/acme/admin/webhooks/${hid}/rotate`, as, 200);
    await answered("POST", `/api/acme/admin/webhooks/${hid}/test`, as, 202);
    const deliveries = await answered("GET", `/api/acme/admin/webhooks/${hid}/deliveries`, as, 200);
    const did = deliveries.body.deliveries[0].id;
    await answered("GET", `/api/acme/admin/webhooks/${hid}/deliveries/${did}`, as, 200);
    await answered("POST", `/api/acme/admin/webhooks/${hid}/deliveries/${did}/redeliver`, as, 202);
    const chat = await answered("POST", "/api/acme/admin/chat-apps", { ...as, body: { kind: "slack", url: "https://hooks.slack.com/services/T0/B0/x", channel: "#volunteering", topics: ["new_initiatives"] } }, 201);
    await answered("PATCH", `/api/acme/admin/chat-apps/${chat.body.connection.id}`, { ...as, body: { enabled: false } }, 200);
    const records = await answered("GET", "/api/acme/manage/records", as, 200);
    const [first, second] = records.body.records;
    await answered("PUT", `/api/acme/manage/records/${first.id}`, { ...as, body: { status: "validated" } }, 200);
    await answered("PUT", "/api/acme/manage/records", { ...as, body: { ids: [second.id], status: "validated" } }, 200);
    const contributions = await answered("GET", "/api/acme/manage/contributions", as, 200);
    ids.contribution = contributions.body.contributions[0].id;
    await answered("PUT", `/api/acme/manage/contributions/${ids.contribution}`, { ...as, body: { status: "confirmed" } }, 200);
    await answered("POST", "/api/acme/admin/impact/snapshots", { ...as, body: { from: "2025-01-01", to: "2025-12-31" } }, 201);
    const snapshots = await answered("GET", "/api/acme/admin/impact/snapshots", as, 200);
    await answered("GET", `/api/acme/admin/impact/snapshots/${snapshots.body.snapshots[0].id}`, as, 200);
    await answered("POST", "/api/acme/admin/impact/management", { ...as, body: { initiative: "beach", hours: 5, day: "2025-06-10", note: "Logistics" } }, 201);
    await answered("PUT", `/api/acme/admin/impact/members/${ids.olivia}`, { ...as, body: { country: "ES" } }, 200);
    await answered("PUT", "/api/acme/admin/impact/initiatives/beach", { ...as, body: { country: "ES" } }, 200);
    await answered("PUT", `/api/acme/admin/impact/records/${first.id}`, { ...as, body: { time_basis: "own" } }, 200);
    await answered("PUT", `/api/acme/manage/initiatives/${ids.beach}/participants/${ids.participation}`, { ...as, body: { status: "accepted" } }, 200);
    await answered("PUT", `/api/acme/admin/members/${ids.bruno}`, { ...as, body: { role: "organiser" } }, 200);
    await answered("POST", "/api/acme/admin/invitations", { ...as, body: { invitations: [{ email: "carla@acme.example" }], dry_run: true } }, 200);
    await answered("POST", "/api/acme/admin/terms", { ...as, body: { url: "https://acme.example/terms" } }, 201);
    await answered("POST", "/api/acme/admin/hostnames", { ...as, body: { hostname: "volunteer.acme.example" } }, 201);
    const job = await answered("POST", "/api/acme/exports/members", { ...as, body: {} }, 202);
    await answered("GET", `/api/acme/exports/${job.body.id}`, as, 200);
    const key = await answered("POST", "/api/acme/admin/api-keys", { ...as, body: { name: "Spare", scopes: ["members:read"] } }, 201);
    await answered("DELETE", `/api/acme/admin/api-keys/${key.body.id}`, as, 200);
  });

  it("the staff's main writes", async () => {
    const as = { token: tokens.ada };
    const start = Date.now() + 20 * 86_400_000;
    const editor = {
      type: "volunteering",
      subtype: "event",
      title: "Tree planting",
      description: "We plant holm oaks with the park rangers.",
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 4 * HOUR).toISOString(),
      is_in_person: true,
      address: "Casa de Campo, Madrid",
      latitude: 40.4194,
      longitude: -3.7353,
      categories: ["environment"],
      sdgs: ["climate-action"],
      max_participants: 25,
      participation_method: "qr",
      hours_per_day: 4,
      indicators: [{ name: "Trees planted", unit: "number" }],
    };
    const made = await answered("POST", "/api/acme/manage/initiatives", { ...as, body: editor }, 201);
    const saved = await answered("GET", `/api/acme/manage/initiatives/${made.body.id}`, as, 200);
    await answered("PUT", `/api/acme/manage/initiatives/${made.body.id}`, { ...as, body: { ...saved.body, title: "Tree planting day" } }, 200);
    const form = new FormData();
    form.append("file", new File([pngOf(1, 1) as Uint8Array<ArrayBuffer>], "cover.png"));
    await answered("POST", "/api/acme/manage/images", { ...as, rawBody: form }, 201);
    const waiting = await addParticipation(ids.park, ids.org, ids.bruno, "accepted", { managerApprovalStatus: "pending" });
    await answered("PUT", "/api/acme/manage/approvals", { ...as, body: { ids: [waiting.uuid], approved: true } }, 200);
    await answered("PUT", `/api/acme/manage/initiatives/${ids.beach}/waitlist`, { ...as, body: { order: [] } }, 200);
    await answered("POST", `/api/acme/manage/initiatives/${ids.beach}/message`, { ...as, body: { subject: "Gloves", body: "Bring gloves." } }, 202);
    const proposals = await answered("GET", "/api/acme/manage/proposals", as, 200);
    await answered("PUT", `/api/acme/manage/proposals/${proposals.body.proposals[0].id}`, { ...as, body: { status: "open" } }, 200);
    await answered("PUT", "/api/acme/admin/rates", { ...as, body: { rates: [{ key_type: "default", amount: 20, currency: "EUR", source: "Payroll", from_year: 2024 }] } }, 200);
    await answered("POST", "/api/acme/admin/impact/members/import", { ...as, body: { rows: [{ email: "bruno@acme.example", site: "Madrid" }, { email: "nobody" }] } }, 200);
    await answered("PUT", "/api/acme/admin/config", { ...as, body: { name: "Acme Volunteers" } }, 200);
    await answered("POST", "/api/acme/credentials/keys/rotate", as, 201);
    const logo = new FormData();
    logo.append("file", new File([pngOf(4, 4) as Uint8Array<ArrayBuffer>], "logo.png"));
    await answered("PUT", "/api/acme/admin/config/images/logo", { ...as, rawBody: logo }, 200);
    const uploads = await answered("GET", "/api/acme/manage/attachments", as, 200);
    await answered("PUT", `/api/acme/manage/attachments/${uploads.body.uploads[0].id}`, { ...as, body: { status: "published" } }, 200);
    await answered("PUT", "/api/acme/manage/attachments", { ...as, body: { ids: [uploads.body.uploads[0].id], status: "rejected", reason: "Blurred" } }, 200);
    // Decided already: the answer says it was lost to the earlier decision.
    const bulk = await answered("PUT", "/api/acme/manage/contributions", { ...as, body: { ids: [ids.contribution], status: "rejected", reason: "Twice" } }, 200);
    expect(bulk.body.lost).toEqual([ids.contribution]);
    for (const list of ["hostnames", "email_domains", "sso"]) await answered("GET", `/api/acme/admin/${list}`, as, 200);
    await answered("POST", "/api/acme/admin/invitations", { ...as, body: { invitations: [{ email: "dora@example.org" }] } }, 201);
    const [mail] = await mailbox("dora@example.org");
    const token = mail.links[0].split("/invite/")[1];
    await answered("GET", `/auth/invitation/${token}`, {}, 200);
    await answered("GET", `/auth/password_policy/${token}?token_type=invite`, {}, 200);
  });

  it("the integration and SCIM faces", async () => {
    const as = { token: keys.all };
    for (const url of ["members", "participations", "initiatives", "donations", `initiatives/${ids.beach}`, "webhooks"]) await answered("GET", `/api/acme/integration/v1/${url}`, as, 200);
    const scim = { token: keys.scim };
    for (const url of ["ServiceProviderConfig", "ResourceTypes", "ResourceTypes/User", "Schemas", "Schemas/urn:ietf:params:scim:schemas:core:2.0:User", "Users", `Users/${ids.olivia}`, "Groups"]) await answered("GET", `/scim/v2/acme/${url}`, scim, 200);
    const user = await answered("POST", "/scim/v2/acme/Users", { ...scim, body: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "new@acme.example", name: { givenName: "New", familyName: "Person" }, emails: [{ value: "new@acme.example", primary: true }] } }, 201);
    await answered("PATCH", `/scim/v2/acme/Users/${user.body.id}`, { ...scim, body: { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", value: { displayName: "New P." } }] } }, 200);
    const group = await answered("POST", "/scim/v2/acme/Groups", { ...scim, body: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: "Madrid" } }, 201);
    await answered("GET", `/scim/v2/acme/Groups/${group.body.id}`, scim, 200);
    await answered("GET", "/scim/v2/acme/Users/no-such-user", scim, 404);
    const made = await answered("POST", "/api/acme/integration/v1/initiatives", { ...as, body: { type: "volunteering", title: "Tree planting", description: "Plant trees in the park.", start_time: new Date(Date.now() + 9 * 86_400_000).toISOString(), end_time: new Date(Date.now() + 9 * 86_400_000 + 7_200_000).toISOString() } }, 201);
    await answered("GET", `/api/acme/integration/v1/initiatives/${made.body.id}`, as, 200);
  });

  it("the public face", async () => {
    for (const url of ["/api/organization/profile/acme", "/api/organization/acme-signup-token", "/api/organization/by_initiative_slug/commons-walk"]) await answered("GET", url, {}, 200);
    await answered("POST", "/auth/login", { body: { email: "bruno@acme.example", password: "Correct-Horse-9" } }, 200);
    await answered("POST", "/auth/lookup", { body: { email: "olivia@acme.example" } }, 200);
    await answered("GET", "/api/openapi.json", {}, 200);
  });

  it("corrections, certificates, sign-up, deletions, and the integration API's webhooks", async () => {
    const as = { token: tokens.ada };
    const records = await answered("GET", "/api/acme/manage/records?status=validated", as, 200);
    const validated = records.body.records.find((record: Json) => record.type === "hours");
    await answered("POST", `/api/acme/manage/records/${validated.id}/correction`, { ...as, body: { status: "corrected", hours: 1, reason: "Left early" } }, 200);
    const ticket = await answered("PUT", "/api/acme/responsible_profile/pdf", { token: tokens.olivia, body: { timezone_offset: -60 } }, 202);
    await answered("GET", `/api/acme/responsible_profile/pdf/status/${ticket.body.ticket}`, { token: tokens.olivia }, 200);
    // On the default host with no token: the public organisations to choose from (200); on Acme's host, by its token: made (201).
    await answered("POST", "/api/signup", { body: { name: "Nuno Costa", agreeTC: true, email: "nuno@example.org", password: "Sol-e-mar-77" } }, 200);
    await answered("POST", "/api/signup", { host: "acme.localhost", body: { name: "Nuno Costa", agreeTC: true, email: "nuno@example.org", password: "Sol-e-mar-77", signup_token: "acme-signup-token" } }, 201);
    const ivo = await createMember({ email: "ivo@acme.example", orgId: ids.org, name: "Ivo" });
    const zoe = await createMember({ email: "zoe@acme.example", orgId: ids.org, name: "Zoe" });
    await answered("POST", `/api/acme/admin/members/${ivo.id}/deletion`, as, 202);
    const zoeToken = (await login("zoe@acme.example", "Correct-Horse-9")).body.access_token;
    await answered("POST", "/auth/account/deletion", { token: zoeToken, body: { email: zoe.email } }, 202);
    const key = { token: keys.all };
    const hook = await answered("POST", "/api/acme/integration/v1/webhooks", { ...key, body: { url: "https://warehouse.example/hooks", events: ["participation.joined"] } }, 201);
    const hid = hook.body.endpoint.id;
    await answered("PATCH", `/api/acme/integration/v1/webhooks/${hid}`, { ...key, body: { events: ["participation.joined", "participation.left"] } }, 200);
    await answered("POST", `/api/acme/integration/v1/webhooks/${hid}/test`, key, 202);
    const deliveries = await answered("GET", `/api/acme/integration/v1/webhooks/${hid}/deliveries`, key, 200);
    const delivery = deliveries.body.deliveries[0].id;
    await answered("GET", `/api/acme/integration/v1/webhooks/${hid}`, key, 200);
    await answered("POST", `/api/acme/integration/v1/webhooks/${hid}/rotate`, key, 200);
    await answered("GET", `/api/acme/integration/v1/webhooks/${hid}/deliveries/${delivery}`, key, 200);
    await answered("POST", `/api/acme/integration/v1/webhooks/${hid}/deliveries/${delivery}/redeliver`, key, 202);
    const scim = { token: keys.scim };
    const users = await answered("GET", `/scim/v2/acme/Users?filter=${encodeURIComponent('userName eq "bruno@acme.example"')}`, scim, 200);
    const bruno = users.body.Resources[0];
    await answered("PUT", `/scim/v2/acme/Users/${bruno.id}`, { ...scim, body: { ...bruno, name: { givenName: "Bruno", familyName: "Bravo" }, displayName: "Bruno Bravo" } }, 200);
    const groups = await answered("GET", "/scim/v2/acme/Groups", scim, 200);
    const group = groups.body.Resources[0];
    await answered("PATCH", `/scim/v2/acme/Groups/${group.id}`, { ...scim, body: { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "add", path: "members", value: [{ value: bruno.id }] }] } }, 200);
    await answered("PUT", `/scim/v2/acme/Groups/${group.id}`, { ...scim, body: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: "Madrid", members: [] } }, 200);
  });

  it("a reminder's link: what it frees, and freeing it", async () => {
    const row = await env.DB.prepare("SELECT id, created_at AS createdAt FROM participations WHERE uuid = ?").bind(ids.participation).first<{ id: string; createdAt: number }>();
    const token = await cantComeToken(env, row!);
    await answered("GET", `/api/reminders/cant-come/${token}`, { host: "acme.localhost" }, 200);
    await answered("POST", `/api/reminders/cant-come/${token}`, { host: "acme.localhost" }, 200);
  });

  it("the checks above reached every GET that answers JSON, but those that need a signed artefact", () => {
    const reads = Object.entries<Json>(document.paths)
      .filter(([, item]) => Object.entries<Json>(item.get?.responses ?? {}).some(([status, answer]) => Number(status) < 300 && Object.keys(answer.content ?? {}).some((media) => media.endsWith("json"))))
      .map(([path]) => `GET ${path}`);
    // A certificate's or a credential's public check needs one issued (the queue's work), an SSO test a provider's round trip.
    const needArtefacts = ["GET /api/organization/profile/{slug}/certificate/{id}", "GET /api/credentials/verify/{id}", "GET /api/{org}/admin/sso/tests/{id}"];
    expect(reads.filter((read) => !checked.has(read) && !needArtefacts.includes(read))).toEqual([]);
    expect(checked.size).toBeGreaterThan(160);
  });

  it("every operation that answers JSON documents the answer's schema", () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        for (const [status, answer] of Object.entries<Json>(operation.responses)) {
          if (Number(status) >= 400) continue;
          for (const [media, content] of Object.entries<Json>(answer.content ?? {})) {
            if (media.endsWith("json") && !Object.keys(content.schema ?? {}).length) missing.push(`${method.toUpperCase()} ${path} ${status}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("and a wrong answer fails: the helper validates", async () => {
    const path = "/api/{org}/admin/webhooks/{id}";
    const schema = document.paths[path].get.responses["200"].content["application/json"].schema;
    const check = ajv.compile({ ...schema, components: document.components });
    expect(check({ endpoint: { id: "x" } })).toBe(false);
    expect(() => operationOf("get", "/api/acme/no/such/route")).toThrow(/in no operation/);
  });

});
