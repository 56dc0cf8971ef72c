/**
 * Bulk decisions on pledges, members' uploads and approvals (issue 28, section 4), as the records
 * queue has them (PUT /api/{org}/manage/records): one decision on a list of ids, role and scope
 * checked for every item (a member 403, an organiser of another initiative 403, another
 * organisation's id 404: nothing decided then), each item decided once with its own audit row and
 * e-mail, and the answer per item (applied, lost) when someone else decided some first.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const api = (who: string, method: string, path: string, body?: unknown, org = "acme") => call(method, `/api/${org}/manage${path}`, { token: tokens[who], body });
const audits = (targetId: string) => env.DB.prepare("SELECT action, actor_member_id FROM audit_log WHERE target_id = ?").bind(targetId).all<{ action: string; actor_member_id: string }>();
/** The answer's items in the order of `ids` (the API answers them in the order it read them). */
const inOrder = (items: any[], key: string, ids: string[]) => [...items].sort((a, b) => ids.indexOf(a[key]) - ids.indexOf(b[key]));
const sorted = (list: string[]) => [...list].sort();
const statusOf = (table: string, id: string) => env.DB.prepare(`SELECT status FROM ${table} WHERE id = ?`).bind(id).first<string>("status");

async function pledges(orgId: string, initiativeId: string, memberId: string, count: number, source: "transfer" | "paypal" = "transfer") {
  const made = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    made.map((id) =>
      env.DB.prepare("INSERT INTO contributions (id, org_id, initiative_id, member_id, amount, currency, source, status) VALUES (?, ?, ?, ?, 1000, 'EUR', ?, 'pending')").bind(
        id,
        orgId,
        initiativeId,
        memberId,
        source,
      ),
    ),
  );
  return made;
}

async function uploads(orgId: string, initiativeId: string, memberId: string, count: number) {
  const made = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    made.map((id) =>
      env.DB.prepare(
        "INSERT INTO attachments (id, org_id, initiative_id, member_id, kind, filename, mimetype, size, r2_key, status) VALUES (?, ?, ?, ?, 'document', 'sheet.pdf', 'application/pdf', 4, ?, 'pending')",
      ).bind(id, orgId, initiativeId, memberId, `${orgId}/${initiativeId}/document/${id}`),
    ),
  );
  return made;
}

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const [name, role] of [["ada", "admin"], ["olga", "organiser"], ["otto", "organiser"], ["mario", "manager"], ["marta", "member"], ["ana", "member"], ["luis", "member"], ["pablo", "member"]] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name: name[0].toUpperCase() + name.slice(1) })).id;
    tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  }
  ids.cora = (await createMember({ email: "cora@commons.example", orgId: commons.id, role: "admin", name: "Cora" })).id;
  tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;
  // Luis is Marta's line manager (not Ana's).
  await env.DB.prepare("UPDATE memberships SET manager_member_id = ? WHERE member_id = ?").bind(ids.luis, ids.marta).run();

  ids.food = (await createInitiative({ orgId: acme.id, slug: "food-bank", title: "Food bank", type: "donation", submitterMemberId: ids.olga, donation: { currency: "EUR", sources: '["transfer","paypal"]' } })).id;
  ids.river = (await createInitiative({ orgId: acme.id, slug: "river", title: "River walk", submitterMemberId: ids.otto })).id;
  ids.beach = (await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach clean-up", submitterMemberId: ids.olga, maxParticipants: 2 })).id;
  ids.elsewhere = (await createInitiative({ orgId: commons.id, slug: "elsewhere", title: "Elsewhere" })).id;
});

describe("PUT /api/{org}/manage/contributions", () => {
  it("refuses a member (403, before the body), another organisation (404) and an organiser of another initiative (403), deciding nothing", async () => {
    const [mine] = await pledges("org-acme", ids.food, ids.marta, 1);
    const [otters] = await pledges("org-acme", ids.river, ids.marta, 1);
    const member = await api("marta", "PUT", "/contributions", { nonsense: true });
    expect([member.status, (await json(member)).error]).toEqual([403, "staff_only"]);
    expect((await api("cora", "PUT", "/contributions", { ids: [mine], status: "confirmed" })).status).toBe(404);
    const foreign = await api("olga", "PUT", "/contributions", { ids: [mine, otters], status: "confirmed" });
    expect([foreign.status, (await json(foreign)).error]).toEqual([403, "initiative_not_managed"]);
    expect([await statusOf("contributions", mine), await statusOf("contributions", otters)]).toEqual(["pending", "pending"]);
    expect((await audits(mine)).results).toEqual([]);
  });

  it("answers 404 for another organisation's pledge among the ids, and 409 for a PayPal one, deciding nothing", async () => {
    const [mine] = await pledges("org-acme", ids.food, ids.marta, 1);
    const [theirs] = await pledges("org-commons", ids.elsewhere, ids.cora, 1);
    const [paypal] = await pledges("org-acme", ids.food, ids.marta, 1, "paypal");
    const other = await api("ada", "PUT", "/contributions", { ids: [mine, theirs], status: "confirmed" });
    expect([other.status, (await json(other)).error]).toEqual([404, "contribution_not_found"]);
    const byHand = await api("ada", "PUT", "/contributions", { ids: [mine, paypal], status: "confirmed" });
    expect([byHand.status, (await json(byHand)).error]).toEqual([409, "contribution_not_manual"]);
    expect([await statusOf("contributions", mine), await statusOf("contributions", theirs)]).toEqual(["pending", "pending"]);
    expect((await api("ada", "PUT", "/contributions", { ids: [], status: "confirmed" })).status).toBe(400);
  });

  it("confirms a hundred pledges in one call (chunked under D1's limit), one audit row each and one e-mail for the donor", async () => {
    const many = await pledges("org-acme", ids.food, ids.ana, 100);
    const before = (await mailbox("ana@acme.example")).length;
    const res = await api("olga", "PUT", "/contributions", { ids: many, status: "confirmed" });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(sorted(body.applied)).toEqual(sorted(many));
    expect(body.lost).toEqual([]);
    expect(body.contributions.map((c: { status: string }) => c.status)).toEqual(Array(100).fill("confirmed"));
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'contribution.confirmed' AND actor_member_id = ?").bind(ids.olga).first<number>("n");
    expect(rows).toBe(100);
    // One e-mail per member, initiative and kind (notify.ts).
    expect((await mailbox("ana@acme.example")).length - before).toBe(1);
  });

  it("reports a partial failure per item: what someone else decided first is lost and keeps that decision", async () => {
    const [first, second, third] = await pledges("org-acme", ids.food, ids.marta, 3);
    expect((await api("ada", "PUT", `/contributions/${second}`, { status: "rejected", reason: "Never arrived" })).status).toBe(200);
    const res = await api("olga", "PUT", "/contributions", { ids: [first, second, third], status: "confirmed" });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect([sorted(body.applied), body.lost]).toEqual([sorted([first, third]), [second]]);
    expect(inOrder(body.contributions, "id", [first, second, third]).map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      [first, "confirmed"],
      [second, "rejected"],
      [third, "confirmed"],
    ]);
    expect((await audits(second)).results).toEqual([{ action: "contribution.rejected", actor_member_id: ids.ada }]);
    // Everything decided before: 200, nothing applied, nothing written.
    const again = await json(await api("olga", "PUT", "/contributions", { ids: [first, second], status: "rejected" }));
    expect([again.applied, sorted(again.lost)]).toEqual([[], sorted([first, second])]);
    expect((await audits(first)).results).toHaveLength(1);
  });
});

describe("PUT /api/{org}/manage/attachments", () => {
  it("checks role and scope for every upload and refuses another organisation's", async () => {
    const [mine] = await uploads("org-acme", ids.food, ids.marta, 1);
    const [otters] = await uploads("org-acme", ids.river, ids.marta, 1);
    const [theirs] = await uploads("org-commons", ids.elsewhere, ids.cora, 1);
    expect((await api("marta", "PUT", "/attachments", { ids: [mine], status: "published" })).status).toBe(403);
    expect((await api("otto", "PUT", "/attachments", { ids: [mine, otters], status: "published" })).status).toBe(403);
    expect((await api("olga", "PUT", "/attachments", { ids: [mine, theirs], status: "published" })).status).toBe(404);
    expect((await api("cora", "PUT", "/attachments", { ids: [mine], status: "published" })).status).toBe(404);
    const noReason = await api("olga", "PUT", "/attachments", { ids: [mine], status: "rejected" });
    expect([noReason.status, Object.keys((await json(noReason)).fields)]).toEqual([400, ["reason"]]);
    expect([await statusOf("attachments", mine), await statusOf("attachments", otters), await statusOf("attachments", theirs)]).toEqual(["pending", "pending", "pending"]);
  });

  it("refuses many uploads with the reason, and reports what someone else had decided", async () => {
    const [first, second, third] = await uploads("org-acme", ids.food, ids.marta, 3);
    expect((await api("ada", "PUT", `/attachments/${third}`, { status: "published" })).status).toBe(200);
    const before = (await mailbox("marta@acme.example")).length;
    const res = await api("olga", "PUT", "/attachments", { ids: [first, second, third], status: "rejected", reason: "Blurred" });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect([sorted(body.applied), body.lost]).toEqual([sorted([first, second]), [third]]);
    expect(inOrder(body.uploads, "id", [first, second, third]).map((u: { status: string; reject_reason: string | null }) => [u.status, u.reject_reason])).toEqual([
      ["rejected", "Blurred"],
      ["rejected", "Blurred"],
      ["published", null],
    ]);
    expect((await audits(first)).results).toEqual([{ action: "attachment.rejected", actor_member_id: ids.olga }]);
    // Both refusals are of one initiative: one e-mail (notify.ts).
    expect((await mailbox("marta@acme.example")).length - before).toBe(1);
  });
});

describe("PUT /api/{org}/manage/approvals", () => {
  it("refuses whoever approves for nobody before the body, a line manager for someone else's report, another organisation", async () => {
    const marta = await addParticipation(ids.beach, "org-acme", ids.marta, "accepted", { managerApprovalStatus: "pending" });
    const ana = await addParticipation(ids.river, "org-acme", ids.ana, "accepted", { managerApprovalStatus: "pending" });
    const pablo = await api("pablo", "PUT", "/approvals", { nonsense: true });
    expect([pablo.status, (await json(pablo)).error]).toEqual([403, "staff_only"]);
    // An organiser is not a manager: approving is not theirs.
    expect((await api("olga", "PUT", "/approvals", { ids: [marta.uuid], approved: true })).status).toBe(403);
    const luis = await api("luis", "PUT", "/approvals", { ids: [marta.uuid, ana.uuid], approved: true });
    expect([luis.status, (await json(luis)).error]).toEqual([403, "approval_not_allowed"]);
    const other = await addParticipation(ids.elsewhere, "org-commons", ids.cora, "accepted", { managerApprovalStatus: "pending" });
    expect((await api("mario", "PUT", "/approvals", { ids: [marta.uuid, other.uuid], approved: true })).status).toBe(404);
    expect((await api("cora", "PUT", "/approvals", { ids: [marta.uuid], approved: true })).status).toBe(404);
    const states = await env.DB.prepare("SELECT manager_approval_status AS s FROM participations WHERE uuid IN (?, ?, ?)").bind(marta.uuid, ana.uuid, other.uuid).all<{ s: string }>();
    expect(states.results.map((row) => row.s)).toEqual(["pending", "pending", "pending"]);
    // The line manager decides for his own report.
    const own = await api("luis", "PUT", "/approvals", { ids: [marta.uuid], approved: true, note: "Enjoy" });
    expect([own.status, (await json(own)).applied]).toEqual([200, [marta.uuid]]);
    expect((await audits(marta.id)).results).toEqual([{ action: "participation.approved", actor_member_id: ids.luis }]);
  });

  it("refuses a participation that needs no approval, deciding nothing", async () => {
    const open = await addParticipation(ids.river, "org-acme", ids.pablo);
    const waiting = await addParticipation(ids.food, "org-acme", ids.ana, "accepted", { managerApprovalStatus: "pending" });
    const res = await api("mario", "PUT", "/approvals", { ids: [waiting.uuid, open.uuid], approved: true });
    expect([res.status, (await json(res)).error]).toEqual([409, "approval_not_needed"]);
    expect((await audits(waiting.id)).results).toEqual([]);
  });

  it("rejects many at once: each is decided once, its place is freed, and what someone else decided is lost", async () => {
    const food = await env.DB.prepare("SELECT id FROM participations WHERE initiative_id = ? AND member_id = ?").bind(ids.food, ids.ana).first<string>("id");
    const anaAtFood = await env.DB.prepare("SELECT uuid FROM participations WHERE id = ?").bind(food).first<string>("uuid");
    const luisAtBeach = await addParticipation(ids.beach, "org-acme", ids.luis, "accepted", { managerApprovalStatus: "pending" });
    const martaAtRiver = await addParticipation(ids.river, "org-acme", ids.marta, "accepted", { managerApprovalStatus: "pending" });
    expect((await api("ada", "PUT", "/approvals", { ids: [martaAtRiver.uuid], approved: true })).status).toBe(200);
    const before = (await mailbox("luis@acme.example")).length;
    const res = await api("mario", "PUT", "/approvals", { ids: [anaAtFood!, luisAtBeach.uuid, martaAtRiver.uuid], approved: false, note: "Busy week" });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect([sorted(body.applied), body.lost]).toEqual([sorted([anaAtFood!, luisAtBeach.uuid]), [martaAtRiver.uuid]]);
    expect(inOrder(body.approvals, "participant_uuid", [anaAtFood!, luisAtBeach.uuid, martaAtRiver.uuid])).toEqual([
      { participant_uuid: anaAtFood, status: "rejected", manager_approval_status: "rejected" },
      { participant_uuid: luisAtBeach.uuid, status: "rejected", manager_approval_status: "rejected" },
      { participant_uuid: martaAtRiver.uuid, status: "accepted", manager_approval_status: "approved" },
    ]);
    // The beach had Marta and Luis; Luis's place is free again.
    expect(await env.DB.prepare("SELECT participant_count AS n FROM initiatives WHERE id = ?").bind(ids.beach).first<number>("n")).toBe(1);
    expect((await audits(luisAtBeach.id)).results).toEqual([{ action: "participation.rejected", actor_member_id: ids.mario }]);
    expect((await audits(martaAtRiver.id)).results).toEqual([{ action: "participation.approved", actor_member_id: ids.ada }]);
    const mails = await mailbox("luis@acme.example");
    expect(mails.length - before).toBe(1);
    expect(mails[0].text).toContain("Busy week");
    const waiting = (await json(await api("mario", "GET", "/approvals"))).approvals.map((a: { participant_uuid: string }) => a.participant_uuid);
    expect(waiting.filter((uuid: string) => [anaAtFood, luisAtBeach.uuid, martaAtRiver.uuid].includes(uuid))).toEqual([]);
  });
});
