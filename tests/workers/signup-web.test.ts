/**
 * The sign-up steps' actions (app/lib/signup-steps.server.ts) with a real load context against the
 * real API: what each form posted without JavaScript gets back, where the journey goes next, and
 * what is written. Each form is read with the same schema the browser checks (app/domain/signup.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { submitFirstStep, submitOrganization, submitPassword } from "../../app/lib/signup-steps.server";
import type { StepResult } from "../../app/domain/signup-types";
import { seedOrganizations, testLoadContext } from "./support";

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
