#!/usr/bin/env node
/**
 * `npm run bench:scale` (issue 26, point 2): the signed-in pages of the bench at the demo size and
 * at the size of a large company, through the counting harness (counting-worker.ts).
 *
 *   1. Serves the harness on a fresh local D1 with the demo data and measures every page below.
 *   2. Grows Acme (org-acme) to 100,000 members, 20,000 initiatives, 500,000 participations,
 *      1,000,000 participation records (hours) and 200,000 contributions, plus one initiative with
 *      5,000 participants, with SQL that SQLite expands itself (recursive CTEs: a few kilobytes
 *      of SQL, one `wrangler d1 execute --file`), and times it.
 *   3. Measures the same pages again, and prints both sizes side by side: server time as a ratio to
 *      a static asset timed in the same rounds, D1 round trips, statements, rows read, D1 time.
 *
 * Budgets at the large size (ROWS_READ_BUDGET and D1_MS_BUDGET of round-trips.mjs, "a few thousand
 * rows and 50 ms of D1 time per page"): a page over one, or without an answer, exits with code 1;
 * errors exit with 2. Not part of `npm test`. Results are also written to bench-results/scale.json.
 *
 *   node scripts/bench/scale.mjs [--only large] [--samples N]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { root, startServer } from "../../tests/support/server.mjs";
import { D1_MS_BUDGET, ROWS_READ_BUDGET, request, signIn } from "./round-trips.mjs";

const ORG = "org-acme";
export const SIZE = { members: 100_000, initiatives: 20_000, participations: 500_000, recordsPerParticipation: 2, contributions: 200_000, bigParticipants: 5_000 };
const MEMBER = { email: "member@acme.example", password: "commons-demo" };
const ORGANISER = { email: "organiser@acme.example", password: "commons-demo" };
const ADMIN = { email: "admin@acme.example", password: "commons-demo" };
const STATIC_ASSET = "/favicon.svg";
/** A page that takes longer is a row of its own ("timeout"), over every budget. */
const PAGE_TIMEOUT_MS = 180_000;
/** A page slower than this is timed by its first request alone. */
const SLOW_MS = 2_000;
const DAY = 86_400_000;

/** Recursive CTE of the integers 0..count-1, as `n(x)`. */
const numbers = (count) => `WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ${count - 1})`;

/**
 * The SQL that grows ORG. Deterministic: member m-scale-<n>, initiative i-scale-<n>; every 10th
 * initiative a donation. Initiatives start from three years ago to a year ahead (most of them
 * over, as in an organisation that has used Commons for years); records spread over the three
 * past years. No ANALYZE: the planner works as on a D1 database nobody has analysed.
 */
export function scaleSql(now = Date.now(), size = SIZE) {
  const base = Math.floor(now / DAY) * DAY;
  const { members, initiatives, participations, recordsPerParticipation, contributions, bigParticipants } = size;
  const perInitiative = participations / initiatives;
  const initiativeDay = (index) => `${base - 1095 * DAY} + (${index} * 1460 / ${initiatives}) * ${DAY}`;
  return [
    `${numbers(members)} INSERT INTO members (id, email, password_hash, email_confirmed_at, language, last_terms_accepted_version, created_at)
      SELECT 'm-scale-' || x, 'scale' || x || '@acme.example', NULL, ${base - 1000 * DAY}, 'en-US', 1, ${base - 1100 * DAY} + x FROM n;`,
    `${numbers(members)} INSERT INTO memberships (org_id, member_id, role, org_terms_accepted_version, onboarding_completed_version, created_at)
      SELECT '${ORG}', 'm-scale-' || x, 'member', 99, 5, ${base - 1100 * DAY} + x FROM n;`,
    `${numbers(members)} INSERT INTO profiles (member_id, name, slug, social) SELECT 'm-scale-' || x, 'Scale Member ' || x, 'scale-member-' || x, '{}' FROM n;`,
    `${numbers(initiatives)} INSERT INTO initiatives (id, org_id, slug, title, description, type, status, start_time, end_time, tags, is_in_person, is_remote, pinned, points, max_participants, participant_count, is_working_hours, participation_method, created_at, updated_at)
      SELECT 'i-scale-' || x, '${ORG}', 'scale-' || x, 'Scale initiative ' || x, 'A generated initiative of the large tenant.',
        CASE WHEN x % 10 = 0 THEN 'donation' ELSE 'volunteering' END, 'open',
        ${initiativeDay("x")} + 9 * 3600000, ${initiativeDay("x")} + 13 * 3600000 + CASE WHEN x % 10 = 0 THEN 30 * ${DAY} ELSE 0 END,
        '[]', 1, 0, 0, 10, -1, ${perInitiative}, 0, 'report_hours', ${base - 1100 * DAY} + x, ${base - 1100 * DAY} + x FROM n;`,
    `${numbers(initiatives / 10)} INSERT INTO donation_params (initiative_id, currency, target_amount, show_target_amount, sources, tax_deductible)
      SELECT 'i-scale-' || (x * 10), 'EUR', 100000, 1, '["transfer","inhand"]', 0 FROM n;`,
    `${numbers(initiatives)} INSERT INTO initiative_sdgs (initiative_id, sdg_id) SELECT 'i-scale-' || x, 1 + x % 17 FROM n;`,
    // Participant j of initiative i is member (i * perInitiative + j) * 37 + i * 101 (mod members): distinct within an initiative.
    `${numbers(participations)} INSERT INTO participations (id, org_id, initiative_id, member_id, uuid, status, manager_approval_status, created_at, updated_at)
      SELECT 'p-scale-' || x, '${ORG}', 'i-scale-' || (x / ${perInitiative}), 'm-scale-' || ((x * 37 + (x / ${perInitiative}) * 101) % ${members}),
        'u-scale-' || x, CASE WHEN x % 20 = 0 THEN 'pending' ELSE 'accepted' END, 'not_needed',
        ${initiativeDay(`(x / ${perInitiative})`)}, ${initiativeDay(`(x / ${perInitiative})`)} FROM n;`,
    `${numbers(participations * recordsPerParticipation)} INSERT INTO participation_records (id, participation_id, type, hours, status, created_at)
      SELECT 'r-scale-' || x, 'p-scale-' || (x / ${recordsPerParticipation}), 'hours', 1 + x % 4,
        CASE WHEN x % 50 = 0 THEN 'pending' WHEN x % 97 = 0 THEN 'rejected' ELSE 'validated' END,
        ${base - 1095 * DAY} + (x / ${recordsPerParticipation}) * (1095 * ${DAY} / ${participations}) FROM n;`,
    `${numbers(contributions)} INSERT INTO contributions (id, org_id, initiative_id, member_id, amount, currency, source, params, anonymous, status, created_at)
      SELECT 'c-scale-' || x, '${ORG}', 'i-scale-' || ((x % ${initiatives / 10}) * 10), 'm-scale-' || ((x * 13) % ${members}), 500 + (x % 20) * 100, 'EUR', 'transfer', '{}', 0,
        CASE WHEN x % 25 = 0 THEN 'pending' ELSE 'confirmed' END, ${base - 1095 * DAY} + (x * 1095 / ${contributions}) * ${DAY} FROM n;`,
    // The detail page of a big initiative: 5,000 participants, open, a month from now.
    `INSERT INTO initiatives (id, org_id, slug, title, description, type, status, start_time, end_time, tags, is_in_person, is_remote, pinned, points, max_participants, participant_count, is_working_hours, participation_method, created_at, updated_at)
      VALUES ('i-scale-big', '${ORG}', 'scale-big', 'Scale: the big clean-up', 'An initiative with ${bigParticipants} participants.', 'volunteering', 'open', ${base + 30 * DAY}, ${base + 30 * DAY + 4 * 3600000}, '[]', 1, 0, 0, 10, -1, ${bigParticipants}, 0, 'report_hours', ${base}, ${base});`,
    `${numbers(bigParticipants)} INSERT INTO participations (id, org_id, initiative_id, member_id, uuid, status, manager_approval_status, created_at, updated_at)
      SELECT 'p-scale-big-' || x, '${ORG}', 'i-scale-big', 'm-scale-' || x, 'u-scale-big-' || x, 'accepted', 'not_needed', ${base} + x, ${base} + x FROM n;`,
    // The measured member takes part in 200 of the initiatives, with validated hours.
    `${numbers(200)} INSERT INTO participations (id, org_id, initiative_id, member_id, uuid, status, manager_approval_status, created_at, updated_at)
      SELECT 'p-scale-me-' || x, '${ORG}', 'i-scale-' || (x * 97 + 1), 'member-acme-member', 'u-scale-me-' || x, 'accepted', 'not_needed', ${base - 1000 * DAY} + x * ${5 * DAY}, ${base - 1000 * DAY} + x * ${5 * DAY} FROM n;`,
    `${numbers(200)} INSERT INTO participation_records (id, participation_id, type, hours, status, created_at)
      SELECT 'r-scale-me-' || x, 'p-scale-me-' || x, 'hours', 3, 'validated', ${base - 1000 * DAY} + x * ${5 * DAY} FROM n;`,
  ].join("\n");
}

/** The pages and calls measured, as [label, path, account]. `slug` is the detail page's initiative. */
function targets(slug) {
  const member = ["/wall", "/initiative", "/initiative?tab=history", `/initiative/${slug}`, "/rankings", "/responsible_profile", "/settings"].map((p) => [`GET ${p}`, p, "member"]);
  const organiser = ["/manage/records", "/manage/money", "/manage/initiatives"].map((p) => [`GET ${p} (organiser)`, p, "organiser"]);
  // Deep in the members list (was ?page=2000 with OFFSET): the page after Scale Member 99950, by its cursor (decision 043).
  const deep = Buffer.from(JSON.stringify(["scale member 99950", "m-scale-99950"])).toString("base64url");
  const admin = ["/manage", "/manage/dashboard.csv", "/manage/members", `/manage/members?after=${deep}`, "/manage/audit"].map((p) => [`GET ${p} (admin)`, p, "admin"]);
  return [...member, ...organiser, ...admin].map(([label, p, account]) => [label.replace(slug, "{slug}").replace(deep, "{deep}"), p, account]);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeStatic(server) {
  const started = performance.now();
  const response = await fetch(`${server.url}${STATIC_ASSET}`, { signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${STATIC_ASSET} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * Counts (one metered request) and server time (the median of `samples` unmetered requests, each
 * beside a static asset). A page slower than SLOW_MS is timed by its first request alone; a page
 * that does not answer within PAGE_TIMEOUT_MS is a row of its own ("timeout").
 */
async function measure(server, cookies, slug, samples, size) {
  const rows = [];
  for (const [label, pagePath, account] of targets(slug)) {
    const cookie = cookies[account];
    try {
      let statics = [await timeStatic(server)];
      const first = await request(server, pagePath, { cookie, meter: false, timeoutMs: PAGE_TIMEOUT_MS });
      if (first.response.status !== 200) throw new Error(`${label} answered ${first.response.status}, expected 200`);
      let times = [first.ms];
      if (first.ms < SLOW_MS) {
        // The first request warmed the page up: time it again.
        times = [];
        statics = [];
        for (let i = 0; i < samples; i++) {
          statics.push(await timeStatic(server));
          times.push((await request(server, pagePath, { cookie, meter: false, timeoutMs: PAGE_TIMEOUT_MS })).ms);
        }
      }
      const counted = await request(server, pagePath, { cookie, timeoutMs: PAGE_TIMEOUT_MS });
      rows.push({ label, path: pagePath, counts: counted.counts, ms: median(times), staticMs: median(statics) });
    } catch (error) {
      if (error?.name !== "TimeoutError") throw error;
      rows.push({ label, path: pagePath, timeout: true });
    }
    const row = rows.at(-1);
    console.log(`  ${size}: ${label}: ${row.timeout ? `no answer within ${PAGE_TIMEOUT_MS / 1000} s` : `${(row.ms / row.staticMs).toFixed(1)}x static, ${JSON.stringify(row.counts)}`}`);
  }
  return rows;
}

function table(headers, rows) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (row) => row.map((value, column) => (column === 0 ? String(value).padEnd(widths[column]) : String(value).padStart(widths[column]))).join("  ");
  return [line(headers), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

function parseArgs(argv) {
  const options = { demo: true, samples: 5 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--only" && argv[i + 1] === "large") {
      options.demo = false;
      i++;
    } else if (argv[i] === "--samples") options.samples = Number(argv[++i]);
    else throw new Error(`Unknown argument ${argv[i]} (--only large, --samples N)`);
  }
  return options;
}

/** What a row at the large size exceeds. */
function overBudget(row) {
  if (row.timeout) return [`gives no answer within ${PAGE_TIMEOUT_MS / 1000} s`];
  const over = [];
  if (row.counts.d1RowsRead > ROWS_READ_BUDGET) over.push(`reads ${row.counts.d1RowsRead} rows (budget ${ROWS_READ_BUDGET})`);
  if (row.counts.d1Ms > D1_MS_BUDGET) over.push(`spends ${row.counts.d1Ms} ms in D1 (budget ${D1_MS_BUDGET})`);
  return over;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  console.log("Starting the counting harness (scripts/bench/counting-worker.ts) on the demo data...");
  const server = await startServer({ script: "scripts/bench/counting-worker.ts" });
  try {
    const cookies = { member: await signIn(server, MEMBER), organiser: await signIn(server, ORGANISER), admin: await signIn(server, ADMIN) };
    const [demoDetail] = await server.d1(`SELECT slug FROM initiatives WHERE org_id = '${ORG}' ORDER BY participant_count DESC, slug LIMIT 1`);
    const demo = options.demo ? await measure(server, cookies, demoDetail.slug, options.samples, "demo") : [];

    console.log(`Growing ${ORG}: ${SIZE.members} members, ${SIZE.initiatives} initiatives, ${SIZE.participations} participations, ${SIZE.participations * SIZE.recordsPerParticipation} records, ${SIZE.contributions} contributions...`);
    const started = performance.now();
    // Every record written runs the rollups' triggers (decisions 037 and 041): minutes on a busy machine.
    await server.d1(scaleSql(), { timeoutMs: 30 * 60_000 });
    const generationS = (performance.now() - started) / 1000;
    const [counts] = await server.d1(
      `SELECT (SELECT count(*) FROM memberships WHERE org_id = '${ORG}') AS members, (SELECT count(*) FROM initiatives WHERE org_id = '${ORG}') AS initiatives,
        (SELECT count(*) FROM participations WHERE org_id = '${ORG}') AS participations, (SELECT count(*) FROM participation_records) AS records,
        (SELECT count(*) FROM contributions WHERE org_id = '${ORG}') AS contributions`,
    );
    console.log(`Generated in ${generationS.toFixed(1)} s: ${JSON.stringify(counts)}`);

    const large = await measure(server, cookies, "scale-big", options.samples, "large");
    const demoBy = new Map(demo.map((row) => [row.label, row]));
    const cells = (row) =>
      !row ? ["-", "-", "-", "-", "-"] : row.timeout ? ["timeout", "-", "-", "-", "-"] : [(row.ms / row.staticMs).toFixed(1), row.counts.d1RoundTrips, row.counts.d1Statements, row.counts.d1RowsRead, row.counts.d1Ms.toFixed(1)];
    const problems = [];
    const printed = large.map((row) => {
      const over = overBudget(row);
      if (over.length) problems.push(`${row.label} at the large size ${over.join(", ")}.`);
      const [ratio, ...rest] = cells(row);
      return [row.label, ...cells(demoBy.get(row.label)), `| ${ratio}`, ...rest, over.length ? "OVER" : "ok"];
    });
    console.log(`\nPer browser request, demo size | large size (x static: server time over a static asset's in the same rounds; budgets at the large size: ${ROWS_READ_BUDGET} rows read, ${D1_MS_BUDGET} ms of D1):\n`);
    console.log(table(["request", "x static", "trips", "stmts", "rows read", "D1 ms", "| x static", "trips", "stmts", "rows read", "D1 ms", "status"], printed));
    const resultsDir = path.join(root, "bench-results");
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, "scale.json"),
      `${JSON.stringify({ date: new Date().toISOString(), size: SIZE, generated: counts, generationS, budgets: { rowsRead: ROWS_READ_BUDGET, d1Ms: D1_MS_BUDGET }, demo, large, problems }, null, 2)}\n`,
    );
    if (problems.length) {
      console.error(`\nbench:scale FAILED (over budget at the large size):\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
      return 1;
    }
    console.log("\nbench:scale passed.");
    return 0;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(`\nbench:scale error: ${error?.stack ?? error}`);
      process.exitCode = 2;
    },
  );
}
