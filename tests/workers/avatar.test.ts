/**
 * Avatars (issue 13, point 3; SPEC.md sections 4 and 9): PUT /api/{org}/profile with the picture as
 * multipart `avatar`; refusals by bytes and size; metadata removed; a new cacheable URL per picture
 * on the hosts of the member's organisations and the platform's only; the old picture deleted; {avatar: null} clears it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../../app/domain/attachments";
import { ihdr, joinBytes, PNG_SIGNATURE, pngChunk } from "./png-fixtures";
import { call, createMember, createOrg, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};

const text = (s: string) => new TextEncoder().encode(s);
/** A PNG carrying a text chunk with a secret and an EXIF chunk, around its image chunks. */
const png = joinBytes(PNG_SIGNATURE, ihdr(360, 360), pngChunk("tEXt", text("Author\0secret-author")), pngChunk("eXIf", text("GPS 43.3,-1.9")), pngChunk("IDAT", new Uint8Array([1, 2, 3])), pngChunk("IEND", new Uint8Array()));
/** A JPEG with an EXIF (APP1) segment and a comment, then its frame and scan. */
const segment = (marker: number, data: Uint8Array) => joinBytes(new Uint8Array([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 255]), data);
const jpeg = joinBytes(new Uint8Array([0xff, 0xd8]), segment(0xe0, text("JFIF\0")), segment(0xe1, text("Exif\0\0GPS-secret")), segment(0xfe, text("comment-secret")), segment(0xc0, new Uint8Array([8, 1, 104, 1, 104, 3, 0, 0])), new Uint8Array([0xff, 0xda, 0, 2, 9, 9, 0xff, 0xd9]));

function upload(who: string, bytes: Uint8Array | string, options: { field?: string; type?: string; host?: string; name?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? "avatar", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], options.name ?? "avatar.png", { type: options.type ?? "image/png" }));
  return call("PUT", "/api/acme/profile", { token: tokens[who], rawBody: form, host: options.host });
}

const picture = (url: string, host = "acme.localhost") => call("GET", url, { host });

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  await createOrg({ id: "org-beta", slug: "beta", hostnames: ["beta.localhost"] });
  await createMember({ email: "ana@acme.example", orgId: acme.id, name: "Ana" });
  await createMember({ email: "cora@commons.example", orgId: commons.id, name: "Cora" });
  tokens.ana = (await login("ana@acme.example", "Correct-Horse-9")).body.access_token;
  tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;
});

describe("PUT /api/{org}/profile {avatar}", () => {
  it("refuses what is not a PNG or JPEG by its bytes, whatever its name and type say", async () => {
    for (const bytes of [text("GIF89a......"), joinBytes(text("RIFF"), new Uint8Array(4), text("WEBPVP8 ")), text("<svg onload=alert(1)>"), text("%PDF-1.7")]) {
      const response = await upload("ana", bytes);
      expect(response.status).toBe(415);
      expect(await json(response)).toMatchObject({ error: "unsupported_file_type", fields: { avatar: "avatar_error_type" } });
    }
    // A PNG whose chunks do not add up is refused rather than stored half-cleaned.
    expect((await upload("ana", png.slice(0, 40))).status).toBe(415);
    // A picture named as a program, or with one inside its name (issue 28).
    for (const name of ["avatar.exe", "avatar.exe.png"]) {
      const response = await upload("ana", png, { name });
      expect(response.status, name).toBe(415);
      expect(await json(response)).toMatchObject({ error: "unsupported_file_type", fields: { avatar: "avatar_error_type" } });
    }
  });

  it("refuses a picture over the image cap, an empty field and a body without it", async () => {
    const big = joinBytes(png, new Uint8Array(ATTACHMENT_MAX_BYTES.image));
    expect((await upload("ana", big)).status).toBe(413);
    expect((await upload("ana", new Uint8Array())).status).toBe(400);
    const other = await upload("ana", png, { field: "picture" });
    expect(other.status).toBe(400);
    expect(await json(other)).toMatchObject({ fields: { avatar: "attachments_error_required" } });
    expect((await call("PUT", "/api/acme/profile", { token: tokens.ana, rawBody: "x", headers: { "content-type": "multipart/form-data; boundary=zz" } })).status).toBe(400);
    expect((await upload("cora", png)).status).toBe(404);
  });

  it("stores a PNG without its metadata, at a new cacheable URL served on the member's organisations' hosts", async () => {
    const response = await upload("ana", png);
    expect(response.status).toBe(200);
    const { avatar } = await json(response);
    expect(avatar).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.png$/);
    const served = await picture(avatar);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await served.arrayBuffer());
    const asText = new TextDecoder("latin1").decode(bytes);
    expect(asText).not.toContain("secret-author");
    expect(asText).not.toContain("GPS");
    expect(asText).toContain("IHDR");
    expect(asText).toContain("IDAT");
    expect(bytes.length).toBe(png.length - 12 - "Author\0secret-author".length - 12 - "GPS 43.3,-1.9".length);
    // Another organisation's own host does not serve it; the platform's host, where /api/acme answers too, does.
    expect((await picture(avatar, "beta.localhost")).status).toBe(404);
    expect((await picture(avatar, "localhost")).status).toBe(200);
    // The profile, the user and the ranking's people carry it.
    expect((await json(await call("GET", "/api/acme/profile", { token: tokens.ana }))).avatar).toBe(avatar);
  });

  it("a JPEG loses its EXIF and comments; the new picture replaces and deletes the old one", async () => {
    const before = (await json(await call("GET", "/api/acme/profile", { token: tokens.ana }))).avatar;
    const { avatar } = await json(await upload("ana", jpeg, { type: "image/jpeg" }));
    expect(avatar).toMatch(/\.jpg$/);
    expect(avatar).not.toBe(before);
    const served = new TextDecoder("latin1").decode(await (await picture(avatar)).arrayBuffer());
    expect(served).toContain("JFIF");
    expect(served).not.toContain("GPS-secret");
    expect(served).not.toContain("comment-secret");
    expect((await picture(before)).status).toBe(404);
  });

  it("{avatar: null} removes it: initials from then on, the file gone", async () => {
    const { avatar } = await json(await call("GET", "/api/acme/profile", { token: tokens.ana }));
    const cleared = await call("PUT", "/api/acme/profile", { token: tokens.ana, body: { avatar: null } });
    expect(cleared.status).toBe(200);
    expect((await json(cleared)).avatar).toBeNull();
    expect((await picture(avatar)).status).toBe(404);
    const keys = await env.FILES.list({ prefix: "media/avatars/" });
    expect(keys.objects).toEqual([]);
  });

  it("answers 404 for names that are not avatars", async () => {
    for (const name of ["../images/x.png", "x.png", "00000000-0000-4000-8000-000000000000.gif", "00000000-0000-4000-8000-000000000000.png"]) {
      expect((await picture(`/media/avatars/${encodeURIComponent(name)}`)).status).toBe(404);
    }
  });
});
