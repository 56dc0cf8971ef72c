/**
 * The sign-up steps' actions (app/lib/server/signup-steps.server.ts) and the sign-up pages' loaders with a
 * real load context against the real API: what each form posted without JavaScript gets back, where
 * the journey goes next, what is written, and where a link or a step's guard sends a visitor. Each form is read with the same schema the browser checks (app/domain/signup.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { submitFirstStep, submitOrganization, submitPassword } from "../../app/lib/server/signup-steps.server";
import { loader as corporateFirstStep } from "../../app/routes/signup.c.$token";
import { loader as firstStepPage } from "../../app/routes/signup._index";
import { signinAction } from "../../app/routes/signin/signin.server";
import { loader as tokenLink } from "../../app/routes/signup.$token";
import { loader as initiativeLink } from "../../app/routes/signup.i.$slug.($token)";
import { loader as passwordPage } from "../../app/routes/signup.password";
import { loader as confirmationPage } from "../../app/routes/signup.email_confirmation";
import { loader as organizationPage } from "../../app/routes/signup.organization";
import type { StepResult } from "../../app/domain/signup-types";
import { createMember, mailbox, seedOrganizations, testLoadContext } from "./support";
import { createInitiative } from "./initiatives-fixtures";

let context: AppLoadContext;

beforeAll(async () => {
  await seedOrganizations();
  context = await testLoadContext("commons");
});

/** The steps' actions, as their routes (app/routes/signup.*.tsx) export them. */
type Action = (args: { request: Request; context: AppLoadContext }) => Promise<unknown>;
const firstStep: Action = (args) => submitFirstStep(args, { start: "/signup" });
const organizationStep: Action = submitOrganization;
const passwordStep: Action = submitPassword;

/** Posts `fields` to a step as a browser without JavaScript does; answers the step's data or where it redirects. */
async function post(step: Action, path: string, fields: Record<string, string>, cookie = "") {
  const form = new URLSearchParams(fields);
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: form,
  });
  let answer: unknown;
  try {
    answer = await step({ request, context });
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    const setCookie = answer.headers.get("set-cookie") ?? "";
    return { status: answer.status, location: answer.headers.get("location"), cookie: setCookie.split(";")[0] };
  }
  const { data, init } = answer as { data: StepResult; init: { status?: number } | null };
  return { status: init?.status ?? 200, result: data };
}

const memberCount = async (email: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM members WHERE email = ?").bind(email).first<{ n: number }>())!.n;

describe("the first step", () => {
  it("answers every field's rule at once, with the values sent, and writes nothing", async () => {
    const answer = await post(firstStep, "/signup", { email: "not-an-email", name: " ", agreeComms: "on" });
    expect(answer.status).toBe(400);
    expect(answer.result?.errors).toEqual({ email: "form_error_invalid_email", name: "form_error_required", agreeTC: "form_error_terms_required" });
    expect(answer.result?.values).toMatchObject({ email: "not-an-email", agreeComms: true });
    expect(await memberCount("not-an-email")).toBe(0);
  });

  it("goes on to choosing a community on the default organisation, keeping the answers in the draft cookie", async () => {
    const answer = await post(firstStep, "/signup", { email: " Nora@Example.org ", name: "Nora Newcomer", agreeTC: "on" });
    expect(answer).toMatchObject({ status: 302, location: "/signup/organization" });
    expect(answer.cookie).toMatch(/^commons_signup=.+/);
    // Nobody exists until the journey's last step.
    expect(await memberCount("nora@example.org")).toBe(0);
  });
});

describe("the later steps", () => {
  let draft: string;

  beforeAll(async () => {
    draft = (await post(firstStep, "/signup", { email: "olga@example.org", name: "Olga Steps", agreeTC: "on" })).cookie!;
  });

  it("asks for a community when none is chosen, and for a real one", async () => {
    for (const fields of [{}, { organization: "Not A Slug" }] as Record<string, string>[]) {
      const answer = await post(organizationStep, "/signup/organization", fields, draft);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.result?.errors).toEqual({ organization: "form_error_choose_organization" });
    }
  });

  it("goes from the chosen community to the password, then refuses a password the policy refuses", async () => {
    const chosen = await post(organizationStep, "/signup/organization", { organization: "commons" }, draft);
    expect(chosen).toMatchObject({ status: 302, location: "/signup/password" });
    const withChoice = chosen.cookie!;

    for (const [password, key] of [
      ["", "form_error_required"],
      ["short", "password_policy_minLength"],
    ]) {
      const answer = await post(passwordStep, "/signup/password", { password }, withChoice);
      expect(answer.status, password).toBe(400);
      expect(answer.result?.errors, password).toEqual({ password: key });
    }
    expect(await memberCount("olga@example.org")).toBe(0);

    const registered = await post(passwordStep, "/signup/password", { password: "Green-lantern-42" }, withChoice);
    expect(registered).toMatchObject({ status: 302, location: "/signup/email_confirmation" });
    expect(await memberCount("olga@example.org")).toBe(1);
  });

  it("sends a visitor without a draft back to the first step", async () => {
    const answer = await post(passwordStep, "/signup/password", { password: "Green-lantern-42" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signup");
  });
});

describe("the sign-up links and each step's guard", () => {
  /** A loader's data and status, or where it redirects (with the draft cookie it sets). */
  async function load(loader: (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown, path: string, params: Record<string, string>, cookie = "") {
    try {
      const answer = (await loader({ request: new Request(`http://localhost${path}`, { headers: { cookie } }), context, params })) as Record<string, unknown>;
      if (answer && "init" in answer && "data" in answer) return { status: (answer.init as { status?: number } | null)?.status ?? 200, data: answer.data as Record<string, unknown> | null };
      return { status: 200, data: answer };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, location: thrown.headers.get("location"), cookie: (thrown.headers.get("set-cookie") ?? "").split(";")[0] };
    }
  }

  it("/signup/c/{token} shows the organisation of a real token, and 404 for another", async () => {
    const found = await load(corporateFirstStep, "/signup/c/acme-signup-token", { token: "acme-signup-token" });
    expect(found).toMatchObject({ status: 200, data: { found: true, organization: { name: "Acme" }, closed: null } });
    expect(await load(corporateFirstStep, "/signup/c/nope", { token: "nope" })).toMatchObject({ status: 404, data: { found: false } });
  });

  it("/signup/{token} keeps the organisation's token in the draft and goes to its first step", async () => {
    const link = await load(tokenLink, "/signup/acme-signup-token", { token: "acme-signup-token" });
    expect(link.status).toBe(302);
    expect(link.location).toBe("/signup/c/acme-signup-token");
    expect(link.cookie).toMatch(/^commons_signup=.+/);
    expect((await load(tokenLink, "/signup/nope", { token: "nope" })).status).toBe(404);
  });

  it("/signup/i/{slug} answers 404 for what is not a slug or not an initiative of any organisation", async () => {
    expect((await load(initiativeLink, "/signup/i/Not%20A%20Slug", { slug: "Not A Slug" })).status).toBe(404);
    expect((await load(initiativeLink, "/signup/i/no-such-initiative", { slug: "no-such-initiative" })).status).toBe(404);
  });

  describe("an initiative's sign-up link (issue 28)", () => {
    beforeAll(async () => {
      await createInitiative({ orgId: "org-vizinhos", slug: "horta-comunitaria" });
      await createMember({ email: "ana@vizinhos.example", orgId: "org-vizinhos" });
    });

    it("a member who reaches an initiative's sign-up link signs in instead and lands on the initiative (issue 28)", async () => {
      const link = await load(initiativeLink, "/signup/i/horta-comunitaria", { slug: "horta-comunitaria" });
      expect(link).toMatchObject({ status: 302, location: "/signup" });
      // The first step's "Already have an account? Sign in" goes on to the initiative.
      expect(await load(firstStepPage, "/signup", {}, link.cookie)).toMatchObject({ status: 200, data: { landing: "/initiative/horta-comunitaria" } });
      // So does the tip of "this account exists" (409).
      const exists = await post(firstStep, "/signup", { email: "ana@vizinhos.example", name: "Ana", agreeTC: "on" }, link.cookie);
      expect(exists.status).toBe(409);
      const signin = exists.result!.failure!.signin!;
      expect(signin).toBe("/signin?redirect=%2Finitiative%2Fhorta-comunitaria&email=ana%40vizinhos.example");
      const request = new Request(`http://localhost${signin}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "login", email: "ana@vizinhos.example", password: "Correct-Horse-9" }),
      });
      const signedIn = await signinAction({ request, context });
      expect(signedIn instanceof Response && signedIn.headers.get("location")).toBe("/initiative/horta-comunitaria");
    });

    it("a new person's journey from an initiative's sign-up link mails a confirmation that goes on to the initiative (issue 28)", async () => {
      const link = await load(initiativeLink, "/signup/i/horta-comunitaria", { slug: "horta-comunitaria" });
      const first = await post(firstStep, "/signup", { email: "bia@example.org", name: "Bia", agreeTC: "on" }, link.cookie);
      expect(first).toMatchObject({ status: 302, location: "/signup/password" });
      expect(await post(passwordStep, "/signup/password", { password: "Green-lantern-42" }, first.cookie)).toMatchObject({ status: 302, location: "/signup/email_confirmation" });
      const [mail] = await mailbox("bia@example.org");
      expect(new URL(mail.links[0]).searchParams.get("next")).toBe("/initiative/horta-comunitaria");
    });
  });

  it("each step sends a visitor to the step the draft is at", async () => {
    // Without a draft: back to the first step.
    expect(await load(passwordPage, "/signup/password", {})).toMatchObject({ status: 302, location: "/signup" });
    // A draft that waits for the organisation: the password and confirmation steps send it there.
    const draft = (await post(firstStep, "/signup", { email: "guard@example.org", name: "Guard Steps", agreeTC: "on" })).cookie!;
    expect(await load(passwordPage, "/signup/password", {}, draft)).toMatchObject({ status: 302, location: "/signup/organization" });
    expect(await load(confirmationPage, "/signup/email_confirmation", {}, draft)).toMatchObject({ status: 302, location: "/signup/organization" });
    const organizations = await load(organizationPage, "/signup/organization", {}, draft);
    expect(organizations.status).toBe(200);
    expect((organizations.data!.organizations as { slug: string }[]).map((org) => org.slug)).toContain("commons");
  });
});
