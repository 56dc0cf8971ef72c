/**
 * Internal calls skip what they already had (issue 10, item 3): a page's in-process API call
 * inherits its browser request's request id, CSP nonce and tenant, and shares one session check and
 * one membership read; a request from outside to the same URL still gets every step.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp, type PageContext } from "../../workers/app";
import { watchedEnv } from "./counting-env";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

let token: string;
let joinId: string;
let mineId: string;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  const shift = await createInitiative({ orgId: acme.id, slug: "page-calls-shift" });
  joinId = (await createInitiative({ orgId: acme.id, slug: "page-calls-join", maxParticipants: 5 })).id;
  mineId = (await createInitiative({ orgId: acme.id, slug: "page-calls-mine", maxParticipants: 5 })).id;
  await createMember({ email: "pages@acme.example", orgId: acme.id });
  token = (await login("pages@acme.example", "Correct-Horse-9", "acme.localhost")).body.access_token;
  const me = await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind("pages@acme.example").first<{ id: string }>();
  const other = await createMember({ email: "pages-other@acme.example", orgId: acme.id });
  const attachment = (kind: string, filename: string, memberId: string, status: string, createdAt: number) =>
    env.DB.prepare(
      "INSERT INTO attachments (id, org_id, initiative_id, member_id, kind, filename, mimetype, size, r2_key, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'application/pdf', 1, ?, ?, ?)",
    ).bind(crypto.randomUUID(), acme.id, shift.id, memberId, kind, filename, `k/${filename}`, status, createdAt);
  // A participant sees the published ones besides their own (SPEC.md section 4).
  await addParticipation(shift.id, acme.id, me!.id);
  await env.DB.batch([
    attachment("document", "published.pdf", other.id, "published", 1000),
    attachment("document", "mine-pending.pdf", me!.id, "pending", 2000),
    attachment("document", "theirs-pending.pdf", other.id, "pending", 3000),
    attachment("image", "photo.png", other.id, "published", 4000),
  ]);
});

/** Renders one "page" on `host` whose loader is `load`; answers what the loader answered. */
async function renderPage<T>(host: string, load: (page: PageContext, env: ReturnType<typeof watchedEnv>) => Promise<T>) {
  const watched = watchedEnv();
  let result: T | undefined;
  let pageContext: PageContext | undefined;
  const app = createApp({
    async renderPage(_request, _env, _ctx, page) {
      pageContext = page;
      watched.reset();
      result = await load(page, watched);
      return new Response("page");
    },
  });
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://${host}/some-page`), watched.env, ctx);
  await waitOnExecutionContext(ctx);
  return { response, result: result as T, page: pageContext!, watched };
}

const bearer = (url: string) => new Request(url, { headers: { authorization: `Bearer ${token}` } });

describe("a page's in-process API call", () => {
  it("gets the page's tenant without resolving it again, and no second nonce or header set", async () => {
    const { response, result, page } = await renderPage("acme.localhost", async (page, watched) => {
      // On its own, localhost would resolve to the default organisation, commons.
      const answer = await page.api(new Request("http://localhost/api/organization/current"));
      return { answer, body: await json(answer), kvReads: watched.kvReads.length };
    });
    expect(result.body.organization_slug).toBe("acme");
    expect(result.kvReads).toBe(0);
    expect(result.answer.headers.get("content-security-policy")).toBeNull();
    expect(result.answer.headers.get("x-request-id")).toBeNull();
    // The browser's answer carries the one nonce and request id of the page.
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${page.cspNonce}'`);
    expect(response.headers.get("x-request-id")).toBe(page.requestId);
  });

  it("checks the member's session and membership once however many calls the page makes", async () => {
    const { result } = await renderPage("acme.localhost", async (page, watched) => {
      const answers = await Promise.all([page.api(bearer("http://acme.localhost/api/acme/wall")), page.api(bearer("http://acme.localhost/api/acme/initiative"))]);
      const profile = await page.api(bearer("http://acme.localhost/api/acme/profile"));
      return { statuses: [...answers, profile].map((answer) => answer.status), sessions: watched.reads("sessions"), memberships: watched.sql.filter((sql) => /^select "role", "org_terms_accepted_version"/i.test(sql)).length };
    });
    expect(result.statuses).toEqual([200, 200, 200]);
    expect(result.sessions).toBe(1);
    expect(result.memberships).toBe(1);
  });

  it("reads an initiative once for its detail, and both attachment lists in one round trip", async () => {
    const base = "http://acme.localhost/api/acme/initiative/page-calls-shift";
    const { result } = await renderPage("acme.localhost", async (page, watched) => {
      const detail = await page.api(bearer(base));
      const lists = await Promise.all([page.api(bearer(`${base}/attachment/document`)), page.api(bearer(`${base}/attachment/image`))]);
      return { statuses: [detail, ...lists].map((answer) => answer.status), roundTrips: watched.roundTrips(), lists: await Promise.all(lists.map(json)) };
    });
    expect(result.statuses).toEqual([200, 200, 200]);
    // The session check, the membership, the initiative's one batch, and one batch for both lists.
    expect(result.roundTrips).toBe(4);
    // The same lists a client gets from each call on its own: own uploads of each kind, the published ones.
    const outside = await Promise.all(["document", "image"].map(async (kind) => json(await call("GET", `/api/acme/initiative/page-calls-shift/attachment/${kind}`, { token, host: "acme.localhost" }))));
    expect(result.lists).toEqual(outside);
    expect(outside.map((list) => list.map((a: { filename: string }) => a.filename))).toEqual([["mine-pending.pdf", "published.pdf"], ["photo.png"]]);
  });
});

describe("the endpoints of the page paths", () => {
  it("answer my initiatives in one round trip", async () => {
    const { result } = await renderPage("acme.localhost", async (page, watched) => {
      const join = await page.api(new Request(`http://acme.localhost/api/acme/initiative/${mineId}`, { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" }));
      expect(join.status).toBe(200);
      watched.reset();
      const mine = await page.api(bearer("http://acme.localhost/api/acme/initiative"));
      return { status: mine.status, roundTrips: watched.roundTrips() };
    });
    expect(result).toEqual({ status: 200, roundTrips: 1 });
  });

  it("join in three round trips: the initiative, the member's readiness, the write with its check and the initiative after", async () => {
    const { result } = await renderPage("acme.localhost", async (page, watched) => {
      await page.api(bearer("http://acme.localhost/api/acme/wall"));
      watched.reset();
      const joined = await page.api(new Request(`http://acme.localhost/api/acme/initiative/${joinId}`, { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" }));
      return { status: joined.status, participant: (await json(joined)).participant_status, roundTrips: watched.roundTrips() };
    });
    expect(result).toEqual({ status: 200, participant: "accepted", roundTrips: 3 });
  });
});

describe("a request from outside", () => {
  it("to the same URL resolves its own tenant and gets every security header", async () => {
    const answer = await call("GET", "/api/organization/current");
    expect((await json(answer)).organization_slug).toBe("commons");
    expect(answer.headers.get("content-security-policy")).toMatch(/'nonce-[A-Za-z0-9_-]{20,}'/);
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("cannot pass for an in-process call: its session is checked on every request", async () => {
    const watched = watchedEnv();
    const app = createApp();
    for (let i = 0; i < 2; i++) {
      const ctx = createExecutionContext();
      const answer = await app.fetch(bearer("http://acme.localhost/api/acme/wall"), watched.env, ctx);
      await waitOnExecutionContext(ctx);
      expect(answer.status).toBe(200);
    }
    expect(watched.reads("sessions")).toBe(2);
  });
});
