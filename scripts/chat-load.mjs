#!/usr/bin/env node
/**
 * Chat load test (issue 5; issue 26 at the size of a company): WebSockets on loopback exchanging
 * messages for a bounded time. `npm run bench` runs it with 1,000 sockets.
 *
 *   node scripts/chat-load.mjs [--sockets 200] [--seconds 20] [--interval-ms 2000] [--p95-budget-ms 50]
 *
 * Serves the built Worker with `wrangler dev` (tests/support/server.mjs, demo data), adds one member
 * per socket to the Acme organisation straight into that server's local D1 with a session each, and
 * signs their access tokens with the development TOKEN_SECRET of .dev.vars, the way /auth/login
 * would (logging in 200 accounts through the API would trip its per-IP rate limit, rightly). Members
 * are paired in private conversations; every socket sends a message to its partner every
 * --interval-ms (kept under the per-member send limit of 20 per 10 s) and the partner's socket must
 * receive it (closed loop: never before the previous message was acknowledged). Prints delivery latency (send → partner's socket) p50/p95, acknowledgement latency
 * (send → ack, which comes after D1 has stored the message), the messages lost, and the server's
 * memory per open socket (workerd's resident memory with the sockets open, less before, divided).
 * The members are seeded through a SQL file (tests/support/server.mjs), so any number fits.
 *
 * Exit codes: 0 all delivered within the budget; 1 messages lost or refused, or delivery p95 over
 * --p95-budget-ms; 2 setup failure or timeout.
 */
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { root, startServer } from "../tests/support/server.mjs";

const { values: args } = parseArgs({
  options: {
    sockets: { type: "string", default: "200" },
    seconds: { type: "string", default: "20" },
    "interval-ms": { type: "string", default: "2000" },
    "p95-budget-ms": { type: "string", default: "50" },
  },
});
const SOCKETS = Number(args.sockets);
const SECONDS = Number(args.seconds);
const INTERVAL_MS = Number(args["interval-ms"]);
const P95_BUDGET_MS = Number(args["p95-budget-ms"]);
if (!(SOCKETS >= 2 && SOCKETS % 2 === 0 && SECONDS > 0 && INTERVAL_MS >= 500 && P95_BUDGET_MS > 0)) {
  console.error("--sockets must be an even number >= 2, --seconds > 0, --interval-ms >= 500 (the send rate limit), --p95-budget-ms > 0");
  process.exit(2);
}
/** After the sending time, how long deliveries may still arrive; also the longest wait for one ack. */
const DRAIN_MS = 15_000;
const CONNECT_WAVE = 20;
const ORG = { id: "org-acme", slug: "acme" };
const hardStop = setTimeout(() => {
  console.error("chat-load: timed out");
  process.exit(2);
}, 5 * 60_000 + SOCKETS * 300 + SECONDS * 1000);
hardStop.unref();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const b64url = (value) => Buffer.from(value).toString("base64url");

/** An access token as workers/auth/tokens.ts makes them (HS256 over header.payload). */
function accessToken(secret, memberId, sessionId) {
  const iat = Math.floor(Date.now() / 1000);
  const body = `${b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64url(JSON.stringify({ sub: memberId, sid: sessionId, iat, exp: iat + 900 }))}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

function devSecret() {
  const line = readFileSync(path.join(root, ".dev.vars"), "utf8")
    .split("\n")
    .find((l) => l.startsWith("TOKEN_SECRET="));
  if (!line) throw new Error(".dev.vars has no TOKEN_SECRET");
  return line.slice("TOKEN_SECRET=".length).trim();
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : "n/a");

async function seedMembers(server, secret) {
  const runId = randomUUID().slice(0, 8);
  const now = Date.now();
  const members = Array.from({ length: SOCKETS }, (_, i) => ({
    id: `load-${runId}-${i}`,
    sessionId: randomUUID(),
    email: `load-${runId}-${i}@load.example`,
  }));
  const sql = members
    .map(
      (m, i) => `INSERT INTO members (id, email, email_confirmed_at, last_terms_accepted_version) VALUES ('${m.id}', '${m.email}', ${now}, 1);
INSERT INTO profiles (member_id, name, slug) VALUES ('${m.id}', 'Load Tester ${i}', '${m.id}');
INSERT INTO memberships (org_id, member_id, role) VALUES ('${ORG.id}', '${m.id}', 'member');
INSERT INTO sessions (id, member_id, expires_at, user_agent) VALUES ('${m.sessionId}', '${m.id}', ${now + 3600_000}, 'chat-load');`,
    )
    .join("\n");
  await server.d1(sql);
  return { runId, members: members.map((m) => ({ ...m, token: accessToken(secret, m.id, m.sessionId) })) };
}

async function api(server, token, method, pathname, body) {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

function openSocket(server, member, onFrame) {
  const url = `${server.url.replace(/^http/, "ws")}/chat/socket?org=${ORG.slug}&token=${encodeURIComponent(member.token)}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error(`socket of ${member.id} not ready within 60 s`)), 60_000);
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "ready") {
        clearTimeout(timer);
        resolve(ws);
      }
      onFrame(frame);
    });
    ws.addEventListener("error", () => reject(new Error(`socket of ${member.id} failed`)));
    ws.addEventListener("close", (event) => {
      if (!stopping) unexpectedCloses.push(`${member.id}: ${event.code}`);
    });
  });
}

let stopping = false;
const unexpectedCloses = [];

async function main() {
  console.log(`chat-load: ${SOCKETS} sockets, ${SECONDS} s, one message per socket every ${INTERVAL_MS} ms`);
  const setupStarted = performance.now();
  const server = await startServer();
  try {
    const { runId, members } = await seedMembers(server, devSecret());
    console.log(`chat-load: ${members.length} members seeded (${((performance.now() - setupStarted) / 1000).toFixed(1)} s)`);
    const conversations = [];
    for (let i = 0; i < SOCKETS; i += 2 * CONNECT_WAVE) {
      const firsts = members.slice(i, i + 2 * CONNECT_WAVE).filter((_, j) => j % 2 === 0);
      const made = await Promise.all(
        firsts.map((member, j) => api(server, member.token, "POST", `/api/${ORG.slug}/chat/conversations`, { member_id: members[i + 2 * j + 1].id })),
      );
      conversations.push(...made.map(({ conversation }) => conversation.id));
    }
    console.log(`chat-load: ${conversations.length} conversations (${((performance.now() - setupStarted) / 1000).toFixed(1)} s)`);

    /** temp id → { sentAt, to, ackedAt?, deliveredAt? } */
    const sent = new Map();
    const refused = [];
    const duplicates = [];
    const onFrameOf = (member, i) => (frame) => {
      const now = performance.now();
          if (frame.type === "ack") {
            const entry = sent.get(frame.temp_id);
            if (entry) {
              entry.ackedAt = now;
              entry.onAck?.();
            }
          } else if (frame.type === "message" && frame.message.sender_id !== member.id) {
            const entry = sent.get(frame.message.client_id);
            if (!entry || entry.to !== i) return;
            if (entry.deliveredAt !== undefined) duplicates.push(frame.message.client_id);
            else entry.deliveredAt = now;
          } else if (frame.type === "error") {
            refused.push(frame);
            sent.get(frame.temp_id)?.onAck?.();
          }
        };
    // Connect in waves: a reconnect storm is another test; this one measures steady messaging.
    const residentBefore = server.residentBytes();
    const sockets = [];
    for (let i = 0; i < members.length; i += CONNECT_WAVE) {
      const wave = members.slice(i, i + CONNECT_WAVE);
      sockets.push(...(await Promise.all(wave.map((member, j) => openSocket(server, member, onFrameOf(member, i + j))))));
    }
    const residentPerSocket = (server.residentBytes() - residentBefore) / sockets.length;
    const setupSeconds = ((performance.now() - setupStarted) / 1000).toFixed(1);
    console.log(`chat-load: ${sockets.length} sockets open, ${conversations.length} conversations (setup ${setupSeconds} s)`);

    // Closed loop: a socket sends its next message one interval after the previous send, and never
    // before the previous one was acknowledged, so an overloaded machine shows up as latency, not
    // as an ever-growing queue.
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const senders = sockets.map((ws, i) => {
      const partner = i % 2 === 0 ? i + 1 : i - 1;
      const conversation = conversations[Math.floor(i / 2)];
      return (async () => {
        await sleep(Math.random() * INTERVAL_MS); // spread the first sends over one interval
        for (let seq = 0; performance.now() < deadline; seq++) {
          const tempId = `${runId}-${i}-${seq}`;
          const entry = { sentAt: performance.now(), to: partner };
          sent.set(tempId, entry);
          const acked = new Promise((resolve) => (entry.onAck = resolve));
          ws.send(JSON.stringify({ type: "send", conversation_id: conversation, content: `load message ${tempId}`, temp_id: tempId }));
          await Promise.race([acked, sleep(DRAIN_MS)]);
          await sleep(Math.max(0, entry.sentAt + INTERVAL_MS - performance.now()));
        }
      })();
    });
    await Promise.all(senders);

    const pending = () => [...sent.values()].filter((e) => e.deliveredAt === undefined || e.ackedAt === undefined).length;
    const drainUntil = performance.now() + DRAIN_MS;
    while (pending() > 0 && performance.now() < drainUntil) await sleep(100);
    stopping = true;
    sockets.forEach((ws) => ws.close(1000, "done"));

    const entries = [...sent.values()];
    const delivery = entries.filter((e) => e.deliveredAt !== undefined).map((e) => e.deliveredAt - e.sentAt).sort((a, b) => a - b);
    const ack = entries.filter((e) => e.ackedAt !== undefined).map((e) => e.ackedAt - e.sentAt).sort((a, b) => a - b);
    const lost = entries.filter((e) => e.deliveredAt === undefined).length;
    const unacked = entries.filter((e) => e.ackedAt === undefined).length;
    const [{ stored }] = await server.d1(`SELECT count(*) AS stored FROM chat_messages WHERE client_id LIKE '${runId}-%'`);

    console.log(`messages sent:       ${entries.length} (${(entries.length / SECONDS).toFixed(1)}/s)`);
    console.log(`stored in D1:        ${stored}`);
    console.log(`delivery latency:    p50 ${ms(percentile(delivery, 50))}, p95 ${ms(percentile(delivery, 95))}, max ${ms(delivery.at(-1))}`);
    console.log(`ack latency:         p50 ${ms(percentile(ack, 50))}, p95 ${ms(percentile(ack, 95))}`);
    console.log(`messages lost:       ${lost}`);
    console.log(`not acknowledged:    ${unacked}`);
    console.log(`refused (errors):    ${refused.length}${refused.length ? ` e.g. ${JSON.stringify(refused[0])}` : ""}`);
    console.log(`delivered twice:     ${duplicates.length}`);
    console.log(`sockets closed early: ${unexpectedCloses.length}`);
    console.log(`memory per socket:   ${residentBefore > 0 ? `${(residentPerSocket / 1024).toFixed(1)} KiB (workerd resident, ${sockets.length} sockets)` : "n/a (no /proc)"}`);
    const p95 = percentile(delivery, 95);
    const overBudget = !(p95 <= P95_BUDGET_MS);
    console.log(`delivery p95 budget: ${P95_BUDGET_MS} ms ${overBudget ? "EXCEEDED" : "ok"}`);
    const failed = overBudget || lost > 0 || unacked > 0 || refused.length > 0 || duplicates.length > 0 || unexpectedCloses.length > 0 || stored !== entries.length;
    return failed ? 1 : 0;
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`chat-load: ${error.stack ?? error}`);
    process.exit(2);
  },
);
