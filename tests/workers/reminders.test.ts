/**
 * Reminders before an initiative (issue 29, section 2; docs/decisions/045): the cron's planning
 * (the offsets, an organisation's own, exactly once under a doubled or late cron, quiet hours at
 * both ends and the 2-hour exception, a moved initiative re-planned, none after leaving, for a
 * cancelled initiative or on a channel switched off), the e-mail (time in the organisation's zone,
 * map link, QR image, the "can't come" link that frees the place once and moves the waitlist) and
 * the staff's morning digest (once a day, its content).
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { calendarDay } from "../../app/domain/initiatives/reporting";
import { fromLocal } from "../../app/domain/zoned-time";
import { action as cantComeAction, loader as cantComeLoader } from "../../app/routes/cant-come.$token";
import { action as notificationAction, loader as notificationLoader } from "../../app/routes/_app.settings.notification/route";
import { createWebSession } from "../../workers/auth/web-session";
import { runJobs, type Job } from "../../workers/jobs";
import { runScheduled } from "../../workers/scheduled";
import { addParticipation, addRecord, createInitiative, DAY, HOUR } from "./initiatives-fixtures";
import { pageRequests, run } from "./route-calls";
import { call, createMember, createOrg, json, login, mailbox, seedOrganizations, testLoadContext } from "./support";

const ZONE = "Europe/Madrid";
const MINUTE = 60_000;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

/** An instant at a wall-clock time of Madrid, `days` after today. */
function madrid(days: number, time: string) {
  const [y, m, d] = calendarDay(Date.now(), ZONE).key.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return fromLocal(Date.UTC(y, m - 1, d + days, hour, minute), ZONE);
}

/** The queue's messages caught as the cron sends them. */
let queued: Job[] = [];
beforeEach(() => {
  queued = [];
  vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages) => {
    for (const message of messages) queued.push(message.body as Job);
    return undefined as never;
  });
});
afterEach(() => vi.restoreAllMocks());

/** The queue's consumer, once, with what was caught. */
async function consume() {
  const messages = queued.splice(0, queued.length);
  if (!messages.length) return;
  const batch = createMessageBatch<Job>("commons-jobs", messages.map((body) => ({ id: crypto.randomUUID(), timestamp: Date.now(), attempts: 1, body })));
  createExecutionContext();
  await runJobs(batch, env);
}

/** One cron run at `now`, and the queue's consumer after it. */
async function cron(now: number) {
  await runScheduled(env, now);
  await consume();
}

const reminders = async (to: string) => (await mailbox(to)).filter((mail) => mail.subject.startsWith("Reminder") || mail.subject.startsWith("Recordatorio"));
const rows = (initiativeId: string) =>
  env.DB.prepare("SELECT member_id, offset_minutes, start_time, status FROM reminders_sent WHERE initiative_id = ? ORDER BY created_at").bind(initiativeId).all<{ member_id: string; offset_minutes: number; start_time: number; status: string }>().then((r) => r.results);

async function member(name: string, orgId: string, role: "member" | "organiser" | "admin" = "member", language = "en-US") {
  ids[name] = (await createMember({ email: `${name}@acme.example`, orgId, name: name[0].toUpperCase() + name.slice(1), role, language })).id;
  tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
}

beforeAll(async () => {
  const { acme } = await seedOrganizations();
  for (const name of ["ana", "ben", "cara", "dan", "eva", "fran", "gil", "hugo", "ines"]) await member(name, acme.id);
  await member("sofia", acme.id, "member", "es-ES");
  await member("olga", acme.id, "organiser");
  await member("otto", acme.id, "organiser");
  await member("ada", acme.id, "admin");
  // An organisation that reminds 3 hours before only.
  const tide = await createOrg({ id: "org-tide", slug: "tide", community: { reminder_offsets: [180] } });
  await member("tina", tide.id);
});

describe("planning", () => {
  it("reminds 24 hours and 2 hours before, once each, and not after the start", async () => {
    const start = madrid(3, "10:00");
    const walk = await createInitiative({ orgId: "org-acme", slug: "walk", title: "Forest walk", startTime: start, endTime: start + 3 * HOUR });
    await addParticipation(walk.id, "org-acme", ids.ana);
    await cron(start - 24 * HOUR - 5 * MINUTE);
    expect(await reminders("ana@acme.example")).toHaveLength(0);
    await cron(start - 24 * HOUR + MINUTE);
    expect(await reminders("ana@acme.example")).toHaveLength(1);
    // The same run again, and two at once: nothing more.
    await cron(start - 24 * HOUR + MINUTE);
    await Promise.all([runScheduled(env, start - 23 * HOUR), runScheduled(env, start - 23 * HOUR)]);
    await consume();
    expect(await reminders("ana@acme.example")).toHaveLength(1);
    await cron(start - 2 * HOUR + MINUTE);
    await cron(start - 2 * HOUR + 11 * MINUTE);
    expect(await reminders("ana@acme.example")).toHaveLength(2);
    await cron(start + MINUTE);
    expect(await reminders("ana@acme.example")).toHaveLength(2);
    expect((await rows(walk.id)).map((row) => [row.offset_minutes, row.status])).toEqual([
      [1440, "sent"],
      [120, "sent"],
    ]);
  });

  it("follows the organisation's own offsets", async () => {
    const start = madrid(3, "18:00");
    const beach = await createInitiative({ orgId: "org-tide", slug: "beach", title: "Beach clean-up", startTime: start });
    await addParticipation(beach.id, "org-tide", ids.tina);
    await cron(start - 24 * HOUR + MINUTE);
    expect(await reminders("tina@acme.example")).toHaveLength(0);
    await cron(start - 3 * HOUR + MINUTE);
    expect(await reminders("tina@acme.example")).toHaveLength(1);
    expect((await rows(beach.id)).map((row) => row.offset_minutes)).toEqual([180]);
  });

  it("after a late cron, sends the newest reminder it missed, and none once the initiative has started", async () => {
    const start = madrid(4, "12:00");
    const late = await createInitiative({ orgId: "org-acme", slug: "late", title: "Late one", startTime: start });
    await addParticipation(late.id, "org-acme", ids.ben);
    await cron(start - HOUR);
    expect(await reminders("ben@acme.example")).toHaveLength(1);
    expect((await rows(late.id)).map((row) => row.offset_minutes)).toEqual([120]);
    const missed = await createInitiative({ orgId: "org-acme", slug: "missed", title: "Missed one", startTime: start });
    await addParticipation(missed.id, "org-acme", ids.cara);
    await cron(start + 5 * MINUTE);
    expect(await reminders("cara@acme.example")).toHaveLength(0);
  });

  it("keeps quiet from 22:00 to 08:00 in the organisation's zone, unless the start is within 2 hours", async () => {
    // 24 hours before 07:00 is 07:00: held until 08:00. Two hours before is 05:00: sent at once.
    const early = madrid(5, "07:00");
    const dawn = await createInitiative({ orgId: "org-acme", slug: "dawn", title: "Dawn count", startTime: early });
    await addParticipation(dawn.id, "org-acme", ids.dan);
    await cron(early - 24 * HOUR + 5 * MINUTE);
    await cron(madrid(4, "07:59"));
    expect(await reminders("dan@acme.example")).toHaveLength(0);
    await cron(madrid(4, "08:00"));
    expect(await reminders("dan@acme.example")).toHaveLength(1);
    await cron(madrid(5, "05:01"));
    expect(await reminders("dan@acme.example")).toHaveLength(2);

    // 24 hours before 22:30 is 22:30: held through the night until 08:00; 21:59 is not quiet.
    const night = madrid(7, "22:30");
    const stars = await createInitiative({ orgId: "org-acme", slug: "stars", title: "Star watch", startTime: night });
    await addParticipation(stars.id, "org-acme", ids.eva);
    const dusk = madrid(7, "21:59");
    const owls = await createInitiative({ orgId: "org-acme", slug: "owls", title: "Owl walk", startTime: dusk });
    await addParticipation(owls.id, "org-acme", ids.fran);
    await cron(dusk - 24 * HOUR);
    expect(await reminders("fran@acme.example")).toHaveLength(1);
    await cron(night - 24 * HOUR + MINUTE);
    await cron(madrid(7, "07:59"));
    expect(await reminders("eva@acme.example")).toHaveLength(0);
    await cron(madrid(7, "08:00"));
    expect(await reminders("eva@acme.example")).toHaveLength(1);
  });

  it("plans a moved initiative again for its new time, and never twice for the old one", async () => {
    const start = madrid(9, "10:00");
    const fair = await createInitiative({ orgId: "org-acme", slug: "fair", title: "Street fair", startTime: start });
    await addParticipation(fair.id, "org-acme", ids.gil);
    await cron(start - 24 * HOUR + MINUTE);
    expect(await reminders("gil@acme.example")).toHaveLength(1);
    const moved = start + DAY;
    await env.DB.prepare("UPDATE initiatives SET start_time = ? WHERE id = ?").bind(moved, fair.id).run();
    await cron(start - 24 * HOUR + 11 * MINUTE);
    await cron(start - 2 * HOUR + MINUTE);
    expect(await reminders("gil@acme.example")).toHaveLength(1);
    await cron(moved - 24 * HOUR + MINUTE);
    await cron(moved - 24 * HOUR + 11 * MINUTE);
    const mails = await reminders("gil@acme.example");
    expect(mails).toHaveLength(2);
    const newDay = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: ZONE }).format(moved).split(",")[0];
    expect(mails[0].text).toContain(newDay);
  });

  it("sends nothing to someone who left, nor for a cancelled initiative, nor when left between planning and sending", async () => {
    const start = madrid(10, "10:00");
    const picnic = await createInitiative({ orgId: "org-acme", slug: "picnic", title: "Picnic", startTime: start });
    await addParticipation(picnic.id, "org-acme", ids.hugo);
    await addParticipation(picnic.id, "org-acme", ids.ines);
    expect((await call("DELETE", `/api/acme/initiative/${picnic.id}`, { token: tokens.hugo })).status).toBe(200);
    await cron(start - 24 * HOUR + MINUTE);
    expect(await reminders("hugo@acme.example")).toHaveLength(0);
    expect(await reminders("ines@acme.example")).toHaveLength(1);

    const storm = await createInitiative({ orgId: "org-acme", slug: "storm", title: "Storm drill", startTime: start, status: "canceled" });
    await addParticipation(storm.id, "org-acme", ids.hugo);
    await cron(start - 24 * HOUR + 2 * MINUTE);
    expect(await reminders("hugo@acme.example")).toHaveLength(0);

    // Claimed and queued, then left before the consumer runs: skipped.
    await runScheduled(env, start - 2 * HOUR + MINUTE);
    expect((await call("DELETE", `/api/acme/initiative/${picnic.id}`, { token: tokens.ines })).status).toBe(200);
    await consume();
    expect(await reminders("ines@acme.example")).toHaveLength(1);
    expect((await rows(picnic.id)).find((row) => row.offset_minutes === 120)?.status).toBe("skipped");
  });

  it("sends nothing on a channel the member switched off", async () => {
    const settings = (who: string, body?: unknown) => call(body ? "PUT" : "GET", "/api/acme/reminders/settings", { token: tokens[who], body });
    expect(await json(await settings("ana"))).toEqual({ reminder: { email: true }, staff_digest: null });
    expect(await json(await settings("olga"))).toEqual({ reminder: { email: true }, staff_digest: { email: true } });
    const refused = await settings("ana", { topic: "reminder", channel: "pigeon", enabled: false });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fields).toEqual({ channel: "form_error_invalid" });
    expect(await json(await settings("ana", { topic: "reminder", channel: "email", enabled: false }))).toMatchObject({ reminder: { email: false } });

    const start = madrid(11, "10:00");
    const quiet = await createInitiative({ orgId: "org-acme", slug: "quiet", title: "Quiet one", startTime: start });
    await addParticipation(quiet.id, "org-acme", ids.ana);
    const before = (await reminders("ana@acme.example")).length;
    await cron(start - 24 * HOUR + MINUTE);
    expect(await reminders("ana@acme.example")).toHaveLength(before);
    expect((await rows(quiet.id))[0].status).toBe("skipped");
    await settings("ana", { topic: "reminder", channel: "email", enabled: true });
    expect(await json(await settings("ana"))).toMatchObject({ reminder: { email: true } });
  });
});

describe("by push", () => {
  it("pushes the reminder to the member's subscribed devices too, by push alone with e-mail off, and not when their push setting says no", async () => {
    await member("pia", "org-acme");
    const endpoint = "https://push.example.net/send/pia-phone";
    const keys = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };
    expect((await call("PUT", "/api/acme/push/subscription", { token: tokens.pia, body: { endpoint, expirationTime: null, keys } })).status).toBe(201);
    const pushed = async () => json<{ title: string; body: string; url: string }[]>(await call("GET", `/dev/push?endpoint=${encodeURIComponent(endpoint)}`));
    /** One cron run, the reminder's job, then the push job it queued. */
    const remind = async (at: number) => {
      await cron(at);
      await consume();
    };

    const first = madrid(20, "10:00");
    const run = await createInitiative({ orgId: "org-acme", slug: "pushed-run", title: "Pushed run", startTime: first });
    await addParticipation(run.id, "org-acme", ids.pia);
    await remind(first - 24 * HOUR + MINUTE);
    expect(await reminders("pia@acme.example")).toHaveLength(1);
    expect(await pushed()).toEqual([expect.objectContaining({ title: expect.stringContaining("Pushed run"), url: expect.stringContaining("/initiative/pushed-run") })]);

    // E-mail off: the push alone, and the reminder counts as sent.
    await call("PUT", "/api/acme/reminders/settings", { token: tokens.pia, body: { topic: "reminder", channel: "email", enabled: false } });
    const second = madrid(21, "10:00");
    const swim = await createInitiative({ orgId: "org-acme", slug: "pushed-swim", title: "Pushed swim", startTime: second });
    await addParticipation(swim.id, "org-acme", ids.pia);
    await remind(second - 24 * HOUR + MINUTE);
    expect(await reminders("pia@acme.example")).toHaveLength(1);
    expect((await pushed()).map((push) => push.title).sort()).toEqual([expect.stringContaining("Pushed run"), expect.stringContaining("Pushed swim")]);
    expect((await rows(swim.id))[0].status).toBe("sent");

    // Reminders off in the push settings too: nothing reaches the member.
    expect((await call("PUT", "/api/acme/push/preferences", { token: tokens.pia, body: { reminders: false } })).status).toBe(200);
    await remind(second - 2 * HOUR + MINUTE);
    expect(await pushed()).toHaveLength(2);
    expect(await reminders("pia@acme.example")).toHaveLength(1);
  });
});

describe("/settings/notification", () => {
  it("shows the reminder switches (the digest's to organisers only) and saves one", async () => {
    const context = await testLoadContext("acme");
    const cookies: Record<string, string> = {};
    for (const who of ["ben", "otto"]) cookies[who] = (await createWebSession(context, (await login(`${who}@acme.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
    const page = pageRequests(cookies);
    expect((await run(notificationLoader as never, page.get("ben", "/settings/notification"))).data).toMatchObject({ reminders: { reminder: { email: true }, staff_digest: null } });
    expect((await run(notificationLoader as never, page.get("otto", "/settings/notification"))).data).toMatchObject({ reminders: { staff_digest: { email: true } } });
    const fields: [string, string][] = [["intent", "reminders"], ["topic", "reminder"], ["channel", "email"], ["enabled", "false"]];
    expect((await run(notificationAction as never, page.post("ben", "/settings/notification", fields))).data).toEqual({ saved: true, error: null });
    expect((await run(notificationLoader as never, page.get("ben", "/settings/notification"))).data).toMatchObject({ reminders: { reminder: { email: false }, staff_digest: null } });
    expect((await run(notificationAction as never, page.post("ben", "/settings/notification", [["intent", "reminders"], ["topic", "news"], ["channel", "email"]]))).status).toBe(400);
    await run(notificationAction as never, page.post("ben", "/settings/notification", [...fields.slice(0, 3), ["enabled", "true"]]));
  });
});

describe("the reminder e-mail", () => {
  const start = madrid(12, "10:00");
  let mail: { subject: string; text: string; html: string; links: string[]; attachments: { filename: string; content_type: string; content: string; encoding?: string; content_id?: string; disposition?: string }[] };
  let token = "";

  beforeAll(async () => {
    const garden = await createInitiative({
      orgId: "org-acme",
      slug: "garden",
      title: "Community garden",
      startTime: start,
      endTime: start + 3 * HOUR,
      maxParticipants: 1,
      participationMethod: "qr",
      isInPerson: true,
      address: "Calle Mayor 1, Madrid",
      latitude: 40.4168,
      longitude: -3.7038,
    });
    ids.garden = garden.id;
    await addParticipation(garden.id, "org-acme", ids.sofia);
    // The initiative is full: ben waits for a place.
    expect((await call("PUT", `/api/acme/initiative/${garden.id}/waitlist`, { token: tokens.ben })).status).toBe(200);
    vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages) => {
      for (const message of messages) queued.push(message.body as Job);
      return undefined as never;
    });
    await cron(start - 24 * HOUR + MINUTE);
    vi.restoreAllMocks();
    [mail] = (await mailbox("sofia@acme.example")) as (typeof mail)[];
    const link = mail.links.find((href) => href.includes("/cant-come/"))!;
    token = link.slice(link.indexOf("/cant-come/") + "/cant-come/".length);
  });

  it("is in the member's language, with the time in the organisation's zone and the place on a map", () => {
    expect(mail.subject).toContain("Recordatorio: Community garden");
    // 10:00 in Madrid (09:00 UTC in winter), said in Spanish, with the zone's name.
    expect(mail.text).toContain("10:00");
    expect(mail.text).not.toContain("9:00");
    expect(mail.text).toMatch(/hora estándar de Europa central|Central European/i);
    expect(mail.text).toContain("Calle Mayor 1, Madrid");
    expect(mail.links).toContain("https://www.openstreetmap.org/?mlat=40.4168&mlon=-3.7038#map=17/40.4168/-3.7038");
    expect(mail.links).toContain("http://acme.localhost:8787/settings/notification");
  });

  it("carries the member's check-in QR as an image inside the e-mail, and its code", async () => {
    const detail = await json(await call("GET", "/api/acme/initiative/garden", { token: tokens.sofia }));
    const code = `${detail.checkin_code.slice(0, 5)}-${detail.checkin_code.slice(5)}`;
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    // An inline part the HTML names by its Content-ID, not a data: URL (Gmail's web client shows none).
    expect(mail.html).not.toContain("data:image");
    const image = /<img src="cid:([^"]+)"/.exec(mail.html);
    expect(image).not.toBeNull();
    const part = mail.attachments.find((attachment) => attachment.content_id === image![1]);
    expect(part).toMatchObject({ content_type: "image/png", encoding: "base64", disposition: "inline" });
    const png = Uint8Array.from(atob(part!.content), (char) => char.charCodeAt(0));
    expect([...png.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    // Width from the IHDR chunk: (modules + 8 of quiet zone) x 6 pixels.
    const width = new DataView(png.buffer).getUint32(16);
    expect(width % 6).toBe(0);
    expect(width).toBeGreaterThanOrEqual(150);
  });

  it("has a can't-come link: opening it changes nothing, and only the organisation's host knows it", async () => {
    const view = await call("GET", `/api/reminders/cant-come/${token}`, { host: "acme.localhost" });
    expect(view.status).toBe(200);
    expect(await json(view)).toMatchObject({ initiative: { title: "Community garden", slug: "garden" }, state: "going" });
    expect((await call("GET", `/api/reminders/cant-come/${token}`, { host: "localhost" })).status).toBe(404);
    expect((await call("POST", `/api/reminders/cant-come/${token}`, { host: "localhost" })).status).toBe(404);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await call("GET", `/api/reminders/cant-come/${forged}`, { host: "acme.localhost" })).status).toBe(404);
    const page = await run(cantComeLoader as never, new Request(`http://acme.localhost/cant-come/${token}`), { token }, "acme");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "going", zone: ZONE });
    expect((await run(cantComeLoader as never, new Request(`http://localhost/cant-come/${token}`), { token }, "commons")).status).toBe(404);
    const detail = await json(await call("GET", "/api/acme/initiative/garden", { token: tokens.sofia }));
    expect(detail.participant_status).toBe("accepted");
  });

  it("refuses a POST from another site", async () => {
    const evil = { host: "acme.localhost", headers: { origin: "http://evil.example" } };
    expect((await call("POST", `/cant-come/${token}`, evil)).status).toBe(403);
    expect((await call("POST", `/api/reminders/cant-come/${token}`, evil)).status).toBe(403);
    expect((await json(await call("GET", "/api/acme/initiative/garden", { token: tokens.sofia }))).participant_status).toBe("accepted");
  });

  it("frees the place once, through the page's confirmation, and the waitlist moves", async () => {
    const post = () =>
      new Request(`http://acme.localhost/cant-come/${token}`, { method: "POST", headers: { origin: "http://acme.localhost", "content-type": "application/x-www-form-urlencoded" }, body: "" });
    const freed = await run(cantComeAction as never, post(), { token }, "acme");
    expect(freed).toMatchObject({ status: 200, data: { done: true } });
    const detail = await json(await call("GET", "/api/acme/initiative/garden", { token: tokens.sofia }));
    expect(detail.participant_status).toBe("not_going");
    expect(detail.participant_count).toBe(0);
    const offer = await json(await call("GET", "/api/acme/initiative/garden", { token: tokens.ben }));
    expect(offer.waitlist.status).toBe("offered");
    // The offer's e-mail goes out after the answer.
    await vi.waitFor(async () => expect((await mailbox("ben@acme.example"))[0]?.subject).toContain("Community garden"));
    // Once: the same link again changes nothing more.
    const again = await run(cantComeAction as never, post(), { token }, "acme");
    expect(again).toMatchObject({ status: 409, data: { done: false, error: "cant_come_already_left" } });
    expect((await call("POST", `/api/reminders/cant-come/${token}`, { host: "acme.localhost" })).status).toBe(409);
    expect(await json(await call("GET", `/api/reminders/cant-come/${token}`, { host: "acme.localhost" }))).toMatchObject({ state: "left" });
    // Joining again makes the old link useless: it named the place as it was.
    await env.DB.prepare("UPDATE participations SET status = 'accepted', created_at = ? WHERE initiative_id = ? AND member_id = ?").bind(Date.now() + 1, ids.garden, ids.sofia).run();
    expect((await call("GET", `/api/reminders/cant-come/${token}`, { host: "acme.localhost" })).status).toBe(404);
  });
});

describe("the organisation's offsets", () => {
  it("are an administrator's setting: a short list, validated", async () => {
    const put = (body: unknown, who = "ada") => call("PUT", "/api/acme/admin/config", { token: tokens[who], body: { community: { reminder_offsets: body } } });
    for (const wrong of [[5], [1440, 1440], [60, 120, 180, 240, 300], [20_000], "24h"]) {
      const answer = await put(wrong);
      expect(answer.status, JSON.stringify(wrong)).toBe(400);
      expect((await json(answer)).fields).toEqual({ "community.reminder_offsets": "settings_error_reminder_offsets" });
    }
    expect((await put([120], "olga")).status).toBe(403);
    const saved = await put([30, 2880]);
    expect(saved.status).toBe(200);
    expect((await json(saved)).community.reminder_offsets).toEqual([2880, 30]);
    expect((await json(await put([1440, 120]))).community.reminder_offsets).toEqual([1440, 120]);
  });
});

describe("the staff's morning digest", () => {
  const digests = async (to: string) => (await mailbox(to)).filter((mail) => mail.subject.startsWith("Today"));

  it("lists today's initiatives to those who run them, at 08:00 local, once a day", async () => {
    const cleanup = await createInitiative({ orgId: "org-acme", slug: "river", title: "River clean-up", submitterMemberId: ids.olga, startTime: madrid(14, "10:00"), endTime: madrid(14, "13:00"), maxParticipants: 1 });
    const market = await createInitiative({ orgId: "org-acme", slug: "market", title: "Food market", startTime: madrid(14, "17:30"), endTime: madrid(14, "20:00") });
    await env.DB.prepare("INSERT INTO initiative_organisers (initiative_id, member_id, org_id) VALUES (?, ?, 'org-acme'), (?, ?, 'org-acme')").bind(market.id, ids.olga, market.id, ids.otto).run();
    const going = await addParticipation(cleanup.id, "org-acme", ids.cara);
    await addRecord(going.id, "pending");
    expect((await call("PUT", `/api/acme/initiative/${cleanup.id}/waitlist`, { token: tokens.dan })).status).toBe(200);
    // Tomorrow's: not in today's digest.
    await createInitiative({ orgId: "org-acme", slug: "tomorrow", title: "Tomorrow's walk", submitterMemberId: ids.olga, startTime: madrid(15, "10:00") });
    // Otto switched the digest off.
    expect((await call("PUT", "/api/acme/reminders/settings", { token: tokens.otto, body: { topic: "staff_digest", channel: "email", enabled: false } })).status).toBe(200);

    await cron(madrid(14, "07:50"));
    expect(await digests("olga@acme.example")).toHaveLength(0);
    await cron(madrid(14, "08:00"));
    await cron(madrid(14, "08:10"));
    await Promise.all([runScheduled(env, madrid(14, "09:00")), runScheduled(env, madrid(14, "09:00"))]);
    const [digest, ...more] = await digests("olga@acme.example");
    expect(more).toHaveLength(0);
    digest.text = digest.text.replace(/\u202f/g, " ");
    expect(digest.subject).toBe("Today: 2 initiatives you organise");
    expect(digest.text).toContain("River clean-up, 10:00 AM · 1 going · 1 on the waiting list · 1 waiting for validation");
    expect(digest.text).toContain("Food market, 5:30 PM · 0 going · 0 on the waiting list · 0 waiting for validation");
    expect(digest.text).not.toContain("Tomorrow's walk");
    expect(digest.links).toContain("http://acme.localhost:8787/manage/initiatives");
    // Otto switched it off; Ada administers but runs nothing today.
    expect(await digests("otto@acme.example")).toHaveLength(0);
    expect(await digests("ada@acme.example")).toHaveLength(0);
  });

  it("sends none on a day without initiatives", async () => {
    await cron(madrid(16, "08:00"));
    expect(await digests("olga@acme.example")).toHaveLength(1);
  });
});
