/**
 * The onboarding wizard through the web app (issue 14, point 3): the signed-in layout shows the
 * first configured step whose data is missing; POST /onboarding saves each of the 18 steps (what
 * is written, and the step that comes next), refuses to pass a required step, keeps field errors
 * and the phone-in-use notification, records completion (version 5) after the last step, and
 * stays hidden while terms are pending.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as appLoader } from "../../app/routes/_app";
import { action } from "../../app/routes/onboarding";
import { ONBOARDING_STEPS, type OnboardingStep } from "../../app/domain/preferences";
import { createWebSession } from "../../workers/auth/web-session";
import { invalidateOrganization } from "../../workers/tenant/organizations";
import { call, createMember, createOrg, json, login, seedOrganizations, testLoadContext } from "./support";

let context: AppLoadContext;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

/** What each step's form posts, and what the profile holds afterwards. */
const STEP_FORMS: Record<OnboardingStep, { form: Record<string, string | string[]>; saved: (profile: any) => unknown }> = {
  public_groups: { form: { public_user_groups: "madrid-office" }, saved: (p) => p.public_user_groups.find((g: any) => g.member)?.slug },
  social_networks: { form: { linkedin: "https://www.linkedin.com/in/pia-onboard" }, saved: (p) => p.social.linkedin },
  categories: { form: { categories: ["environment", "animals"] }, saved: (p) => p.categories.filter((c: any) => c.member).map((c: any) => c.slug) },
  target_audience: { form: { target_audience: "children" }, saved: (p) => p.target_audience.filter((c: any) => c.member).map((c: any) => c.slug) },
  address: { form: { address: "Calle Mayor 1, Madrid" }, saved: (p) => p.details.address },
  experience: { form: { professional_experience: "Nurse", volunteering_experience: "", social_work_motivations: "", talents_and_skills: "" }, saved: (p) => p.details.professional_experience },
  experience_education_and_skills: { form: { education: "Biology", technical_skills: "", leadership_skills: "" }, saved: (p) => p.details.education },
  alias: { form: { alias: "Pia" }, saved: (p) => p.details.alias },
  specific_training: { form: { specific_training_first_aid: "true", specific_training_received_volunteering_training_where: "" }, saved: (p) => p.details.specific_training_first_aid },
  availability: {
    form: { availability_days: "weekends_and_holidays", availability_hours_start: "09:00", availability_hours_end: "13:00" },
    saved: (p) => [p.details.availability_days, p.details.availability_hours],
  },
  availability_and_mobility: { form: { availability_and_mobility: "By bike" }, saved: (p) => p.details.availability_and_mobility },
  volunteering_motivation: { form: { volunteering_motivation_reason: ["curiosity", "useful_to_others"] }, saved: (p) => p.details.volunteering_motivation_reason },
  motivations_and_expectations: { form: { motivations_and_expectations: "Meet people" }, saved: (p) => p.details.motivations_and_expectations },
  machine_number: { form: { machine_number: "A-1234" }, saved: (p) => p.details.machine_number },
  relation_with_org: { form: { relation_with_org: "employee" }, saved: (p) => p.details.relation_with_org },
  tshirt_size: { form: { tshirt_size: "M" }, saved: (p) => p.details.tshirt_size },
  phone: { form: { phone: "612 345 670" }, saved: (p) => p.phone },
  date_of_birth: { form: { date_of_birth: "1990-04-01" }, saved: (p) => p.details.date_of_birth },
};

const EXPECTED: Record<OnboardingStep, unknown> = {
  public_groups: "madrid-office",
  social_networks: "pia-onboard",
  categories: ["environment", "animals"],
  target_audience: ["children"],
  address: "Calle Mayor 1, Madrid",
  experience: "Nurse",
  experience_education_and_skills: "Biology",
  alias: "Pia",
  specific_training: true,
  availability: [["weekends_and_holidays"], { start: "09:00", end: "13:00" }],
  availability_and_mobility: "By bike",
  volunteering_motivation: ["curiosity", "useful_to_others"],
  motivations_and_expectations: "Meet people",
  machine_number: "A-1234",
  relation_with_org: "employee",
  tshirt_size: "M",
  phone: "+34612345670",
  date_of_birth: "1990-04-01",
};

function post(who: string, fields: Record<string, string | string[]>, options: { page?: boolean; passed?: string } = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", cookie: cookies[who] + (options.passed ? `; ${options.passed}` : "") });
  if (options.page) headers.set("accept", "text/html");
  return action({ request: new Request("http://onb.localhost/onboarding", { method: "POST", headers, body }), context, params: {} });
}

async function layout(who: string, passed?: string) {
  const request = new Request("http://onb.localhost/wall", { headers: { cookie: cookies[who] + (passed ? `; ${passed}` : "") } });
  return (await appLoader({ request, context, params: {} })) as { onboarding: { step: string; required: boolean; position: number; total: number } | null };
}

const passedCookieOf = (response: Response) => response.headers.get("set-cookie")?.split(";")[0] ?? "";
/** The member's own profile, as the API answers it. */
async function profileOf(who: string) {
  const { body } = await login(`${who}@onb.example`, "Correct-Horse-9", "onb.localhost");
  return json(await call("GET", "/api/onb/profile", { token: body.access_token, host: "onb.localhost" }));
}

beforeAll(async () => {
  await seedOrganizations();
  await createOrg({
    id: "org-onb",
    slug: "onb",
    hostnames: ["onb.localhost"],
    community: { onboarding_steps: [...ONBOARDING_STEPS].reverse(), required_onboarding_steps: ["phone"], social_network_profiles: ["linkedin"] },
  });
  await env.DB.prepare("INSERT INTO public_user_groups (id, org_id, slug, name) VALUES ('onb-g1', 'org-onb', 'madrid-office', 'Madrid office')").run();
  context = await testLoadContext("onb");
  for (const who of ["pia", "rui", "tom"]) {
    ids[who] = (await createMember({ email: `${who}@onb.example`, orgId: "org-onb", name: who })).id;
    cookies[who] = (await createWebSession(context, (await login(`${who}@onb.example`, "Correct-Horse-9", "onb.localhost")).body)).split(";")[0];
  }
  // Rui already has Pia's number: saving it again is the 409 of SPEC.md section 4.
  await env.DB.prepare("UPDATE profiles SET phone = '+34699000111' WHERE member_id = ?").bind(ids.rui).run();
});

describe("the wizard's steps", () => {
  it("starts at the first configured step in the spec's order, whatever the configuration's order", async () => {
    expect((await layout("pia")).onboarding).toMatchObject({ step: "public_groups", required: false, position: 1, total: 18 });
  });

  it("saves each of the 18 steps, moving on to the next one, and records completion after the last", async () => {
    let passed = "";
    for (const [index, step] of ONBOARDING_STEPS.entries()) {
      const answer = await post("pia", { intent: "save", step, ...STEP_FORMS[step].form }, { passed });
      const body = await answer.json<{ ok: boolean; next: string | null }>();
      expect(body, step).toEqual({ ok: true, next: ONBOARDING_STEPS[index + 1] ?? null });
      passed = passedCookieOf(answer);
      if (body.next) expect((await layout("pia", passed)).onboarding?.step).toBe(body.next);
    }
    const profile = await profileOf("pia");
    for (const step of ONBOARDING_STEPS) expect(STEP_FORMS[step].saved(profile), step).toEqual(EXPECTED[step]);
    expect(profile.onboarding_completed_version).toBe(5);
    expect(passed).toBe("commons_onboarding=");
    expect((await layout("pia")).onboarding).toBeNull();
  });
});

describe("passing, errors and the required step", () => {
  it("passes an optional step to the next pending one, and never a required one", async () => {
    const skipped = await post("tom", { intent: "skip", step: "public_groups" });
    expect(await skipped.json()).toEqual({ ok: true, next: "social_networks" });
    const passed = passedCookieOf(skipped);
    expect((await layout("tom", passed)).onboarding?.step).toBe("social_networks");
    const refused = await post("tom", { intent: "skip", step: "phone" }, { passed });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, error: "step_required" });
    // Past everything else, the required phone is what remains.
    expect((await layout("tom", "commons_onboarding=" + encodeURIComponent(btoa(JSON.stringify("tshirt_size"))))).onboarding).toMatchObject({ step: "phone", required: true });
  });

  it("saves only what changed: an unchanged optional step moves on without a write, an unchanged required one does not", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM profile_details WHERE member_id = ?").bind(ids.tom).first("n");
    const passed = await post("tom", { intent: "save", step: "address", address: "" });
    expect(await passed.json()).toEqual({ ok: true, next: "experience" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM profile_details WHERE member_id = ?").bind(ids.tom).first("n")).toBe(before);
    await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.required_onboarding_steps', json('[\"phone\", \"tshirt_size\"]')) WHERE id = 'org-onb'").run();
    await invalidateOrganization(env, { slug: "onb", hostnames: ["onb.localhost"] });
    try {
      const refused = await post("tom", { intent: "save", step: "tshirt_size", tshirt_size: "" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ ok: false, error: "step_required" });
    } finally {
      await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.required_onboarding_steps', json('[\"phone\"]')) WHERE id = 'org-onb'").run();
      await invalidateOrganization(env, { slug: "onb", hostnames: ["onb.localhost"] });
    }
  });

  it("answers field errors, and the phone-in-use notification, without moving on", async () => {
    const bad = await post("tom", { intent: "save", step: "date_of_birth", date_of_birth: "2999-01-01" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, fields: { date_of_birth: "form_error_invalid_date" } });
    const taken = await post("tom", { intent: "save", step: "phone", phone: "+34699000111" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ ok: false, error: "phone_in_use" });
    expect(taken.headers.get("set-cookie")).toBeNull();
  });

  it("sends a plain form post back to its page, with the failed step named", async () => {
    const ok = await post("tom", { intent: "save", step: "alias", alias: "Tommy", redirectTo: "/initiative?tab=past" }, { page: true });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/initiative?tab=past");
    const failed = await post("tom", { intent: "save", step: "alias", alias: "x".repeat(200), redirectTo: "//evil.example/" }, { page: true });
    expect(failed.headers.get("location")).toBe("/wall?onboarding_error=alias");
  });

  it("refuses an unknown or unconfigured step", async () => {
    expect((await post("tom", { intent: "save", step: "favourite_colour" })).status).toBe(400);
    expect((await post("tom", { intent: "jump", step: "alias" })).status).toBe(400);
  });

  it("stays hidden while a terms modal is pending", async () => {
    await env.DB.prepare("UPDATE members SET last_terms_accepted_version = 0 WHERE id = ?").bind(ids.rui).run();
    expect((await layout("rui")).onboarding).toBeNull();
  });
});
