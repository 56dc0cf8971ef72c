/** /about-our-program's loader (issue 14, point 2): gated by its feature, Markdown rendered safely, "no data" when empty. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/_app.about-our-program/route";
import { createWebSession } from "../../workers/auth/web-session";
import { invalidateOrganization } from "../../workers/tenant/organizations";
import { createMember, createOrg, login, seedOrganizations, testLoadContext } from "./support";

let context: AppLoadContext;
let cookie: string;

async function configure(community: Record<string, unknown>) {
  await env.DB.prepare("UPDATE organizations SET community_config = ? WHERE id = 'org-prog'").bind(JSON.stringify(community)).run();
  await invalidateOrganization(env, { slug: "prog", hostnames: ["prog.localhost"] });
}

const load = () =>
  loader({ request: new Request("http://prog.localhost/about-our-program", { headers: { cookie } }), context, params: {} }).catch((thrown: unknown) => thrown as Response) as Promise<
    { organization: string; html: string | null } | Response
  >;

beforeAll(async () => {
  await seedOrganizations();
  await createOrg({ id: "org-prog", slug: "prog", name: "Prog", hostnames: ["prog.localhost"] });
  await createMember({ email: "pat@prog.example", orgId: "org-prog" });
  context = await testLoadContext("prog");
  cookie = (await createWebSession(context, (await login("pat@prog.example", "Correct-Horse-9", "prog.localhost")).body)).split(";")[0];
});

describe("/about-our-program", () => {
  it("is a 404 without the feature", async () => {
    await configure({ features: { about_our_program: false }, about_our_program: "# Hidden" });
    expect(((await load()) as Response).status).toBe(404);
  });

  it("renders the organisation's Markdown, without its scripts", async () => {
    await configure({ features: { about_our_program: true }, about_our_program: "# Our programme\n\n**16 hours** a year. <script>alert(1)</script> [Policy](https://prog.example/p)" });
    const page = (await load()) as { organization: string; html: string };
    // Under the page's own h1.
    expect(page.html).toContain("<h2>Our programme</h2>");
    expect(page.html).toContain("<strong>16 hours</strong>");
    expect(page.html).not.toContain("<script");
    expect(page.html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("answers no text when there is none", async () => {
    await configure({ features: { about_our_program: true }, about_our_program: "   " });
    expect(await load()).toEqual({ organization: "Prog", html: null });
  });
});
