/**
 * POST and GET /api/{org}/proposal (SPEC.md sections 3, 5 and 7; issue 12, docs/api/proposals.md):
 * every rule of section 5 at its boundary, the member's list, the limit per day and the feature
 * switch.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PROPOSALS_PER_DAY } from "../../app/domain/proposals";
import { invalidateOrganization } from "../../workers/tenant/organizations";
import { runScheduled } from "../../workers/scheduled";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const DAY = 86_400_000;
const future = (days: number, hour = 10) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + hour * 3_600_000).toISOString();

const propose = (who: string, body: Record<string, unknown>, org = "acme") => call("POST", `/api/${org}/proposal`, { token: tokens[who], body });

const valid = (changes: Record<string, unknown> = {}) => ({
  type: "volunteering",
  title: "Reading club at the library",
  description: "Read aloud to children on Saturday mornings.",
  start_time: future(7, 10),
  end_time: future(7, 12),
  is_in_person: true,
  address: "Biblioteca Eugenio Trías, Madrid",
  latitude: 40.4153,
  longitude: -3.6845,
  sdgs: ["quality-education"],
  competences: ["communication"],
  help_organize: true,
  max_participants: 8,
  ...changes,
});

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  for (const name of ["marta", "pablo", "lola"]) {
    await createMember({ email: `${name}@acme.example`, orgId: acme.id, role: "member", name });
    tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  }
  await env.DB.prepare("INSERT OR IGNORE INTO competences (slug, sort_order) VALUES ('communication', 1), ('first-aid', 2)").run();
  await env.DB.prepare("INSERT INTO member_competences (member_id, competence_slug) SELECT id, 'communication' FROM members WHERE email = 'marta@acme.example'").run();
});

describe("POST /api/{org}/proposal", () => {
  it("stores a proposal that follows every rule, pending, at the top of the member's list", async () => {
    const first = await propose("marta", valid({ title: "x".repeat(75) }));
    expect(first.status).toBe(201);
    expect(await json(first)).toMatchObject({ title: "x".repeat(75), status: "proposed", reject_reason: null, initiative_slug: null });
    // Placed at a city's centre by the wizard's address search: its precision goes with it (issue 28).
    await propose("marta", valid({ title: "Second idea", location_precision: "city" }));
    const { proposals } = await json(await call("GET", "/api/acme/proposal", { token: tokens.marta }));
    expect(proposals.map((p: { title: string }) => p.title)).toEqual(["Second idea", "x".repeat(75)]);
    const row = await env.DB.prepare("SELECT sdgs, competences, max_participants, help_organize, location_precision FROM proposals WHERE title = 'Second idea'").first();
    expect(row).toEqual({ sdgs: "[4]", competences: '["communication"]', max_participants: 8, help_organize: 1, location_precision: "city" });
  });

  it("answers each rule of section 5 at its field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "x".repeat(76) }, "title", "form_error_max_title_length"],
      [{ title: "" }, "title", "form_error_required"],
      [{ description: " " }, "description", "form_error_required"],
      [{ type: undefined }, "type", "form_error_required"],
      // Acme's proposal types are the default ones: no training.
      [{ type: "training" }, "type", "form_error_required"],
      [{ sdgs: ["no-poverty", "zero-hunger", "quality-education", "climate-action"] }, "sdgs", "form_error_max_sdgs"],
      [{ end_time: null }, "end_time", "form_error_required"],
      [{ start_time: null }, "start_time", "form_error_required"],
      [{ start_time: future(-1), end_time: future(1) }, "start_time", "form_error_date_in_past"],
      [{ end_time: future(6) }, "end_time", "form_error_end_before_start"],
      [{ address: null }, "address", "form_error_address_required"],
      [{ longitude: null }, "latitude", "form_error_wrong_coords"],
      [{ latitude: "40.4" }, "latitude", "form_error_wrong_coords"],
      [{ location_precision: "nearby" }, "location_precision", "form_error_invalid"],
      [{ competences: ["first-aid"] }, "competences", "form_error_invalid"],
      [{ max_participants: 0 }, "max_participants", "form_error_invalid_number"],
      [{ max_participants: "eight" }, "max_participants", "form_error_invalid_number"],
      [{ organiser: "me" }, "organiser", "form_error_unknown_field"],
    ];
    for (const [changes, field, key] of cases) {
      const response = await propose("pablo", { ...valid({ competences: [] }), ...changes });
      expect(response.status, field).toBe(400);
      expect((await json(response)).fields[field], JSON.stringify(changes)).toBe(key);
    }
    // Three SDGs are allowed, no dates at all too; a cap is kept only where people take part.
    expect((await propose("pablo", valid({ competences: [], sdgs: ["no-poverty", "zero-hunger", "quality-education"], start_time: null, end_time: null }))).status).toBe(201);
    await propose("pablo", valid({ competences: [], type: "informative", title: "A talk", max_participants: 30 }));
    expect((await env.DB.prepare("SELECT max_participants FROM proposals WHERE title = 'A talk'").first<{ max_participants: number | null }>())!.max_participants).toBeNull();
  });

  it("takes a start before today where the organisation lets dates be overridden", async () => {
    await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.can_override_date_limits', json('true')) WHERE id = 'org-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    expect((await propose("pablo", valid({ competences: [], start_time: future(-3), end_time: future(-3, 12) }))).status).toBe(201);
    await env.DB.prepare("UPDATE organizations SET community_config = json_remove(community_config, '$.can_override_date_limits') WHERE id = 'org-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
  });

  it("answers 429 past the proposals of a day, and counts only those sent", async () => {
    for (let n = 0; n < PROPOSALS_PER_DAY; n++) expect((await propose("lola", valid({ competences: [], title: `Idea ${n}` }))).status).toBe(201);
    const refused = await propose("lola", valid({ competences: [], title: "One too many" }));
    expect(refused.status).toBe(429);
    expect((await json(refused)).error).toBe("too_many_requests");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("does not exist where the feature is off (404), nor for another organisation's member", async () => {
    await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.features.proposals', json('false')) WHERE id = 'org-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    expect((await propose("marta", valid())).status).toBe(404);
    expect((await call("GET", "/api/acme/proposal", { token: tokens.marta })).status).toBe(404);
    await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.features.proposals', json('true')) WHERE id = 'org-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    expect((await propose("marta", valid(), "commons")).status).toBe(404);
  });
});

describe("moderation: /api/{org}/manage/proposals", () => {
  const manage = (who: string, method: string, path: string, body?: unknown, org = "acme") => call(method, `/api/${org}/manage/proposals${path}`, { token: tokens[who], body });
  let waiting: { id: string }[] = [];

  beforeAll(async () => {
    for (const [name, role] of [
      ["ada", "admin"],
      ["olga", "organiser"],
    ] as const) {
      await createMember({ email: `${name}@acme.example`, orgId: "org-acme", role, name });
      tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
    }
    await createMember({ email: "cora@commons.example", orgId: "org-commons", role: "admin" });
    tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;
    waiting = (await json(await manage("ada", "GET", "?status=proposed"))).proposals;
  });

  it("shows administrators what waits, in full and oldest first", async () => {
    expect(waiting.length).toBeGreaterThan(3);
    expect(waiting[0]).toMatchObject({ title: "x".repeat(75), status: "proposed", sdgs: ["quality-education"], competences: ["communication"], help_organize: true, max_participants: 8, proposer: { name: "marta" } });
    expect(waiting[1]).toMatchObject({ title: "Second idea", location_precision: "city" });
  });

  it("is refused to members and to organisers unless the organisation lets them (403), and another organisation (404)", async () => {
    expect((await manage("marta", "GET", "")).status).toBe(403);
    expect((await manage("olga", "GET", "")).status).toBe(403);
    expect((await manage("olga", "PUT", `/${waiting[1].id}`, { status: "open" })).status).toBe(403);
    expect((await call("GET", "/api/acme/manage/proposals", { token: tokens.cora })).status).toBe(404);
    expect((await call("PUT", `/api/commons/manage/proposals/${waiting[1].id}`, { token: tokens.cora, body: { status: "open" } })).status).toBe(404);
  });

  it("approving makes exactly one open initiative, however often it is sent (again: 409 with the proposal as stored); the proposer hears of it", async () => {
    const id = waiting[1].id;
    const first = await manage("ada", "PUT", `/${id}`, { status: "open" });
    expect(first.status).toBe(200);
    expect(await json(first)).toMatchObject({ status: "open", initiative_id: id });
    const again = await manage("ada", "PUT", `/${id}`, { status: "open" });
    expect([again.status, await json(again)]).toEqual([409, expect.objectContaining({ error: "proposal_already_reviewed", current: expect.objectContaining({ id, status: "open" }) })]);
    const made = await env.DB.prepare("SELECT status, title, submitter_member_id, max_participants, location_precision FROM initiatives WHERE id = ?").bind(id).all();
    expect(made.results).toEqual([expect.objectContaining({ status: "open", title: "Second idea", max_participants: 8, location_precision: "city" })]);
    expect((await env.DB.prepare("SELECT sdg_id FROM initiative_sdgs WHERE initiative_id = ?").bind(id).all()).results).toEqual([{ sdg_id: 4 }]);
    // On the wall, and in the proposer's list with its initiative.
    const mine = (await json(await call("GET", "/api/acme/proposal", { token: tokens.marta }))).proposals;
    expect(mine.find((p: { id: string }) => p.id === id)).toMatchObject({ status: "open", initiative_slug: expect.stringMatching(/^second-idea-/) });
    const [mail] = await mailbox("marta@acme.example");
    expect(mail.subject).toContain("Second idea");
    // Rejecting an approved one is too late.
    expect((await manage("ada", "PUT", `/${id}`, { status: "rejected", reject_reason: "No" })).status).toBe(409);
  });

  it("approving makes the initiative through the editor's service: the editor opens it for the moderator as it opens one staff created", async () => {
    const sent = await propose("marta", valid({ title: "Editor-made approval" }));
    const { id } = await json(sent);
    expect((await manage("ada", "PUT", `/${id}`, { status: "open" })).status).toBe(200);
    const editor = await call("GET", `/api/acme/manage/initiatives/${id}`, { token: tokens.ada });
    expect(editor.status).toBe(200);
    expect(await json(editor)).toMatchObject({
      id,
      type: "volunteering",
      status: "open",
      title: "Editor-made approval",
      sdgs: ["quality-education"],
      competences: ["communication"],
      max_participants: 8,
      is_in_person: true,
      latitude: 40.4153,
      participation_method: "report_hours",
      donation_params: null,
    });
    // The proposer submitted it, the moderator organises it; the decision is the one audit row.
    const row = await env.DB.prepare("SELECT i.submitter_member_id = m.id AS theirs FROM initiatives i JOIN members m ON m.email = 'marta@acme.example' WHERE i.id = ?").bind(id).first();
    expect(row).toEqual({ theirs: 1 });
    const organisers = await env.DB.prepare("SELECT m.email FROM initiative_organisers o JOIN members m ON m.id = o.member_id WHERE o.initiative_id = ?").bind(id).all();
    expect(organisers.results).toEqual([{ email: "ada@acme.example" }]);
    const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE target_id = ?").bind(id).all();
    expect(audit.results).toEqual([{ action: "proposal.approved" }]);
  });

  it("approving a donation proposal makes a donation initiative without parameters, which the editor then asks staff for", async () => {
    const sent = await propose("marta", { type: "donation", title: "Books for the school", description: "Buy books for the school library.", sdgs: ["quality-education"] });
    expect(sent.status).toBe(201);
    const { id } = await json(sent);
    const approved = await manage("ada", "PUT", `/${id}`, { status: "open" });
    expect([approved.status, (await json(approved)).initiative_id]).toEqual([200, id]);
    const editor = await json(await call("GET", `/api/acme/manage/initiatives/${id}`, { token: tokens.ada }));
    expect(editor).toMatchObject({ type: "donation", title: "Books for the school", max_participants: null, donation_params: null });
    expect((await env.DB.prepare("SELECT max_participants FROM initiatives WHERE id = ?").bind(id).first())).toEqual({ max_participants: -1 });
    // The editor's rules for staff are not loosened: saving it still needs the donation's parameters.
    // The editor's answer, sent back as it came (a PUT reads it without its read-only fields).
    const save = await call("PUT", `/api/acme/manage/initiatives/${id}`, { token: tokens.ada, body: editor });
    expect([save.status, (await json(save)).fields]).toEqual([400, { donation_params: "form_error_required" }]);
    const saved = await call("PUT", `/api/acme/manage/initiatives/${id}`, { token: tokens.ada, body: { ...editor, donation_params: { currency: "EUR", sources: ["inhand"], inhand_instructions: "At the school office" } } });
    expect(saved.status).toBe(200);
  });

  it("of an approval and a rejection sent at once, one decides and the other gets 409; nothing of the loser is written", async () => {
    const { id } = await json(await propose("marta", valid({ title: "Decided twice at once" })));
    const [approve, reject] = await Promise.all([manage("ada", "PUT", `/${id}`, { status: "open" }), manage("ada", "PUT", `/${id}`, { status: "rejected", reject_reason: "Not now." })]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const stored = await env.DB.prepare("SELECT status, initiative_id FROM proposals WHERE id = ?").bind(id).first<{ status: string; initiative_id: string | null }>();
    const initiatives = (await env.DB.prepare("SELECT count(*) AS n FROM initiatives WHERE id = ?").bind(id).first<{ n: number }>())!.n;
    const links = (await env.DB.prepare("SELECT count(*) AS n FROM initiative_sdgs WHERE initiative_id = ?").bind(id).first<{ n: number }>())!.n;
    expect({ status: stored!.status, initiatives, links }).toEqual(stored!.status === "open" ? { status: "open", initiatives: 1, links: 1 } : { status: "rejected", initiatives: 0, links: 0 });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE target_id = ?").bind(id).first<{ n: number }>())!.n).toBe(1);
  });

  it("rejecting needs a reason, which the proposer sees", async () => {
    const id = waiting[2].id;
    const bare = await manage("ada", "PUT", `/${id}`, { status: "rejected" });
    expect(bare.status).toBe(400);
    expect((await json(bare)).fields).toEqual({ reject_reason: "form_error_required" });
    expect((await manage("ada", "PUT", `/${id}`, { status: "rejected", reject_reason: "  " })).status).toBe(400);
    const rejected = await manage("ada", "PUT", `/${id}`, { status: "rejected", reject_reason: "We run one already in May." });
    expect(await json(rejected)).toMatchObject({ status: "rejected", reject_reason: "We run one already in May.", initiative_id: null });
    const theirs = (await json(await call("GET", "/api/acme/proposal", { token: tokens.pablo }))).proposals.find((p: { id: string }) => p.id === id);
    expect(theirs).toMatchObject({ status: "rejected", reject_reason: "We run one already in May." });
    expect((await manage("ada", "PUT", `/${id}`, { status: "open" })).status).toBe(409);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM initiatives WHERE id = ?").bind(id).first<{ n: number }>())!.n).toBe(0);
  });

  it("lets organisers moderate where the organisation says so", async () => {
    await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.organisers_moderate_proposals', json('true')) WHERE id = 'org-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    expect((await manage("olga", "GET", "")).status).toBe(200);
  });
});

describe("the moderators' digest (scheduled)", () => {
  it("sends one summary of what waits to each moderator, at most once a day and only when something new came", async () => {
    const before = (await mailbox("ada@acme.example")).length;
    const first = await runScheduled(env, Date.now());
    expect(first.digests).toBeGreaterThan(0);
    const mails = await mailbox("ada@acme.example");
    expect(mails.length).toBe(before + 1);
    expect(mails[0].subject).toContain("Proposals waiting");
    expect(mails[0].links[0]).toMatch(/\/manage\/proposals$/);
    // Members are not moderators.
    expect((await mailbox("marta@acme.example")).some((mail) => mail.subject.includes("Proposals waiting"))).toBe(false);
    // Ten minutes later: nothing again. A day later with nothing new: nothing either.
    await runScheduled(env, Date.now() + 10 * 60_000);
    await runScheduled(env, Date.now() + 25 * 3_600_000);
    expect((await mailbox("ada@acme.example")).length).toBe(before + 1);
    // Something new, a day later: one more.
    await propose("marta", valid({ title: "Yet another idea" }));
    await runScheduled(env, Date.now() + 25 * 3_600_000);
    expect((await mailbox("ada@acme.example")).length).toBe(before + 2);
  });
});
