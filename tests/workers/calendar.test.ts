/**
 * The member's calendar (issue 29, section 1): the secret feed read back with ical.js (UIDs,
 * SEQUENCE, cancellations, time zones, language, conditional GET), its URL turned on, regenerated
 * and off, who may open it, the join and cancellation e-mails' files, and the .ics download.
 */
import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromLocal } from "../../app/domain/zoned-time";
import { addParticipation, createInitiative, DAY, HOUR } from "./initiatives-fixtures";
import { action as notificationAction, loader as notificationLoader } from "../../app/routes/_app.settings.notification/route";
import { loader as calendarFileLoader } from "../../app/routes/initiative.$slug.calendar[.ics]";
import { createWebSession } from "../../workers/auth/web-session";
import { HttpEmailSender } from "../../workers/email/sender";
import { catchJobs, drain } from "./export-support";
import { call, createMember, json, login, seedOrganizations, testLoadContext } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const ZONE = "Europe/Madrid";

/** The queue's messages (the calendar e-mails), caught and run by the tests (export-support.ts). */
let jobs: ReturnType<typeof catchJobs>;
/** A call as `who`, then the queue run to its end: the e-mails it queued are in the outbox. */
const api = async (who: string, method: string, path: string, body?: unknown) => {
  const response = await call(method, `/api/acme${path}`, { token: tokens[who], body });
  await drain(jobs.sent);
  return response;
};

/** GET of a feed URL as a calendar app on `host` asks for it. */
function fetchFeed(url: string, options: { host?: string; headers?: Record<string, string>; ip?: string } = {}) {
  const { pathname, hostname } = new URL(url);
  return call("GET", pathname, { host: options.host ?? hostname, headers: options.headers, ip: options.ip });
}

interface Parsed {
  name: string | null;
  method: string | null;
  events: { uid: string; sequence: number; summary: string; status: string; start: Date; end: Date | null; description: string; location: string | null; geo: number[] | null; url: string | null; lastModified: string | null }[];
}

function parse(text: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      status: String(vevent.getFirstPropertyValue("status")),
      start: event.startDate.toJSDate(),
      end: vevent.hasProperty("dtend") ? event.endDate.toJSDate() : null,
      description: event.description,
      location: event.location || null,
      geo: (vevent.getFirstPropertyValue("geo") as number[] | null) ?? null,
      url: (vevent.getFirstPropertyValue("url") as string | null) ?? null,
      lastModified: vevent.getFirstPropertyValue("last-modified")?.toString() ?? null,
    };
  });
  return { name: (calendar.getFirstPropertyValue("x-wr-calname") as string | null) ?? null, method: (calendar.getFirstPropertyValue("method") as string | null) ?? null, events };
}

async function feedOf(url: string) {
  const response = await fetchFeed(url);
  expect(response.status).toBe(200);
  return parse(await response.text());
}

const turnOn = async (who: string) => (await json(await api(who, "POST", "/calendar/feed"))).url as string;
/** The newest outbox message to `to` with its attachments. */
const lastMail = (to: string) =>
  env.DB.prepare("SELECT subject, text, attachments FROM email_outbox WHERE `to` = ? ORDER BY created_at DESC, rowid DESC LIMIT 1").bind(to).first<{ subject: string; text: string; attachments: string }>();

const wall = (ms: number) => new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(ms);

afterAll(() => jobs.restore());

beforeAll(async () => {
  jobs = catchJobs();
  const { acme, commons } = await seedOrganizations();
  for (const [name, language, role] of [
    ["ana", "en-US", "member"],
    ["bea", "es-ES", "member"],
    ["olga", "en-US", "admin"],
  ] as const) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, language, name })).id;
    tokens[name] = (await login(`${name}@acme.example`, "Correct-Horse-9")).body.access_token;
  }
  ids.cora = (await createMember({ email: "cora@commons.example", orgId: commons.id })).id;
  tokens.cora = (await login("cora@commons.example", "Correct-Horse-9")).body.access_token;

  const now = Date.now();
  ids.beach = (
    await createInitiative({
      orgId: acme.id,
      slug: "beach",
      title: "Beach clean-up; bring gloves, water",
      description: "Meet at the pier.\nWe finish by noon.",
      isInPerson: true,
      address: "Paseo Marítimo 1",
      addressDetail: "By the lifeguard tower",
      latitude: 43.3183,
      longitude: -1.9812,
      startTime: now + 3 * DAY,
      endTime: now + 3 * DAY + 3 * HOUR,
    })
  ).id;
  ids.webinar = (await createInitiative({ orgId: acme.id, slug: "webinar", title: "Mentoring webinar", isRemote: true, remoteUrl: "https://meet.example/abc", startTime: now + 5 * DAY, endTime: now + 5 * DAY + HOUR })).id;
  // Three days, 09:00 to 17:00 Madrid time each day, ten days from now.
  const day = Math.floor((now + 10 * DAY) / DAY) * DAY;
  ids.camp = (await createInitiative({ orgId: acme.id, slug: "camp", title: "Summer camp", isWorkingHours: true, startTime: fromLocal(day + 9 * HOUR, ZONE), endTime: fromLocal(day + 2 * DAY + 17 * HOUR, ZONE) })).id;
  ids.talk = (await createInitiative({ orgId: acme.id, slug: "talk", title: "Climate talk", type: "informative", startTime: now + 6 * DAY })).id;
  ids.lastWeek = (await createInitiative({ orgId: acme.id, slug: "last-week", title: "Last week's walk", startTime: now - 8 * DAY, endTime: now - 7 * DAY })).id;
  ids.longAgo = (await createInitiative({ orgId: acme.id, slug: "long-ago", title: "Long ago", startTime: now - 41 * DAY, endTime: now - 40 * DAY })).id;
  ids.unscheduled = (await createInitiative({ orgId: acme.id, slug: "someday", title: "Someday", startTime: null, endTime: null })).id;

  for (const initiative of ["webinar", "camp", "lastWeek", "longAgo", "unscheduled"]) await addParticipation(ids[initiative], acme.id, ids.ana);
  await addParticipation(ids.beach, acme.id, ids.bea);
  await env.DB.prepare("INSERT INTO interests (initiative_id, member_id) VALUES (?, ?)").bind(ids.talk, ids.ana).run();
});

describe("the feed's URL in settings", () => {
  it("is off until the member turns it on; then a secret URL on the organisation's host, stored hashed", async () => {
    expect(await json(await api("ana", "GET", "/calendar"))).toEqual({ enabled: false, url: null, include_interests: false });
    const on = await json(await api("ana", "POST", "/calendar/feed"));
    expect(on).toMatchObject({ enabled: true, include_interests: false });
    const url = new URL(on.url);
    expect(url.hostname).toBe("acme.localhost");
    const token = url.pathname.match(/^\/calendar\/([A-Za-z0-9_-]{43})\.ics$/)![1];
    // Shown again as it was: the settings page can always offer the same URL.
    expect((await json(await api("ana", "GET", "/calendar"))).url).toBe(on.url);
    const row = await env.DB.prepare("SELECT * FROM calendar_feeds WHERE member_id = ?").bind(ids.ana).first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("refuses the interest setting while off, and a body it does not know", async () => {
    const off = await api("bea", "PUT", "/calendar", { include_interests: true });
    expect(off.status).toBe(409);
    expect((await json(off)).error).toBe("calendar_feed_off");
    expect((await api("ana", "PUT", "/calendar", { include_interests: "yes" })).status).toBe(400);
    expect((await api("ana", "PUT", "/calendar", { include_interests: true, extra: 1 })).status).toBe(400);
  });
});

describe("the feed", () => {
  it("is text/calendar (RFC 5545): CRLF lines of at most 75 octets, one event per initiative taken part in", async () => {
    const url = await turnOn("ana");
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await response.text();
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const encoder = new TextEncoder();
    for (const line of text.split("\r\n")) {
      expect(line.includes("\n")).toBe(false);
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    }
    const feed = parse(text);
    expect(feed.name).toBe("Acme: my initiatives");
    expect(feed.method).toBeNull();
    const uids = feed.events.map((event) => event.uid);
    // The webinar, the camp's three days and last week's walk; not one that ended 40 days ago, nor one without a date.
    expect(uids).toEqual([`${ids.lastWeek}@acme.localhost`, `${ids.webinar}@acme.localhost`, ...[0, 1, 2].map(() => expect.stringMatching(new RegExp(`^${ids.camp}-\\d{8}@acme\\.localhost$`)))]);
    expect(new Set(uids).size).toBe(uids.length);
  });

  it("carries what a calendar shows: the link, a remote meeting's URL; place and GEO for in-person ones", async () => {
    const ana = parse(await (await fetchFeed(await json(await api("ana", "GET", "/calendar")).then((s) => s.url))).text());
    const webinar = ana.events.find((event) => event.uid.startsWith(ids.webinar))!;
    expect(webinar).toMatchObject({ summary: "Mentoring webinar", status: "CONFIRMED", url: "https://meet.example/abc", location: null, geo: null });
    expect(webinar.description).toContain("Online: https://meet.example/abc");
    expect(webinar.description).toContain("Details: http://acme.localhost:8787/initiative/webinar");

    const beaUrl = await turnOn("bea");
    const [beach] = (await feedOf(beaUrl)).events;
    // Escaped and read back whole: semicolons, commas and the line break.
    expect(beach.location).toBe("Paseo Marítimo 1, By the lifeguard tower");
    expect(beach.geo).toEqual([43.3183, -1.9812]);
    expect(beach.url).toBe("http://acme.localhost:8787/initiative/beach");
    expect(beach.description.startsWith("Meet at the pier.\nWe finish by noon.")).toBe(true);
  });

  it("is in the member's language", async () => {
    const bea = await feedOf((await json(await api("bea", "GET", "/calendar"))).url);
    expect(bea.name).toBe("Acme: mis iniciativas");
    expect(bea.events[0].description).toContain("Detalles: http://acme.localhost:8787/initiative/beach");
  });

  it("splits a multi-day initiative in working hours into its days, at the organisation's local hours", async () => {
    const feed = await feedOf((await json(await api("ana", "GET", "/calendar"))).url);
    const days = feed.events.filter((event) => event.uid.startsWith(ids.camp));
    expect(days).toHaveLength(3);
    for (const day of days) {
      expect(wall(day.start.getTime())).toBe("09:00");
      expect(wall(day.end!.getTime())).toBe("17:00");
    }
    expect(days[1].start.getTime() - days[0].start.getTime()).toBeGreaterThanOrEqual(23 * HOUR);
    const camp = await env.DB.prepare("SELECT start_time FROM initiatives WHERE id = ?").bind(ids.camp).first<{ start_time: number }>();
    expect(days[0].start.getTime()).toBe(camp!.start_time);
  });

  it("adds the initiatives the member is interested in, as a setting", async () => {
    const url = (await json(await api("ana", "GET", "/calendar"))).url;
    expect((await feedOf(url)).events.some((event) => event.uid.startsWith(ids.talk))).toBe(false);
    expect(await json(await api("ana", "PUT", "/calendar", { include_interests: true }))).toMatchObject({ enabled: true, include_interests: true, url });
    expect((await feedOf(url)).events.find((event) => event.uid.startsWith(ids.talk))).toMatchObject({ summary: "Climate talk", status: "CONFIRMED" });
    await api("ana", "PUT", "/calendar", { include_interests: false });
  });
});

describe("changes", () => {
  it("keep the UID and move SEQUENCE and LAST-MODIFIED when staff edit the initiative", async () => {
    const url = (await json(await api("ana", "GET", "/calendar"))).url;
    // LAST-MODIFIED is in whole seconds: the last change a few seconds back, so the edit's is another second.
    await env.DB.prepare("UPDATE initiatives SET updated_at = updated_at - 5000 WHERE id = ?").bind(ids.webinar).run();
    const before = (await feedOf(url)).events.find((event) => event.uid.startsWith(ids.webinar))!;
    const editable = await json(await api("olga", "GET", `/manage/initiatives/${ids.webinar}`));
    const saved = await api("olga", "PUT", `/manage/initiatives/${ids.webinar}`, { ...editable, title: "Mentoring webinar (moved)" });
    expect(saved.status).toBe(200);
    const after = (await feedOf(url)).events.find((event) => event.uid.startsWith(ids.webinar))!;
    expect(after.uid).toBe(before.uid);
    expect(after.summary).toBe("Mentoring webinar (moved)");
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.lastModified).not.toBe(before.lastModified);
  });

  it("keep SEQUENCE as it is when only the count of participants changes", async () => {
    const sequence = () => env.DB.prepare("SELECT sequence FROM initiatives WHERE id = ?").bind(ids.beach).first<number>("sequence");
    const first = await sequence();
    await addParticipation(ids.beach, "org-acme", ids.olga);
    expect(await sequence()).toBe(first);
  });

  it("answer 304 to a calendar app that holds this version, 200 after a change", async () => {
    const url = (await json(await api("ana", "GET", "/calendar"))).url;
    const first = await fetchFeed(url);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await fetchFeed(url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await fetchFeed(url, { headers: { "if-modified-since": lastModified } })).status).toBe(304);
    expect((await fetchFeed(url, { headers: { "if-none-match": '"other"', "if-modified-since": lastModified } })).status).toBe(200);

    await env.DB.prepare("UPDATE initiatives SET start_time = start_time + 3600000, end_time = end_time + 3600000 WHERE id = ?").bind(ids.webinar).run();
    const changed = await fetchFeed(url, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("cancel the event of a member who is no longer going, and keep it so calendars remove it", async () => {
    const url = (await json(await api("ana", "GET", "/calendar"))).url;
    const held = (await feedOf(url)).events.find((event) => event.uid.startsWith(ids.webinar))!;
    expect((await api("ana", "DELETE", `/initiative/${ids.webinar}`)).status).toBe(200);
    const left = (await feedOf(url)).events.find((event) => event.uid === held.uid)!;
    expect(left).toMatchObject({ status: "CANCELLED", summary: "Not going: Mentoring webinar (moved)" });
    expect(left.sequence).toBeGreaterThan(held.sequence);
    // Left more than 30 days ago: gone from the feed.
    await env.DB.prepare("UPDATE participations SET updated_at = ? WHERE initiative_id = ? AND member_id = ?").bind(Date.now() - 31 * DAY, ids.webinar, ids.ana).run();
    expect((await feedOf(url)).events.some((event) => event.uid === held.uid)).toBe(false);
  });
});

describe("one event", () => {
  it("comes with the join e-mail (METHOD:PUBLISH), with the feed's UID", async () => {
    expect((await api("ana", "PUT", `/initiative/${ids.beach}`)).status).toBe(200);
    const mail = await lastMail("ana@acme.example");
    expect(mail!.subject).toBe("You are going: Beach clean-up; bring gloves, water");
    const [attachment] = JSON.parse(mail!.attachments);
    expect(attachment).toMatchObject({ filename: "beach.ics", content_type: "text/calendar; charset=utf-8; method=PUBLISH" });
    const file = parse(attachment.content);
    expect(file.method).toBe("PUBLISH");
    expect(file.events.map((event) => [event.uid, event.status])).toEqual([[`${ids.beach}@acme.localhost`, "CONFIRMED"]]);
    const feed = await feedOf((await json(await api("ana", "GET", "/calendar"))).url);
    expect(feed.events.some((event) => event.uid === file.events[0].uid)).toBe(true);
    // Joining again changes nothing and sends nothing.
    const count = () => env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE `to` = 'ana@acme.example'").first<number>("n");
    const sent = await count();
    await api("ana", "PUT", `/initiative/${ids.beach}`);
    expect(await count()).toBe(sent);
  });

  it("is taken back by the cancellation e-mail (METHOD:CANCEL, same UID) when staff cancel; the feed cancels it too", async () => {
    const joined = parse(JSON.parse((await lastMail("ana@acme.example"))!.attachments)[0].content).events[0];
    expect((await api("olga", "PUT", `/manage/initiatives/${ids.beach}`, { status: "canceled" })).status).toBe(200);
    for (const [who, subject] of [
      ["ana", "Cancelled: Beach clean-up; bring gloves, water"],
      ["bea", "Cancelada: Beach clean-up; bring gloves, water"],
    ]) {
      const mail = await lastMail(`${who}@acme.example`);
      expect(mail!.subject).toBe(subject);
      const file = parse(JSON.parse(mail!.attachments)[0].content);
      expect(file.method).toBe("CANCEL");
      expect(file.events[0]).toMatchObject({ uid: joined.uid, status: "CANCELLED" });
      expect(file.events[0].sequence).toBeGreaterThan(joined.sequence);
    }
    const feed = await feedOf((await json(await api("bea", "GET", "/calendar"))).url);
    expect(feed.events[0]).toMatchObject({ uid: joined.uid, status: "CANCELLED", summary: "Cancelada: Beach clean-up; bring gloves, water" });
    // Cancelling what is already cancelled sends nothing more.
    const count = () => env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE `to` = 'bea@acme.example'").first<number>("n");
    const sent = await count();
    await api("olga", "PUT", `/manage/initiatives/${ids.beach}`, { status: "canceled" });
    expect(await count()).toBe(sent);
  });

  it("reaches the HTTP e-mail provider as base64 attachments with their types, an image inline by its Content-ID", async () => {
    const bodies: unknown[] = [];
    const sender = new HttpEmailSender(env.DB, {
      url: "https://mail.example/send",
      apiKey: "k",
      from: "x@commons.example",
      fetch: (async (_input: RequestInfo, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response("{}", { status: 200 });
      }) as typeof fetch,
    });
    const content = "BEGIN:VCALENDAR\r\nSUMMARY:Playa ñ\r\nEND:VCALENDAR\r\n";
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 255]);
    const attachments = [
      { filename: "beach.ics", contentType: "text/calendar; method=PUBLISH", content },
      { filename: "check-in.png", contentType: "image/png", content: png, contentId: "checkin-qr" },
    ];
    await sender.send({ to: "ana@acme.example", subject: "s", text: "t", html: '<img src="cid:checkin-qr">', links: [], attachments });
    const [attachment, image] = (bodies[0] as { attachments: { filename: string; content_type: string; content: string; content_id?: string; disposition?: string }[] }).attachments;
    expect(attachment).toMatchObject({ filename: "beach.ics", content_type: "text/calendar; method=PUBLISH" });
    expect(attachment).not.toHaveProperty("content_id");
    expect(new TextDecoder().decode(Uint8Array.from(atob(attachment.content), (ch) => ch.charCodeAt(0)))).toBe(content);
    // Bytes go as they are (no text encoding on the way), inline by their Content-ID.
    expect(image).toMatchObject({ filename: "check-in.png", content_type: "image/png", content_id: "checkin-qr", disposition: "inline" });
    expect([...Uint8Array.from(atob(image.content), (ch) => ch.charCodeAt(0))]).toEqual([...png]);
  });

  it("is not sent to a member who switched participation e-mails off", async () => {
    const eli = await createMember({ email: "eli@acme.example", orgId: "org-acme" });
    tokens.eli = (await login("eli@acme.example", "Correct-Horse-9")).body.access_token;
    await env.DB.prepare("UPDATE profiles SET participation_emails = 0 WHERE member_id = ?").bind(eli.id).run();
    expect((await api("eli", "PUT", `/initiative/${ids.camp}`)).status).toBe(200);
    expect(await lastMail("eli@acme.example")).toBeNull();
  });

  it("downloads as .ics for a member who can see the initiative, in their language", async () => {
    const response = await api("bea", "GET", "/calendar/initiative/camp");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="camp.ics"');
    const file = parse(await response.text());
    expect(file).toMatchObject({ method: "PUBLISH", name: "Acme: mis iniciativas" });
    expect(file.events).toHaveLength(3);
    expect((await api("bea", "GET", "/calendar/initiative/no-such")).status).toBe(404);
    expect((await api("bea", "GET", "/calendar/initiative/someday")).status).toBe(404);
    expect((await call("GET", "/api/acme/calendar/initiative/camp", { token: tokens.cora })).status).toBe(404);
    expect((await call("GET", "/api/acme/calendar/initiative/camp")).status).toBe(401);
  });
});

describe("who may open a feed", () => {
  it("nobody with another organisation's host, a made-up token or another path", async () => {
    const url = (await json(await api("ana", "GET", "/calendar"))).url;
    expect((await fetchFeed(url, { host: "localhost" })).status).toBe(404);
    expect((await fetchFeed(url.replace(/[A-Za-z0-9_-]{43}/, "x".repeat(43)))).status).toBe(404);
    expect((await call("GET", "/calendar/not-a-token", { host: "acme.localhost" })).status).toBe(404);
    // The URL grants nothing else: not the API.
    const token = new URL(url).pathname.slice("/calendar/".length, -".ics".length);
    expect((await call("GET", "/api/acme/calendar", { token })).status).toBe(401);
  });

  it("each member only their own: another member's calendar is another URL, and an organisation without a host serves on the platform's", async () => {
    const cora = await json(await call("POST", "/api/commons/calendar/feed", { token: tokens.cora }));
    expect(new URL(cora.url).hostname).toBe("localhost");
    expect((await fetchFeed(cora.url)).status).toBe(200);
    expect((await fetchFeed(cora.url, { host: "acme.localhost" })).status).toBe(404);
    const ana = (await json(await api("ana", "GET", "/calendar"))).url;
    expect(ana).not.toBe(cora.url);
    // A member no longer in the organisation: the feed stops.
    await env.DB.prepare("DELETE FROM memberships WHERE member_id = ?").bind(ids.cora).run();
    expect((await fetchFeed(cora.url)).status).toBe(404);
  });

  it("stops at once on a new URL, and when turned off", async () => {
    const old = (await json(await api("bea", "GET", "/calendar"))).url;
    const renewed = await json(await api("bea", "POST", "/calendar/feed"));
    expect(renewed.url).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(renewed.url)).status).toBe(200);
    expect(await json(await api("bea", "DELETE", "/calendar/feed"))).toEqual({ enabled: false, url: null, include_interests: false });
    expect((await fetchFeed(renewed.url)).status).toBe(404);
  });

  it("is rate limited: unknown tokens from one address", async () => {
    const made = (n: number) => `/calendar/${String(n).padStart(43, "z")}.ics`;
    const answers = [];
    for (let n = 0; n < 31; n++) answers.push((await call("GET", made(n), { host: "acme.localhost", ip: "198.51.100.9" })).status);
    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe("the settings page and the initiative page", () => {
  type Route = (args: { request: Request; context: Awaited<ReturnType<typeof testLoadContext>>; params: Record<string, string> }) => unknown;
  let context: Awaited<ReturnType<typeof testLoadContext>>;
  let cookie: string;

  beforeAll(async () => {
    ids.dina = (await createMember({ email: "dina@acme.example", orgId: "org-acme", language: "pt-PT" })).id;
    context = await testLoadContext("acme");
    cookie = (await createWebSession(context, (await login("dina@acme.example", "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  });

  const page = (route: Route, path: string, params: Record<string, string> = {}, fields?: Record<string, string>) =>
    Promise.resolve()
      .then(() =>
        route({
          request: new Request(`http://acme.localhost${path}`, fields ? { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", cookie }, body: new URLSearchParams(fields) } : { headers: { cookie } }),
          context,
          params,
        }),
      )
      .catch((thrown: unknown) => thrown);
  /** An action's data, whether answered plainly or with a status. */
  const answerOf = (result: unknown) => ((result as { data?: unknown }).data ?? result) as { calendar: { intent: string; done: boolean; error: string | null } };
  const feed = async () => ((await page(notificationLoader as Route, "/settings/notification")) as { calendar: { enabled: boolean; url: string | null; include_interests: boolean } }).calendar;

  it("turns the feed on, sets interests, gives a new URL and turns it off, each from its own form", async () => {
    expect(await feed()).toEqual({ enabled: false, url: null, include_interests: false });
    expect(answerOf(await page(notificationAction as Route, "/settings/notification", {}, { intent: "calendar_on" })).calendar).toEqual({ intent: "calendar_on", done: true, error: null });
    const on = await feed();
    expect(on.enabled).toBe(true);
    expect((await fetchFeed(on.url!)).status).toBe(200);
    await page(notificationAction as Route, "/settings/notification", {}, { intent: "calendar_interests", include_interests: "true" });
    expect((await feed()).include_interests).toBe(true);
    await page(notificationAction as Route, "/settings/notification", {}, { intent: "calendar_renew" });
    const renewed = await feed();
    expect(renewed.url).not.toBe(on.url);
    expect((await fetchFeed(on.url!)).status).toBe(404);
    await page(notificationAction as Route, "/settings/notification", {}, { intent: "calendar_off" });
    expect((await feed()).enabled).toBe(false);
    expect((await fetchFeed(renewed.url!)).status).toBe(404);
    // Interests while off: the page says it did not work.
    const refused = answerOf(await page(notificationAction as Route, "/settings/notification", {}, { intent: "calendar_interests", include_interests: "true" }));
    expect(refused.calendar).toMatchObject({ done: false, error: "calendar_feed_off" });
  });

  it("refuses the forms from another site at the edge", async () => {
    const response = await call("POST", "/settings/notification", { host: "acme.localhost", headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded", cookie }, rawBody: "intent=calendar_renew" });
    expect(response.status).toBe(403);
  });

  it("downloads the initiative's .ics from /initiative/{slug}/calendar.ics, in the member's language", async () => {
    const file = (await page(calendarFileLoader as Route, "/initiative/camp/calendar.ics", { slug: "camp" })) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(parse(await file.text())).toMatchObject({ method: "PUBLISH", name: "Acme: as minhas iniciativas" });
    expect(((await page(calendarFileLoader as Route, "/initiative/nope/calendar.ics", { slug: "nope" })) as Response).status).toBe(404);
  });
});
