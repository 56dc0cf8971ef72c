/**
 * The staff review calls of /api/{org}/manage (issue 11, docs/api/manage.md): the validation queue
 * of records, pledges and members' uploads, and the manager's approvals. Role and scope (member 403,
 * organiser of another initiative 403, another organisation 404), validation errors, all-or-nothing
 * bulk decisions, each state change with its audit row and its e-mail, and what the member then sees.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { csvLines, exportThroughQueue } from "./export-support";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const PASSWORD = "Correct-Horse-9";

async function record(participationId: string, extra: { type?: "hours" | "indicator"; hours?: number; value?: number; indicatorId?: string; createdAt?: number } = {}) {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, value, indicator_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)")
    .bind(id, participationId, extra.type ?? "hours", extra.type === "indicator" ? null : (extra.hours ?? 2), extra.value ?? null, extra.indicatorId ?? null, extra.createdAt ?? Date.now())
    .run();
  return id;
}

async function pledge(initiativeId: string, memberId: string, source: "transfer" | "paypal", code: string | null) {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO contributions (id, org_id, initiative_id, member_id, amount, currency, source, status, confirmation_code) VALUES (?, 'org-acme', ?, ?, 2500, 'EUR', ?, 'pending', ?)")
    .bind(id, initiativeId, memberId, source, code)
    .run();
  return id;
}

async function upload(initiativeId: string, memberId: string, kind: "image" | "document" = "image") {
  const id = crypto.randomUUID();
  const key = `org-acme/${initiativeId}/${kind}/${id}`;
  await env.FILES.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await env.DB.prepare("INSERT INTO attachments (id, org_id, initiative_id, member_id, kind, filename, mimetype, size, r2_key, status) VALUES (?, 'org-acme', ?, ?, ?, 'litter.png', 'image/png', 4, ?, 'pending')")
    .bind(id, initiativeId, memberId, kind, key)
    .run();
  return id;
}

const api = (who: string, method: string, path: string, body?: unknown, org = "acme") => call(method, `/api/${org}/manage${path}`, { token: tokens[who], body });
const status = (table: string, id: string) => env.DB.prepare(`SELECT status, reject_reason, reviewed_by FROM ${table} WHERE id = ?`).bind(id).first<{ status: string; reject_reason: string | null; reviewed_by: string | null }>();
const audits = (targetId: string) => env.DB.prepare("SELECT action, actor_member_id, detail FROM audit_log WHERE target_id = ?").bind(targetId).all<{ action: string; actor_member_id: string; detail: string }>();

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  const people = [
    ["ada", "admin"],
    ["olga", "organiser"],
    ["otto", "organiser"],
    ["mario", "manager"],
    ["marta", "member"],
    ["luis", "member"],
    ["pablo", "member"],
  ] as const;
  for (const [name, role] of people) {
    const member = await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name: name[0].toUpperCase() + name.slice(1), language: name === "marta" ? "es-ES" : "en-US" });
    ids[name] = member.id;
  }
  await createMember({ email: "cora@commons.example", orgId: commons.id, role: "admin", name: "Cora" });
  await env.DB.prepare("UPDATE memberships SET manager_member_id = ? WHERE member_id = ?").bind(ids.luis, ids.marta).run();

  // Olga created the beach clean-up and is named organiser of the park; Otto organises the river.
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach clean-up", submitterMemberId: ids.olga, indicators: [{ id: "ind-kg", name: "Rubbish", unit: "kilogram" }] });
  const park = await createInitiative({ orgId: acme.id, slug: "park", title: "Park day" });
  await env.DB.prepare("INSERT INTO initiative_organisers (initiative_id, member_id, org_id) VALUES (?, ?, 'org-acme')").bind(park.id, ids.olga).run();
  const river = await createInitiative({ orgId: acme.id, slug: "river", title: "River walk", submitterMemberId: ids.otto });
  const food = await createInitiative({ orgId: acme.id, slug: "food-bank", title: "Food bank", type: "donation", submitterMemberId: ids.olga, donation: { currency: "EUR", sources: '["transfer","paypal"]' } });
  ids.beach = beach.id;
  ids.park = park.id;
  ids.river = river.id;
  ids.food = food.id;
  const atBeach = await addParticipation(beach.id, acme.id, ids.marta, "accepted", { managerApprovalStatus: "pending" });
  const atPark = await addParticipation(park.id, acme.id, ids.marta);
  const atRiver = await addParticipation(river.id, acme.id, ids.marta);
  ids.martaAtBeach = atBeach.uuid;
  ids.beachHours = await record(atBeach.id, { createdAt: Date.now() - 3000 });
  ids.beachKilos = await record(atBeach.id, { type: "indicator", value: 12, indicatorId: "ind-kg", createdAt: Date.now() - 2000 });
  ids.parkHours = await record(atPark.id, { createdAt: Date.now() - 1000 });
  ids.riverHours = await record(atRiver.id);
  ids.transfer = await pledge(food.id, ids.marta, "transfer", "AB12");
  ids.paypal = await pledge(food.id, ids.marta, "paypal", null);
  ids.photo = await upload(beach.id, ids.marta);
  ids.document = await upload(beach.id, ids.marta, "document");
  for (const [name] of people) tokens[name] = (await login(`${name}@acme.example`, PASSWORD)).body.access_token;
  tokens.cora = (await login("cora@commons.example", PASSWORD)).body.access_token;
});

describe("who may call /manage", () => {
  it("a member gets 403, another organisation's administrator 404, a manager 403 on the queues", async () => {
    for (const path of ["/records", "/contributions", "/attachments"]) {
      const member = await api("marta", "GET", path);
      expect([member.status, (await json(member)).error]).toEqual([403, "staff_only"]);
      expect((await api("mario", "GET", path)).status).toBe(403);
      expect((await api("cora", "GET", path)).status).toBe(404);
    }
    expect((await api("marta", "PUT", `/records/${ids.beachHours}`, { status: "validated" })).status).toBe(403);
    expect((await call("GET", "/api/acme/manage/records")).status).toBe(401);
  });

  it("an organiser sees only the initiatives they created or are named on; an administrator sees all", async () => {
    const olga = await json(await api("olga", "GET", "/records"));
    expect(olga.records.map((r: { id: string }) => r.id)).toEqual([ids.beachHours, ids.beachKilos, ids.parkHours]);
    expect(olga.records[1]).toMatchObject({
      type: "indicator",
      value: 12,
      indicator: { id: "ind-kg", name: "Rubbish" },
      status: "pending",
      participant: { uuid: ids.martaAtBeach, member_id: ids.marta, name: "Marta", avatar: null },
      initiative: { id: ids.beach, slug: "beach", title: "Beach clean-up" },
    });
    const ada = await json(await api("ada", "GET", "/records"));
    expect(ada.records).toHaveLength(4);
    const otto = await json(await api("otto", "GET", "/records?type=hours"));
    expect(otto.records.map((r: { id: string }) => r.id)).toEqual([ids.riverHours]);
  });

  it("an organiser gets 403 for a record of an initiative that is not theirs, and 404 for one that does not exist", async () => {
    const res = await api("otto", "PUT", `/records/${ids.beachHours}`, { status: "validated" });
    expect([res.status, (await json(res)).error]).toEqual([403, "initiative_not_managed"]);
    expect((await api("olga", "PUT", "/records/no-such-record", { status: "validated" })).status).toBe(404);
    expect((await status("participation_records", ids.beachHours))?.status).toBe("pending");
  });
});

describe("GET /api/{org}/manage/summary", () => {
  it("counts what waits for each role, in the initiatives each manages", async () => {
    expect(await json(await api("olga", "GET", "/summary"))).toEqual({ records: 3, uploads: 2, contributions: 1, approvals: 0, proposals: null });
    expect(await json(await api("otto", "GET", "/summary"))).toEqual({ records: 1, uploads: 0, contributions: 0, approvals: 0, proposals: null });
    expect(await json(await api("ada", "GET", "/summary"))).toEqual({ records: 4, uploads: 2, contributions: 1, approvals: 1, proposals: 0 });
    expect(await json(await api("mario", "GET", "/summary"))).toEqual({ records: null, uploads: null, contributions: null, approvals: 1, proposals: null });
    expect((await api("marta", "GET", "/summary")).status).toBe(403);
    expect((await api("cora", "GET", "/summary")).status).toBe(404);
  });
});

describe("lists", () => {
  it("page with a cursor, oldest first while pending, the next page in a Link header too", async () => {
    const answer = await api("ada", "GET", "/records?limit=2");
    const first = await json(answer);
    // docs/api/pagination.md: the request's own query with the next cursor.
    expect(answer.headers.get("link")).toBe(`<http://localhost/api/acme/manage/records?limit=2&cursor=${encodeURIComponent(first.next_cursor)}>; rel="next"`);
    expect(first).not.toHaveProperty("next");
    expect(first.records.map((r: { id: string }) => r.id)).toEqual([ids.beachHours, ids.beachKilos]);
    const second = await json(await api("ada", "GET", `/records?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`));
    expect(second.records.map((r: { id: string }) => r.id)).toEqual([ids.parkHours, ids.riverHours]);
    expect(second.next_cursor).toBeNull();
    expect((await api("ada", "GET", `/records?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).headers.get("link")).toBeNull();
  });

  it("refuse a bad query with 400 and field errors", async () => {
    for (const query of ["?status=done", "?limit=0", "?limit=500", "?cursor=x", "?colour=red", "?type=minutes"]) {
      const res = await api("ada", "GET", `/records${query}`);
      expect(res.status, query).toBe(400);
      expect((await json(res)).error, query).toBe("validation_error");
    }
  });
});

describe("deciding on records", () => {
  it("refuses a bad decision with field errors: a refusal needs a reason", async () => {
    const cases: [unknown, string][] = [
      [{ status: "rejected" }, "reason"],
      [{ status: "rejected", reason: "   " }, "reason"],
      [{ status: "granted" }, "status"],
      [{ status: "validated", reason: "x".repeat(501) }, "reason"],
      [{ status: "validated", colour: "red" }, "colour"],
    ];
    for (const [body, field] of cases) {
      const res = await api("olga", "PUT", `/records/${ids.beachHours}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await json(res)).fields), JSON.stringify(body)).toContain(field);
    }
    const bulk: unknown[] = [{ ids: [], status: "validated" }, { ids: Array.from({ length: 101 }, (_, i) => `r${i}`), status: "validated" }, { ids: ["a", "a"], status: "validated" }];
    for (const body of bulk) expect((await api("olga", "PUT", "/records", body)).status).toBe(400);
  });

  it("validates one record: the member sees it, the audit log has it, the member is told in their language", async () => {
    const res = await api("olga", "PUT", `/records/${ids.beachHours}`, { status: "validated" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: ids.beachHours, status: "validated", reject_reason: null });
    expect(await status("participation_records", ids.beachHours)).toEqual({ status: "validated", reject_reason: null, reviewed_by: ids.olga });
    expect((await audits(ids.beachHours)).results).toEqual([{ action: "record.validated", actor_member_id: ids.olga, detail: "{}" }]);
    const [mail] = await mailbox("marta@acme.example");
    expect(mail.subject).toBe("Tu participación en Beach clean-up ha sido validada");
    expect(mail.links[0]).toMatch(/^http:\/\/acme\.localhost(:\d+)?\/initiative\/beach$/);
    const beach = await json(await call("GET", "/api/acme/initiative/beach", { token: tokens.marta }));
    expect(beach.participations.find((r: { id: string }) => r.id === ids.beachHours)).toMatchObject({ status: "validated" });
  });

  it("decides a record once: the same decision again, or another, is 409 with the record as stored, and nothing is written or sent", async () => {
    const before = (await mailbox("marta@acme.example")).length;
    const same = await api("olga", "PUT", `/records/${ids.beachHours}`, { status: "validated" });
    expect([same.status, await json(same)]).toEqual([409, expect.objectContaining({ error: "record_already_reviewed", current: expect.objectContaining({ id: ids.beachHours, status: "validated" }) })]);
    expect(await mailbox("marta@acme.example")).toHaveLength(before);
    const res = await api("olga", "PUT", `/records/${ids.beachHours}`, { status: "rejected", reason: "No sign-in sheet" });
    expect([res.status, (await json(res)).error]).toEqual([409, "record_already_reviewed"]);
    expect((await audits(ids.beachHours)).results).toHaveLength(1);
  });

  it("decides in bulk all or nothing: one foreign or unknown record refuses the whole decision", async () => {
    const foreign = await api("olga", "PUT", "/records", { ids: [ids.beachKilos, ids.riverHours], status: "rejected", reason: "Duplicate" });
    expect(foreign.status).toBe(403);
    const unknown = await api("olga", "PUT", "/records", { ids: [ids.beachKilos, "no-such-record"], status: "rejected", reason: "Duplicate" });
    expect(unknown.status).toBe(404);
    expect((await status("participation_records", ids.beachKilos))?.status).toBe("pending");
    expect((await audits(ids.beachKilos)).results).toEqual([]);
  });

  it("refuses in bulk with the reason: the member sees why, and gets one e-mail per initiative", async () => {
    const before = (await mailbox("marta@acme.example")).length;
    const res = await api("ada", "PUT", "/records", { ids: [ids.beachKilos, ids.parkHours, ids.riverHours], status: "rejected", reason: "  Not on the sign-in sheet  " });
    expect(res.status).toBe(200);
    const { records } = await json(res);
    expect(records.map((r: { status: string; reject_reason: string }) => [r.status, r.reject_reason])).toEqual(Array(3).fill(["rejected", "Not on the sign-in sheet"]));
    const mails = await mailbox("marta@acme.example");
    // beach, park and river: three initiatives, three e-mails, each with the reason.
    expect(mails.length - before).toBe(3);
    expect(mails[0].text).toContain("Not on the sign-in sheet");
    const beach = await json(await call("GET", "/api/acme/initiative/beach", { token: tokens.marta }));
    expect(beach.participations.find((r: { id: string }) => r.id === ids.beachKilos)).toMatchObject({ status: "rejected", reject_reason: "Not on the sign-in sheet" });
    const pending = await json(await api("ada", "GET", "/records"));
    expect(pending.records).toEqual([]);
    const decided = await json(await api("ada", "GET", "/records?status=rejected"));
    expect(decided.records).toHaveLength(3);
  });
});

describe("money", () => {
  it("lists pending pledges, found by their confirmation code in any case or by the donor's name", async () => {
    const byCode = await json(await api("olga", "GET", "/contributions?q=ab12"));
    expect(byCode.contributions).toHaveLength(1);
    expect(byCode.contributions[0]).toMatchObject({ id: ids.transfer, value: 25, currency: "EUR", source: "transfer", confirmation_code: "AB12", donor: { member_id: ids.marta, name: "Marta" } });
    expect((await json(await api("olga", "GET", "/contributions?q=mar"))).contributions).toHaveLength(2);
    expect((await json(await api("olga", "GET", "/contributions?q=%25"))).contributions).toHaveLength(0);
    expect((await json(await api("otto", "GET", "/contributions"))).contributions).toHaveLength(0);
  });

  it("searches the whole of a long text (D1 refuses LIKE patterns over 50 bytes), in the list and its CSV", async () => {
    expect((await api("olga", "GET", `/contributions?q=${"m".repeat(100)}`)).status).toBe(200);
    expect((await exportThroughQueue(tokens.olga, "contributions", { status: "confirmed", q: "ñ".repeat(60) })).file?.status).toBe(200);
    expect((await json(await api("olga", "GET", `/contributions?q=${"m".repeat(100)}`))).contributions).toEqual([]);
  });

  it("confirms a transfer: it counts in the total, the donor is told; PayPal is not decided by hand", async () => {
    const before = await json(await call("GET", "/api/acme/initiative/food-bank", { token: tokens.marta }));
    const res = await api("olga", "PUT", `/contributions/${ids.transfer}`, { status: "confirmed" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: "confirmed" });
    const after = await json(await call("GET", "/api/acme/initiative/food-bank", { token: tokens.marta }));
    expect(after.contribution_total - before.contribution_total).toBe(25);
    expect((await mailbox("marta@acme.example"))[0].subject).toBe("Hemos recibido tu donación a Food bank");
    expect((await audits(ids.transfer)).results[0]).toMatchObject({ action: "contribution.confirmed", actor_member_id: ids.olga });
    const paypal = await api("olga", "PUT", `/contributions/${ids.paypal}`, { status: "confirmed" });
    expect([paypal.status, (await json(paypal)).error]).toEqual([409, "contribution_not_manual"]);
    expect((await api("olga", "PUT", `/contributions/${ids.transfer}`, { status: "rejected" })).status).toBe(409);
    expect((await api("otto", "PUT", `/contributions/${ids.transfer}`, { status: "confirmed" })).status).toBe(403);
  });

  it("exports the list's donations as CSV, with the list's filters; members get 403", async () => {
    const res = (await exportThroughQueue(tokens.olga, "contributions", { status: "confirmed", q: "ab12" })).file!;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="contributions-confirmed.csv"');
    const lines = await csvLines(res);
    expect(lines[0]).toBe('"created_at","initiative","donor","amount","currency","source","status","confirmation_code","anonymous","comment","reviewed_at","reject_reason"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"[^"]+","Food bank","Marta","25","EUR","transfer","confirmed","AB12","no","","[^"]+",""$/);
    expect((await exportThroughQueue(tokens.marta, "contributions")).started.status).toBe(403);
    expect((await exportThroughQueue(tokens.olga, "contributions", { status: "lost" })).started.status).toBe(400);
  });
});

describe("members' uploads", () => {
  it("lists what waits, lets the organiser open it, and publishes or refuses it with a reason", async () => {
    const listed = await json(await api("olga", "GET", "/attachments?kind=image"));
    expect(listed.uploads).toHaveLength(1);
    const photo = listed.uploads[0];
    expect(photo).toMatchObject({ id: ids.photo, kind: "image", status: "pending", uploader: { member_id: ids.marta } });
    expect((await call("GET", photo.download, { token: tokens.olga })).status).toBe(200);
    expect((await call("GET", photo.download, { token: tokens.pablo })).status).toBe(404);
    expect((await call("GET", photo.download, { token: tokens.otto })).status).toBe(404);

    expect((await api("olga", "PUT", `/attachments/${ids.photo}`, { status: "rejected" })).status).toBe(400);
    const refused = await api("olga", "PUT", `/attachments/${ids.photo}`, { status: "rejected", reason: "Faces of minors" });
    expect(await json(refused)).toMatchObject({ status: "rejected", reject_reason: "Faces of minors" });
    const own = await json(await call("GET", "/api/acme/initiative/beach/attachment/image", { token: tokens.marta }));
    expect(own[0]).toMatchObject({ id: ids.photo, status: "rejected", reject_reason: "Faces of minors" });
    expect((await call("GET", photo.download, { token: tokens.pablo })).status).toBe(404);

    const published = await api("olga", "PUT", `/attachments/${ids.document}`, { status: "published" });
    expect(await json(published)).toMatchObject({ status: "published", reject_reason: null });
    expect((await mailbox("marta@acme.example"))[0].subject).toBe("Tu archivo de Beach clean-up está publicado");
  });
});

describe("approvals", () => {
  it("lists what waits for the line manager, for a manager everyone's; a member who manages nobody gets 403", async () => {
    const luis = await json(await api("luis", "GET", "/approvals"));
    expect(luis.approvals).toEqual([
      expect.objectContaining({ participant_uuid: ids.martaAtBeach, member: { id: ids.marta, name: "Marta", avatar: null }, initiative: expect.objectContaining({ slug: "beach" }) }),
    ]);
    expect((await json(await api("mario", "GET", "/approvals"))).approvals).toHaveLength(1);
    expect((await api("pablo", "GET", "/approvals")).status).toBe(403);
    expect((await api("cora", "GET", "/approvals")).status).toBe(404);
  });

  it("the decision tells the participant and writes its audit row; the list empties", async () => {
    const tooLong = await call("PUT", `/api/acme/initiative/${ids.beach}/participants/${ids.martaAtBeach}/approval`, { token: tokens.luis, body: { approved: true, note: "x".repeat(501) } });
    expect(tooLong.status).toBe(400);
    const res = await call("PUT", `/api/acme/initiative/${ids.beach}/participants/${ids.martaAtBeach}/approval`, { token: tokens.luis, body: { approved: true, note: "Take Friday afternoon off for it." } });
    expect(res.status).toBe(204);
    const [mail] = await mailbox("marta@acme.example");
    expect(mail.subject).toBe("Tu asistencia a Beach clean-up está aprobada");
    expect(mail.text).toContain("Nota de tu responsable: Take Friday afternoon off for it.");
    expect((await json(await api("luis", "GET", "/approvals"))).approvals).toEqual([]);
    const row = await env.DB.prepare("SELECT action FROM audit_log WHERE action = 'participation.approved' AND actor_member_id = ?").bind(ids.luis).first();
    expect(row).toEqual({ action: "participation.approved" });
  });
});

describe("the member's switch", () => {
  it("with participation e-mails off, a decision is stored and no e-mail is sent", async () => {
    expect((await call("PUT", "/api/acme/profile", { token: tokens.marta, body: { participation_emails: false } })).status).toBe(200);
    const atPark = await env.DB.prepare("SELECT id FROM participations WHERE initiative_id = ? AND member_id = ?").bind(ids.park, ids.marta).first<{ id: string }>();
    const id = await record(atPark!.id);
    const before = (await mailbox("marta@acme.example")).length;
    expect((await api("olga", "PUT", `/records/${id}`, { status: "validated" })).status).toBe(200);
    expect(await mailbox("marta@acme.example")).toHaveLength(before);
    const profile = await json(await call("GET", "/api/acme/profile", { token: tokens.marta }));
    expect(profile.participation_emails).toBe(false);
  });
});
