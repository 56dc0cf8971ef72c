/**
 * The social CV through the web app (issue 13): the page's loader and form posts, and the resource
 * routes the page's scripts call with the web session (the picture's upload, the PDF task, its
 * status and download).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import * as page from "../../app/routes/_app.responsible_profile/route";
import * as avatar from "../../app/routes/responsible_profile.avatar/route";
import * as pdf from "../../app/routes/responsible_profile.pdf";
import * as download from "../../app/routes/responsible_profile.pdf.$id/route";
import * as status from "../../app/routes/responsible_profile.pdf.status.$ticket";
import { createWebSession } from "../../workers/auth/web-session";
import { runJobs, type Job } from "../../workers/jobs";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { ihdr, joinBytes, PNG_SIGNATURE, pngChunk } from "./png-fixtures";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

let context: AppLoadContext;
let cookie: string;

const PNG = joinBytes(PNG_SIGNATURE, ihdr(360, 360), pngChunk("IDAT", new Uint8Array([1, 2])), pngChunk("IEND", new Uint8Array()));

function request(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie);
  return new Request(`http://acme.localhost${path}`, { ...init, headers });
}

const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const pageForm = (fields: Record<string, string>) => page.action({ request: request("/responsible_profile", { method: "POST", body: new URLSearchParams(fields) }), context, params: {} });

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const marta = await createMember({ email: "marta@acme.example", orgId: acme.id, name: "Marta" });
  const day = await createInitiative({ orgId: acme.id, slug: "park-day", title: "Park day", sdgs: [15] });
  const part = await addParticipation(day.id, acme.id, marta.id);
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status) VALUES ('r1', ?, 'hours', 6, 'validated')").bind(part.id).run();
  context = await testLoadContext("acme");
  const { body } = await login("marta@acme.example", "Correct-Horse-9");
  cookie = (await createWebSession(context, body)).split(";")[0];
});

describe("/responsible_profile", () => {
  it("loads the social CV and the certificates", async () => {
    const answer = (await page.loader({ request: request("/responsible_profile"), context, params: {} })) as unknown as { data: { profile: { hour_count: number; sdg_report: unknown[] }; certificates: unknown[] } };
    expect(answer.data.profile).toMatchObject({ hour_count: 6, sdg_report: [{ id: 15, value: 6 }] });
    expect(answer.data.certificates).toEqual([]);
  });

  it("refuses what is not a form, or an unknown intent", async () => {
    const notForm = await page.action({ request: request("/responsible_profile", json({ intent: "revoke" })), context, params: {} }).catch((thrown: Response) => thrown);
    expect(notForm.status).toBe(400);
    expect((await pageForm({ intent: "explode" })).status).toBe(400);
  });
});

describe("the picture (POST /responsible_profile/avatar)", () => {
  const send = (bytes: Uint8Array, field = "avatar") => {
    const body = new FormData();
    body.append(field, new File([new Uint8Array(bytes)], "avatar.png", { type: "image/png" }));
    return avatar.action({ request: request("/responsible_profile/avatar", { method: "POST", body }), context, params: {} });
  };

  it("relays the upload and answers the new address; refusals keep their status and field", async () => {
    const saved = await send(PNG);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ avatar: expect.stringMatching(/^\/media\/avatars\/[0-9a-f-]{36}\.png$/) });
    const gif = await send(new TextEncoder().encode("GIF89a-not-allowed"));
    expect(gif.status).toBe(415);
    expect(await gif.json()).toMatchObject({ fields: { avatar: "avatar_error_type" } });
    const missing = await send(PNG, "file");
    expect(missing.status).toBe(400);
    const get = await avatar.action({ request: request("/responsible_profile/avatar", { method: "PUT" }), context, params: {} });
    expect(get.status).toBe(405);
  });

  it("removes it with the page's form post", async () => {
    const answer = await pageForm({ intent: "remove_avatar" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/responsible_profile?notice=avatar_removed");
    expect(await env.DB.prepare("SELECT avatar_key FROM profiles WHERE name = 'Marta'").first("avatar_key")).toBeNull();
  });
});

describe("the PDF through the web session", () => {
  it("asks, polls, downloads and revokes", async () => {
    const asked = await pdf.action({ request: request("/responsible_profile/pdf", json({ timezone_offset: 0 })), context, params: {} });
    expect(asked.status).toBe(202);
    const { ticket } = await asked.json<{ ticket: string }>();
    const poll = async () => (await status.loader({ request: request(`/responsible_profile/pdf/status/${ticket}`), context, params: { ticket } })).json<{ status: string; url?: string }>();
    expect(await poll()).toMatchObject({ status: "created" });
    await runJobs(createMessageBatch<Job>("commons-jobs", [{ id: "m", timestamp: Date.now(), attempts: 1, body: { kind: "cv_certificate", id: ticket } }]), env);
    expect(await poll()).toMatchObject({ status: "completed", url: `/api/acme/responsible_profile/pdf/${ticket}` });
    const file = await download.loader({ request: request(`/responsible_profile/pdf/${ticket}`), context, params: { id: ticket } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain(`social-cv-${ticket}.pdf`);
    expect((await download.loader({ request: request("/responsible_profile/pdf/abcdefghjk"), context, params: { id: "abcdefghjk" } })).status).toBe(404);
    const revoked = await pageForm({ intent: "revoke", id: ticket });
    expect(revoked.headers.get("location")).toBe("/responsible_profile?notice=revoked");
    expect(await env.DB.prepare("SELECT revoked_at FROM cv_certificates WHERE id = ?").bind(ticket).first("revoked_at")).not.toBeNull();
    expect((await pageForm({ intent: "revoke", id: "abcdefghjk" })).headers.get("location")).toBe("/responsible_profile?notice=action_failed");
  });

  it("passes the period chosen on, and a refused one back with its message key", async () => {
    const refused = await pdf.action({ request: request("/responsible_profile/pdf", json({ timezone_offset: 0, from: "2025-06-01", to: "2025-01-01" })), context, params: {} });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { to: "form_error_end_before_start" } });
    const year = await pdf.action({ request: request("/responsible_profile/pdf", json({ timezone_offset: 0, from: "2025-01-01", to: "2025-12-31" })), context, params: {} });
    expect(year.status).toBe(202);
  });

  it("refuses a body that is not JSON", async () => {
    const answer = await pdf.action({ request: request("/responsible_profile/pdf", { method: "POST", body: "timezone_offset=0", headers: { "content-type": "application/x-www-form-urlencoded" } }), context, params: {} });
    expect(answer.status).toBe(415);
  });
});
