/**
 * D1 sessions (issue 10, item 4; docs/decisions/013): a browser request reads through one D1
 * session, opened on the primary (the web identity's session check sees every revocation), then
 * following the member's bookmark kept in the web session; a request that wrote keeps its bookmark
 * there, so the member's next request reads their own write.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { initiativeIntent, loadInitiative } from "../../app/routes/_app.initiative.$slug.($action)/initiative.server";
import { createApp } from "../../workers/app";
import { createWebSession } from "../../workers/auth/web-session";
import { createInitiative } from "./initiatives-fixtures";
import { createMember, login, seedOrganizations, testEnv } from "./support";

let cookie: string;
let initiativeId: string;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "bookmark@acme.example", orgId: acme.id });
  initiativeId = (await createInitiative({ orgId: acme.id, slug: "bookmark-shift", maxParticipants: 5 })).id;
  const tokens = (await login("bookmark@acme.example", "Correct-Horse-9", "acme.localhost")).body;
  cookie = (await createWebSession({ cloudflare: { env: testEnv } }, tokens)).split(";")[0];
});

/** One browser request whose loader or action is `run`; the D1 sessions it opened, in order. */
async function browserRequest<T>(method: string, run: (args: { request: Request; context: AppLoadContext }) => Promise<T>) {
  const sessions: (string | undefined)[] = [];
  const db = new Proxy(testEnv.DB, {
    get(target, prop) {
      if (prop === "withSession") {
        return (constraint?: string) => {
          sessions.push(constraint);
          return target.withSession(constraint);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  let result: T | undefined;
  const app = createApp({
    async renderPage(request, pageEnv, ctx, page) {
      result = await run({ request, context: { cloudflare: { env: pageEnv, ctx }, ...page } });
      return new Response("page");
    },
  });
  const ctx = createExecutionContext();
  const headers = { cookie, origin: "http://acme.localhost" };
  await app.fetch(new Request("http://acme.localhost/initiative/bookmark-shift", { method, headers }), { ...testEnv, DB: db }, ctx);
  await waitOnExecutionContext(ctx);
  return { result: result as T, sessions };
}

const storedBookmark = async () =>
  (await env.DB.prepare("SELECT bookmark FROM web_sessions WHERE member_id = (SELECT id FROM members WHERE email = ?)").bind("bookmark@acme.example").first<{ bookmark: string | null }>())?.bookmark ?? null;

describe("a browser request's D1 session", () => {
  it("opens on the primary, and a page that only reads leaves no bookmark", async () => {
    const { sessions } = await browserRequest("GET", (args) => loadInitiative(args, "bookmark-shift", undefined));
    expect(sessions).toEqual(["first-primary"]);
    expect(await storedBookmark()).toBeNull();
  });

  it("keeps the bookmark of a write in the web session, and the next page reads after it and sees the write", async () => {
    const form = new FormData();
    form.set("intent", "join");
    form.set("id", initiativeId);
    await browserRequest("POST", (args) => initiativeIntent(args, "bookmark-shift", form).catch((thrown) => thrown));
    const bookmark = await storedBookmark();
    expect(bookmark).toMatch(/^[0-9a-f]{8}-/);

    const next = await browserRequest("GET", (args) => loadInitiative(args, "bookmark-shift", undefined));
    expect(next.sessions).toEqual(["first-primary", bookmark]);
    expect(next.result.initiative.participant_status).toBe("accepted");
  });
});
