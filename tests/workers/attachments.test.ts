import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addContribution, addParticipation, createInitiative } from "./initiatives-fixtures";
import { pngOf } from "./png-fixtures";
import { call, createMember, createOrg, json, login, seedOrganizations } from "./support";

// ---------------------------------------------------------------------------------------------
// Files made of the bytes each format starts with

const bytes = (...parts: (number[] | string | Uint8Array)[]) => {
  const chunks = parts.map((p) => (typeof p === "string" ? new TextEncoder().encode(p) : p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

// Whole (if tiny) images: image uploads are parsed to remove their metadata and read their size.
const PNG = pngOf(2, 2);
/** A JPEG of 16 by 8 pixels: JFIF, an EXIF segment, its frame header and scan. */
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 7], "JFIF\0", [0xff, 0xe1, 0, 18], "Exif\0\0GPS-secret", [0xff, 0xc0, 0, 10, 8, 0, 8, 0, 16, 3, 0, 0], [0xff, 0xda, 0, 2, 9, 9, 0xff, 0xd9]);
/** A GIF of 1 by 1 pixel: screen, one frame, trailer. */
const GIF = bytes("GIF89a", [1, 0, 1, 0, 0, 0, 0], [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0], [2, 2, 0x44, 0x01, 0], [0x3b]);
/** A lossless WebP of 1 by 1 pixel. */
const WEBP = bytes("RIFF", [18, 0, 0, 0], "WEBPVP8L", [5, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0]);
const PDF = bytes("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const EXE = bytes("MZ", [0x90, 0, 3, 0, 0, 0, 4, 0], new Uint8Array(60), "This program cannot be run in DOS mode.");
const TEXT = bytes("Packing list\n- gloves\n- bags\n");

/** A ZIP archive with stored (uncompressed) entries: enough structure for the type check. */
function zip(entries: [string, string][]) {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const n = encoder.encode(name);
    const data = encoder.encode(content);
    const local = new Uint8Array(30 + n.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(8, 0, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, n.length, true);
    local.set(n, 30);
    local.set(data, 30 + n.length);
    const central = new Uint8Array(46 + n.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, n.length, true);
    cv.setUint32(42, offset, true);
    central.set(n, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const size = centrals.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, size, true);
  ev.setUint32(16, offset, true);
  return bytes(...locals, ...centrals, end);
}

const DOCX = zip([["[Content_Types].xml", "<Types/>"], ["_rels/.rels", "<Relationships/>"], ["word/document.xml", "<w:document/>"]]);
const XLSX = zip([["[Content_Types].xml", "<Types/>"], ["xl/workbook.xml", "<workbook/>"]]);
const ODT = zip([["mimetype", "application/vnd.oasis.opendocument.text"], ["content.xml", "<office:document-content/>"]]);
const PLAIN_ZIP = zip([["payload.js", "alert(1)"]]);

// ---------------------------------------------------------------------------------------------

let marta: string; // accepted participant
let luis: string; // another accepted participant
let pablo: string; // member of acme who did not join
let olga: string; // organiser of acme
let ana: string; // member of another organisation
let hidden: string; // member of an organisation that hides documents
let early: string; // member of an organisation that shows attachments before participation
let martaId: string;

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  const m = await createMember({ email: "marta@acme.example", orgId: acme.id });
  martaId = m.id;
  const l = await createMember({ email: "luis@acme.example", orgId: acme.id });
  await createMember({ email: "pablo@acme.example", orgId: acme.id });
  await createMember({ email: "olga@acme.example", orgId: acme.id, role: "organiser" });
  await createMember({ email: "ana@commons.example", orgId: commons.id });
  const cleanup = await createInitiative({ orgId: acme.id, slug: "beach-cleanup" });
  await addParticipation(cleanup.id, acme.id, m.id);
  await addParticipation(cleanup.id, acme.id, l.id);

  const quiet = await createOrg({ id: "org-quiet", slug: "quiet", community: { hide_initiative_documents: true } });
  const h = await createMember({ email: "hugo@quiet.example", orgId: quiet.id });
  const quietOne = await createInitiative({ orgId: quiet.id, slug: "quiet-one" });
  await addParticipation(quietOne.id, quiet.id, h.id);

  const open = await createOrg({ id: "org-open", slug: "open", community: { show_attachments_before_participation: true } });
  await createMember({ email: "eva@open.example", orgId: open.id });
  const owner = await createMember({ email: "oscar@open.example", orgId: open.id, role: "organiser" });
  await createInitiative({ orgId: open.id, slug: "open-day" });

  const token = async (email: string) => (await login(email, "Correct-Horse-9")).body.access_token as string;
  [marta, luis, pablo, olga, ana, hidden, early] = await Promise.all(
    ["marta@acme.example", "luis@acme.example", "pablo@acme.example", "olga@acme.example", "ana@commons.example", "hugo@quiet.example", "eva@open.example"].map(token),
  );
  // A published document of the open organisation, put there by its organiser.
  expect((await upload("document", PDF, { org: "open", slug: "open-day", token: await token(owner.email), filename: "programme.pdf" })).status).toBe(201);
});

interface UploadOptions {
  token?: string;
  filename?: string;
  org?: string;
  slug?: string;
  /** The multipart file's own name, when no ?filename= is given. */
  partName?: string;
}

function upload(kind: string, content: Uint8Array<ArrayBuffer>, options: UploadOptions = {}) {
  const form = new FormData();
  form.append("file", new File([content], options.partName ?? "upload", { type: "application/octet-stream" }));
  const query = options.filename === undefined ? "" : `?filename=${encodeURIComponent(options.filename)}`;
  return call("POST", `/api/${options.org ?? "acme"}/initiative/${options.slug ?? "beach-cleanup"}/attachment/${kind}${query}`, {
    token: options.token ?? marta,
    rawBody: form,
  });
}

const list = async (kind: string, token = marta, org = "acme", slug = "beach-cleanup") =>
  call("GET", `/api/${org}/initiative/${slug}/attachment/${kind}`, { token });

const download = (path: string, token = marta, headers: Record<string, string> = {}) => call("GET", path, { token, headers });

describe("POST /api/{org}/initiative/{slug}/attachment/{kind}", () => {
  it("stores a participant's PDF in R2 under a server-made key, pending until an organiser publishes it", async () => {
    const res = await upload("document", PDF, { filename: "Safety briefing.pdf" });
    expect(res.status).toBe(201);
    const attachment = await json(res);
    expect(attachment).toMatchObject({
      filename: "Safety briefing.pdf",
      mimetype: "application/pdf",
      size: PDF.length,
      status: "pending",
      member_id: martaId,
      download: `/api/acme/initiative/beach-cleanup/attachment/document/${attachment.id}/download`,
    });
    expect(attachment.url).toBe(attachment.download);
    const row = await env.DB.prepare("SELECT r2_key FROM attachments WHERE id = ?").bind(attachment.id).first<{ r2_key: string }>();
    expect(row!.r2_key).toMatch(new RegExp(`^org-acme/[^/]+/document/${attachment.id}$`));
    const object = await env.FILES.get(row!.r2_key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF);
  });

  it("types files by their bytes: Office, OpenDocument and text documents; PNG, JPEG, GIF and WebP images", async () => {
    const cases: [string, Uint8Array<ArrayBuffer>, string, string][] = [
      ["document", DOCX, "minutes.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["document", XLSX, "rota.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["document", ODT, "notes.odt", "application/vnd.oasis.opendocument.text"],
      ["document", TEXT, "list.txt", "text/plain; charset=utf-8"],
      ["image", PNG, "a.png", "image/png"],
      ["image", JPEG, "b.jpg", "image/jpeg"],
      ["image", GIF, "c.gif", "image/gif"],
      ["image", WEBP, "d.webp", "image/webp"],
    ];
    for (const [kind, content, filename, mimetype] of cases) {
      const res = await upload(kind, content, { filename });
      expect(res.status, filename).toBe(201);
      expect(await json(res)).toMatchObject({ filename, mimetype });
    }
  });

  it("stores images without their metadata and refuses ones with too many pixels (issue 25)", async () => {
    const attachment = await json(await upload("image", JPEG, { filename: "beach.jpg" }));
    const row = await env.DB.prepare("SELECT r2_key FROM attachments WHERE id = ?").bind(attachment.id).first<{ r2_key: string }>();
    const stored = new TextDecoder("latin1").decode(await (await env.FILES.get(row!.r2_key))!.arrayBuffer());
    expect(stored).not.toContain("GPS-secret");
    expect(stored).toContain("JFIF");
    expect(attachment.size).toBe(stored.length);
    const huge = await upload("image", pngOf(12_000, 12_000), { filename: "huge.png" });
    expect(huge.status).toBe(413);
    expect(await json(huge)).toMatchObject({ error: "image_too_large", fields: { file: "attachments_error_dimensions" } });
    // A broken image is refused, never stored half-cleaned.
    expect((await upload("image", PNG.slice(0, 30), { filename: "broken.png" })).status).toBe(415);
  });

  it("never trusts the name: PNG bytes named .pdf are refused as a document and as an image; a picture named as another picture takes its own type's name", async () => {
    const asDocument = await upload("document", PNG, { filename: "report.pdf" });
    expect(asDocument.status).toBe(415);
    expect(await json(asDocument)).toMatchObject({ error: "unsupported_file_type", fields: { file: "attachments_error_type" } });
    const asImage = await upload("image", PNG, { filename: "photo.pdf" });
    expect(asImage.status).toBe(415);
    expect(await json(asImage)).toMatchObject({ error: "unsupported_file_type", fields: { file: "attachments_error_type" } });
    expect(await json(await upload("image", PNG, { filename: "photo.jpg" }))).toMatchObject({ mimetype: "image/png", filename: "photo.png" });
    expect(await json(await upload("document", TEXT, { filename: "packing list" }))).toMatchObject({ filename: "packing list.txt" });
  });

  it("refuses a name outside the kind's allow-list or with a program inside it, even when the bytes are text (issue 28)", async () => {
    for (const filename of ["run.exe", "notes.exe.txt", "invoice.EXE.pdf", "setup.exe. ", "page.html", "photo.js.txt", "tool.bat;.txt"]) {
      const res = await upload("document", TEXT, { filename });
      expect(res.status, filename).toBe(415);
      expect(await json(res)).toMatchObject({ error: "unsupported_file_type", fields: { file: "attachments_error_type" } });
    }
    // The part's own name counts as much as ?filename=.
    expect((await upload("document", TEXT, { partName: "run.exe" })).status).toBe(415);
    expect((await upload("image", PNG, { filename: "avatar.exe.png" })).status).toBe(415);
    // Dots that are not a program's extension stay, and nothing half-written is left by a refusal.
    expect(await json(await upload("document", PDF, { filename: "report.2026.final.pdf" }))).toMatchObject({ filename: "report.2026.final.pdf" });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM attachments WHERE filename LIKE '%exe%'").first<{ n: number }>())!.n).toBe(0);
  });

  it("refuses executables, plain ZIP archives and PDFs sent as images (415)", async () => {
    for (const [kind, content, filename] of [
      ["document", EXE, "setup.exe"],
      ["document", EXE, "setup.pdf"],
      ["image", EXE, "setup.png"],
      ["document", PLAIN_ZIP, "archive.docx"],
      ["image", PDF, "scan.png"],
    ] as const) {
      expect((await upload(kind, content, { filename })).status, `${kind} ${filename}`).toBe(415);
    }
  });

  it("sanitises the filename: no path, no control or reserved characters; the part's name when no ?filename=", async () => {
    expect(await json(await upload("document", PDF, { filename: "../../etc/pass<wd>.pdf" }))).toMatchObject({ filename: "passwd.pdf" });
    expect(await json(await upload("document", PDF, { filename: 'C:\\Users\\me\\"plan"\u0007.pdf' }))).toMatchObject({ filename: "plan.pdf" });
    expect(await json(await upload("document", PDF, { partName: "Relatório final.pdf" }))).toMatchObject({ filename: "Relatório final.pdf" });
    expect(await json(await upload("document", PDF, { filename: "..." }))).toMatchObject({ filename: "file.pdf" });
  });

  it("caps sizes: 413 file_too_large above 5 MB for images and 10 MB for documents", async () => {
    const bigImage = bytes(PNG, new Uint8Array(5 * 1024 * 1024));
    const res = await upload("image", bigImage, { filename: "big.png" });
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject({ error: "file_too_large" });
    expect((await upload("document", bytes(PDF, new Uint8Array(10 * 1024 * 1024)), { filename: "big.pdf" })).status).toBe(413);
    // Just under the cap is fine.
    expect((await upload("image", bytes(PNG, new Uint8Array(5 * 1024 * 1024 - PNG.length - 1)), { filename: "fits.png" })).status).toBe(201);
  });

  it("refuses an oversized body by its Content-Length before reading it", async () => {
    const res = await call("POST", "/api/acme/initiative/beach-cleanup/attachment/image", {
      token: marta,
      rawBody: "--x--",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });

  it("needs a non-empty file in the field `file` (400)", async () => {
    expect((await upload("document", new Uint8Array(0), { filename: "empty.pdf" })).status).toBe(400);
    const form = new FormData();
    form.append("other", "x");
    const res = await call("POST", "/api/acme/initiative/beach-cleanup/attachment/document", { token: marta, rawBody: form });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ fields: { file: "attachments_error_required" } });
    const json400 = await call("POST", "/api/acme/initiative/beach-cleanup/attachment/document", { token: marta, body: { file: "x" } });
    expect(json400.status).toBe(400);
  });

  it("lets only members who take part upload (403), never a kind the organisation hides", async () => {
    const res = await upload("document", PDF, { token: pablo, filename: "x.pdf" });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: "attachment_upload_not_allowed" });
    expect((await upload("document", PDF, { token: hidden, org: "quiet", slug: "quiet-one" })).status).toBe(403);
    expect((await upload("image", PNG, { token: hidden, org: "quiet", slug: "quiet-one" })).status).toBe(201);
    // Seeing attachments early does not make a member a participant.
    expect((await upload("document", PDF, { token: early, org: "open", slug: "open-day" })).status).toBe(403);
  });

  it("lets a donor upload only once a gift is confirmed: an unpaid pledge gives no upload right (issue 25)", async () => {
    const fund = await createInitiative({ orgId: "org-acme", slug: "winter-fund", type: "donation" });
    const pledger = await createMember({ email: "pia@acme.example", orgId: "org-acme" });
    const donor = await createMember({ email: "dora@acme.example", orgId: "org-acme" });
    await addContribution(fund.id, "org-acme", pledger.id, 1, "pending");
    await addContribution(fund.id, "org-acme", donor.id, 1000, "confirmed");
    const [pia, dora] = await Promise.all(["pia@acme.example", "dora@acme.example"].map(async (email) => (await login(email, "Correct-Horse-9")).body.access_token as string));
    const refused = await upload("document", PDF, { token: pia, slug: "winter-fund", filename: "receipt.pdf" });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ error: "attachment_upload_not_allowed" });
    expect((await upload("document", PDF, { token: dora, slug: "winter-fund", filename: "receipt.pdf" })).status).toBe(201);
  });

  it("publishes an organiser's upload at once, without taking part", async () => {
    const res = await upload("document", PDF, { token: olga, filename: "Route map.pdf" });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ status: "published" });
  });

  it("answers 404 for an unknown kind or initiative", async () => {
    expect((await upload("video", PNG)).status).toBe(404);
    expect((await upload("image", PNG, { slug: "nowhere" })).status).toBe(404);
  });
});

describe("GET /api/{org}/initiative/{slug}/attachment/{kind}", () => {
  it("answers the published attachments plus the member's own uploads (with their status), newest first", async () => {
    const mine = await json<any[]>(await list("document"));
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((a) => a.status === "published" || a.member_id === martaId)).toBe(true);
    expect(mine.some((a) => a.status === "pending")).toBe(true);
    expect(mine.some((a) => a.filename === "Route map.pdf" && a.status === "published")).toBe(true);
    const times = mine.map((a) => Date.parse(a.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const theirs = await json<any[]>(await list("document", luis));
    expect(theirs.map((a) => a.filename)).toEqual(["Route map.pdf"]);
  });

  it("shows published ones only to members who see the initiative's attachments", async () => {
    expect(await json(await list("document", pablo))).toEqual([]);
    const earlyList = await json<any[]>(await list("document", early, "open", "open-day"));
    expect(earlyList.map((a) => a.filename)).toEqual(["programme.pdf"]);
    expect(await json(await list("document", hidden, "quiet", "quiet-one"))).toEqual([]);
  });
});

describe("DELETE /api/{org}/initiative/{slug}/attachment/{kind}/{id}", () => {
  it("deletes the member's own upload, row and R2 object (204)", async () => {
    const attachment = await json(await upload("image", JPEG, { filename: "gone.jpg" }));
    const { r2_key } = (await env.DB.prepare("SELECT r2_key FROM attachments WHERE id = ?").bind(attachment.id).first<{ r2_key: string }>())!;
    const res = await call("DELETE", `/api/acme/initiative/beach-cleanup/attachment/image/${attachment.id}`, { token: marta });
    expect(res.status).toBe(204);
    expect(await env.FILES.head(r2_key)).toBeNull();
    expect((await json<any[]>(await list("image"))).some((a) => a.id === attachment.id)).toBe(false);
    expect((await call("DELETE", `/api/acme/initiative/beach-cleanup/attachment/image/${attachment.id}`, { token: marta })).status).toBe(404);
  });

  it("refuses someone else's: 403 for a published one, 404 for a pending one the member cannot see", async () => {
    const published = (await json<any[]>(await list("document", luis)))[0];
    const res = await call("DELETE", `/api/acme/initiative/beach-cleanup/attachment/document/${published.id}`, { token: luis });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: "attachment_not_own" });
    const pending = await json(await upload("document", PDF, { filename: "mine.pdf" }));
    expect((await call("DELETE", `/api/acme/initiative/beach-cleanup/attachment/document/${pending.id}`, { token: luis })).status).toBe(404);
    // The kind in the path must match.
    expect((await call("DELETE", `/api/acme/initiative/beach-cleanup/attachment/image/${pending.id}`, { token: marta })).status).toBe(404);
  });
});

describe("GET /api/{org}/initiative/{slug}/attachment/{kind}/{id}/download", () => {
  it("streams a document as an attachment with its stored type, nosniff and private caching", async () => {
    const attachment = await json(await upload("document", PDF, { filename: "Plan é.pdf" }));
    const res = await download(attachment.download);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Plan _.pdf"; filename*=UTF-8''Plan%20%C3%A9.pdf`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toMatch(/^private/);
    const etag = res.headers.get("etag")!;
    expect((await download(attachment.download, marta, { "if-none-match": etag })).status).toBe(304);
  });

  it("evaluates If-Match and If-None-Match as RFC 9110 says: 412 when If-Match names another version, 304 when the copy is current", async () => {
    const attachment = await json(await upload("document", PDF, { filename: "conditions.pdf" }));
    const first = await download(attachment.download);
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(new Date(lastModified).getTime()).not.toBeNaN();
    const status = async (headers: Record<string, string>) => {
      const res = await download(attachment.download, marta, headers);
      await res.arrayBuffer();
      return res.status;
    };
    // If-Match: strong comparison; a weak tag, another tag or a malformed value never matches.
    expect(await status({ "if-match": etag })).toBe(200);
    expect(await status({ "if-match": `"other", ${etag}` })).toBe(200);
    expect(await status({ "if-match": "*" })).toBe(200);
    expect(await status({ "if-match": '"other"' })).toBe(412);
    expect(await status({ "if-match": `W/${etag}` })).toBe(412);
    expect(await status({ "if-match": "garbage" })).toBe(412);
    const refused = await download(attachment.download, marta, { "if-match": '"other"' });
    expect(await json(refused)).toMatchObject({ error: "precondition_failed" });
    // If-None-Match: weak comparison; "*" matches any; a failed If-Match wins over it.
    expect(await status({ "if-none-match": `W/${etag}` })).toBe(304);
    expect(await status({ "if-none-match": "*" })).toBe(304);
    expect(await status({ "if-none-match": '"other"' })).toBe(200);
    expect(await status({ "if-none-match": "garbage" })).toBe(200);
    expect(await status({ "if-match": '"other"', "if-none-match": etag })).toBe(412);
    // Dates: If-Unmodified-Since before the upload fails; If-Modified-Since at it is 304; malformed dates are ignored.
    expect(await status({ "if-unmodified-since": "Mon, 01 Jan 2001 00:00:00 GMT" })).toBe(412);
    expect(await status({ "if-modified-since": lastModified })).toBe(304);
    expect(await status({ "if-modified-since": "yesterday", "if-unmodified-since": "soon" })).toBe(200);
  });

  it("serves images inline, typed by their bytes", async () => {
    const attachment = await json(await upload("image", GIF, { filename: "wave.gif" }));
    const res = await download(attachment.download);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; /);
  });

  it("lets others download published files only: a pending upload is 404 for everyone but its uploader", async () => {
    const pending = await json(await upload("document", PDF, { filename: "draft.pdf" }));
    expect((await download(pending.download, luis)).status).toBe(404);
    expect((await download(pending.download, olga)).status).toBe(404);
    const published = (await json<any[]>(await list("document", luis)))[0];
    expect((await download(published.download, luis)).status).toBe(200);
    // Published, but the member does not see the initiative's attachments yet.
    expect((await download(published.download, pablo)).status).toBe(404);
  });

  it("needs a token (401)", async () => {
    const published = (await json<any[]>(await list("document", luis)))[0];
    expect((await call("GET", published.download)).status).toBe(401);
  });
});

describe("tenant isolation", () => {
  it("answers 404 to a member of another organisation on every endpoint, and never serves the file", async () => {
    const attachment = await json(await upload("document", PDF, { token: olga, filename: "internal.pdf" }));
    const base = "/api/acme/initiative/beach-cleanup/attachment";
    expect((await call("GET", `${base}/document`, { token: ana })).status).toBe(404);
    expect((await upload("document", PDF, { token: ana })).status).toBe(404);
    expect((await call("DELETE", `${base}/document/${attachment.id}`, { token: ana })).status).toBe(404);
    expect((await download(attachment.download, ana)).status).toBe(404);
    // Through the member's own organisation, acme's initiative and file do not exist.
    expect((await download(`/api/commons/initiative/beach-cleanup/attachment/document/${attachment.id}/download`, ana)).status).toBe(404);
    expect((await call("GET", "/api/commons/initiative/beach-cleanup/attachment/document", { token: ana })).status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM attachments WHERE id = ?").bind(attachment.id).first("n")).toBe(1);
  });
});
