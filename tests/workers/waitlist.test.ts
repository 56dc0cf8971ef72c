/**
 * The waitlist of a full initiative (issue 11, point 8): joining it, the offer of a freed place
 * (held for the first in line, by e-mail too), its expiry passing it to the next (the scheduled
 * sweep), joining with the offer, and staff seeing and reordering the list.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { runScheduled } from "../../workers/scheduled";
import { addParticipation, createInitiative, DAY } from "./initiatives-fixtures";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const HOUR = 3_600_000;

const as = (who: string, method: string, path: string, body?: unknown) => call(method, `/api/acme${path}`, { token: tokens[who], body });
const place = async (who: string) => (await json(await as(who, "GET", "/initiative/dinner"))).waitlist;

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  for (const name of ["ana", "ben", "cara", "dan", "eve", "olga", "otto"]) {
    const role = name === "olga" || name === "otto" ? "organiser" : "member";
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name: name[0].toUpperCase() + name.slice(1) })).id;
    tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  }
  await createMember({ email: "cora@commons.example", orgId: commons.id, role: "admin" });
  tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;
  const dinner = await createInitiative({ orgId: acme.id, slug: "dinner", title: "Soup kitchen dinner", submitterMemberId: ids.olga, maxParticipants: 1, startTime: Date.now() + 3 * DAY, endTime: Date.now() + 4 * DAY });
  ids.dinner = dinner.id;
  await addParticipation(dinner.id, acme.id, ids.ana);
  const open = await createInitiative({ orgId: acme.id, slug: "open-day", title: "Open day", maxParticipants: 10, startTime: Date.now() + DAY });
  ids.open = open.id;
});

describe("joining the waitlist", () => {
  it("is for a full initiative: in line in the order people come", async () => {
    const ben = await as("ben", "PUT", `/initiative/${ids.dinner}/waitlist`);
    expect(ben.status).toBe(200);
    expect((await json(ben)).waitlist).toEqual({ status: "waiting", position: 1, offer_expires_at: null });
    await as("cara", "PUT", `/initiative/${ids.dinner}/waitlist`);
    expect(await place("cara")).toMatchObject({ status: "waiting", position: 2 });
    // Twice is once.
    await as("ben", "PUT", `/initiative/${ids.dinner}/waitlist`);
    expect(await place("ben")).toMatchObject({ position: 1 });
  });

  it("is refused to a participant, on an initiative with places, and on one without participants", async () => {
    expect((await json(await as("ana", "PUT", `/initiative/${ids.dinner}/waitlist`))).error).toBe("already_joined");
    expect((await json(await as("ben", "PUT", `/initiative/${ids.open}/waitlist`))).error).toBe("initiative_not_full");
  });
});

describe("a freed place", () => {
  it("is offered to the first in line, by e-mail, and held for them", async () => {
    expect((await as("ana", "DELETE", `/initiative/${ids.dinner}`)).status).toBe(200);
    const offer = await place("ben");
    expect(offer.status).toBe("offered");
    expect(Date.parse(offer.offer_expires_at) - Date.now()).toBeGreaterThan(23 * HOUR);
    const [mail] = await mailbox("ben@acme.example");
    expect(mail.subject).toContain("Soup kitchen dinner");
    expect(mail.text).toContain("waitlist");
    // Held: nobody else takes it, not even the next in line.
    expect((await json(await as("dan", "PUT", `/initiative/${ids.dinner}`))).error).toBe("initiative_full");
    expect((await as("cara", "PUT", `/initiative/${ids.dinner}`)).status).toBe(409);
  });

  it("passes to the next when the offer runs out (the scheduled sweep)", async () => {
    await runScheduled(env, Date.now() + 25 * HOUR);
    expect(await place("ben")).toBeNull();
    expect((await place("cara")).status).toBe("offered");
    expect((await mailbox("cara@acme.example"))[0].subject).toContain("Soup kitchen dinner");
  });

  it("is taken by joining: the entry is done and the place counted", async () => {
    const joined = await as("cara", "PUT", `/initiative/${ids.dinner}`);
    expect(joined.status).toBe(200);
    expect(await json(joined)).toMatchObject({ participant_status: "accepted", participant_count: 1, waitlist: null });
    const row = await env.DB.prepare("SELECT status FROM waitlist_entries WHERE member_id = ? AND initiative_id = ?").bind(ids.cara, ids.dinner).first<{ status: string }>();
    expect(row!.status).toBe("accepted");
  });

  it("goes back in line at the end after an offer ran out, and leaving gives an offer up", async () => {
    await as("ben", "PUT", `/initiative/${ids.dinner}/waitlist`);
    await as("dan", "PUT", `/initiative/${ids.dinner}/waitlist`);
    expect(await place("ben")).toMatchObject({ status: "waiting", position: 1 });
    expect((await as("dan", "DELETE", `/initiative/${ids.dinner}/waitlist`)).status).toBe(200);
    expect(await place("dan")).toBeNull();
  });
});

describe("staff and the waitlist", () => {
  it("see it with the participants and reorder it", async () => {
    await as("dan", "PUT", `/initiative/${ids.dinner}/waitlist`);
    await as("eve", "PUT", `/initiative/${ids.dinner}/waitlist`);
    const { waitlist } = await json(await as("olga", "GET", `/manage/initiatives/${ids.dinner}/participants`));
    expect(waitlist.map((entry: { name: string }) => entry.name)).toEqual(["Ben", "Dan", "Eve"]);
    const reversed = waitlist.map((entry: { id: string }) => entry.id).reverse();
    const answer = await as("olga", "PUT", `/manage/initiatives/${ids.dinner}/waitlist`, { order: reversed });
    expect((await json(answer)).waitlist.map((entry: { name: string }) => entry.name)).toEqual(["Eve", "Dan", "Ben"]);
    expect(await place("eve")).toMatchObject({ position: 1 });
    // The next freed place goes to the new first.
    await env.DB.prepare("UPDATE initiatives SET max_participants = 2 WHERE id = ?").bind(ids.dinner).run();
    await as("olga", "PUT", `/manage/initiatives/${ids.dinner}`, { status: "open" });
    expect((await place("eve")).status).toBe("offered");
  });

  it("two reorders of one list at once: one applies, the other is 409 waitlist_changed with the list as stored, one audit row", async () => {
    const { waitlist } = await json(await as("olga", "GET", `/manage/initiatives/${ids.dinner}/participants`));
    const order = waitlist.map((entry: { id: string }) => entry.id);
    const orders = [[...order].reverse(), [order[1], order[0], ...order.slice(2)]];
    const before = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'waitlist.reordered'").first<{ n: number }>();
    const answers = await Promise.all(orders.map((next) => as("olga", "PUT", `/manage/initiatives/${ids.dinner}/waitlist`, { order: next })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = await json(answers.find((answer) => answer.status === 409)!);
    const won = await json(answers.find((answer) => answer.status === 200)!);
    expect(lost).toMatchObject({ error: "waitlist_changed", current: { waitlist: won.waitlist } });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'waitlist.reordered'").first<{ n: number }>();
    expect(after!.n - before!.n).toBe(1);
  });

  it("a list that changed meanwhile is refused (409); members and other organisers get 403, another organisation 404", async () => {
    const { waitlist } = await json(await as("olga", "GET", `/manage/initiatives/${ids.dinner}/participants`));
    const stale = await as("olga", "PUT", `/manage/initiatives/${ids.dinner}/waitlist`, { order: waitlist.slice(1).map((entry: { id: string }) => entry.id) });
    expect(stale.status).toBe(409);
    expect((await as("ben", "PUT", `/manage/initiatives/${ids.dinner}/waitlist`, { order: [] })).status).toBe(403);
    expect((await as("otto", "PUT", `/manage/initiatives/${ids.dinner}/waitlist`, { order: [] })).status).toBe(403);
    expect((await call("PUT", `/api/commons/manage/initiatives/${ids.dinner}/waitlist`, { token: tokens.cora, body: { order: [] } })).status).toBe(404);
    // Nor can a member put herself on another organisation's list.
    expect((await call("PUT", `/api/commons/initiative/${ids.dinner}/waitlist`, { token: tokens.cora })).status).toBe(404);
  });
});
