/**
 * Uploads as abuse sees them (docs/api/initiatives.md "Attachments"): bodies never read past the
 * cap, a per-member quota of files and bytes per hour, file names without bidi controls, and
 * attachment lists in pages.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES, MULTIPART_OVERHEAD } from "../../app/domain/attachments";
import { UPLOAD_QUOTA } from "../../workers/files/upload-quota";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

let marta: string;
let luis: string;
let luisId: string;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const m = await createMember({ email: "marta@acme.example", orgId: acme.id });
  const l = await createMember({ email: "luis@acme.example", orgId: acme.id });
  luisId = l.id;
  for (const slug of ["beach", "park"]) {
    const initiative = await createInitiative({ orgId: acme.id, slug });
    await addParticipation(initiative.id, acme.id, m.id);
    await addParticipation(initiative.id, acme.id, l.id);
  }
  marta = (await login("marta@acme.example", "Correct-Horse-9")).body.access_token;
  luis = (await login("luis@acme.example", "Correct-Horse-9")).body.access_token;
});

function upload(token: string, filename: string, slug = "beach", content: Uint8Array<ArrayBuffer> = PDF) {
  const form = new FormData();
  form.append("file", new File([content], "upload.bin"));
  return call("POST", `/api/acme/initiative/${slug}/attachment/document?filename=${encodeURIComponent(filename)}`, { token, rawBody: form });
}

describe("upload bodies", () => {
  it("a body without Content-Length is cut off at the cap, not read to its end", async () => {
    const cap = ATTACHMENT_MAX_BYTES.image + MULTIPART_OVERHEAD;
    const chunk = new Uint8Array(64 * 1024);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        // Four times the cap: reading it all is what the cap is there to prevent.
        if (pulled > 4 * cap) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await call("POST", "/api/acme/initiative/beach/attachment/image", {
      token: marta,
      rawBody: endless,
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject({ error: "file_too_large" });
    expect(pulled).toBeLessThan(cap + 4 * chunk.length);
  });
});

describe("file names", () => {
  it("drops right-to-left and other bidi controls, so a name reads as what it is (and a program it hid is refused)", async () => {
    const res = await upload(marta, "invoice\u202Efdp.exe\u202C.pdf");
    expect(res.status).toBe(415);
    expect(await json(res)).toMatchObject({ error: "unsupported_file_type", fields: { file: "attachments_error_type" } });
    expect((await json(await upload(marta, "invoice\u202Efdp.txt\u202C.pdf"))).filename).toBe("invoicefdp.txt.pdf");
    for (const control of ["\u200E", "\u200F", "\u202A", "\u202B", "\u202D", "\u2066", "\u2067", "\u2068", "\u2069", "\u061C"]) {
      expect((await json(await upload(marta, `a${control}b.pdf`, "park"))).filename, escape(control)).toBe("ab.pdf");
    }
  });
});

describe("lists", () => {
  it("come in pages, newest first, with a Link to the next page", async () => {
    const all = (await json<any[]>(await call("GET", "/api/acme/initiative/park/attachment/document", { token: marta }))).map((a) => a.id);
    expect(all.length).toBeGreaterThanOrEqual(10);
    const seen: string[] = [];
    let next: string | null = "/api/acme/initiative/park/attachment/document?limit=3";
    while (next) {
      const res = await call("GET", next, { token: marta });
      expect(res.status).toBe(200);
      const page = await json<any[]>(res);
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((a) => a.id));
      const link = /<([^>]+)>; rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
      // The request's own address and query, the page named by `cursor` (docs/api/pagination.md).
      if (link) expect(new URL(link).searchParams.get("limit")).toBe("3");
      next = link ? new URL(link).pathname + new URL(link).search : null;
    }
    expect(seen).toEqual(all);
    // `before`, the cursor's older name, reads the same page as `cursor`.
    const first = await call("GET", "/api/acme/initiative/park/attachment/document?limit=3", { token: marta });
    const cursor = new URL(/<([^>]+)>/.exec(first.headers.get("link")!)![1]).searchParams.get("cursor");
    const byCursor = await json<any[]>(await call("GET", `/api/acme/initiative/park/attachment/document?limit=3&cursor=${cursor}`, { token: marta }));
    const byBefore = await json<any[]>(await call("GET", `/api/acme/initiative/park/attachment/document?limit=3&before=${cursor}`, { token: marta }));
    expect(byBefore).toEqual(byCursor);
    expect(byCursor.map((a) => a.id)).toEqual(all.slice(3, 6));
  });

  it("answers 400 for a bad limit or cursor", async () => {
    for (const query of ["limit=0", "limit=101", "limit=x", "before=nope", "before=1.%27%20OR%201", "cursor=nope", "limit=-1"]) {
      const res = await call("GET", `/api/acme/initiative/park/attachment/document?${query}`, { token: marta });
      expect(res.status, query).toBe(400);
      expect(await json(res), query).toMatchObject({ error: "validation_error" });
    }
  });
});

describe("per-member quota", () => {
  it(`allows ${UPLOAD_QUOTA.files} files an hour, then 429 upload_quota_exceeded with Retry-After`, async () => {
    for (let i = 0; i < UPLOAD_QUOTA.files; i++) expect((await upload(luis, `n${i}.pdf`)).status).toBe(201);
    const over = await upload(luis, "one-too-many.pdf");
    expect(over.status).toBe(429);
    expect(await json(over)).toMatchObject({ error: "upload_quota_exceeded", fields: { file: "attachments_error_quota" } });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM attachments WHERE member_id = ? AND filename = 'one-too-many.pdf'").bind(luisId).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it(`counts bytes too: ${UPLOAD_QUOTA.bytes / (1024 * 1024)} MB an hour`, async () => {
    // Marta has uploaded a few small files; fill the rest of her hour's bytes in one counter step.
    const windowMs = UPLOAD_QUOTA.windowSeconds * 1000;
    const now = Date.now();
    const { id } = (await env.DB.prepare("SELECT id FROM members WHERE email = 'marta@acme.example'").first<{ id: string }>())!;
    await env.DB.prepare("UPDATE rate_limits SET count = ? WHERE key = ? AND window_start = ?")
      .bind(UPLOAD_QUOTA.bytes - PDF.length + 1, `upload:bytes:${id}`, now - (now % windowMs))
      .run();
    const res = await upload(marta, "last-straw.pdf");
    expect(res.status).toBe(429);
    expect(await json(res)).toMatchObject({ error: "upload_quota_exceeded" });
  });
});
