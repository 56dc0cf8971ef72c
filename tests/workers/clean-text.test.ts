/**
 * Text enters clean (issue 25, point 3): a NUL character or half of a surrogate pair in any string
 * (or key) of a JSON body or a query is a 400 `validation_error` naming the field, at every
 * endpoint at once (workers/lib/json-body.ts), never a 500 and never stored to break a page later.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  await createMember({ email: "marta@acme.example", orgId: acme.id, name: "Marta Ruiz" });
  await createMember({ email: "olga@acme.example", orgId: acme.id, name: "Olga", role: "organiser" });
  tokens.marta = (await login("marta@acme.example", "Correct-Horse-9")).body.access_token;
  tokens.olga = (await login("olga@acme.example", "Correct-Horse-9")).body.access_token;
  await env.DB.prepare("INSERT INTO sso_providers (id, org_id, provider, issuer, client_id) VALUES ('sso-acme', 'org-acme', 'acme-idp', 'http://127.0.0.1:1', 'c')").run();
});

const refused = async (res: Response) => ({ status: res.status, body: await json(res) });

describe("text with NUL or a lone surrogate", () => {
  it("is refused in a JSON body with the field it is in, nested fields and keys too", async () => {
    for (const [body, field] of [
      [{ name: "Marta\u0000" }, "name"],
      [{ name: "Marta \ud800" }, "name"],
      [{ name: "\udc00Marta" }, "name"],
      [{ social: { linkedin: "https://linkedin.com/in/m\u0000" } }, "social.linkedin"],
      [{ social: { ["x\ud800"]: "y" } }, "social._"],
    ] as const) {
      expect(await refused(await call("PUT", "/api/acme/profile", { body, token: tokens.marta })), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: "validation_error", fields: { [field]: "form_error_invalid" } },
      });
    }
    const profile = await json(await call("GET", "/api/acme/profile", { token: tokens.marta }));
    expect(profile.name).toBe("Marta Ruiz");
    // A whole pair (an emoji) is text like any other.
    const emoji = await call("PUT", "/api/acme/profile", { body: { name: "Marta \ud83c\udf3b" }, token: tokens.marta });
    expect(emoji.status).toBe(200);
    expect((await json(await call("GET", "/api/acme/profile", { token: tokens.marta }))).name).toBe("Marta 🌻");
  });

  it("is a 400 at POST /auth/sso/{provider}/initiate (a lone surrogate in organization was a 500)", async () => {
    const res = await call("POST", "/auth/sso/acme-idp/initiate", { body: { organization: "\ud800" } });
    expect(await refused(res)).toMatchObject({ status: 400, body: { error: "validation_error", fields: { organization: "form_error_invalid" } } });
  });

  it("is refused in a query a route validates", async () => {
    for (const query of ["q=%00", "q=ab%00cd&status=pending"]) {
      const res = await call("GET", `/api/acme/manage/contributions?${query}`, { token: tokens.olga });
      expect(await refused(res), query).toMatchObject({ status: 400, body: { error: "validation_error", fields: { q: "form_error_invalid" } } });
    }
    expect((await call("GET", "/api/acme/manage/contributions?q=ab", { token: tokens.olga })).status).toBe(200);
  });
});
