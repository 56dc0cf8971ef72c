/**
 * `npm run bench`: what a first visit costs.
 *
 *   (a) JavaScript per route: the files a first visit of each route's URL downloads (entry.client, the
 *       root route, the route's chain of parent routes, and everything they import), gzip level 9.
 *   (b) Server time: sequential GETs of /welcome, /signin and a static asset against the built Worker
 *       (`wrangler dev`, local D1 with the demo data), interleaved so they share the same conditions.
 *   (c) Budgets (BUDGETS below): exceeding one exits with code 1. Errors and timeouts exit with 2.
 *   (d) Round trips, D1 rows read and D1 time per signed-in page and per join
 *       (scripts/bench/round-trips.mjs), counted by the bench's own harness around the bindings, with
 *       their budgets. `npm run bench:scale` measures the same at 100,000 members.
 *   (e) Lighthouse, mobile (simulated slow 4G, CPU slowed to a mid-tier phone for the host), on every member and staff page of (d), the
 *       detail page of each initiative type and the editor (scripts/bench/lighthouse.mjs), with the
 *       budgets of issue 26: score 98 or more, TBT under 150 ms, LCP under 2 s. COMMONS_LIGHTHOUSE=0
 *       leaves it out (its figures then are not checked).
 *
 * Builds first when build/ is missing or older than app/ (COMMONS_REBUILD=1 forces a build).
 * `--js-only`: (a) and its budgets alone, without a server (a few seconds after a build).
 * Results are also written to bench-results/bench.json.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { root, startServer } from "../tests/support/server.mjs";
import { seedMany } from "./seed-many.mjs";
import { LIGHTHOUSE_BUDGETS, LIGHTHOUSE_HEADERS, lighthouseRows, measureLighthouse } from "./bench/lighthouse.mjs";
import { measureRoundTrips, overBudget, REPORT_ONLY, ROUND_TRIP_HEADERS, roundTripRows } from "./bench/round-trips.mjs";
import { table } from "./bench/table.mjs";

/**
 * Budgets, in KiB (1 KiB = 1024 bytes) of gzip-compressed JavaScript on a first visit of the URL, for
 * every route of the build (issue 26; docs/decisions/039-first-visit-weight.md): these pages by name,
 * then staff pages, member pages, and the rest (the signed-out pages: sign-up, recovery, invitations).
 */
const BUDGETS = {
  firstVisitJsKiB: { "/signin": 105, "/welcome": 90, "/wall": 125 },
  staffPageKiB: 140,
  memberPageKiB: 130,
  otherPageKiB: 110,
};

/** The budget of a route of the manifest, and the rule it comes from. */
function budgetFor(row) {
  const named = BUDGETS.firstVisitJsKiB[row.url];
  if (named !== undefined) return { limit: named, rule: "page" };
  if (row.url === "/manage" || row.url.startsWith("/manage/")) return { limit: BUDGETS.staffPageKiB, rule: "staff" };
  // The signed-in shell's pages (routes/_app.*).
  if (row.id.startsWith("routes/_app.")) return { limit: BUDGETS.memberPageKiB, rule: "member" };
  return { limit: BUDGETS.otherPageKiB, rule: "other" };
}

/**
 * Heavy libraries that no route may load on a first visit: pages that need them import them
 * lazily (the map with `import()` when it is on screen). A built chunk belongs to a library when
 * its file name names it, or when it is big and its content does (a small wrapper that merely
 * imports the library's chunk also names it, and may be eager).
 */
const LAZY_ONLY = [
  { name: "maplibre-gl", file: /maplibre/i, content: /maplibre/i, minBytes: 300 * 1024 },
  // The check-in desk's QR decoder, loaded when the camera opens (app/components/manage/qr-scanner.tsx).
  { name: "jsqr", file: /jsqr/i, content: /jsQR/, minBytes: 100 * 1024 },
  // The avatar cropper, loaded when the member opens the picture editor (app/components/profile/avatar-editor.tsx).
  { name: "react-easy-crop", file: /easy-crop/i, content: /reactEasyCrop_Container/, minBytes: 10 * 1024 },
  // The dashboard's charts, loaded when a chart is on screen (app/components/manage/bar-chart.tsx).
  { name: "uplot", file: /uplot|bar-chart/i, content: /uPlot/, minBytes: 20 * 1024 },
  // The forms' browser check (conform's valibot adapter), loaded when a form is first touched (app/lib/schema-check.ts).
  { name: "@conform-to", file: /schema-check/i, content: /__intent__/, minBytes: 8 * 1024 },
  // Phone numbers' metadata, loaded with the forms that check a phone (app/domain/phone.ts).
  { name: "libphonenumber-js", file: /libphonenumber/i, content: /INVALID_COUNTRY/, minBytes: 50 * 1024 },
];

const TIMING = { warmup: 20, samples: 200, requestTimeoutMs: 10_000 };
/** The wall query is timed with this many extra initiatives in the organisation (issue 4). */
const WALL = { initiatives: 10_000, org: "commons", orgId: "org-commons", member: "ana@commons.example", password: "commons-demo" };
const BUILD_TIMEOUT_MS = 5 * 60_000;
// Lighthouse scores about 30 pages, one at a time, up to three runs each on a page over its budget.
const OVERALL_TIMEOUT_MS = (process.env.COMMONS_LIGHTHOUSE === "0" ? 8 : 60) * 60_000;
const KiB = 1024;

const buildDir = path.join(root, "build");
const clientDir = path.join(buildDir, "client");
const resultsDir = path.join(root, "bench-results");

// ------------------------------------------------------------------------------------------------
// Build

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildReason() {
  if (process.env.COMMONS_REBUILD === "1") return "COMMONS_REBUILD=1";
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry) || !findRemixManifest()) return "no build";
  const built = statSync(serverEntry).mtimeMs;
  const sources = ["app", "public", "vite.config.ts", "package.json"].map((name) => newestMtime(path.join(root, name)));
  if (Math.max(...sources) > built) return "app/ changed since the last build";
  return null;
}

let buildChild;

function build() {
  return new Promise((resolve, reject) => {
    const binDir = path.join(root, "node_modules", ".bin");
    buildChild = spawn(path.join(binDir, "remix"), ["vite:build"], {
      cwd: root,
      env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`, NO_COLOR: "1" },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk) => {
      output = (output + chunk).slice(-100_000);
    };
    buildChild.stdout.on("data", collect);
    buildChild.stderr.on("data", collect);
    const timer = setTimeout(() => killBuild(), BUILD_TIMEOUT_MS);
    buildChild.on("error", reject);
    buildChild.on("close", (code, signal) => {
      clearTimeout(timer);
      buildChild = undefined;
      if (code === 0) resolve();
      else reject(new Error(`remix vite:build failed (${signal ?? `exit code ${code}`}):\n${output}`));
    });
  });
}

function killBuild() {
  if (!buildChild?.pid) return;
  try {
    process.kill(-buildChild.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

// ------------------------------------------------------------------------------------------------
// (a) JavaScript per route

function findRemixManifest() {
  const assets = path.join(clientDir, "assets");
  if (!existsSync(assets)) return null;
  const candidates = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => path.join(assets, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return candidates[0] ?? null;
}

function readRemixManifest() {
  const file = findRemixManifest();
  if (!file) throw new Error("build/client/assets/manifest-*.js not found: is this a Remix Vite build?");
  const text = readFileSync(file, "utf8").trim();
  const match = /^window\.__remixManifest\s*=\s*([\s\S]*?);?$/.exec(text);
  if (!match) throw new Error(`${path.relative(root, file)} does not assign window.__remixManifest`);
  return JSON.parse(match[1]);
}

/** The URL a route answers (parent paths joined; `:param` kept), or null for a pathless layout. */
function routeUrl(routes, id) {
  const segments = [];
  for (let route = routes[id]; route; route = routes[route.parentId]) {
    if (route.path) segments.unshift(route.path.replace(/^\/|\/$/g, ""));
  }
  const url = `/${segments.filter(Boolean).join("/")}`;
  const route = routes[id];
  return route.index || route.path ? url : null;
}

function routeChain(routes, id) {
  const chain = [];
  for (let route = routes[id]; route; route = routes[route.parentId]) chain.unshift(route);
  return chain;
}

const fileCache = new Map();

/** Size, gzip size and static imports of a built asset (`/assets/x.js`). */
function asset(url) {
  let info = fileCache.get(url);
  if (info) return info;
  const file = path.join(clientDir, url.replace(/^\//, ""));
  if (!existsSync(file)) throw new Error(`The manifest names ${url}, which is not in build/client`);
  const bytes = readFileSync(file);
  const imports = [];
  // Minified ES modules: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{c}from"./y.js"`.
  // Dynamic import("...") is left out on purpose: it is not part of a first visit.
  for (const [, specifier] of bytes.toString("utf8").matchAll(/\b(?:from|import)\s*["']([^"']+\.js)["']/g)) {
    imports.push(specifier.startsWith(".") ? path.posix.join(path.posix.dirname(url), specifier) : specifier);
  }
  info = { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, imports };
  fileCache.set(url, info);
  return info;
}

/** Every file reachable from `urls` through static imports. */
function closure(urls) {
  const seen = new Set();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...asset(url).imports);
  }
  return seen;
}

function firstVisitJavaScript(manifest) {
  const { entry, routes } = manifest;
  const shared = [entry.module, ...entry.imports];
  const rows = [];
  for (const id of Object.keys(routes)) {
    if (id === "root") continue;
    const url = routeUrl(routes, id);
    if (!url) continue;
    const declared = new Set(shared);
    for (const route of routeChain(routes, id)) {
      declared.add(route.module);
      for (const imported of route.imports ?? []) declared.add(imported);
    }
    const files = closure(declared);
    const missing = [...files].filter((file) => !declared.has(file));
    const sizes = [...files].map(asset);
    rows.push({
      url,
      id,
      files: [...files].sort(),
      undeclaredImports: missing,
      raw: sizes.reduce((sum, file) => sum + file.raw, 0),
      gzip: sizes.reduce((sum, file) => sum + file.gzip, 0),
    });
  }
  const common = [...closure([...shared, routes.root.module, ...(routes.root.imports ?? [])])].map(asset);
  return {
    rows: rows.sort((a, b) => a.url.localeCompare(b.url) || a.id.localeCompare(b.id)),
    everyPage: { raw: common.reduce((sum, file) => sum + file.raw, 0), gzip: common.reduce((sum, file) => sum + file.gzip, 0) },
  };
}

/** Built chunks (as `/assets/x.js`) that hold the library. */
function lazyOnlyChunks(library) {
  const assets = path.join(clientDir, "assets");
  return readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .filter((name) => {
      if (library.file.test(name)) return true;
      const text = readFileSync(path.join(assets, name), "utf8");
      return text.length >= library.minBytes && library.content.test(text);
    })
    .map((name) => `/assets/${name}`);
}

/** The JavaScript files a served page makes the browser fetch (modulepreload links and module imports). */
function scriptsInHtml(html) {
  const found = new Set();
  for (const [, href] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) found.add(href);
  for (const [, body] of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, specifier] of body.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.js)["']/g)) found.add(specifier);
  }
  for (const [, src] of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) found.add(src);
  return found;
}

// ------------------------------------------------------------------------------------------------
// (b) Server time

async function timedGet(url, headers = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(TIMING.requestTimeoutMs) });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, expected 200`);
  return ms;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function measure(targets) {
  const samples = new Map(targets.map((target) => [target.label, []]));
  // Round-robin: every target sees the same warm-up, the same background load and the same moment.
  for (let round = 0; round < TIMING.warmup + TIMING.samples; round++) {
    for (const target of targets) {
      const ms = await timedGet(target.url, target.headers);
      if (round >= TIMING.warmup) samples.get(target.label).push(ms);
    }
  }
  return targets.map(({ label, path: urlPath }) => {
    const sorted = samples.get(label).sort((a, b) => a - b);
    return {
      label,
      path: urlPath,
      n: sorted.length,
      median: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      min: sorted[0],
      max: sorted.at(-1),
    };
  });
}

// ------------------------------------------------------------------------------------------------
// Output

const kib = (bytes) => (bytes / KiB).toFixed(1);

/** (c) Every route against its budget: adds the routes over theirs to `problems`, prints the rules. */
function checkBudgets(rows, problems) {
  console.log("\nFirst-visit JavaScript budgets (every route):\n");
  const over = rows.filter((row) => row.gzip > row.limit * KiB);
  for (const row of over) problems.push(`Budget: a first visit of ${row.url} (${row.id}) downloads ${kib(row.gzip)} KiB gzip JavaScript, over its ${row.limit} KiB ${row.rule} budget.`);
  const rules = [
    ...Object.entries(BUDGETS.firstVisitJsKiB).map(([url, limit]) => [url, limit, rows.filter((row) => row.url === url)]),
    ["staff pages (/manage...)", BUDGETS.staffPageKiB, rows.filter((row) => row.rule === "staff")],
    ["member pages (routes/_app.*)", BUDGETS.memberPageKiB, rows.filter((row) => row.rule === "member")],
    ["other pages (signed out)", BUDGETS.otherPageKiB, rows.filter((row) => row.rule === "other")],
  ];
  console.log(
    table(
      ["budget", "KiB", "routes", "heaviest", "gzip KiB", "status"],
      rules.map(([label, limit, matched]) => {
        const heaviest = matched.reduce((top, row) => (!top || row.gzip > top.gzip ? row : top), null);
        return [label, limit, matched.length, heaviest?.url ?? "-", heaviest ? kib(heaviest.gzip) : "-", !heaviest ? "not in build" : matched.every((row) => row.gzip <= limit * KiB) ? "ok" : "OVER"];
      }),
      ["l", "r", "r", "l", "r", "l"],
    ),
  );
}

// ------------------------------------------------------------------------------------------------

async function main() {
  const problems = [];
  const notes = [];

  const reason = buildReason();
  if (reason) {
    console.log(`Building (${reason})...`);
    const started = performance.now();
    await build();
    console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
  // The build above is fresh: the server must not build again.
  delete process.env.COMMONS_REBUILD;

  // (a)
  const manifest = readRemixManifest();
  const { rows, everyPage } = firstVisitJavaScript(manifest);
  console.log("\nJavaScript on a first visit (entry.client + root + route chain + their imports; gzip -9):\n");
  for (const row of rows) Object.assign(row, budgetFor(row));
  console.log(
    table(
      ["URL", "route", "files", "raw KiB", "gzip KiB", "budget KiB", "status"],
      rows.map((row) => [row.url, row.id, row.files.length, kib(row.raw), kib(row.gzip), `${row.limit} (${row.rule})`, row.gzip <= row.limit * KiB ? "ok" : "OVER"]),
      ["l", "l", "r", "r", "r", "r", "l"],
    ),
  );
  console.log(`\nOn every page (entry.client + root + their imports): ${kib(everyPage.gzip)} KiB gzip (${kib(everyPage.raw)} KiB raw).`);
  console.log("(The route manifest is inlined in the HTML with lazy route discovery, so no manifest file is counted.)");
  for (const row of rows) {
    if (row.undeclaredImports.length) {
      notes.push(`${row.url}: imported but not listed in the Remix manifest (counted): ${row.undeclaredImports.join(", ")}`);
    }
  }
  const byUrl = new Map(rows.map((row) => [row.url, row]));
  if (process.argv.includes("--js-only")) {
    // `node scripts/bench.mjs --js-only`: the weight of each route and its budget, without a server.
    checkBudgets(rows, problems);
    if (problems.length) console.error(`\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    return problems.length ? 1 : 0;
  }
  const hasSignin = byUrl.has("/signin");
  for (const library of LAZY_ONLY) {
    const chunks = lazyOnlyChunks(library);
    if (!chunks.length) {
      notes.push(`${library.name}: not in the build.`);
      continue;
    }
    const eager = rows.filter((row) => row.files.some((file) => chunks.includes(file)));
    for (const row of eager) problems.push(`${row.url}: ${library.name} is part of the first visit; it must load only where it is used (import()).`);
    if (!eager.length) notes.push(`${library.name} (${chunks.join(", ")}): in no route's first visit.`);
  }

  // (b)
  let server;
  let timings = [];
  try {
    console.log("\nStarting the server (wrangler dev, local D1 with the demo data)...");
    server = await startServer();

    // The browser fetches exactly what the computed file list says, or the sizes above are wrong.
    for (const url of ["/welcome", "/signin"]) {
      const row = byUrl.get(url);
      if (!row) continue;
      const response = await fetch(`${server.url}${url}`, { signal: AbortSignal.timeout(TIMING.requestTimeoutMs) });
      const served = scriptsInHtml(await response.text());
      const computed = new Set(row.files);
      const uncounted = [...served].filter((file) => !computed.has(file));
      const unused = [...computed].filter((file) => !served.has(file));
      if (uncounted.length) problems.push(`${url}: the page loads JavaScript the bench did not count: ${uncounted.join(", ")}`);
      if (unused.length) notes.push(`${url}: counted but not referenced by the page's HTML: ${unused.join(", ")}`);
      if (!uncounted.length && !unused.length) notes.push(`${url}: the served HTML references exactly the ${computed.size} counted files.`);
    }

    const staticAsset = manifest.entry.module;
    const targets = [
      { label: "GET /welcome", path: "/welcome" },
      ...(hasSignin ? [{ label: "GET /signin", path: "/signin" }] : []),
      { label: "GET static asset", path: staticAsset },
    ].map((target) => ({ ...target, url: `${server.url}${target.path}` }));
    if (!hasSignin) notes.push("GET /signin: skipped (no /signin route in this build).");

    console.log(`Timing ${TIMING.samples} sequential requests per URL after ${TIMING.warmup} warm-up rounds (interleaved)...`);
    const started = performance.now();
    timings = await measure(targets);
    console.log(`\nServer time, client-observed on loopback (${((performance.now() - started) / 1000).toFixed(1)} s):\n`);
    const ms = (value) => value.toFixed(2);
    console.log(
      table(
        ["request", "median ms", "p95 ms", "min ms", "max ms", "n"],
        timings.map((t) => [`${t.label}${t.label.includes("static") ? ` (${t.path})` : ""}`, ms(t.median), ms(t.p95), ms(t.min), ms(t.max), t.n]),
        ["l", "r", "r", "r", "r", "r"],
      ),
    );
    console.log("(wrangler dev + local workerd on this machine: compare the rows with each other, not with production.)");

    // The wall's query on a realistic volume: GET /api/{org}/wall as a member, 10,000 initiatives.
    console.log(`\nAdding ${WALL.initiatives} initiatives to ${WALL.org} for the wall timing...`);
    await seedMany({ count: WALL.initiatives, orgId: WALL.orgId, wranglerArgs: ["--persist-to", server.persistDir] });
    const [{ n: total }] = await server.d1(`SELECT count(*) AS n FROM initiatives WHERE org_id = '${WALL.orgId}'`);
    const login = await fetch(`${server.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: WALL.member, password: WALL.password, requiredProduct: "community" }),
    });
    if (!login.ok) throw new Error(`Signing in ${WALL.member} for the wall timing answered ${login.status}`);
    const { access_token: token } = await login.json();
    const authorization = { authorization: `Bearer ${token}` };
    const wallTargets = [
      { label: `GET /api/${WALL.org}/wall`, path: `/api/${WALL.org}/wall`, headers: authorization },
      { label: `GET /api/${WALL.org}/wall?search=garden`, path: `/api/${WALL.org}/wall?search=garden`, headers: authorization },
      { label: "GET static asset", path: staticAsset },
    ].map((target) => ({ ...target, url: `${server.url}${target.path}` }));
    const wallTimings = await measure(wallTargets);
    console.log(`\nWall query with ${total} initiatives in the organisation:\n`);
    console.log(
      table(
        ["request", "median ms", "p95 ms", "min ms", "max ms", "n"],
        wallTimings.map((t) => [t.label, ms(t.median), ms(t.p95), ms(t.min), ms(t.max), t.n]),
        ["l", "r", "r", "r", "r", "r"],
      ),
    );
    timings.push(...wallTimings.slice(0, 2).map((t) => ({ ...t, initiatives: total })));
  } finally {
    await server?.stop();
  }

  // (d)
  console.log("\nStarting the counting harness (scripts/bench/counting-worker.ts) for round trips per request...");
  const roundTrips = await measureRoundTrips();
  console.log("\nD1 round trips (a batch is one), rows read and D1 time per browser request, signed in as a demo member:\n");
  console.log(table(ROUND_TRIP_HEADERS, roundTripRows(roundTrips), ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "l"]));
  for (const row of roundTrips.filter((row) => row.over)) {
    const message = `Budget: ${row.label} ${overBudget(row).join("; ")}.`;
    if (REPORT_ONLY) notes.push(`${message} (report only)`);
    else problems.push(message);
  }

  // (e)
  let lighthouse = [];
  if (process.env.COMMONS_LIGHTHOUSE === "0") notes.push("Lighthouse: left out (COMMONS_LIGHTHOUSE=0).");
  else {
    console.log("\nLighthouse, mobile (simulated slow 4G, 4x CPU), one page at a time (scripts/bench/lighthouse.mjs)...");
    lighthouse = await measureLighthouse({ log: (line) => console.log(line) });
    console.log(`\n${table(LIGHTHOUSE_HEADERS, lighthouseRows(lighthouse), ["l", "r", "r", "r", "r", "r", "r", "r", "l"])}`);
    for (const row of lighthouse.filter((row) => row.over.length)) {
      problems.push(`Lighthouse: ${row.label} ${row.over.join(", ")} (budgets: score ≥ ${LIGHTHOUSE_BUDGETS.score}, TBT < ${LIGHTHOUSE_BUDGETS.totalBlockingTimeMs} ms, LCP < ${LIGHTHOUSE_BUDGETS.largestContentfulPaintMs} ms).`);
    }
    const slowest = Math.min(...lighthouse.map((row) => row.benchmarkIndex));
    if (slowest < 1000) {
      notes.push(`Lighthouse: this machine's CPU benchmark index was ${Math.round(slowest)} (Lighthouse expects 1000 or more): the 4x slowdown then emulates a slower phone than intended, and TBT and the scores are pessimistic. Compare runs on a quiet machine.`);
    }
  }

  // (c)
  checkBudgets(rows, problems);

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, "bench.json"),
    `${JSON.stringify({ date: new Date().toISOString(), budgets: BUDGETS, timing: TIMING, javascript: { everyPage, routes: rows }, server: timings, roundTrips, lighthouse, notes, problems }, null, 2)}\n`,
  );

  if (notes.length) console.log(`\nNotes:\n${notes.map((note) => `  - ${note}`).join("\n")}`);
  if (problems.length) {
    console.error(`\nBench FAILED:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    return 1;
  }
  console.log("\nBench passed.");
  return 0;
}

const overall = setTimeout(() => {
  console.error(`\nBench timed out after ${OVERALL_TIMEOUT_MS / 60_000} minutes.`);
  killBuild();
  // server.mjs kills the wrangler process group on exit.
  process.exit(2);
}, OVERALL_TIMEOUT_MS);
overall.unref();

main().then(
  (code) => {
    clearTimeout(overall);
    process.exitCode = code;
  },
  (error) => {
    clearTimeout(overall);
    killBuild();
    console.error(`\nBench error: ${error?.stack ?? error}`);
    process.exitCode = 2;
  },
);
