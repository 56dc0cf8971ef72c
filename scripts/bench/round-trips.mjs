/**
 * The bench's part (d): what each signed-in page and the join action cost in D1 round trips, rows
 * read and D1 time, measured through the counting harness (counting-worker.ts), with a modelled
 * server time of "round trips x 50 ms" (a far edge's distance to D1) beside the loopback one.
 */
import { request as httpRequest } from "node:http";
import { performance } from "node:perf_hooks";
import { startServer } from "../../tests/support/server.mjs";

export const ROUND_TRIP_MS = 50;
/** D1 round trips per browser request (the join: the action and the page it lands on together). */
export const ROUND_TRIP_BUDGETS = { "/wall": 3, "/initiative/{slug}": 3, join: 6, otherSignedIn: 4 };
/**
 * Rows D1 reads (its `meta.rows_read`, what it bills) and the time it spends, per browser request:
 * "a few thousand rows and 50 ms of D1 time per page", at the demo size here and at 100,000 members
 * in `npm run bench:scale` (issue 26).
 */
export const ROWS_READ_BUDGET = 5_000;
export const D1_MS_BUDGET = 50;
/** A page over its budget fails the bench (docs/decisions/012-in-process-api-and-round-trips.md). */
export const REPORT_ONLY = false;

const MEMBER = { email: "ana@commons.example", password: "commons-demo", orgId: "org-commons" };
/**
 * Acme's member on Acme's own hostname: the organisation with the most data of the demo (its
 * impact ledger, credentials, rate card), reached the way its members reach it.
 */
const ACME_MEMBER = { email: "member@acme.example", password: "commons-demo", host: "acme.localhost" };
/** The staff screens are measured as Acme's organiser (the pages use the member's own organisation). */
const ORGANISER = { email: "organiser@acme.example", password: "commons-demo" };
/** The administrator's screens, as Acme's administrator. */
const ADMIN = { email: "admin@acme.example", password: "commons-demo" };
const SAMPLES = 5;
const TIMEOUT_MS = 15_000;

function cookieOf(response) {
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0]);
  return cookies.filter((cookie) => !cookie.endsWith("=")).join("; ");
}

/**
 * A request sent to the server with another Host header (an organisation's own hostname), answered
 * as a fetch Response: fetch does not let a caller choose the Host header.
 */
function fetchOnHost(url, { method = "GET", headers = {}, body, signal }, host) {
  const target = new URL(url);
  const payload = body === undefined ? undefined : String(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        method,
        path: `${target.pathname}${target.search}`,
        signal,
        headers: { ...headers, host: `${host}:${target.port}`, ...(payload === undefined ? {} : { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(payload) }) },
      },
      (answer) => {
        const chunks = [];
        answer.on("data", (chunk) => chunks.push(chunk));
        answer.on("end", () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) for (const one of [value].flat()) if (one !== undefined) answerHeaders.append(name, one);
          const status = answer.statusCode ?? 500;
          resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
        });
        answer.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(payload);
  });
}

/**
 * `meter: false` skips the harness's second run of first()/raw() reads (for timing a request);
 * `host` sends it on an organisation's hostname.
 */
export async function request(server, path, { cookie, form, trace = false, meter = true, timeoutMs = TIMEOUT_MS, counted = true, host } = {}) {
  const headers = { cookie, accept: "text/html", ...(trace ? { "x-bench-trace": "1" } : {}), ...(meter ? {} : { "x-bench-meter": "0" }) };
  const init = { headers, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) };
  if (form) Object.assign(init, { method: "POST", body: new URLSearchParams(form), headers: { ...headers, origin: host ? `http://${host}:${new URL(server.url).port}` : server.url } });
  if (!cookie) delete init.headers.cookie;
  const started = performance.now();
  const response = host ? await fetchOnHost(`${server.url}${path}`, init, host) : await fetch(`${server.url}${path}`, init);
  await response.arrayBuffer();
  const ms = performance.now() - started;
  const counts = JSON.parse(response.headers.get("x-bench-counts") ?? "null");
  if (!counts && counted) throw new Error(`${path}: no x-bench-counts header (is the counting harness serving?)`);
  const trips = JSON.parse(response.headers.get("x-bench-trips") ?? "null");
  return { response, ms, counts, trips };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const add = (a, b) => Object.fromEntries(Object.keys(a).map((key) => [key, a[key] + b[key]]));

async function page(server, cookie, path, host) {
  const samples = [];
  for (let i = 0; i < SAMPLES + 1; i++) {
    const sample = await request(server, path, { cookie, host });
    if (sample.response.status !== 200) throw new Error(`GET ${path} answered ${sample.response.status}, expected 200`);
    samples.push(sample);
  }
  // The first request warms the isolate and the organisation cache.
  const warm = samples.slice(1);
  return { counts: warm.at(-1).counts, ms: median(warm.map((sample) => sample.ms)) };
}

export async function signIn(server, account = MEMBER) {
  // `counted: false`: Lighthouse (lighthouse.mjs) signs in on a server without the counting harness.
  const { response } = await request(server, "/signin", { form: { intent: "login", email: account.email, password: account.password }, counted: false, host: account.host });
  const cookie = cookieOf(response);
  if (!cookie.includes("commons_session=")) throw new Error(`Signing in ${account.email} answered ${response.status} without a session cookie`);
  return cookie;
}

/** The first initiatives (slug and id) the member has not joined, in the order the join is tried. */
export async function unjoined(server) {
  const rows = await server.d1(
    `SELECT i.slug, i.id FROM initiatives i WHERE i.org_id = '${MEMBER.orgId}' AND i.id NOT IN (SELECT p.initiative_id FROM participations p JOIN members m ON m.id = p.member_id WHERE m.email = '${MEMBER.email}') ORDER BY i.slug LIMIT 20`,
  );
  return rows;
}

export async function join(server, cookie, slugs, { trace = false } = {}) {
  for (const { slug, id } of slugs) {
    const action = await request(server, `/initiative/${slug}`, { cookie, form: { intent: "join", id }, trace });
    const location = action.response.headers.get("location") ?? "";
    if (!location.startsWith("/initiative#")) continue; // not joinable (closed, full, questions...): try the next
    const landing = await request(server, new URL(location, server.url).pathname, { cookie, trace });
    return { slug, counts: add(action.counts, landing.counts), ms: action.ms + landing.ms, action, landing };
  }
  throw new Error(`None of ${slugs.map((row) => row.slug).join(", ")} could be joined by ${MEMBER.email}`);
}

/** Starts the counting harness, measures, stops it. Answers the rows and the budgets exceeded. */
export async function measureRoundTrips() {
  const server = await startServer({ script: "scripts/bench/counting-worker.ts" });
  try {
    const cookie = await signIn(server);
    const slugs = await unjoined(server);
    const targets = [
      ["GET /wall", "/wall", ROUND_TRIP_BUDGETS["/wall"]],
      ["GET /initiative", "/initiative", ROUND_TRIP_BUDGETS.otherSignedIn],
      ["GET /initiative/{slug}", `/initiative/${slugs[0].slug}`, ROUND_TRIP_BUDGETS["/initiative/{slug}"]],
      ["GET /settings", "/settings", ROUND_TRIP_BUDGETS.otherSignedIn],
      ["GET /settings/account", "/settings/account", ROUND_TRIP_BUDGETS.otherSignedIn],
      ["GET /proposal", "/proposal", ROUND_TRIP_BUDGETS.otherSignedIn],
      ["GET /proposal/new/type", "/proposal/new/type", ROUND_TRIP_BUDGETS.otherSignedIn],
      ["GET /rankings", "/rankings", ROUND_TRIP_BUDGETS.otherSignedIn],
      ["GET /responsible_profile", "/responsible_profile", ROUND_TRIP_BUDGETS.otherSignedIn],
    ];
    const rows = [];
    for (const [label, path, budget] of targets) rows.push({ label, budget, ...(await page(server, cookie, path)) });
    const organiser = await signIn(server, ORGANISER);
    for (const path of ["/manage/records", "/manage/money", "/manage/initiatives", "/manage/initiatives/new"]) {
      rows.push({ label: `GET ${path} (organiser)`, budget: ROUND_TRIP_BUDGETS.otherSignedIn, ...(await page(server, organiser, path)) });
    }
    const admin = await signIn(server, ADMIN);
    for (const path of ["/manage", "/manage/members", "/manage/settings", "/manage/access", "/manage/audit"]) {
      rows.push({ label: `GET ${path} (admin)`, budget: ROUND_TRIP_BUDGETS.otherSignedIn, ...(await page(server, admin, path)) });
    }
    const acmeMember = await signIn(server, ACME_MEMBER);
    for (const [path, budget] of [["/wall", ROUND_TRIP_BUDGETS["/wall"]], ["/initiative", ROUND_TRIP_BUDGETS.otherSignedIn], ["/responsible_profile", ROUND_TRIP_BUDGETS.otherSignedIn]]) {
      rows.push({ label: `GET ${path} (Acme's member on ${ACME_MEMBER.host})`, budget, ...(await page(server, acmeMember, path, ACME_MEMBER.host)) });
    }
    rows.push({ label: "join (POST + GET /initiative)", budget: ROUND_TRIP_BUDGETS.join, ...(await join(server, cookie, slugs)) });
    return rows.map((row) => ({ ...row, over: overBudget(row).length > 0 }));
  } finally {
    await server.stop();
  }
}

/** What a measured request exceeds: its round trips, the rows read, the D1 time (sentences, for the failure list). */
export function overBudget(row, { rowsRead = ROWS_READ_BUDGET, d1Ms = D1_MS_BUDGET } = {}) {
  const over = [];
  if (row.counts.d1RoundTrips > row.budget) over.push(`makes ${row.counts.d1RoundTrips} D1 round trips, over its ${row.budget}`);
  if (row.counts.d1RowsRead > rowsRead) over.push(`reads ${row.counts.d1RowsRead} D1 rows, over ${rowsRead}`);
  if (row.counts.d1Ms > d1Ms) over.push(`spends ${row.counts.d1Ms} ms in D1, over ${d1Ms}`);
  return over;
}

export function roundTripRows(rows) {
  return rows.map((row) => [
    row.label,
    row.counts.apiCalls,
    row.counts.d1RoundTrips,
    row.counts.d1Statements,
    row.counts.d1RowsRead,
    row.counts.d1Ms.toFixed(1),
    row.counts.kvReads,
    row.counts.d1RoundTrips * ROUND_TRIP_MS,
    row.ms.toFixed(1),
    row.budget,
    row.over ? "OVER" : "ok",
  ]);
}

export const ROUND_TRIP_HEADERS = ["request", "API calls", "D1 round trips", "D1 statements", `D1 rows read (<=${ROWS_READ_BUDGET})`, `D1 ms (<=${D1_MS_BUDGET})`, "KV reads", `modelled ms (x${ROUND_TRIP_MS})`, "loopback ms", "budget", "status"];
