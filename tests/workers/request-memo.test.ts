/**
 * Identity once per browser request (issue 10): every loader of one request shares the member's
 * identity, profile and web session through the load context's memo (workers/lib/request-memo.ts),
 * though Remix hands each loader its own Request; a write forgets what it may have changed
 * (forgetAfterWrite), so what follows reads fresh.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { initiativeIntent, loadInitiative } from "../../app/routes/_app.initiative.$slug.($action)/initiative.server";
import { loadMember, memberIdentity } from "../../app/lib/server/member.server";
import { loader as wallLoader } from "../../app/routes/_app.wall._index";
import { createWebSession } from "../../workers/auth/web-session";
import { createRequestMemo, forgetAfterWrite, readKey } from "../../workers/lib/request-memo";
import { createInitiative } from "./initiatives-fixtures";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

let base: AppLoadContext;
let cookie: string;
let openId: string;

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "memo@acme.example", orgId: acme.id });
  openId = (await createInitiative({ orgId: acme.id, slug: "memo-shift", maxParticipants: 5 })).id;
  base = await testLoadContext("acme");
  cookie = (await createWebSession(base, (await login("memo@acme.example", "Correct-Horse-9")).body)).split(";")[0];
});

/** One browser request's load context, as workers/app.ts makes it, with its API calls recorded. */
function browserRequest() {
  const calls: string[] = [];
  const memo = createRequestMemo();
  const context: AppLoadContext = {
    ...base,
    memo,
    api: async (request) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      const answer = await base.api(request);
      // As workers/app.ts does after a page's write.
      if (request.method !== "GET") forgetAfterWrite(memo, request);
      return answer;
    },
  };
  // Remix gives each loader its own Request.
  const args = (init: RequestInit = {}) => ({ context, request: new Request("http://acme.localhost/initiative/memo-shift", { ...init, headers: { cookie } }) });
  return { calls, args };
}

const count = (calls: string[], call: string) => calls.filter((made) => made === call).length;

describe("one browser request", () => {
  it("asks the API who the member is once, however many loaders need it", async () => {
    const { calls, args } = browserRequest();
    await Promise.all([loadMember(args()), loadInitiative(args(), "memo-shift", undefined), memberIdentity(args())]);
    expect(count(calls, "PUT /auth/identity")).toBe(1);
    expect(count(calls, "GET /api/acme/profile")).toBe(1);
  });

  it("reads the organisation's profile once on the wall, where the layout and the page both need it (issue 27)", async () => {
    const { calls, args } = browserRequest();
    await Promise.all([loadMember(args()), wallLoader({ ...args(), params: {} })]);
    expect(count(calls, "GET /api/organization/profile/acme")).toBe(1);
    expect(count(calls, "GET /api/acme/wall")).toBe(1);
  });

  it("keeps who the member is after a write that cannot change it (joining), and reads the initiative again", async () => {
    const { calls, args } = browserRequest();
    await Promise.all([loadMember(args()), loadInitiative(args(), "memo-shift", undefined)]);
    const form = new FormData();
    form.set("intent", "join");
    form.set("id", openId);
    await initiativeIntent(args({ method: "POST" }), "memo-shift", form);
    const [, after] = await Promise.all([loadMember(args()), loadInitiative(args(), "memo-shift", undefined)]);
    expect(count(calls, "GET /api/acme/profile")).toBe(1);
    expect(count(calls, "GET /api/acme/initiative/memo-shift")).toBe(2);
    expect(JSON.stringify(after)).toContain("accepted");
  });

  it("forgets everything after a write that may change who the member is, so the page rendered after it reads fresh", async () => {
    const { calls, args } = browserRequest();
    expect((await loadMember(args())).profile.name).not.toBe("Memo Renamed");
    const session = await base.webSessions.get(args().request);
    const put = new Request("http://acme.localhost/api/acme/profile", {
      method: "PUT",
      headers: { authorization: `Bearer ${session!.accessToken}`, "content-type": "application/json", origin: "http://acme.localhost" },
      body: JSON.stringify({ name: "Memo Renamed" }),
    });
    expect((await args().context.api(put)).status).toBe(200);
    expect((await loadMember(args())).profile.name).toBe("Memo Renamed");
    expect(count(calls, "GET /api/acme/profile")).toBe(2);
  });
});

describe("the request memo", () => {
  it("forgets data after a write but keeps who is signed in", async () => {
    const memo = createRequestMemo();
    let reads = 0;
    const read = async () => ++reads;
    await memo.once(readKey("initiative:x"), read);
    await memo.once("membership:m:o", read);
    memo.forgetReads();
    expect(await memo.once(readKey("initiative:x"), read)).toBe(3);
    expect(await memo.once("membership:m:o", read)).toBe(2);
  });
});
