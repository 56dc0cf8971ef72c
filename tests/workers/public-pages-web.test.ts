/**
 * The loaders of the signed-out pages with a real load context: /welcome, /terms and
 * /terms/{version}, /invite/{token}, /sso/success and /sso/error/{code}: what each shows for this
 * organisation, 404s, and nothing that leaves this site. (/confirm_email and /recover_password/{token}
 * are in auth-routes.test.ts.)
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as welcome } from "../../app/routes/welcome";
import { loader as latestTerms } from "../../app/routes/terms._index";
import { loader as termsVersion } from "../../app/routes/terms.$version";
import { loader as invite } from "../../app/routes/invite.$token/route";
import { loader as ssoSuccess } from "../../app/routes/sso.success";
import { loader as ssoError } from "../../app/routes/sso.error.$code";
import { createOrg, seedOrganizations, testLoadContext } from "./support";

let acme: AppLoadContext;

beforeAll(async () => {
  await seedOrganizations();
  await createOrg({ id: "org-closed", slug: "closed", community: { disable_create_new_account: true } });
  acme = await testLoadContext("acme");
});

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

async function load(loader: Loader, path: string, params: Record<string, string> = {}, context = acme, headers: Record<string, string> = {}) {
  try {
    const answer = (await loader({ request: new Request(`http://acme.localhost${path}`, { headers }), context, params })) as Record<string, unknown>;
    if (answer && "init" in answer && "data" in answer) return { status: (answer.init as { status?: number } | null)?.status ?? 200, data: answer.data as Record<string, unknown> };
    return { status: 200, data: answer };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
}

describe("/welcome", () => {
  it("shows the organisation of the host, and whether it takes new accounts", async () => {
    expect((await load(welcome, "/welcome")).data).toMatchObject({ name: "Acme", canCreateAccount: true });
    expect((await load(welcome, "/welcome", {}, await testLoadContext("closed"))).data).toMatchObject({ name: "Closed", canCreateAccount: false });
  });
});

describe("/terms", () => {
  it("shows the latest version in the visitor's language, and an older one by its name", async () => {
    const latest = await load(latestTerms, "/terms", {}, acme, { "accept-language": "es-ES,es;q=0.9" });
    expect(latest.data).toMatchObject({ latest: true, language: "es-ES" });
    expect((await load(termsVersion, "/terms/v1", { version: "v1" })).data).toMatchObject({ version: 1 });
  });

  it("answers 404 for a version that does not exist", async () => {
    for (const version of ["v999", "1", "v0", "../v1"]) expect((await load(termsVersion, `/terms/${version}`, { version })).status, version).toBe(404);
  });
});

describe("/invite/{token}", () => {
  it("names the organisation of a real sign-up token, and answers 404 for another", async () => {
    expect((await load(invite, "/invite/acme-signup-token", { token: "acme-signup-token" })).data).toMatchObject({ organization: { name: "Acme" } });
    expect(await load(invite, "/invite/nope", { token: "nope" })).toMatchObject({ status: 404, data: { organization: null } });
  });
});

describe("the SSO pages", () => {
  it("go on only to a page of this site after a sign-in", async () => {
    expect((await load(ssoSuccess, "/sso/success?next=%2Finitiative%2Fbeach")).data).toMatchObject({ next: "/initiative/beach" });
    for (const foreign of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      expect((await load(ssoSuccess, `/sso/success?next=${encodeURIComponent(foreign)}`)).data, foreign).toMatchObject({ next: "/" });
    }
  });

  it("name an error by a plain code only", async () => {
    expect((await load(ssoError, "/sso/error/invalid_state", { code: "invalid_state" })).data).toEqual({ code: "invalid_state" });
    expect((await load(ssoError, "/sso/error/x", { code: "<script>alert(1)</script>" })).data).toEqual({ code: "scriptalert1script" });
  });
});
