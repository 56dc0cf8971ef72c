/**
 * The staff screens' loaders and actions (/manage, issue 11) with a real load context against the
 * real API: who reaches them (members get 404), where /manage leads each role, and each screen's
 * list and decision as the browser's forms post it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as layoutLoader } from "../../app/routes/_app.manage";
import { loader as indexLoader } from "../../app/routes/_app.manage._index/route";
import { action as recordsAction, loader as recordsLoader } from "../../app/routes/_app.manage.records/route";
import { action as uploadsAction, loader as uploadsLoader } from "../../app/routes/_app.manage.uploads/route";
import { action as moneyAction, loader as moneyLoader } from "../../app/routes/_app.manage.money/route";
import { action as approvalsAction, loader as approvalsLoader } from "../../app/routes/_app.manage.approvals/route";
import { loader as appLoader } from "../../app/routes/_app";
import { loader as proposalsLoader } from "../../app/routes/_app.manage.proposals/route";
import { loader as initiativesLoader } from "../../app/routes/_app.manage.initiatives._index/route";
import { action as participantsAction, loader as participantsLoader } from "../../app/routes/_app.manage.initiatives.$id/route";
import { loader as csvLoader } from "../../app/routes/_app.manage.initiatives.$id_.participants[.csv]";
import { action as newAction, loader as newLoader } from "../../app/routes/_app.manage.initiatives.new/route";
import { action as editAction, loader as editLoader } from "../../app/routes/_app.manage.initiatives.$id_.edit/route";
import { action as checkinAction, loader as checkinLoader } from "../../app/routes/_app.manage.initiatives.$id_.checkin/route";
import { action as checkinsAction } from "../../app/routes/_app.manage.initiatives.$id_.checkins";
import { base64UrlDecode } from "../../workers/lib/crypto";
import { checkinCode } from "../../app/domain/checkin";
import { createWebSession } from "../../workers/auth/web-session";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { pngOf } from "./png-fixtures";
import { run, type Route } from "./route-calls";
import { exportThroughPages } from "./export-support";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

const get = (who: string, path: string) => new Request(`http://acme.localhost${path}`, { headers: { cookie: cookies[who] } });
const post = (who: string, path: string, fields: [string, string][]) =>
  new Request(`http://acme.localhost${path}`, {
    method: "POST",
    headers: { cookie: cookies[who], "content-type": "application/x-www-form-urlencoded", origin: "http://acme.localhost" },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  for (const [name, role] of [
    ["olga", "organiser"],
    ["mario", "manager"],
    ["marta", "member"],
  ] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name: name[0].toUpperCase() + name.slice(1) })).id;
  }
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach clean-up", submitterMemberId: ids.olga });
  const food = await createInitiative({ orgId: acme.id, slug: "food-bank", title: "Food bank", type: "donation", submitterMemberId: ids.olga, donation: { currency: "EUR", sources: '["transfer"]' } });
  ids.beach = beach.id;
  const at = await addParticipation(beach.id, acme.id, ids.marta, "accepted", { managerApprovalStatus: "pending" });
  ids.uuid = at.uuid;
  for (const [n, hours] of [
    [1, 3],
    [2, 4],
  ]) {
    ids[`record${n}`] = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES (?, ?, 'hours', ?, 'pending', ?)")
      .bind(ids[`record${n}`], at.id, hours, Date.now() - 1000 * (3 - n))
      .run();
  }
  ids.pledge = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO contributions (id, org_id, initiative_id, member_id, amount, currency, source, status, confirmation_code) VALUES (?, 'org-acme', ?, ?, 1250, 'EUR', 'transfer', 'pending', 'QX7P')")
    .bind(ids.pledge, food.id, ids.marta)
    .run();
  ids.upload = crypto.randomUUID();
  await env.FILES.put(`org-acme/${beach.id}/document/${ids.upload}`, "%PDF-1.4");
  await env.DB.prepare("INSERT INTO attachments (id, org_id, initiative_id, member_id, kind, filename, mimetype, size, r2_key, status) VALUES (?, 'org-acme', ?, ?, 'document', 'sign-in-sheet.pdf', 'application/pdf', 8, ?, 'pending')")
    .bind(ids.upload, beach.id, ids.marta, `org-acme/${beach.id}/document/${ids.upload}`)
    .run();
  for (const name of ["olga", "mario", "marta"]) {
    const context = await testLoadContext("acme");
    cookies[name] = (await createWebSession(context, (await login(`${name}@acme.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  }
});

describe("who reaches /manage", () => {
  it("a member gets the 404 of a page that does not exist, and no link in the navigation", async () => {
    for (const route of [layoutLoader, indexLoader, recordsLoader, uploadsLoader, moneyLoader, approvalsLoader] as Route[]) {
      expect((await run(route, get("marta", "/manage"))).status).toBe(404);
    }
    expect((await run(recordsAction as Route, post("marta", "/manage/records", [["decide", `validated:${ids.record1}`]]))).status).toBe(404);
    expect((await run(appLoader as Route, get("marta", "/wall"))).data?.nav).not.toContain("manage");
    expect((await run(appLoader as Route, get("olga", "/wall"))).data?.nav).toContain("manage");
  });

  it("/manage leads an organiser to the queue and a manager to the approvals; a manager has no queues", async () => {
    expect(await run(indexLoader as Route, get("olga", "/manage"))).toMatchObject({ status: 302, location: "/manage/records" });
    expect(await run(indexLoader as Route, get("mario", "/manage"))).toMatchObject({ status: 302, location: "/manage/approvals" });
    expect((await run(recordsLoader as Route, get("mario", "/manage/records"))).status).toBe(404);
    expect((await run(layoutLoader as Route, get("mario", "/manage"))).data).toEqual({ role: "manager", waiting: { records: null, uploads: null, contributions: null, approvals: 1, proposals: null } });
    expect((await run(layoutLoader as Route, get("olga", "/manage"))).data).toEqual({ role: "organiser", waiting: { records: 2, uploads: 1, contributions: 1, approvals: 0, proposals: null } });
  });

  it("a visitor without a session is sent to sign in", async () => {
    const answer = await run(recordsLoader as Route, new Request("http://acme.localhost/manage/records"));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/signin/);
  });
});

describe("hours and results", () => {
  it("lists what waits, oldest first", async () => {
    const { status, data } = await run(recordsLoader as Route, get("olga", "/manage/records"));
    expect(status).toBe(200);
    expect(data!.page.records.map((r: { id: string }) => r.id)).toEqual([ids.record1, ids.record2]);
    expect(data!.status).toBe("pending");
  });

  it("refuses a decision without records, and a refusal without a reason, and changes nothing", async () => {
    const none = await run(recordsAction as Route, post("olga", "/manage/records", [["decide", "validated"]]));
    expect(none).toMatchObject({ status: 400, data: { error: "selected_none" } });
    const noReason = await run(recordsAction as Route, post("olga", "/manage/records", [["decide", `rejected:${ids.record1}`], ["reason", "  "]]));
    expect(noReason).toMatchObject({ status: 400, data: { error: "validation_error", fields: { reason: "form_error_required" } } });
    const row = await env.DB.prepare("SELECT status FROM participation_records WHERE id = ?").bind(ids.record1).first();
    expect(row).toEqual({ status: "pending" });
  });

  it("validates the records ticked together; they move to the validated tab", async () => {
    const answer = await run(recordsAction as Route, post("olga", "/manage/records", [["ids", ids.record1], ["ids", ids.record2], ["decide", "validated"]]));
    expect(answer).toMatchObject({ status: 200, data: { done: { status: "validated", count: 2 }, error: null } });
    expect((await run(recordsLoader as Route, get("olga", "/manage/records"))).data!.page.records).toEqual([]);
    const validated = await run(recordsLoader as Route, get("olga", "/manage/records?status=validated"));
    expect(validated.data!.page.records).toHaveLength(2);
  });

  it("says that someone else decided first: how many of the records ticked, or that all were", async () => {
    const again = await run(recordsAction as Route, post("olga", "/manage/records", [["ids", ids.record1], ["decide", "rejected"], ["reason", "Late"]]));
    expect(again).toMatchObject({ status: 409, data: { done: null, error: "record_already_reviewed" } });
    const participation = await env.DB.prepare("SELECT participation_id FROM participation_records WHERE id = ?").bind(ids.record1).first<{ participation_id: string }>();
    const fresh = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status) VALUES (?, ?, 'hours', 1, 'pending')").bind(fresh, participation!.participation_id).run();
    const some = await run(recordsAction as Route, post("olga", "/manage/records", [["ids", ids.record2], ["ids", fresh], ["decide", "validated"]]));
    expect(some).toMatchObject({ status: 200, data: { done: { status: "validated", count: 1 }, lost: 1 } });
  });
});

describe("files", () => {
  it("lists the member's upload and publishes it with its own button", async () => {
    const { data } = await run(uploadsLoader as Route, get("olga", "/manage/uploads"));
    expect(data!.page.uploads).toEqual([expect.objectContaining({ id: ids.upload, filename: "sign-in-sheet.pdf", status: "pending" })]);
    const refused = await run(uploadsAction as Route, post("olga", "/manage/uploads", [["decide", `rejected:${ids.upload}`]]));
    expect(refused).toMatchObject({ status: 400, data: { fields: { reason: "form_error_required" } } });
    const published = await run(uploadsAction as Route, post("olga", "/manage/uploads", [["decide", `published:${ids.upload}`]]));
    expect(published).toMatchObject({ status: 200, data: { done: { status: "published", count: 1 } } });
    const again = await run(uploadsAction as Route, post("olga", "/manage/uploads", [["decide", `rejected:${ids.upload}`], ["reason", "Blurred"]]));
    expect(again).toMatchObject({ status: 409, data: { error: "attachment_already_reviewed", stored: "published" } });
  });

  it("refuses the uploads ticked together, with the reason at the foot; none ticked says so", async () => {
    const ticked = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ticked) {
      await env.DB.prepare("INSERT INTO attachments (id, org_id, initiative_id, member_id, kind, filename, mimetype, size, r2_key, status) VALUES (?, 'org-acme', ?, ?, 'document', 'late.pdf', 'application/pdf', 8, ?, 'pending')")
        .bind(id, ids.beach, ids.marta, `org-acme/${ids.beach}/document/${id}`)
        .run();
    }
    expect(await run(uploadsAction as Route, post("olga", "/manage/uploads", [["decide", "published"]]))).toMatchObject({ status: 400, data: { error: "selected_none" } });
    const refused = await run(uploadsAction as Route, post("olga", "/manage/uploads", [["ids", ticked[0]], ["ids", ticked[1]], ["ids", ids.upload], ["decide", "rejected"], ["reason", "Not a sign-in sheet"]]));
    expect(refused).toMatchObject({ status: 200, data: { done: { status: "rejected", count: 2 }, lost: 1 } });
    expect((await run(uploadsLoader as Route, get("olga", "/manage/uploads"))).data!.page.uploads).toEqual([]);
  });
});

describe("a list's address the API refuses", () => {
  it("is the API's 400 as the page's own status (never a 502), and a long search is searched", async () => {
    for (const [route, path] of [
      [recordsLoader, "/manage/records?cursor=%00"],
      [uploadsLoader, "/manage/uploads?cursor=%00"],
      [moneyLoader, "/manage/money?cursor=%00"],
    ] as const) {
      expect((await run(route as Route, get("olga", path))).status, path).toBe(400);
    }
    // Who may call comes before the address (issue 25, point 5): Olga does not moderate proposals here.
    expect((await run(proposalsLoader as Route, get("olga", "/manage/proposals?cursor=%00"))).status).toBe(404);
    const long = await run(moneyLoader as Route, get("olga", `/manage/money?q=${"q".repeat(100)}`));
    expect([long.status, long.data!.page.contributions]).toEqual([200, []]);
    expect((await run(checkinLoader as Route, get("olga", "/manage/initiatives/nope/checkin"), { id: "nope" })).status).toBe(404);
  });
});

describe("money", () => {
  it("finds a pledge by its code and confirms it", async () => {
    const found = await run(moneyLoader as Route, get("olga", "/manage/money?q=qx7p"));
    expect(found.data!.page.contributions).toEqual([expect.objectContaining({ id: ids.pledge, value: 12.5, confirmation_code: "QX7P" })]);
    expect((await run(moneyLoader as Route, get("olga", "/manage/money?q=nobody"))).data!.page.contributions).toEqual([]);
    const confirmed = await run(moneyAction as Route, post("olga", "/manage/money", [["ids", ids.pledge], ["decide", "confirmed"]]));
    expect(confirmed).toMatchObject({ status: 200, data: { done: { status: "confirmed", count: 1 } } });
    const again = await run(moneyAction as Route, post("olga", "/manage/money", [["decide", `rejected:${ids.pledge}`]]));
    // The loser is told what holds now: the pledge as stored.
    expect(again).toMatchObject({ status: 409, data: { error: "contribution_already_reviewed", stored: "confirmed" } });
    const { file } = await exportThroughPages(cookies.olga, "contributions", "status=confirmed&q=qx7p");
    expect(file!.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await file!.text()).toContain('"Food bank","Marta","12.5","EUR","transfer","confirmed","QX7P"');
    expect((await exportThroughPages(cookies.marta, "contributions")).started.status).toBe(404);
  });
});

describe("initiatives and participants", () => {
  it("lists the organiser's initiatives with what waits, filtered as the URL says", async () => {
    const { data } = await run(initiativesLoader as Route, get("olga", "/manage/initiatives"));
    expect(data!.list.initiatives.map((i: { slug: string }) => i.slug).sort()).toEqual(["beach", "food-bank"]);
    const filtered = await run(initiativesLoader as Route, get("olga", "/manage/initiatives?type=donation&status=bogus&q=food"));
    expect(filtered.data!.filters).toMatchObject({ q: "food", type: "donation", status: null, mine: false, cursor: null });
    expect(filtered.data!.list.initiatives.map((i: { slug: string }) => i.slug)).toEqual(["food-bank"]);
    // A cursor the list did not answer is dropped (the first page), never sent on.
    const odd = await run(initiativesLoader as Route, get("olga", "/manage/initiatives?cursor=1%3B%20drop"));
    expect(odd.data!.filters).toMatchObject({ cursor: null });
    // After the first of olga's two (newest start first): the other one, and no next page.
    const [first] = (await run(initiativesLoader as Route, get("olga", "/manage/initiatives"))).data!.list.initiatives;
    const start = first.start_time ? Date.parse(first.start_time) : "";
    const next = await run(initiativesLoader as Route, get("olga", `/manage/initiatives?cursor=${start}.${first.id}`));
    expect(next.data!.list.initiatives.map((i: { slug: string }) => i.slug)).toEqual(["beach", "food-bank"].filter((slug) => slug !== first.slug));
    expect(next.data!.list.next_cursor).toBeNull();
    expect((await run(initiativesLoader as Route, get("marta", "/manage/initiatives"))).status).toBe(404);
  });

  it("shows the participants, marks one not going, and streams the CSV; another's initiative is 404", async () => {
    const shown = await run(participantsLoader as Route, get("olga", `/manage/initiatives/${ids.beach}`), { id: ids.beach });
    expect(shown.data!.data.participants).toEqual([expect.objectContaining({ uuid: ids.uuid, name: "Marta", status: "accepted" })]);
    const decided = await run(participantsAction as Route, post("olga", `/manage/initiatives/${ids.beach}`, [["uuid", ids.uuid], ["decide", "not_going"]]), { id: ids.beach });
    expect(decided).toMatchObject({ status: 200, data: { decision: { done: { status: "not_going" }, id: ids.uuid } } });
    const context = await testLoadContext("acme");
    const csv = (await csvLoader({ request: get("olga", `/manage/initiatives/${ids.beach}/participants.csv`), context, params: { id: ids.beach } })) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain('"Marta","marta@acme.example"');
    expect((await run(participantsLoader as Route, get("olga", "/manage/initiatives/nope"), { id: "nope" })).status).toBe(404);
    expect((await run(csvLoader as Route, get("mario", `/manage/initiatives/${ids.beach}/participants.csv`), { id: ids.beach })).status).toBe(404);
    // Back in, for the approvals below.
    await run(participantsAction as Route, post("olga", `/manage/initiatives/${ids.beach}`, [["uuid", ids.uuid], ["decide", "accepted"]]), { id: ids.beach });
  });

  it("suspends and reopens the initiative from its page", async () => {
    const path = `/manage/initiatives/${ids.beach}`;
    const suspended = await run(participantsAction as Route, post("olga", path, [["intent", "initiative_state"], ["status", "suspended"]]), { id: ids.beach });
    expect(suspended).toMatchObject({ status: 200, data: { decision: { done: { status: "state" } } } });
    expect((await run(participantsLoader as Route, get("olga", path), { id: ids.beach })).data!.data.initiative).toMatchObject({ status: "suspended", can_pin: false });
    const pin = await run(participantsAction as Route, post("olga", path, [["intent", "initiative_state"], ["pinned", "true"]]), { id: ids.beach });
    expect(pin).toMatchObject({ status: 409, data: { decision: { error: "pinning_disabled" } } });
    expect((await run(participantsAction as Route, post("olga", path, [["intent", "initiative_state"], ["status", "closed"]]), { id: ids.beach })).status).toBe(400);
    await run(participantsAction as Route, post("olga", path, [["intent", "initiative_state"], ["status", "open"]]), { id: ids.beach });
  });

  it("writes to everyone going, after the schema's check", async () => {
    const path = `/manage/initiatives/${ids.beach}`;
    const empty = await run(participantsAction as Route, post("olga", path, [["intent", "message_participants"], ["subject", ""], ["body", "Hi"]]), { id: ids.beach });
    expect(empty).toMatchObject({ status: 400, data: { message: { sent: null, fields: { subject: "form_error_required" } } } });
    const sent = await run(participantsAction as Route, post("olga", path, [["intent", "message_participants"], ["subject", "Gloves"], ["body", "Bring gloves."]]), { id: ids.beach });
    expect(sent).toMatchObject({ status: 200, data: { message: { sent: 1, error: null } } });
  });
});

describe("approvals", () => {
  it("shows an organiser who manages nobody an empty list, and a manager what waits; the decision empties it", async () => {
    expect((await run(approvalsLoader as Route, get("olga", "/manage/approvals"))).data).toEqual({ approvals: [] });
    const waiting = await run(approvalsLoader as Route, get("mario", "/manage/approvals"));
    expect(waiting.data!.approvals).toEqual([expect.objectContaining({ participant_uuid: ids.uuid })]);
    const decided = await run(approvalsAction as Route, post("mario", "/manage/approvals", [["ids", ids.uuid], ["decide", "approved"], ["reason", "Enjoy it"]]));
    expect(decided).toMatchObject({ status: 200, data: { done: { status: "approved", count: 1 } } });
    const note = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'participation.approved' AND actor_member_id = ?").bind(ids.mario).first<string>("detail");
    expect(JSON.parse(note!)).toMatchObject({ note: "Enjoy it" });
    const again = await run(approvalsAction as Route, post("mario", "/manage/approvals", [["decide", `rejected:${ids.uuid}`]]));
    expect(again).toMatchObject({ status: 409, data: { error: "approval_already_decided", stored: "approved" } });
    expect((await run(approvalsLoader as Route, get("mario", "/manage/approvals"))).data).toEqual({ approvals: [] });
    const bad = await run(approvalsAction as Route, post("mario", "/manage/approvals", [["decide", "maybe"]]));
    expect(bad.status).toBe(400);
  });
});

describe("the initiative editor", () => {
  /** The editor's multipart post, as the browser sends it. */
  const multipart = (who: string, path: string, fields: [string, string | File][]) => {
    const body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
    return new Request(`http://acme.localhost${path}`, { method: "POST", headers: { cookie: cookies[who], origin: "http://acme.localhost" }, body });
  };
  const PNG = pngOf(1, 1);

  it("is a 404 for a member, and for an initiative the organiser does not manage", async () => {
    expect((await run(newLoader as Route, get("marta", "/manage/initiatives/new"))).status).toBe(404);
    expect((await run(newAction as Route, multipart("marta", "/manage/initiatives/new", [["title", "x"]]))).status).toBe(404);
    const other = await createInitiative({ orgId: "org-acme", slug: "not-olgas", title: "Not Olga's" });
    expect((await run(editLoader as Route, get("olga", `/manage/initiatives/${other.id}/edit`), { id: other.id })).status).toBe(404);
  });

  it("loads blank, as a copy, or the initiative, in the organisation's zone", async () => {
    const blank = await run(newLoader as Route, get("olga", "/manage/initiatives/new"));
    expect(blank.data).toMatchObject({ initiative: null, copy: false, zone: "Europe/Madrid" });
    expect(blank.data!.options.sdgs).toHaveLength(17);
    const copy = await run(newLoader as Route, get("olga", `/manage/initiatives/new?from=${ids.beach}`));
    expect(copy.data).toMatchObject({ copy: true, initiative: { title: "Beach clean-up" } });
    const edit = await run(editLoader as Route, get("olga", `/manage/initiatives/${ids.beach}/edit`), { id: ids.beach });
    expect(edit.data).toMatchObject({ copy: false, initiative: { id: ids.beach } });
  });

  it("saves the found place's precision from the form; the edit and a copy start from it, a bad one is refused at its field (issue 28)", async () => {
    // A street's middle, as an online geocoder finds it: the offline geocoder's point check knows nothing of it.
    const place: [string, string][] = [["zone", "Europe/Madrid"], ["type", "training"], ["title", "Street first aid"], ["description", "On Calle Mayor."], ["is_in_person", "on"], ["address", "Calle Mayor, Madrid"], ["latitude", "40.41551"], ["longitude", "-3.70912"]];
    const refused = await run(newAction as Route, multipart("olga", "/manage/initiatives/new", [...place, ["location_precision", "rooftop"]]));
    expect(refused).toMatchObject({ status: 400, data: { fields: { location_precision: "form_error_invalid" }, values: { location_precision: "rooftop" } } });
    const created = await run(newAction as Route, multipart("olga", "/manage/initiatives/new", [...place, ["location_precision", "street"]]));
    expect(created.status).toBe(302);
    const id = created.location!.split("/").pop()!.split("?")[0];
    expect((await env.DB.prepare("SELECT location_precision FROM initiatives WHERE id = ?").bind(id).first())!.location_precision).toBe("street");
    const edit = await run(editLoader as Route, get("olga", `/manage/initiatives/${id}/edit`), { id });
    expect(edit.data).toMatchObject({ locationPrecision: "street", initiative: { location_precision: "street" } });
    const copy = await run(newLoader as Route, get("olga", `/manage/initiatives/new?from=${id}`));
    expect(copy.data).toMatchObject({ copy: true, locationPrecision: "street", initiative: { location_precision: "street" } });
  });

  it("answers refused fields by name with what was sent, then creates with an image and goes to the initiative", async () => {
    const refused = await run(
      newAction as Route,
      multipart("olga", "/manage/initiatives/new", [["zone", "Europe/Madrid"], ["type", "volunteering"], ["title", ""], ["description", "Bring water."], ["indicators.0.name", "Kg"], ["indicators.0.unit", "tonne"]]),
    );
    expect(refused).toMatchObject({ status: 400, data: { error: "validation_error", fields: { title: "form_error_required", "indicators.0.unit": "form_error_invalid" }, values: { description: "Bring water." } } });
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM initiatives").first<{ n: number }>())!.n;
    const created = await run(
      newAction as Route,
      multipart("olga", "/manage/initiatives/new", [
        ["zone", "Europe/Madrid"],
        ["type", "training"],
        ["title", "First aid course"],
        ["description", "Four hours with the Red Cross."],
        ["start_time", "2027-05-10T09:00"],
        ["end_time", "2027-05-10T13:00"],
        ["image_file", new File([PNG], "course.png", { type: "image/png" })],
      ]),
    );
    expect(created.status).toBe(302);
    expect(created.location).toMatch(/^\/manage\/initiatives\/[0-9a-f-]{36}\?saved=created$/);
    const id = created.location!.split("/").pop()!.split("?")[0];
    const row = await env.DB.prepare("SELECT image, start_time FROM initiatives WHERE id = ?").bind(id).first<{ image: string; start_time: number }>();
    expect(row!.image).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
    // 09:00 in Madrid in May is 07:00 UTC.
    expect(new Date(row!.start_time).toISOString()).toBe("2027-05-10T07:00:00.000Z");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM initiatives").first<{ n: number }>())!.n).toBe(before + 1);

    // The edit keeps the image, or drops it when asked.
    const dropped = await run(
      editAction as Route,
      multipart("olga", `/manage/initiatives/${id}/edit`, [["zone", "Europe/Madrid"], ["type", "training"], ["title", "First aid course"], ["description", "Four hours."], ["image", row!.image], ["remove_image", "on"]]),
      { id },
    );
    expect(dropped).toMatchObject({ status: 302, location: `/manage/initiatives/${id}?saved=updated` });
    expect((await env.DB.prepare("SELECT image FROM initiatives WHERE id = ?").bind(id).first<{ image: string | null }>())!.image).toBeNull();
  });

  it("refuses a file that is not an image at the image field, and writes nothing", async () => {
    const refused = await run(
      newAction as Route,
      multipart("olga", "/manage/initiatives/new", [["type", "training"], ["title", "T"], ["description", "D"], ["image_file", new File(["%PDF-1.4"], "x.png", { type: "image/png" })]]),
    );
    expect(refused).toMatchObject({ status: 415, data: { fields: { image: "attachments_error_type" } } });
  });
});

describe("the check-in desk", () => {
  it("loads the sheet for the organiser, a 404 for a member; checks in a typed code without JavaScript, and a queued one as JSON", async () => {
    const run = await createInitiative({ orgId: "org-acme", slug: "web-run", title: "Web run", submitterMemberId: ids.olga, participationMethod: "qr", hoursPerDay: 2, startTime: Date.now() - 86_400_000 });
    const marta = await addParticipation(run.id, "org-acme", ids.marta);
    const path = `/manage/initiatives/${run.id}/checkin`;
    expect((await run_(checkinLoader, get("marta", path), run.id)).status).toBe(404);
    const sheet = await run_(checkinLoader, get("olga", path), run.id);
    expect(sheet.data!.sheet.participants).toEqual([expect.objectContaining({ uuid: marta.uuid, checked_in_today: false })]);
    const code = await checkinCode(base64UrlDecode(sheet.data!.sheet.key), marta.uuid);
    const wrong = await run_(checkinAction, post("olga", path, [["code", "ABCDEFGHJK"], ["hours", ""]]), run.id);
    expect(wrong).toMatchObject({ status: 400, data: { error: "checkin_code_invalid", fields: { code: "form_error_checkin_code" } } });
    const typed = await run_(checkinAction, post("olga", path, [["code", code], ["hours", ""]]), run.id);
    expect(typed).toMatchObject({ status: 200, data: { done: { name: "Marta", created: true } } });
    // The queue's JSON post: the same check-in again is the first one.
    const queued = new Request(`http://acme.localhost${path}s`, {
      method: "POST",
      headers: { cookie: cookies.olga, "content-type": "application/json", origin: "http://acme.localhost" },
      body: JSON.stringify({ code, at: new Date().toISOString() }),
    });
    const answer = (await checkinsAction({ request: queued, context: await testLoadContext("acme"), params: { id: run.id } } as never)) as Response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ participant: { uuid: marta.uuid }, hours: 2 });
    const form = new Request(`http://acme.localhost${path}s`, { method: "POST", headers: { cookie: cookies.olga, "content-type": "application/x-www-form-urlencoded" }, body: "code=x" });
    expect(((await checkinsAction({ request: form, context: await testLoadContext("acme"), params: { id: run.id } } as never)) as Response).status).toBe(415);
  });
});

/** run() for a route of one initiative. */
const run_ = (route: unknown, request: Request, id: string) => run(route as Route, request, { id });

describe("the waitlist on the participants page", () => {
  it("shows who waits and moves someone up", async () => {
    const full = await createInitiative({ orgId: "org-acme", slug: "full-web", title: "Full", submitterMemberId: ids.olga, maxParticipants: 1, startTime: Date.now() + 86_400_000 });
    await addParticipation(full.id, "org-acme", ids.olga);
    for (const [n, member] of [ids.marta, ids.mario].entries()) {
      await env.DB.prepare("INSERT INTO waitlist_entries (id, org_id, initiative_id, member_id, status, position) VALUES (?, 'org-acme', ?, ?, 'waiting', ?)")
        .bind(`wl-${n}`, full.id, member, n + 1)
        .run();
    }
    const path = `/manage/initiatives/${full.id}`;
    const loaded = await run_(participantsLoader, get("olga", path), full.id);
    expect(loaded.data!.data.waitlist.map((entry: { id: string }) => entry.id)).toEqual(["wl-0", "wl-1"]);
    const moved = await run_(participantsAction, post("olga", path, [["intent", "waitlist_order"], ["order", "wl-1,wl-0"]]), full.id);
    expect(moved).toMatchObject({ status: 200, data: { decision: { done: { status: "waitlist" } } } });
    expect((await run_(participantsLoader, get("olga", path), full.id)).data!.data.waitlist.map((entry: { id: string }) => entry.id)).toEqual(["wl-1", "wl-0"]);
    const stale = await run_(participantsAction, post("olga", path, [["intent", "waitlist_order"], ["order", "wl-1"]]), full.id);
    expect(stale).toMatchObject({ status: 409, data: { decision: { error: "waitlist_changed" } } });
  });
});
