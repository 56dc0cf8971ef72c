/**
 * No storage object outlives its row (issue 25, point 5): an avatar or logo upload stopped between
 * its file and its row leaves a file nothing names; the scheduled sweep deletes such files once
 * they are past the grace period, keeps every file a row names, and looks at a bounded page per run.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ORPHAN_GRACE_MS, ORPHAN_SWEEP_PAGE, sweepOrphanFiles } from "../../workers/files/orphan-sweep";
import { runScheduled } from "../../workers/scheduled";
import { pngOf } from "./png-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const later = () => Date.now() + ORPHAN_GRACE_MS + 60_000;
const exists = async (key: string) => (await env.FILES.head(key)) !== null;
/** What a killed upload leaves: a file under the prefix, and no row naming it. */
const orphan = async (prefix: string) => {
  const key = `${prefix}${crypto.randomUUID()}.png`;
  await env.FILES.put(key, pngOf(1, 1));
  return key;
};

function form(field: string) {
  const body = new FormData();
  body.append(field, new File([pngOf(360, 360)], "picture.png", { type: "image/png" }));
  return body;
}

let avatarKey = "";
let logoKey = "";
let coverKey = "";

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "alma@acme.example", orgId: acme.id, role: "admin" });
  tokens.alma = (await login("alma@acme.example", "Correct-Horse-9")).body.access_token;
  const profile = await json(await call("PUT", "/api/acme/profile", { token: tokens.alma, rawBody: form("avatar") }));
  avatarKey = `media/avatars/${profile.avatar.split("/").pop()}`;
  const withLogo = await json(await call("PUT", "/api/acme/admin/config/images/logo", { token: tokens.alma, rawBody: form("file") }));
  logoKey = withLogo.logo.slice(1);
  const withCover = await json(await call("PUT", "/api/acme/admin/config/images/cover", { token: tokens.alma, rawBody: form("file") }));
  coverKey = withCover.community.cover_url.slice(1);
});

describe("the orphan sweep", () => {
  it("deletes avatar and logo files no row names, once past the grace period, and keeps the named ones", async () => {
    expect(await exists(avatarKey)).toBe(true);
    const avatarOrphan = await orphan("media/avatars/");
    const logoOrphan = await orphan("media/logos/");
    // An upload in flight: its row is about to be written.
    expect(await sweepOrphanFiles(env, Date.now())).toBe(0);
    expect(await exists(avatarOrphan)).toBe(true);
    const { orphansDeleted } = await runScheduled(env, later());
    expect(orphansDeleted).toBe(2);
    expect(await exists(avatarOrphan)).toBe(false);
    expect(await exists(logoOrphan)).toBe(false);
    for (const key of [avatarKey, logoKey, coverKey]) expect(await exists(key), key).toBe(true);
    // Still served.
    expect((await call("GET", `/${logoKey}`)).status).toBe(200);
  });

  it("looks at one bounded page per prefix a run, and goes on where it stopped", async () => {
    const orphans = await Promise.all(Array.from({ length: ORPHAN_SWEEP_PAGE + 30 }, () => orphan("media/avatars/")));
    const first = await sweepOrphanFiles(env, later());
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(ORPHAN_SWEEP_PAGE);
    let total = first;
    for (let run = 0; run < 3; run++) total += await sweepOrphanFiles(env, later());
    expect(total).toBe(orphans.length);
    for (const key of orphans) expect(await exists(key)).toBe(false);
    expect(await exists(avatarKey)).toBe(true);
  });
});
