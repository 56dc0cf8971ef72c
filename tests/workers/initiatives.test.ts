import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR, addContribution, addParticipation, addRecord, createInitiative } from "./initiatives-fixtures";
import { call, createMember, createOrg, json, login, seedOrganizations } from "./support";

const now = Date.now();
const tokens: Record<string, string> = {};
const members: Record<string, string> = {};

async function member(key: string, orgId: string, role: "member" | "manager" | "admin" = "member") {
  const email = `${key}@${orgId}.example`;
  members[key] = (await createMember({ email, orgId, role, name: key })).id;
  tokens[key] = (await login(email, "Correct-Horse-9")).body.access_token;
}

const open = (extra: Partial<Parameters<typeof createInitiative>[0]> = {}) =>
  createInitiative({ orgId: "org-acme", startTime: now + 3 * DAY, endTime: now + 3 * DAY + 4 * HOUR, ...extra });

const api = (method: string, path: string, token: string, body?: unknown) => call(method, `/api/acme/initiative${path}`, { token, body });

async function ok(res: Response | Promise<Response>, status = 200) {
  const r = await res;
  const body = r.status === 204 ? null : await json(r);
  expect(r.status, JSON.stringify(body)).toBe(status);
  return body;
}

async function refused(res: Response | Promise<Response>, status: number, error: string) {
  const r = await res;
  const body = await json(r);
  expect(r.status, JSON.stringify(body)).toBe(status);
  expect(body.error).toBe(error);
  return body;
}

/** A new open initiative of another organisation, and a call that joins it as `member`. */
async function joinerOf(orgId: string, org: string, member: string, extra: Partial<Parameters<typeof createInitiative>[0]> = {}) {
  const ini = await createInitiative({ orgId, startTime: now + 3 * DAY, endTime: now + 3 * DAY + 4 * HOUR, ...extra });
  return Object.assign(() => call("PUT", `/api/${org}/initiative/${ini.id}`, { token: tokens[member], body: {} }), { initiativeId: ini.id });
}

const count = async (id: string) =>
  (await env.DB.prepare("SELECT participant_count AS n FROM initiatives WHERE id = ?").bind(id).first<{ n: number }>())!.n;

beforeAll(async () => {
  await seedOrganizations();
  // Approval needed for working-hours initiatives only (the defaults: require_manager_approval and consider_working_hours).
  await createOrg({ id: "org-free", slug: "freeorg", community: { require_manager_approval: false } });
  await createOrg({ id: "org-strict", slug: "strictorg", community: { consider_working_hours: false, evaluation_configuration: { hide_evaluate_organizer: true } } });
  await createOrg({ id: "org-norating", slug: "noratingorg", community: { hide_rating: true } });
  await member("marta", "org-acme");
  await member("peer", "org-acme");
  await member("lead", "org-acme");
  await member("boss", "org-acme", "manager");
  await member("admin", "org-acme", "admin");
  await member("ana", "org-commons");
  await member("free", "org-free");
  await member("strict", "org-strict");
  await member("norate", "org-norating");
  await createOrg({ id: "org-phone", slug: "phoneorg", community: { ask_member_phone: true, require_manager_approval: false } });
  await createOrg({ id: "org-policy", slug: "policyorg", community: { require_manager_approval: false } });
  // Version 2 of the policy is current (set before the organisation is first read, so never cached without it).
  await env.DB.prepare("UPDATE organizations SET org_terms_version = 2, org_terms_url = 'https://policy.example/v2' WHERE id = 'org-policy'").run();
  await member("nophone", "org-phone");
  await member("nophone2", "org-phone");
  await member("nopolicy", "org-policy");
  await env.DB.prepare("UPDATE memberships SET manager_member_id = ? WHERE member_id = ?").bind(members.lead, members.marta).run();
});

describe("GET /api/{org}/initiative/{slug}", () => {
  it("answers the full initiative", async () => {
    const ini = await open({ slug: "detail", title: "Detail", sdgs: [1], indicators: [{ id: "ind-d", name: "Kilos", unit: "kilogram" }] });
    const body = await ok(api("GET", "/detail", tokens.marta));
    expect(body).toMatchObject({ id: ini.id, slug: "detail", title: "Detail", sdgs: [1], participant_status: null, indicators: [{ id: "ind-d" }] });
    expect(body.participations).toEqual([]);
  });

  it("answers 404 for an unknown initiative, another organisation's initiative, or a member of another organisation", async () => {
    const theirs = await createInitiative({ orgId: "org-commons", slug: "commons-only" });
    await refused(api("GET", "/nothing-here", tokens.marta), 404, "initiative_not_found");
    await refused(api("GET", "/commons-only", tokens.marta), 404, "initiative_not_found");
    await refused(api("PUT", `/${theirs.id}`, tokens.marta), 404, "initiative_not_found");
    await open({ slug: "acme-only" });
    await refused(api("GET", "/acme-only", tokens.ana), 404, "organization_not_found");
    expect((await call("GET", "/api/acme/initiative/acme-only")).status).toBe(401);
  });
});

describe("PUT /api/{org}/initiative/{id} (join)", () => {
  it("accepts at once, without approval outside working hours, and keeps participant_count in step", async () => {
    const ini = await open();
    const body = await ok(api("PUT", `/${ini.id}`, tokens.marta, {}));
    expect(body).toMatchObject({ participant_status: "accepted", manager_approval_status: "not_needed", participant_count: 1 });
    expect(body.participant_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.participant_created_at).not.toBeNull();
    // Joining again changes nothing.
    const again = await ok(api("PUT", `/${ini.id}`, tokens.marta));
    expect(again).toMatchObject({ participant_status: "accepted", participant_count: 1, participant_uuid: body.participant_uuid });
    expect(await count(ini.id)).toBe(1);
  });

  it("asks the manager's approval for working-hours initiatives where the organisation requires it", async () => {
    const ini = await open({ isWorkingHours: true });
    expect(await ok(api("PUT", `/${ini.id}`, tokens.marta))).toMatchObject({ participant_status: "accepted", manager_approval_status: "pending" });
    const free = await createInitiative({ orgId: "org-free", isWorkingHours: true, startTime: now + DAY });
    const freeBody = await ok(call("PUT", `/api/freeorg/initiative/${free.id}`, { token: tokens.free }));
    expect(freeBody.manager_approval_status).toBe("not_needed");
    const strict = await createInitiative({ orgId: "org-strict", isWorkingHours: false, startTime: now + DAY });
    const strictBody = await ok(call("PUT", `/api/strictorg/initiative/${strict.id}`, { token: tokens.strict }));
    expect(strictBody.manager_approval_status).toBe("pending");
  });

  it("refuses a full initiative with 409, and gives the last place to exactly one of two members at once", async () => {
    const full = await open({ maxParticipants: 1 });
    await addParticipation(full.id, "org-acme", members.peer);
    await refused(api("PUT", `/${full.id}`, tokens.marta), 409, "initiative_full");
    expect(await count(full.id)).toBe(1);

    const last = await open({ maxParticipants: 1 });
    const answers = await Promise.all([api("PUT", `/${last.id}`, tokens.marta), api("PUT", `/${last.id}`, tokens.peer)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await count(last.id)).toBe(1);
    const accepted = await env.DB.prepare("SELECT count(*) AS n FROM participations WHERE initiative_id = ? AND status = 'accepted'").bind(last.id).first<{ n: number }>();
    expect(accepted!.n).toBe(1);
  });

  it("refuses suspended, canceled and registration-closed initiatives with 409", async () => {
    for (const extra of [
      { status: "suspended" as const },
      { status: "canceled" as const },
      { registrationEndTime: now - HOUR },
      { startTime: now - 3 * DAY, endTime: now - DAY },
    ]) {
      const ini = await open(extra);
      await refused(api("PUT", `/${ini.id}`, tokens.marta), 409, "initiative_closed");
      expect(await count(ini.id)).toBe(0);
    }
  });

  it("refuses donations and informative initiatives with 400", async () => {
    for (const type of ["donation", "informative"] as const) {
      const ini = await open({ type });
      await refused(api("PUT", `/${ini.id}`, tokens.marta), 400, "initiative_not_joinable");
    }
  });

  it("lets collection and training initiatives be joined", async () => {
    for (const type of ["collection", "training"] as const) {
      const ini = await open({ type });
      expect((await ok(api("PUT", `/${ini.id}`, tokens.marta))).participant_status).toBe("accepted");
    }
  });

  it("refuses a member the manager rejected", async () => {
    const ini = await open();
    await addParticipation(ini.id, "org-acme", members.marta, "rejected", { managerApprovalStatus: "rejected" });
    await refused(api("PUT", `/${ini.id}`, tokens.marta), 409, "initiative_rejected");
  });

  it("refuses a member without a phone where the organisation asks for one, until the phone is on the profile", async () => {
    const join = await joinerOf("org-phone", "phoneorg", "nophone");
    await refused(join(), 409, "phone_required");
    await env.DB.prepare("UPDATE profiles SET phone = '' WHERE member_id = ?").bind(members.nophone).run();
    await refused(join(), 409, "phone_required");
    expect(await count(join.initiativeId)).toBe(0);
    await env.DB.prepare("UPDATE profiles SET phone = '+34612345678' WHERE member_id = ?").bind(members.nophone).run();
    expect((await ok(join())).participant_status).toBe("accepted");
  });

  it("refuses a member who has not accepted the organisation's volunteering policy, until they accept it", async () => {
    const join = await joinerOf("org-policy", "policyorg", "nopolicy");
    await refused(join(), 403, "org_terms_not_accepted");
    // An older version accepted is not enough.
    await env.DB.prepare("UPDATE memberships SET org_terms_accepted_version = 1 WHERE member_id = ?").bind(members.nopolicy).run();
    await refused(join(), 403, "org_terms_not_accepted");
    expect(await count(join.initiativeId)).toBe(0);
    await ok(call("PUT", "/api/policyorg/profile", { token: tokens.nopolicy, body: { org_last_terms_accepted: true } }));
    expect((await ok(join())).participant_status).toBe("accepted");
  });

  it("checks the initiative before the member's profile: a full initiative is full, phone or not", async () => {
    const join = await joinerOf("org-phone", "phoneorg", "nophone2", { maxParticipants: 0 });
    await refused(join(), 409, "initiative_full");
  });
});

describe("DELETE /api/{org}/initiative/{id} (not going)", () => {
  it("sets not_going, frees the place, and lets the member join again", async () => {
    const ini = await open({ maxParticipants: 1 });
    const joined = await ok(api("PUT", `/${ini.id}`, tokens.marta));
    const left = await ok(api("DELETE", `/${ini.id}`, tokens.marta));
    expect(left).toMatchObject({ participant_status: "not_going", participant_count: 0 });
    expect(await ok(api("PUT", `/${ini.id}`, tokens.peer))).toMatchObject({ participant_count: 1 });
    await refused(api("PUT", `/${ini.id}`, tokens.marta), 409, "initiative_full");
    await ok(api("DELETE", `/${ini.id}`, tokens.peer));
    const back = await ok(api("PUT", `/${ini.id}`, tokens.marta));
    expect(back).toMatchObject({ participant_status: "accepted", participant_count: 1, participant_uuid: joined.participant_uuid });
  });

  it("refuses members who are not accepted, ended initiatives and other types with 409", async () => {
    const notJoined = await open();
    await refused(api("DELETE", `/${notJoined.id}`, tokens.marta), 409, "not_going_not_allowed");
    const ended = await open({ startTime: now - 2 * DAY, endTime: now - DAY });
    await addParticipation(ended.id, "org-acme", members.marta);
    await refused(api("DELETE", `/${ended.id}`, tokens.marta), 409, "not_going_not_allowed");
    const collection = await open({ type: "collection" });
    await ok(api("PUT", `/${collection.id}`, tokens.marta));
    await refused(api("DELETE", `/${collection.id}`, tokens.marta), 409, "not_going_not_allowed");
    expect(await count(collection.id)).toBe(1);
  });
});

describe("PUT and DELETE /api/{org}/initiative/{id}/interested", () => {
  it("marks and unmarks interest in an informative initiative", async () => {
    const ini = await open({ type: "informative" });
    expect((await ok(api("PUT", `/${ini.id}/interested`, tokens.marta))).own_interested).toBe(true);
    expect((await ok(api("PUT", `/${ini.id}/interested`, tokens.marta))).own_interested).toBe(true);
    expect((await ok(api("DELETE", `/${ini.id}/interested`, tokens.marta))).own_interested).toBe(false);
    expect((await ok(api("DELETE", `/${ini.id}/interested`, tokens.marta))).own_interested).toBe(false);
  });

  it("refuses other types with 400 and canceled or past informative initiatives with 409", async () => {
    const volunteering = await open();
    await refused(api("PUT", `/${volunteering.id}/interested`, tokens.marta), 400, "initiative_not_informative");
    await refused(api("DELETE", `/${volunteering.id}/interested`, tokens.marta), 400, "initiative_not_informative");
    const canceled = await open({ type: "informative", status: "canceled" });
    await refused(api("PUT", `/${canceled.id}/interested`, tokens.marta), 409, "initiative_closed");
    const past = await open({ type: "informative", startTime: now - 3 * DAY, endTime: now - DAY });
    await refused(api("PUT", `/${past.id}/interested`, tokens.marta), 409, "initiative_closed");
  });
});

describe("PUT /api/{org}/initiative/{slug}/score", () => {
  it("lets an interested member rate an informative initiative, once, updated in place", async () => {
    const ini = await open({ type: "informative", slug: "rate-info" });
    await ok(api("PUT", `/${ini.id}/interested`, tokens.marta));
    const first = await ok(api("PUT", "/rate-info/score", tokens.marta, { initiative_score: 4.5, organization_score: 3 }));
    expect(first).toMatchObject({ own_score: { initiative_score: 4.5, organization_score: 3 }, initiative_score: 4.5, initiative_score_count: 1 });
    const second = await ok(api("PUT", "/rate-info/score", tokens.marta, { initiative_score: 2, organization_score: 5 }));
    expect(second).toMatchObject({ own_score: { initiative_score: 2, organization_score: 5 }, initiative_score: 2, initiative_score_count: 1, organization_score: 5 });
  });

  it("refuses members who did not take part with 403", async () => {
    await open({ type: "informative", slug: "rate-not-interested" });
    await refused(api("PUT", "/rate-not-interested/score", tokens.marta, { initiative_score: 4, organization_score: 4 }), 403, "rating_not_allowed");
    const qr = await open({ slug: "rate-qr", participationMethod: "qr" });
    const p = await addParticipation(qr.id, "org-acme", members.marta);
    await refused(api("PUT", "/rate-qr/score", tokens.marta, { initiative_score: 4, organization_score: 4 }), 403, "rating_not_allowed");
    await addRecord(p.id, "pending");
    await refused(api("PUT", "/rate-qr/score", tokens.marta, { initiative_score: 4, organization_score: 4 }), 403, "rating_not_allowed");
    await addRecord(p.id, "validated");
    await ok(api("PUT", "/rate-qr/score", tokens.marta, { initiative_score: 4, organization_score: 4 }));
    const hours = await open({ slug: "rate-hours", participationMethod: "report_hours" });
    await addParticipation(hours.id, "org-acme", members.marta);
    await ok(api("PUT", "/rate-hours/score", tokens.marta, { initiative_score: 1, organization_score: 0.5 }));
    await refused(api("PUT", "/rate-missing/score", tokens.marta, { initiative_score: 1, organization_score: 1 }), 404, "initiative_not_found");
  });

  it("validates each rating shown", async () => {
    const ini = await open({ slug: "rate-validate" });
    await addParticipation(ini.id, "org-acme", members.marta);
    const cases: [unknown, Record<string, string>][] = [
      [{ initiative_score: 0, organization_score: 3 }, { initiative_score: "rating_error_required" }],
      [{ initiative_score: 3 }, { organization_score: "rating_error_required" }],
      [{ initiative_score: 4.3, organization_score: 3 }, { initiative_score: "rating_error_invalid" }],
      [{ initiative_score: 3, organization_score: 6 }, { organization_score: "rating_error_invalid" }],
      [{ initiative_score: "4", organization_score: 3 }, { initiative_score: "rating_error_required" }],
    ];
    for (const [body, fields] of cases) {
      const res = await refused(api("PUT", "/rate-validate/score", tokens.marta, body), 400, "validation_error");
      expect(res.fields, JSON.stringify(body)).toMatchObject(fields);
    }
    await refused(api("PUT", "/rate-validate/score", tokens.marta, { initiative_score: 3, organization_score: 3, extra: 1 }), 400, "validation_error");
    const raw = await call("PUT", "/api/acme/initiative/rate-validate/score", { token: tokens.marta, rawBody: "{", headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(400);
  });

  it("asks only for the ratings the organisation shows", async () => {
    const ini = await createInitiative({ orgId: "org-strict", slug: "strict-rate", startTime: now + DAY });
    await addParticipation(ini.id, "org-strict", members.strict);
    const body = await ok(call("PUT", "/api/strictorg/initiative/strict-rate/score", { token: tokens.strict, body: { initiative_score: 5 } }));
    expect(body.own_score).toEqual({ initiative_score: 5, organization_score: null });
    const hidden = await createInitiative({ orgId: "org-norating", slug: "no-rate", startTime: now + DAY });
    await addParticipation(hidden.id, "org-norating", members.norate);
    await refused(call("PUT", "/api/noratingorg/initiative/no-rate/score", { token: tokens.norate, body: { initiative_score: 5 } }), 403, "rating_disabled");
  });
});

describe("PUT /api/{org}/initiative/{id}/participants/{uuid}/approval", () => {
  const approval = (ini: string, uuid: string, token: string, body: unknown = { approved: true }) =>
    api("PUT", `/${ini}/participants/${uuid}/approval`, token, body);

  it("lets the member's manager approve", async () => {
    const ini = await open({ isWorkingHours: true });
    const joined = await ok(api("PUT", `/${ini.id}`, tokens.marta));
    await refused(approval(ini.id, joined.participant_uuid, tokens.peer), 403, "approval_not_allowed");
    await refused(approval(ini.id, joined.participant_uuid, tokens.marta), 403, "approval_not_allowed");
    await ok(approval(ini.id, joined.participant_uuid, tokens.lead), 204);
    const after = await ok(api("GET", `/${ini.slug}`, tokens.marta));
    expect(after).toMatchObject({ participant_status: "accepted", manager_approval_status: "approved", participant_count: 1 });
    // Decided once: approving again is 409 with the approval as stored.
    await refused(approval(ini.id, joined.participant_uuid, tokens.lead), 409, "approval_already_decided");
    // An approved participation can still be rejected.
    await ok(approval(ini.id, joined.participant_uuid, tokens.boss, { approved: false }), 204);
    expect(await ok(api("GET", `/${ini.slug}`, tokens.marta))).toMatchObject({ participant_status: "rejected", manager_approval_status: "rejected" });
  });

  it("lets managers and administrators reject: the participant is rejected and the place freed", async () => {
    const ini = await open({ isWorkingHours: true, maxParticipants: 1 });
    const joined = await ok(api("PUT", `/${ini.id}`, tokens.marta));
    expect(await count(ini.id)).toBe(1);
    await ok(approval(ini.id, joined.participant_uuid, tokens.admin, { approved: false }), 204);
    expect(await ok(api("GET", `/${ini.slug}`, tokens.marta))).toMatchObject({
      participant_status: "rejected",
      manager_approval_status: "rejected",
      participant_count: 0,
    });
    await refused(approval(ini.id, joined.participant_uuid, tokens.boss, { approved: false }), 409, "approval_already_decided");
    await refused(approval(ini.id, joined.participant_uuid, tokens.boss), 409, "approval_closed");
    await refused(api("PUT", `/${ini.id}`, tokens.marta), 409, "initiative_rejected");
    expect((await ok(api("PUT", `/${ini.id}`, tokens.peer))).manager_approval_status).toBe("pending");
  });

  it("refuses participations that need no approval or are no longer going, unknown ones and bad bodies", async () => {
    const plain = await open();
    const joined = await ok(api("PUT", `/${plain.id}`, tokens.marta));
    await refused(approval(plain.id, joined.participant_uuid, tokens.boss), 409, "approval_not_needed");
    const working = await open({ isWorkingHours: true });
    const pending = await ok(api("PUT", `/${working.id}`, tokens.marta));
    await ok(api("DELETE", `/${working.id}`, tokens.marta));
    await refused(approval(working.id, pending.participant_uuid, tokens.boss), 409, "approval_closed");
    await refused(approval(working.id, crypto.randomUUID(), tokens.boss), 404, "participant_not_found");
    await refused(approval(plain.id, pending.participant_uuid, tokens.boss), 404, "participant_not_found");
    for (const body of [{}, { approved: "yes" }, { approved: true, note: 1 }]) {
      const res = await refused(approval(working.id, pending.participant_uuid, tokens.boss, body), 400, "validation_error");
      expect(res.fields).toBeDefined();
    }
  });

  it("checks who may decide before the body: 403 for anyone else, whatever they send (issue 25)", async () => {
    const working = await open({ isWorkingHours: true });
    const joined = await ok(api("PUT", `/${working.id}`, tokens.marta));
    for (const body of [{}, { approved: "yes" }, "not json"]) {
      await refused(approval(working.id, joined.participant_uuid, tokens.peer, body), 403, "approval_not_allowed");
      await refused(approval(working.id, crypto.randomUUID(), tokens.peer, body), 404, "participant_not_found");
    }
    // The line manager still learns what is wrong with the body.
    await refused(approval(working.id, joined.participant_uuid, tokens.lead, {}), 400, "validation_error");
  });
});

describe("GET /api/{org}/initiative (my initiatives)", () => {
  it("lists accepted, interested and given-to initiatives, newest first, not the ones left or rejected", async () => {
    await member("mine", "org-acme");
    const t = tokens.mine;
    const a = await open({ slug: "mine-a" });
    const b = await open({ slug: "mine-b", type: "informative" });
    const c = await open({ slug: "mine-c", type: "donation" });
    const d = await open({ slug: "mine-d" });
    const e = await open({ slug: "mine-e", isWorkingHours: true });
    const canceled = await open({ slug: "mine-canceled" });
    await addParticipation(canceled.id, "org-acme", members.mine, "accepted", { createdAt: now - 10 * DAY });
    await env.DB.prepare("UPDATE initiatives SET status = 'canceled' WHERE id = ?").bind(canceled.id).run();
    await ok(api("PUT", `/${a.id}`, t));
    await ok(api("PUT", `/${b.id}/interested`, t));
    await addContribution(c.id, "org-acme", members.mine, 500);
    // The two gifts newer than every other row of the test, in a fixed order: both times taken from
    // one clock reading, so a slow machine between the two updates cannot swap them.
    const afterTheRest = Date.now() + 60_000;
    await env.DB.prepare("UPDATE contributions SET created_at = ? WHERE initiative_id = ?").bind(afterTheRest + 1000, c.id).run();
    await ok(api("PUT", `/${d.id}`, t));
    await ok(api("DELETE", `/${d.id}`, t));
    const pending = await ok(api("PUT", `/${e.id}`, t));
    await ok(api("PUT", `/${e.id}/participants/${pending.participant_uuid}/approval`, tokens.boss, { approved: false }), 204);
    const pledged = await open({ slug: "mine-pledged", type: "donation" });
    await addContribution(pledged.id, "org-acme", members.mine, 700, "pending");
    await env.DB.prepare("UPDATE contributions SET created_at = ? WHERE initiative_id = ?").bind(afterTheRest + 500, pledged.id).run();
    const rejectedGift = await open({ slug: "mine-rejected-gift", type: "donation" });
    await addContribution(rejectedGift.id, "org-acme", members.mine, 500, "rejected");
    await createInitiative({ orgId: "org-commons", slug: "mine-other-org" });

    const list = (await ok(api("GET", "", t))).initiatives;
    expect(list.map((i: { slug: string }) => i.slug)).toEqual(["mine-c", "mine-pledged", "mine-b", "mine-a", "mine-canceled"]);
    expect(list[0]).toMatchObject({ own_contribution_total: 5, own_pending_contribution_total: 0, type: "donation" });
    // A pledge not confirmed yet keeps the initiative in the list, marked as pending, not as given.
    expect(list[1]).toMatchObject({ own_contribution_total: 0, own_pending_contribution_total: 7, type: "donation" });
    expect(list[2]).toMatchObject({ own_interested: true });
    expect(list[3]).toMatchObject({ participant_status: "accepted" });
    expect(list[4]).toMatchObject({ status: "canceled" });
  });

  it("is empty for a new member and 404 for another organisation's member", async () => {
    await member("newbie", "org-acme");
    expect(await ok(api("GET", "", tokens.newbie))).toEqual({ initiatives: [] });
    await refused(api("GET", "", tokens.ana), 404, "organization_not_found");
  });
});

describe("tenant isolation", () => {
  it("answers 404 on every endpoint to a member of another organisation, and for another organisation's initiative", async () => {
    const ini = await open({ slug: "isolated", type: "informative" });
    const p = await addParticipation(ini.id, "org-acme", members.peer, "accepted", { managerApprovalStatus: "pending" });
    const requests: [string, string, unknown?][] = [
      ["GET", ""],
      ["GET", "/isolated"],
      ["PUT", `/${ini.id}`],
      ["DELETE", `/${ini.id}`],
      ["PUT", `/${ini.id}/interested`],
      ["DELETE", `/${ini.id}/interested`],
      ["PUT", "/isolated/score", { initiative_score: 4, organization_score: 4 }],
      ["PUT", `/${ini.id}/participants/${p.uuid}/approval`, { approved: true }],
    ];
    for (const [method, path, body] of requests) {
      expect((await api(method, path, tokens.ana, body)).status, `${method} ${path}`).toBe(404);
      // The acme initiative through the commons organisation is not found either.
      const viaCommons = await call(method, `/api/commons/initiative${path}`, { token: tokens.ana, body });
      expect(viaCommons.status, `commons ${method} ${path}`).toBe(path === "" ? 200 : 404);
    }
  });
});
