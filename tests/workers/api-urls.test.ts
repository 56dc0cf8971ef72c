/**
 * Every URL the API gives answers 200 on every host of the organisation (issue 25, point 6): a
 * member's picture and an initiative's image (and its submitter's picture, once at a path nothing
 * served) fetched on the organisation's own host and on the platform's host, where /api/{org}/...
 * answers too. Another organisation's own host still serves none of them.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createInitiative } from "./initiatives-fixtures";
import { ihdr, joinBytes, PNG_SIGNATURE, pngChunk } from "./png-fixtures";
import { call, createMember, createOrg, json, login, seedOrganizations } from "./support";

const png = joinBytes(PNG_SIGNATURE, ihdr(360, 360), pngChunk("IDAT", new Uint8Array([1, 2, 3])), pngChunk("IEND", new Uint8Array()));
let token = "";
const image = `/media/images/${crypto.randomUUID()}.png`;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createOrg({ id: "org-beta", slug: "beta", hostnames: ["beta.localhost"] });
  const sofia = await createMember({ email: "sofia@acme.example", orgId: acme.id, name: "Sofia" });
  token = (await login("sofia@acme.example", "Correct-Horse-9")).body.access_token;
  const form = new FormData();
  form.append("avatar", new File([png], "me.png", { type: "image/png" }));
  expect((await call("PUT", "/api/acme/profile", { token, rawBody: form })).status).toBe(200);
  await env.FILES.put(`media/${acme.id}/images/${image.slice("/media/images/".length)}`, png, { httpMetadata: { contentType: "image/png" } });
  await createInitiative({ orgId: acme.id, slug: "pictured", title: "Pictured", image, submitterMemberId: sofia.id });
});

/** Every string of an answer that names something this Worker serves (/media/..., /api/...), with where it was found. */
function urlsOf(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return /^\/(media|api)\//.test(value) ? [[path, value]] : [];
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => urlsOf(item, path ? `${path}.${key}` : key));
}

describe("the URLs in the API's answers", () => {
  it("fetch 200 on the organisation's host and on the platform's host", async () => {
    for (const host of ["acme.localhost", "localhost"]) {
      const initiative = await json(await call("GET", "/api/acme/initiative/pictured", { token, host }));
      const profile = await json(await call("GET", "/api/acme/profile", { token, host }));
      const urls = [...urlsOf(initiative), ...urlsOf(profile)];
      expect(urls.map(([field]) => field)).toEqual(expect.arrayContaining(["image", "submitter.avatar", "avatar"]));
      for (const [field, url] of urls) {
        const res = await call("GET", url, { host, token });
        expect(res.status, `${host} ${field} ${url}`).toBe(200);
      }
      // Another organisation's own host serves none of them.
      for (const [field, url] of urls.filter(([, url]) => url.startsWith("/media/"))) {
        expect((await call("GET", url, { host: "beta.localhost" })).status, `beta ${field}`).toBe(404);
      }
    }
  });
});
