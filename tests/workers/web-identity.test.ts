/**
 * Identity once per browser request (issue 10, item 2): a page learns who is signed in from its web
 * session, the Auth session and the member in one batch, without asking PUT /auth/identity; the Auth
 * session is still checked on every browser request, so a revocation counts on the very next page.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMember, memberIdentity } from "../../app/lib/server/member.server";
import { createApp } from "../../workers/app";
import { disableMember } from "../../workers/auth/disable-member";
import { createWebSession, getWebSession } from "../../workers/auth/web-session";
import { watchedEnv } from "./counting-env";
import { createInitiative } from "./initiatives-fixtures";
import { createMember, login, seedOrganizations, testEnv } from "./support";

let acmeId: string;

beforeAll(async () => {
  acmeId = (await seedOrganizations()).acme.id;
});

/** A member signed in to the web app: their session cookie and the Auth session behind it. */
async function signedIn(email: string) {
  const member = await createMember({ email, orgId: acmeId });
  const tokens = (await login(email, "Correct-Horse-9", "acme.localhost")).body;
  const cookie = (await createWebSession({ cloudflare: { env: testEnv } }, tokens)).split(";")[0];
  return { member, tokens, cookie };
}

/** One browser request for a signed-in page whose loader runs loadMember (after `before`, an action's calls); its API calls recorded. */
async function pageLoad(cookie: string, before?: (context: AppLoadContext, request: Request, watched: ReturnType<typeof watchedEnv>) => Promise<void>) {
  const watched = watchedEnv();
  const calls: string[] = [];
  let outcome: { member?: Awaited<ReturnType<typeof loadMember>>; thrown?: Response } = {};
  const app = createApp({
    async renderPage(request, pageEnv, ctx, page) {
      watched.reset();
      const context: AppLoadContext = {
        cloudflare: { env: pageEnv, ctx },
        ...page,
        api: (call) => {
          calls.push(`${call.method} ${new URL(call.url).pathname}`);
          return page.api(call);
        },
      };
      try {
        await before?.(context, request, watched);
        outcome = { member: await loadMember({ request, context }) };
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        outcome = { thrown };
      }
      return new Response("page");
    },
  });
  const ctx = createExecutionContext();
  await app.fetch(new Request("http://acme.localhost/wall", { headers: { cookie } }), watched.env, ctx);
  await waitOnExecutionContext(ctx);
  return { ...outcome, calls, sessionReads: watched.reads("sessions"), roundTrips: watched.roundTrips(), sql: watched.sql };
}

describe("a signed-in page load", () => {
  it("learns who is signed in without PUT /auth/identity, checking the session once", async () => {
    const { cookie } = await signedIn("identity@acme.example");
    const page = await pageLoad(cookie);
    expect(page.member?.user).toMatchObject({ email: "identity@acme.example", organizations: [{ slug: "acme", role: "member" }] });
    expect(page.calls).not.toContain("PUT /auth/identity");
    expect(page.calls.sort()).toEqual(["GET /api/acme/profile", "GET /api/organization/profile/acme"]);
    // The batch with the web session; the profile call reuses it.
    expect(page.sessionReads).toBe(1);
  });

  it("costs one D1 round trip: the web identity's batch reads the own profile too", async () => {
    const { cookie } = await signedIn("trips@acme.example");
    const page = await pageLoad(cookie);
    expect(page.member?.profile.email).toBe("trips@acme.example");
    expect(page.member?.profile.organization.slug).toBe("acme");
    expect(page.roundTrips).toBe(1);
  });

  it("joins in three round trips, the phone check reading the profile the identity's batch read", async () => {
    const { cookie } = await signedIn("joiner@acme.example");
    const initiative = await createInitiative({ orgId: acmeId, slug: "web-identity-join", maxParticipants: 5 });
    let joined: { status: number; participant?: string; roundTrips: number } | undefined;
    await pageLoad(cookie, async (context, request, watched) => {
      await memberIdentity({ request, context });
      const token = (await getWebSession(context, request))!.accessToken;
      const answer = await context.api(
        new Request(`http://acme.localhost/api/acme/initiative/${initiative.id}`, { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" }),
      );
      joined = { status: answer.status, participant: (await answer.json<{ participant_status: string }>()).participant_status, roundTrips: watched.roundTrips() };
    });
    // The identity's batch (with the own profile), the initiative, the write with the initiative after.
    expect(joined).toEqual({ status: 200, participant: "accepted", roundTrips: 3 });
  });

  it("reads the own profile again after an action changed it in the same request", async () => {
    const { cookie } = await signedIn("renamed@acme.example");
    const page = await pageLoad(cookie, async (context, request) => {
      // The action: who is signed in (the batch that also reads the profile), then a write through the API.
      await memberIdentity({ request, context });
      const token = (await getWebSession(context, request))!.accessToken;
      const saved = await context.api(
        new Request("http://acme.localhost/api/acme/profile", {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ name: "Renamed Member" }),
        }),
      );
      expect(saved.status).toBe(200);
    });
    // The loader after the action shows the profile as the write left it, not as the batch first read it.
    expect(page.member?.profile.name).toBe("Renamed Member");
  });

  it("is refused on the very next page once the session is revoked elsewhere, and the cookie is cleared", async () => {
    const { cookie, tokens } = await signedIn("revoked@acme.example");
    expect((await pageLoad(cookie)).member).toBeDefined();
    const logout = await createApp().fetch(
      new Request("http://acme.localhost/auth/identity", { method: "DELETE", headers: { authorization: `Bearer ${tokens.access_token}` } }),
      testEnv,
      createExecutionContext(),
    );
    expect(logout.status).toBe(204);
    const next = await pageLoad(cookie);
    expect(next.thrown?.status).toBe(302);
    expect(next.thrown?.headers.get("location")).toMatch(/^\/signin/);
    expect(next.thrown?.headers.get("set-cookie")).toMatch(/^commons_session=;.*Max-Age=0/);
    expect(next.calls).toEqual([]);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM web_sessions WHERE session_id = ?").bind(JSON.parse(atob(tokens.access_token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("sends a disabled member to /logout without asking the API", async () => {
    const { cookie, member } = await signedIn("disabled@acme.example");
    await env.DB.prepare("UPDATE members SET disabled_at = ? WHERE id = ?").bind(Date.now(), member.id).run();
    const page = await pageLoad(cookie);
    expect(page.thrown?.headers.get("location")).toBe("/logout");
    expect(page.calls).toEqual([]);
  });

  it("sends a member whose sessions disabling ended to /logout too (SPEC.md: /logout on 402), not to /signin", async () => {
    const { cookie, member } = await signedIn("ended-by-disabling@acme.example");
    await disableMember(testEnv, member.id);
    const page = await pageLoad(cookie);
    expect(page.thrown?.headers.get("location")).toBe("/logout");
  });

  it("asks PUT /auth/identity when the tokens are not this Worker's (an upstream API)", async () => {
    const { cookie, member } = await signedIn("upstream@acme.example");
    await env.DB.prepare("UPDATE web_sessions SET session_id = NULL, member_id = NULL WHERE member_id = ?").bind(member.id).run();
    const page = await pageLoad(cookie);
    expect(page.member?.user.email).toBe("upstream@acme.example");
    expect(page.calls).toContain("PUT /auth/identity");
  });

  it("sends a visitor without a session to sign in", async () => {
    const page = await pageLoad("commons_session=unknown-value");
    expect(page.thrown?.headers.get("location")).toMatch(/^\/signin/);
    expect(page.calls).toEqual([]);
  });
});
