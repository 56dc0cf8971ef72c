/**
 * The initiatives staff manage and their participants (issue 11, points 2 and 3, docs/api/manage.md):
 * the list with its filters and waiting counts, the participants with hours and indicator totals,
 * the phone only where the organisation asks for one, the organiser's status decision with its
 * recount and audit row, and the CSV a spreadsheet opens in any language.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addParticipation, createInitiative, DAY } from "./initiatives-fixtures";
import { invalidateOrganization } from "../../workers/tenant/organizations";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function record(participationId: string, status: string, values: { hours?: number; value?: number; indicatorId?: string }) {
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, value, indicator_id, status) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), participationId, values.indicatorId ? "indicator" : "hours", values.hours ?? null, values.value ?? null, values.indicatorId ?? null, status)
    .run();
}

const api = (who: string, method: string, path: string, body?: unknown) => call(method, `/api/acme/manage${path}`, { token: tokens[who], body });

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  // Acme asks members for a phone, so staff see it.
  await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.ask_member_phone', json('true')) WHERE id = 'org-acme'").run();
  for (const [name, role] of [
    ["ada", "admin"],
    ["olga", "organiser"],
    ["otto", "organiser"],
    ["marta", "member"],
    ["pablo", "member"],
  ] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name: `${name[0].toUpperCase()}${name.slice(1)} Ñandú` })).id;
  }
  await createMember({ email: "cora@commons.example", orgId: commons.id, role: "admin" });
  await env.DB.prepare("UPDATE profiles SET phone = '+34600111222' WHERE member_id = ?").bind(ids.marta).run();
  const beach = await createInitiative({
    orgId: acme.id,
    slug: "beach",
    title: "Beach clean-up",
    submitterMemberId: ids.olga,
    startTime: Date.now() - DAY,
    maxParticipants: 10,
    indicators: [{ id: "ind-kg", name: "Rubbish", unit: "kilogram" }],
  });
  await createInitiative({ orgId: acme.id, slug: "park", title: "Park day", submitterMemberId: ids.otto, startTime: Date.now() + DAY });
  await createInitiative({ orgId: acme.id, slug: "gift", title: "Beach toys", type: "donation", submitterMemberId: ids.olga, status: "suspended", startTime: Date.now() - 2 * DAY });
  ids.beach = beach.id;
  // Marta joined first: the list is in the order people joined.
  const marta = await addParticipation(beach.id, acme.id, ids.marta, "accepted", { createdAt: Date.now() - 60_000 });
  const pablo = await addParticipation(beach.id, acme.id, ids.pablo);
  ids.martaUuid = marta.uuid;
  ids.pabloUuid = pablo.uuid;
  await record(marta.id, "validated", { hours: 3 });
  await record(marta.id, "granted", { hours: 1 });
  await record(marta.id, "pending", { hours: 2 });
  await record(marta.id, "rejected", { hours: 9 });
  await record(marta.id, "validated", { value: 12, indicatorId: "ind-kg" });
  await record(marta.id, "pending", { value: 5, indicatorId: "ind-kg" });
  for (const name of ["ada", "olga", "otto", "marta"]) tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;
});

describe("GET /api/{org}/manage/initiatives", () => {
  it("lists what the organiser manages, newest start first, with what waits", async () => {
    const { initiatives, has_more } = await json(await api("olga", "GET", "/initiatives"));
    expect(initiatives.map((i: { slug: string }) => i.slug)).toEqual(["beach", "gift"]);
    expect(initiatives[0]).toMatchObject({ title: "Beach clean-up", type: "volunteering", status: "open", participant_count: 2, max_participants: 10, pending_count: 2, mine: true });
    expect(has_more).toBe(false);
  });

  it("pages by limit and cursor with a Link to the next page (docs/api/pagination.md)", async () => {
    const answer = await api("olga", "GET", "/initiatives?limit=1");
    const first = await json(answer);
    expect(first.initiatives.map((i: { slug: string }) => i.slug)).toEqual(["beach"]);
    expect(answer.headers.get("link")).toBe(`<http://localhost/api/acme/manage/initiatives?limit=1&cursor=${first.next_cursor}>; rel="next"`);
    const last = await api("olga", "GET", `/initiatives?limit=1&cursor=${first.next_cursor}`);
    expect((await json(last)).initiatives.map((i: { slug: string }) => i.slug)).toEqual(["gift"]);
    expect(last.headers.get("link")).toBeNull();
    expect((await api("olga", "GET", "/initiatives?limit=101")).status).toBe(400);
  });

  it("filters by search, type, status and mine; an administrator sees all, and which are theirs", async () => {
    expect((await json(await api("olga", "GET", "/initiatives?q=TOYS"))).initiatives.map((i: { slug: string }) => i.slug)).toEqual(["gift"]);
    expect((await json(await api("olga", "GET", "/initiatives?type=donation&status=suspended"))).initiatives).toHaveLength(1);
    expect((await json(await api("olga", "GET", "/initiatives?q=%25"))).initiatives).toEqual([]);
    const ada = await json(await api("ada", "GET", "/initiatives"));
    expect(ada.initiatives.map((i: { slug: string; mine: boolean }) => [i.slug, i.mine])).toEqual([
      ["park", false],
      ["beach", false],
      ["gift", false],
    ]);
    expect((await json(await api("ada", "GET", "/initiatives?scope=mine"))).initiatives).toEqual([]);
  });

  it("refuses members (403), other organisations (404) and bad filters (400)", async () => {
    expect((await api("marta", "GET", "/initiatives")).status).toBe(403);
    expect((await api("cora", "GET", "/initiatives")).status).toBe(404);
    for (const query of ["?type=party", "?status=done", "?scope=everyone", "?page=0", "?colour=red", "?from=2026-02-30", "?to=2026-13-01", "?from=soon"]) expect((await api("olga", "GET", `/initiatives${query}`)).status, query).toBe(400);
    expect((await api("olga", "GET", "/initiatives?from=2028-02-29&to=2028-03-01")).status).toBe(200);
  });
});

describe("participants", () => {
  it("shows each participant's status, approval, phone and totals: validated or granted hours count, refused ones never", async () => {
    const res = await api("olga", "GET", `/initiatives/${ids.beach}/participants`);
    expect(res.status).toBe(200);
    const { initiative, participants } = await json(res);
    expect(initiative).toMatchObject({ id: ids.beach, slug: "beach" });
    expect(participants[0]).toMatchObject({
      uuid: ids.martaUuid,
      name: "Marta Ñandú",
      email: "marta@acme.example",
      phone: "+34600111222",
      status: "accepted",
      manager_approval_status: "not_needed",
      hours: { validated: 4, pending: 2 },
      indicators: [{ id: "ind-kg", name: "Rubbish", unit: "kilogram", validated: 12, pending: 5 }],
    });
    expect(participants[1]).toMatchObject({ uuid: ids.pabloUuid, hours: { validated: 0, pending: 0 } });
  });

  it("is the initiative's organisers' only: another organiser 403, unknown 404", async () => {
    expect((await api("otto", "GET", `/initiatives/${ids.beach}/participants`)).status).toBe(403);
    expect((await api("olga", "GET", "/initiatives/no-such/participants")).status).toBe(404);
    expect((await api("marta", "GET", `/initiatives/${ids.beach}/participants`)).status).toBe(403);
  });

  it("exports a CSV with a byte-order mark, every cell quoted, formulas defused", async () => {
    await env.DB.prepare("UPDATE profiles SET name = '=HYPERLINK(\"x\")' WHERE member_id = ?").bind(ids.pablo).run();
    const res = await api("olga", "GET", `/initiatives/${ids.beach}/participants.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="participants-beach.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe('"name","email","phone","status","manager_approval_status","joined_at","validated_hours","pending_hours","Rubbish (kilogram)"');
    expect(lines[1]).toMatch(/^"Marta Ñandú","marta@acme.example","\+34600111222","accepted","not_needed","[^"]+","4","2","12"$/);
    expect(lines[2].startsWith(`"'=HYPERLINK(""x"")"`)).toBe(true);
    expect((await api("otto", "GET", `/initiatives/${ids.beach}/participants.csv`)).status).toBe(403);
  });

  it("lets the organiser reject or mark a participant not going: recounted, audited; a bad status is 400", async () => {
    const res = await api("olga", "PUT", `/initiatives/${ids.beach}/participants/${ids.pabloUuid}`, { status: "rejected" });
    expect(res.status).toBe(200);
    const { participants } = await json(res);
    expect(participants.find((p: { uuid: string }) => p.uuid === ids.pabloUuid).status).toBe("rejected");
    const count = await env.DB.prepare("SELECT participant_count AS n FROM initiatives WHERE id = ?").bind(ids.beach).first<{ n: number }>();
    expect(count?.n).toBe(1);
    const audit = await env.DB.prepare("SELECT action, detail FROM audit_log WHERE actor_member_id = ? AND action LIKE 'participant.%'").bind(ids.olga).first();
    expect(audit).toEqual({ action: "participant.rejected", detail: '{"from":"accepted"}' });
    expect((await api("olga", "PUT", `/initiatives/${ids.beach}/participants/${ids.pabloUuid}`, { status: "maybe" })).status).toBe(400);
    expect((await api("olga", "PUT", `/initiatives/${ids.beach}/participants/no-such-uuid`, { status: "accepted" })).status).toBe(404);
    expect((await api("otto", "PUT", `/initiatives/${ids.beach}/participants/${ids.martaUuid}`, { status: "rejected" })).status).toBe(403);
    // Back in: the organiser decides, and the count follows.
    await api("olga", "PUT", `/initiatives/${ids.beach}/participants/${ids.pabloUuid}`, { status: "accepted" });
    const again = await env.DB.prepare("SELECT participant_count AS n FROM initiatives WHERE id = ?").bind(ids.beach).first<{ n: number }>();
    expect(again?.n).toBe(2);
  });
});

describe("writing to the participants", () => {
  it("e-mails every accepted participant the organiser's words, audited; refuses bad input, strangers and a flood", async () => {
    const message = { subject: "Meeting point changed", body: "We meet at the lifeguard tower.\n\nBring <gloves> & water." };
    const res = await api("olga", "POST", `/initiatives/${ids.beach}/message`, message);
    expect(res.status).toBe(202);
    expect(await json(res)).toEqual({ recipients: 2 });
    const [mail] = (await mailbox("marta@acme.example")) as { subject: string; text: string; html: string; links: string[] }[];
    expect(mail.subject).toBe("Beach clean-up: Meeting point changed");
    expect(mail.text).toContain("Bring <gloves> & water.");
    expect(mail.html).toContain("Bring &lt;gloves&gt; &amp; water.");
    expect(mail.links[0]).toMatch(/\/initiative\/beach$/);
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'initiative.messaged' AND target_id = ?").bind(ids.beach).first();
    expect(audit).toEqual({ detail: '{"subject":"Meeting point changed"}' });

    const empty = await api("olga", "POST", `/initiatives/${ids.beach}/message`, { subject: " ", body: "x" });
    expect([empty.status, (await json(empty)).fields]).toEqual([400, { subject: "form_error_required" }]);
    expect((await api("olga", "POST", `/initiatives/${ids.beach}/message`, { subject: "x", body: "y".repeat(5001) })).status).toBe(400);
    expect((await api("otto", "POST", `/initiatives/${ids.beach}/message`, message)).status).toBe(403);
    expect((await api("marta", "POST", `/initiatives/${ids.beach}/message`, message)).status).toBe(403);
    expect((await api("olga", "POST", "/initiatives/no-such/message", message)).status).toBe(404);
    for (let i = 0; i < 4; i++) expect((await api("olga", "POST", `/initiatives/${ids.beach}/message`, message)).status).toBe(202);
    const flood = await api("olga", "POST", `/initiatives/${ids.beach}/message`, message);
    expect(flood.status).toBe(429);
    expect(Number(flood.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});


describe("status and pin", () => {
  it("suspends and reopens an initiative; members see it; audited; bad or empty changes are 400", async () => {
    const res = await api("olga", "PUT", `/initiatives/${ids.beach}`, { status: "suspended" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: ids.beach, status: "suspended", pinned: false, can_pin: false });
    const seen = await json(await call("GET", "/api/acme/initiative/beach", { token: tokens.marta }));
    expect(seen.status).toBe("suspended");
    expect((await api("olga", "PUT", `/initiatives/${ids.beach}`, { status: "open" })).status).toBe(200);
    const actions = await env.DB.prepare("SELECT action, detail FROM audit_log WHERE target_id = ? AND action IN ('initiative.suspended', 'initiative.open') ORDER BY created_at, action DESC").bind(ids.beach).all();
    expect(actions.results).toEqual([
      { action: "initiative.suspended", detail: '{"from":"open"}' },
      { action: "initiative.open", detail: '{"from":"suspended"}' },
    ]);
    for (const body of [{}, { status: "closed" }, { pinned: "yes" }, { title: "New" }]) expect((await api("olga", "PUT", `/initiatives/${ids.beach}`, body)).status, JSON.stringify(body)).toBe(400);
    expect((await api("otto", "PUT", `/initiatives/${ids.beach}`, { status: "canceled" })).status).toBe(403);
    expect((await api("marta", "PUT", `/initiatives/${ids.beach}`, { status: "canceled" })).status).toBe(403);
  });

  it("pins only where the organisation pins initiatives", async () => {
    const refused = await api("olga", "PUT", `/initiatives/${ids.beach}`, { pinned: true });
    expect([refused.status, (await json(refused)).error]).toEqual([409, "pinning_disabled"]);
    await env.DB.prepare("UPDATE organizations SET community_config = json_set(community_config, '$.can_pin_initiatives', json('true')) WHERE id = 'org-acme'").run();
    await invalidateOrganization(env, { slug: "acme", hostnames: ["acme.localhost"] });
    const pinned = await api("olga", "PUT", `/initiatives/${ids.beach}`, { pinned: true });
    expect(pinned.status).toBe(200);
    const row = await env.DB.prepare("SELECT pinned FROM initiatives WHERE id = ?").bind(ids.beach).first();
    expect(row).toEqual({ pinned: 1 });
  });
});
