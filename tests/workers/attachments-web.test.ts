/**
 * The browser's way to attachments: the resource routes files.$slug.$kind(.$id) calling the API
 * as the member with the web session (upload, list, download streaming, delete), JSON for
 * fetchers and redirects for plain forms.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { webFileUrl } from "../../app/lib/attachments";
import { createWebSession, getWebSession } from "../../workers/auth/web-session";
import * as one from "../../app/routes/files.$slug.$kind.$id";
import * as kind from "../../app/routes/files.$slug.$kind";
import { seal } from "../../workers/lib/crypto";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { pngOf } from "./png-fixtures";
import { createMember, login, seedOrganizations, testEnv, testLoadContext } from "./support";

let context: AppLoadContext;
let martaCookie: string;
let anaCookie: string;

const PDF = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
const PNG = pngOf(1, 1);

async function sessionCookie(email: string) {
  const { body } = await login(email, "Correct-Horse-9");
  return (await createWebSession(context, body)).split(";")[0];
}

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  const marta = await createMember({ email: "marta@acme.example", orgId: acme.id });
  await createMember({ email: "ana@commons.example", orgId: commons.id });
  const initiative = await createInitiative({ orgId: acme.id, slug: "beach-cleanup" });
  await addParticipation(initiative.id, acme.id, marta.id);
  context = await testLoadContext("acme");
  martaCookie = await sessionCookie("marta@acme.example");
  anaCookie = await sessionCookie("ana@commons.example");
});

function request(path: string, init: RequestInit & { cookie?: string; html?: boolean } = {}) {
  const headers = new Headers(init.headers);
  headers.set("cookie", init.cookie ?? martaCookie);
  headers.set("accept", init.html ? "text/html,application/xhtml+xml" : "*/*");
  return new Request(`http://acme.localhost${path}`, { ...init, headers });
}

function form(content: Uint8Array<ArrayBuffer>, filename: string, extra: Record<string, string> = {}) {
  const data = new FormData();
  data.append("file", new File([content], filename));
  for (const [name, value] of Object.entries(extra)) data.append(name, value);
  return data;
}

const upload = (kindName: string, body: FormData, options: { html?: boolean; cookie?: string } = {}) =>
  kind.action({ request: request(`/files/beach-cleanup/${kindName}`, { method: "POST", body, ...options }), context, params: { slug: "beach-cleanup", kind: kindName } });

describe("upload (files.$slug.$kind action)", () => {
  it("answers JSON with the new attachment to a fetcher", async () => {
    const res = await upload("document", form(PDF, "Plan.pdf"));
    expect(res.status).toBe(201);
    const body = await res.json<any>();
    expect(body).toMatchObject({ ok: true, attachment: { filename: "Plan.pdf", mimetype: "application/pdf", status: "pending" } });
    expect(webFileUrl(body.attachment, "beach-cleanup")).toBe(`/files/beach-cleanup/document/${body.attachment.id}`);
  });

  it("takes the name from the `filename` field when given", async () => {
    const res = await upload("image", form(PNG, "IMG_0001.png", { filename: "Team photo.png" }));
    expect((await res.json<any>()).attachment.filename).toBe("Team photo.png");
  });

  it("redirects a plain form back (303), with attachment_error when the API refused the file", async () => {
    const ok = await upload("document", form(PDF, "a.pdf", { redirectTo: "/initiative/beach-cleanup?files=1" }), { html: true });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/initiative/beach-cleanup?files=1");
    const refused = await upload("document", form(PNG, "fake.pdf"), { html: true });
    expect(refused.headers.get("location")).toBe("/initiative/beach-cleanup?attachment_error=unsupported_file_type");
    // Only paths of this site.
    const away = await upload("document", form(PDF, "a.pdf", { redirectTo: "//evil.example/x" }), { html: true });
    expect(away.headers.get("location")).toBe("/initiative/beach-cleanup");
  });

  it("refuses an oversized body by its Content-Length without reading it (JSON ok:false, status 413)", async () => {
    const res = await kind.action({
      request: request("/files/beach-cleanup/image", { method: "POST", body: "x", headers: { "content-length": String(20 * 1024 * 1024) } }),
      context,
      params: { slug: "beach-cleanup", kind: "image" },
    });
    // Status 200: Remix would hand a non-2xx answer to the page's ErrorBoundary instead of the fetcher.
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: false, status: 413, error: "file_too_large", fields: { file: "attachments_error_too_large" } });
  });

  it("refreshes an unusable access token and sends the file again", async () => {
    const cookie = await sessionCookie("marta@acme.example");
    const session = (await getWebSession(context, request("/", { cookie })))!;
    await env.DB.prepare("UPDATE web_sessions SET access_token = ? WHERE id = ?").bind(await seal(testEnv.TOKEN_SECRET!, "not.a.jwt"), session.id).run();
    const res = await upload("document", form(PDF, "retry.pdf"), { cookie });
    expect(res.status).toBe(201);
  });

  it("answers 404 for an unknown kind", async () => {
    const thrown = await upload("video", form(PNG, "a.png")).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(404);
  });
});

describe("list, download and delete", () => {
  it("lists the member's view as JSON for the upload dialog", async () => {
    const res = await kind.loader({ request: request("/files/beach-cleanup/document"), context, params: { slug: "beach-cleanup", kind: "document" } });
    const body = await res.json<any>();
    expect(body.ok).toBe(true);
    expect(body.attachments.map((a: any) => a.filename)).toContain("Plan.pdf");
  });

  it("streams the file with the API's safe headers; 304 when the browser has it", async () => {
    const attachment = (await (await upload("document", form(PDF, "Stream.pdf"))).json<any>()).attachment;
    const path = webFileUrl(attachment, "beach-cleanup");
    const params = { slug: "beach-cleanup", kind: "document", id: attachment.id };
    const res = await one.loader({ request: request(path), context, params });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="Stream.pdf"/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toMatch(/^private/);
    const again = await one.loader({ request: request(path, { headers: { "if-none-match": res.headers.get("etag")! } }), context, params });
    expect(again.status).toBe(304);
    const stale = await one.loader({ request: request(path, { headers: { "if-match": '"another-version"' } }), context, params });
    expect(stale.status).toBe(412);
    const current = await one.loader({ request: request(path, { headers: { "if-match": res.headers.get("etag")! } }), context, params });
    expect(current.status).toBe(200);
    expect(current.headers.get("last-modified")).toBeTruthy();
  });

  it("never serves another organisation's file (404)", async () => {
    const attachment = (await (await upload("document", form(PDF, "Internal.pdf"))).json<any>()).attachment;
    const res = await one.loader({
      request: request(webFileUrl(attachment, "beach-cleanup"), { cookie: anaCookie }),
      context,
      params: { slug: "beach-cleanup", kind: "document", id: attachment.id },
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Not found");
  });

  it("deletes the member's own upload: DELETE from a fetcher, POST intent=delete from a plain form", async () => {
    for (const html of [false, true]) {
      const attachment = (await (await upload("image", form(PNG, "gone.png"))).json<any>()).attachment;
      const params = { slug: "beach-cleanup", kind: "image", id: attachment.id };
      const res = html
        ? await one.action({ request: request(webFileUrl(attachment, "beach-cleanup"), { method: "POST", body: form(PNG, "x", { intent: "delete" }), html }), context, params })
        : await one.action({ request: request(webFileUrl(attachment, "beach-cleanup"), { method: "DELETE" }), context, params });
      expect(res.status).toBe(html ? 303 : 200);
      if (!html) expect(await res.json()).toEqual({ ok: true });
      expect(await env.DB.prepare("SELECT count(*) AS n FROM attachments WHERE id = ?").bind(attachment.id).first("n")).toBe(0);
    }
  });

  it("answers the API's refusal to a fetcher as data (ok:false, status 404 for someone else's pending upload)", async () => {
    const attachment = (await (await upload("image", form(PNG, "mine.png"))).json<any>()).attachment;
    const res = await one.action({
      request: request(webFileUrl(attachment, "beach-cleanup"), { method: "DELETE", cookie: anaCookie }),
      context,
      params: { slug: "beach-cleanup", kind: "image", id: attachment.id },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: false, status: 404, error: "initiative_not_found" });
  });
});
