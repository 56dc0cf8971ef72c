/**
 * The bench's part (e): Lighthouse, mobile (its default: simulated slow 4G, a phone's screen, and
 * its CPU slowdown calibrated to the host: cpuSlowdownFor), on every member and staff page the bench lists, the detail page of each
 * initiative type included, against the built Worker served locally with the demo data. Signed-in
 * pages get the demo accounts' session cookie as an extra header.
 *
 * Pages run one after another (one Chromium, one page at a time): on two shared cores parallel runs
 * would measure each other. A page that misses a budget is measured twice more and judged on the
 * median of the three, so one run slowed by the machine does not fail the bench alone.
 *
 *   npm run bench:lighthouse            (all pages; builds first if build/ is missing)
 *   npm run bench:lighthouse -- /wall   (only the pages whose path starts with an argument)
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from "../../tests/support/browser.mjs";
import { startServer } from "../../tests/support/server.mjs";
import { signIn } from "./round-trips.mjs";

/**
 * Lighthouse's 4x CPU slowdown is meant for a host of a high-end desktop's benchmark index (1,500 to
 * 2,000), which it moves into the mid-tier phone bracket; on a slower host the same 4x emulates a
 * slower phone than intended, and Lighthouse itself warns under 1,000. Its documentation
 * (docs/throttling.md, "Calibrating the CPU slowdown") says to lower the multiplier on such a host
 * (a low-end desktop of 1,000 to 1,500: 2x). The bench does so from the host's own index, measured
 * in a first run, keeping the low end of that bracket as the reference so a calibrated run is never
 * kinder than Lighthouse's default on the machine it was made for; LIGHTHOUSE_CPU_SLOWDOWN sets it
 * by hand.
 */
const REFERENCE_BENCHMARK_INDEX = 1500;
const DEFAULT_CPU_SLOWDOWN = 4;

/** The CPU slowdown that emulates the same phone on a host of `benchmarkIndex`: 4x at 1,500 or more, never under 1x. */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!(benchmarkIndex > 0)) return DEFAULT_CPU_SLOWDOWN;
  const scaled = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(DEFAULT_CPU_SLOWDOWN, Math.max(1, scaled)) * 10) / 10;
}

/** Issue 26: every page scores 98 or more, blocks the main thread under 150 ms and paints its largest element within 2 s. */
export const LIGHTHOUSE_BUDGETS = { score: 98, totalBlockingTimeMs: 150, largestContentfulPaintMs: 2000 };
const RETRIES_WHEN_OVER = 2;

const MEMBER = { email: "ana@commons.example", password: "commons-demo" };
const ORGANISER = { email: "organiser@acme.example", password: "commons-demo" };
const ADMIN = { email: "admin@acme.example", password: "commons-demo" };

/** The same pages as the round-trip table (round-trips.mjs), plus the public entry pages and the editor. */
const MEMBER_PAGES = ["/wall", "/initiative", "/settings", "/settings/account", "/proposal", "/proposal/new/type", "/rankings", "/responsible_profile"];
const ORGANISER_PAGES = ["/manage/records", "/manage/money", "/manage/initiatives", "/manage/initiatives/new"];
const ADMIN_PAGES = ["/manage", "/manage/members", "/manage/settings", "/manage/access", "/manage/audit"];
const PUBLIC_PAGES = ["/welcome", "/signin"];

// The browser tests' quiet Chromium, in the new headless mode Lighthouse expects.
const CHROMIUM_FLAGS = ["--headless=new", ...QUIET_CHROMIUM_FLAGS, "--disable-dev-shm-usage"];

/** One initiative of each type in the organisation of `email`, in-person ones (with a place, so a map card) first. */
async function initiativeOfEachType(server, email, column = "id") {
  const rows = await server.d1(
    `SELECT i.type, i.slug, i.id FROM initiatives i
     JOIN memberships ms ON ms.org_id = i.org_id JOIN members m ON m.id = ms.member_id
     WHERE m.email = '${email}' AND i.status = 'open'
     ORDER BY i.type, (i.latitude IS NULL), i.slug`,
  );
  const byType = new Map();
  for (const row of rows) if (!byType.has(row.type)) byType.set(row.type, row[column]);
  return byType;
}

/** The pages to score, each with the cookie of the account that sees it. */
async function pagesToScore(server) {
  const member = await signIn(server, MEMBER);
  const organiser = await signIn(server, ORGANISER);
  const admin = await signIn(server, ADMIN);
  const pages = [
    ...PUBLIC_PAGES.map((url) => ({ label: url, url, cookie: undefined })),
    ...MEMBER_PAGES.map((url) => ({ label: url, url, cookie: member })),
  ];
  for (const [type, slug] of await initiativeOfEachType(server, MEMBER.email, "slug")) {
    pages.push({ label: `/initiative/{${type}}`, url: `/initiative/${slug}`, cookie: member });
  }
  pages.push(...ORGANISER_PAGES.map((url) => ({ label: url, url, cookie: organiser })));
  const [, editable] = [...(await initiativeOfEachType(server, ORGANISER.email))].find(([type]) => type === "volunteering") ?? [];
  if (editable) pages.push({ label: "/manage/initiatives/{id}/edit", url: `/manage/initiatives/${editable}/edit`, cookie: organiser });
  pages.push(...ADMIN_PAGES.map((url) => ({ label: url, url, cookie: admin })));
  // A page that does not answer 200 to its account would be scored as an error page: refuse it here.
  for (const page of pages) {
    const response = await fetch(`${server.url}${page.url}`, { headers: page.cookie ? { cookie: page.cookie } : {}, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`Lighthouse: GET ${page.url} answered ${response.status} to its account, expected 200`);
  }
  return pages;
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    totalBlockingTimeMs: audit("total-blocking-time"),
    largestContentfulPaintMs: audit("largest-contentful-paint"),
    firstContentfulPaintMs: audit("first-contentful-paint"),
    // Lighthouse's own measure of the host's CPU: under 1000 it warns that the 4x slowdown emulates a slower phone than intended.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    runtimeError: lhr.runtimeError?.message,
  };
}

export function overBudget(result) {
  const over = [];
  if (result.runtimeError) over.push(`error: ${result.runtimeError}`);
  if (!(result.score >= LIGHTHOUSE_BUDGETS.score)) over.push(`score ${result.score} < ${LIGHTHOUSE_BUDGETS.score}`);
  if (!(result.totalBlockingTimeMs < LIGHTHOUSE_BUDGETS.totalBlockingTimeMs)) over.push(`TBT ${Math.round(result.totalBlockingTimeMs)} ms ≥ ${LIGHTHOUSE_BUDGETS.totalBlockingTimeMs}`);
  if (!(result.largestContentfulPaintMs < LIGHTHOUSE_BUDGETS.largestContentfulPaintMs)) over.push(`LCP ${Math.round(result.largestContentfulPaintMs)} ms ≥ ${LIGHTHOUSE_BUDGETS.largestContentfulPaintMs}`);
  return over;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median of each figure over several runs of one page. */
function medianOf(runs) {
  const pick = (key) => median(runs.map((run) => run[key]));
  return {
    score: pick("score"),
    totalBlockingTimeMs: pick("totalBlockingTimeMs"),
    largestContentfulPaintMs: pick("largestContentfulPaintMs"),
    firstContentfulPaintMs: pick("firstContentfulPaintMs"),
    benchmarkIndex: pick("benchmarkIndex"),
    runtimeError: runs.every((run) => run.runtimeError) ? runs[0].runtimeError : undefined,
  };
}

/**
 * Starts a server (or uses `server`), scores every page and answers one row per page:
 * `{ label, url, runs, score, totalBlockingTimeMs, largestContentfulPaintMs, firstContentfulPaintMs, over }`.
 */
export async function measureLighthouse({ only = [], log = console.log } = {}) {
  const server = await startServer();
  const profile = mkdtempSync(path.join(tmpdir(), "commons-lighthouse-"));
  let chrome;
  try {
    const pages = (await pagesToScore(server)).filter((page) => !only.length || only.some((prefix) => page.label.startsWith(prefix)));
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir: profile, logLevel: "silent" });
    // A first run of the entry page measures the host (and warms Chromium and the server up).
    const probe = await lighthouse(`${server.url}/welcome`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const hostIndex = probe.lhr.environment?.benchmarkIndex ?? Number.NaN;
    const cpuSlowdownMultiplier = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) || cpuSlowdownFor(hostIndex);
    log(`  host benchmark index ${Math.round(hostIndex)}: CPU slowdown ${cpuSlowdownMultiplier}x (4x on a host of ${REFERENCE_BENCHMARK_INDEX} or more)`);
    const rows = [];
    for (const page of pages) {
      const runs = [];
      for (let attempt = 0; attempt <= RETRIES_WHEN_OVER; attempt++) {
        const result = await lighthouse(`${server.url}${page.url}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          extraHeaders: page.cookie ? { cookie: page.cookie } : undefined,
          throttling: { cpuSlowdownMultiplier },
        });
        runs.push(figures(result.lhr));
        if (runs.length === 1 && !overBudget(runs[0]).length) break;
      }
      const row = { label: page.label, url: page.url, runs: runs.length, cpuSlowdownMultiplier, ...(runs.length === 1 ? runs[0] : medianOf(runs)) };
      row.over = overBudget(row);
      log(`  ${row.label}: ${row.score}, TBT ${Math.round(row.totalBlockingTimeMs)} ms, LCP ${Math.round(row.largestContentfulPaintMs)} ms${runs.length > 1 ? ` (median of ${runs.length})` : ""}`);
      rows.push(row);
    }
    return rows;
  } finally {
    await chrome?.kill();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}

export const LIGHTHOUSE_HEADERS = ["page", "score", "TBT ms", "LCP ms", "FCP ms", "runs", "CPU index", "slowdown", "status"];

export function lighthouseRows(rows) {
  return rows.map((row) => [
    row.label,
    row.score,
    Math.round(row.totalBlockingTimeMs),
    Math.round(row.largestContentfulPaintMs),
    Math.round(row.firstContentfulPaintMs),
    row.runs,
    Math.round(row.benchmarkIndex),
    `${row.cpuSlowdownMultiplier}x`,
    row.over.length ? `OVER (${row.over.join("; ")})` : "ok",
  ]);
}

// `node scripts/bench/lighthouse.mjs [path prefix...]`: this part alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { table } = await import("./table.mjs");
  console.log("Lighthouse, mobile (simulated slow 4G, CPU slowed to a mid-tier phone), one page at a time:");
  const rows = await measureLighthouse({ only: process.argv.slice(2) });
  console.log(`\n${table(LIGHTHOUSE_HEADERS, lighthouseRows(rows), ["l", "r", "r", "r", "r", "r", "r", "r", "l"])}`);
  const over = rows.filter((row) => row.over.length);
  if (over.length) {
    console.error(`\nLighthouse budgets exceeded (score ≥ ${LIGHTHOUSE_BUDGETS.score}, TBT < ${LIGHTHOUSE_BUDGETS.totalBlockingTimeMs} ms, LCP < ${LIGHTHOUSE_BUDGETS.largestContentfulPaintMs} ms) on ${over.map((row) => row.label).join(", ")}.`);
    process.exitCode = 1;
  }
}
