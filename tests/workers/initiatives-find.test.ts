import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { findInitiative, participationOf } from "../../workers/initiatives/queries";
import { getOrganizationBySlug } from "../../workers/tenant/organizations";
import type { Tenant } from "../../workers/tenant/organizations";
import { addContribution, addParticipation, addRecord, createInitiative } from "./initiatives-fixtures";
import { createMember, seedOrganizations } from "./support";

let acme: Tenant;
let commons: Tenant;
let member: string;
let other: string;

beforeAll(async () => {
  await seedOrganizations();
  acme = (await getOrganizationBySlug(env, "acme"))!;
  commons = (await getOrganizationBySlug(env, "commons"))!;
  member = (await createMember({ email: "find@acme.example", orgId: "org-acme", name: "Finder" })).id;
  other = (await createMember({ email: "other@acme.example", orgId: "org-acme" })).id;
  await env.DB.prepare("INSERT INTO collaborators (id, org_id, slug, name) VALUES ('col-1', 'org-acme', 'partner', 'Partner')").run();
});

describe("findInitiative", () => {
  it("answers the full initiative for the member by slug or id, scoped to the organisation", async () => {
    const ini = await createInitiative({
      orgId: "org-acme",
      slug: "full-shape",
      tags: JSON.stringify(["outdoors"]),
      sdgs: [13, 2],
      categories: ["environment"],
      competences: ["teamwork"],
      indicators: [{ id: "ind-1", name: "Trees", unit: "number" }],
      submitterMemberId: other,
    });
    await env.DB.prepare("INSERT INTO initiative_collaborators (initiative_id, collaborator_id) VALUES (?, 'col-1')").bind(ini.id).run();
    const p = await addParticipation(ini.id, "org-acme", member, "accepted", { managerApprovalStatus: "pending" });
    await addRecord(p.id, "validated", 3);
    await env.DB.prepare("INSERT INTO scores (initiative_id, member_id, initiative_score, organization_score) VALUES (?1, ?2, 4.5, 3), (?1, ?3, 4, NULL)")
      .bind(ini.id, member, other)
      .run();

    const bySlug = await findInitiative(env, acme, member, { slug: "full-shape" });
    const byId = await findInitiative(env, acme, member, { id: ini.id });
    expect(byId).toEqual(bySlug);
    expect(bySlug).toMatchObject({
      id: ini.id,
      slug: "full-shape",
      type: "volunteering",
      status: "open",
      sdgs: [2, 13],
      categories: ["environment"],
      competences: ["teamwork"],
      tags: ["outdoors"],
      participant_status: "accepted",
      manager_approval_status: "pending",
      participant_uuid: p.uuid,
      participant_count: 1,
      max_participants: -1,
      own_interested: false,
      indicators: [{ id: "ind-1", name: "Trees", unit: "number" }],
      participations: [{ type: "hours", hours: 3, status: "validated" }],
      initiative_score: 4.3,
      initiative_score_count: 2,
      organization_score: 3,
      organization_score_count: 1,
      own_score: { initiative_score: 4.5, organization_score: 3 },
      collaborators: [{ name: "Partner", slug: "partner", score: 3, score_count: 1 }],
      organization_name: "Acme",
      submitter: { name: "other", avatar: null, status: "active" },
      donation_params: null,
    });
    expect(bySlug!.start_time).toBe(new Date(ini.startTime!).toISOString());
    expect(await findInitiative(env, commons, member, { slug: "full-shape" })).toBeNull();
    expect(await findInitiative(env, acme, member, { slug: "nope" })).toBeNull();
    expect((await participationOf(env, ini.id, member))?.uuid).toBe(p.uuid);
    expect(await participationOf(env, ini.id, other)).toBeNull();
  });

  it("answers donation params and totals in major units: only confirmed money counts, the member's pending pledges apart", async () => {
    const ini = await createInitiative({
      orgId: "org-acme",
      type: "donation",
      donation: { currency: "EUR", targetAmount: 100000, showTargetAmount: true, sources: JSON.stringify(["transfer", "inhand"]), transferIban: "ES00" },
    });
    const pledger = (await createMember({ email: "pledger@acme.example", orgId: "org-acme" })).id;
    await addContribution(ini.id, "org-acme", member, 1050);
    await addContribution(ini.id, "org-acme", member, 500, "pending");
    await addContribution(ini.id, "org-acme", member, 250, "pending");
    await addContribution(ini.id, "org-acme", member, 700, "rejected");
    await addContribution(ini.id, "org-acme", other, 2000);
    await addContribution(ini.id, "org-acme", other, 9999, "rejected");
    // A transfer or in-hand pledge not received yet: neither money raised nor a contributor.
    await addContribution(ini.id, "org-acme", pledger, 50000, "pending");
    const found = await findInitiative(env, acme, member, { id: ini.id });
    expect(found).toMatchObject({
      contribution_total: 30.5,
      own_contribution_total: 10.5,
      own_pending_contribution_total: 7.5,
      contributor_count: 2,
      donation_params: { currency: "EUR", target_amount: 1000, show_target_amount: true, sources: ["transfer", "inhand"], transfer_iban: "ES00", br_transfer: null },
    });
    const pledgerView = await findInitiative(env, acme, pledger, { id: ini.id });
    expect(pledgerView).toMatchObject({ contribution_total: 30.5, contributor_count: 2, own_contribution_total: 0, own_pending_contribution_total: 500 });
    // Once the organisers confirm it, it counts.
    await env.DB.prepare("UPDATE contributions SET status = 'confirmed' WHERE member_id = ?").bind(pledger).run();
    expect(await findInitiative(env, acme, pledger, { id: ini.id })).toMatchObject({
      contribution_total: 530.5,
      contributor_count: 3,
      own_contribution_total: 500,
      own_pending_contribution_total: 0,
    });
  });
});
