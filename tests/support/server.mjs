/**
 * Test harness: serves the real Worker with `wrangler dev` on loopback, against a fresh local D1.
 *
 *   const server = await startServer({ seed: true, vars: { ENVIRONMENT: "test" } });
 *   await fetch(`${server.url}/welcome`);
 *   const rows = await server.d1("SELECT id FROM members");
 *   await server.stop();
 *
 * The Remix build is reused when present (COMMONS_REBUILD=1 forces `remix vite:build`). Every call
 * gets its own temporary --persist-to directory, so tests never touch the developer's .wrangler state.
 * That directory starts as a copy of a prepared state (migrated, and seeded unless `seed: false`),
 * made once per content of the migrations and the demo SQL (see preparedState): migrating and seeding
 * took about a minute per server on a loaded 2-core machine, copying takes milliseconds.
 * wrangler runs in its own process group; stop() (and, as a last resort, process exit) kills the group.
 */
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const binDir = path.join(root, "node_modules", ".bin");
const bin = (name) => path.join(binDir, name);

// Generous: a loaded 2-core machine (CI, several servers at once) has taken over a minute to start workerd.
const READY_TIMEOUT_MS = 120_000;
const STEP_TIMEOUT_MS = 180_000;
const OUTPUT_LIMIT = 200_000;

function toolEnv(extra = {}) {
  return {
    ...process.env,
    // wrangler's and remix's shebangs resolve `node`: make it the project's Node 22.
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
    WRANGLER_SEND_METRICS: "false",
    CI: process.env.CI ?? "true",
    NO_COLOR: "1",
    FORCE_COLOR: "0",
    ...extra,
  };
}

/** Runs a command to completion in its own process group; rejects with its output when it fails. */
function runStep(command, args, { timeoutMs = STEP_TIMEOUT_MS, quiet = true, outputLimit = OUTPUT_LIMIT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: toolEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (chunk) => {
      output += chunk;
      if (output.length > outputLimit) output = output.slice(-outputLimit);
      if (!quiet) process.stderr.write(chunk);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => killGroup(child.pid, "SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const label = `${path.basename(command)} ${args.join(" ")}`;
      if (code === 0) resolve(output);
      else reject(new Error(`${label} failed (${signal ? `signal ${signal}` : `exit code ${code}`}):\n${output}`));
    });
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

// Ports this process has handed out: one chosen for a server that has not bound it yet is free to
// the system, which may offer it again (the edge and its upstream start side by side, four ports).
const portsGiven = new Set();

/** A port that was free a moment ago on 127.0.0.1, and not given out by this process before. */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const probe = createServer();
      probe.unref();
      probe.on("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port: probed } = probe.address();
        probe.close(() => resolve(probed));
      });
    });
    if (portsGiven.has(port)) continue;
    portsGiven.add(port);
    return port;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the promise's value, or with `fallback` after `ms` (without keeping the process alive). */
function within(promise, ms, fallback) {
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** SQL longer than this goes to `wrangler d1 execute` as a file, not on the command line. */
const D1_COMMAND_MAX_BYTES = 64 * 1024;

/** Where prepared states live: in this clone's (git-ignored) .wrangler, apart from `npm start`'s. */
const PREPARED_STATES_DIR = path.join(root, ".wrangler", "test-states");

/**
 * A --persist-to directory holding a local D1 with every migration applied and, when `seed`, the
 * demo rows (not the demo files: tests that need files upload their own), made once and then
 * reused. It is named by a hash of everything that decides its content: the migrations, the
 * wrangler configuration (the D1's file name comes from its id) and the demo SQL itself (which is
 * built relative to the current UTC day), so a changed migration, seed or day makes a new one.
 * Built in a directory of its own and renamed into place, so processes preparing the same state at
 * once never see half of it.
 */
/** States older than two days (yesterday's demo SQL, an old migration) are not used again. */
function forgetOldStates() {
  const cutoff = Date.now() - 2 * 24 * 3600_000;
  for (const name of readdirSync(PREPARED_STATES_DIR)) {
    const dir = path.join(PREPARED_STATES_DIR, name);
    try {
      if (statSync(dir).mtimeMs < cutoff) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

async function preparedState({ seed }) {
  const { buildDemoSql } = await import("../../scripts/seed-data.mjs");
  const { buildChatDemoSql } = await import("../../scripts/seed-chat.mjs");
  const { buildDemoFilesSql } = await import("../../scripts/seed-files.mjs");
  // One `now` for all three, as scripts/seed.mjs builds them (its --no-files skips only the R2 objects).
  const now = Date.now();
  const demoSql = seed ? buildDemoSql({ now }) + buildChatDemoSql({ now }) + buildDemoFilesSql({ now }) : "";
  const hash = createHash("sha256");
  const migrationsDir = path.join(root, "migrations");
  for (const name of readdirSync(migrationsDir).filter((file) => file.endsWith(".sql")).sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  }
  hash.update(readFileSync(path.join(root, "wrangler.toml"))).update(demoSql);
  const stateDir = path.join(PREPARED_STATES_DIR, `${seed ? "seeded" : "migrated"}-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(stateDir)) return stateDir;

  mkdirSync(PREPARED_STATES_DIR, { recursive: true });
  forgetOldStates();
  const buildDir = mkdtempSync(`${stateDir}.building-`);
  try {
    await runStep(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", buildDir]);
    if (seed) {
      const sqlFile = path.join(PREPARED_STATES_DIR, `${path.basename(buildDir)}.sql`);
      writeFileSync(sqlFile, demoSql);
      try {
        await runStep(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", buildDir, "--file", sqlFile]);
      } finally {
        rmSync(sqlFile, { force: true });
      }
    }
    renameSync(buildDir, stateDir);
  } catch (error) {
    rmSync(buildDir, { recursive: true, force: true });
    // Another process renamed the same state into place first: theirs is as good as ours.
    if (existsSync(stateDir)) return stateDir;
    throw error;
  }
  return stateDir;
}

/** The summed VmRSS of the workerd processes in a process group (wrangler dev's children). */
function groupResidentBytes(groupId) {
  let total = 0;
  let entries = [];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // Fields after the command's closing parenthesis: state, ppid, pgrp, ...
      const [, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) !== groupId || !stat.includes("(workerd)")) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${name}/status`, "utf8"));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

// Groups still running when the test process exits (a crashed test, an uncaught error).
const liveGroups = new Set();
function killLiveGroups() {
  for (const pid of liveGroups) killGroup(pid, "SIGKILL");
}
process.on("exit", killLiveGroups);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  // Clean up, then die of the same signal (the listener is gone by then, so the default applies).
  process.once(signal, () => {
    killLiveGroups();
    process.kill(process.pid, signal);
  });
}

/**
 * Runs SQL against the local D1 kept in `persistDir` and answers the result rows (all statements,
 * in order). Long SQL (seeding hundreds of rows) goes through a file: a command line has a size
 * limit (spawn fails with E2BIG).
 */
function d1Of(persistDir) {
  return async function d1(sql, { timeoutMs = 5 * 60_000 } = {}) {
    const viaFile = Buffer.byteLength(sql) > D1_COMMAND_MAX_BYTES;
    const sqlFile = viaFile ? path.join(persistDir, `statements-${randomUUID()}.sql`) : null;
    if (sqlFile) writeFileSync(sqlFile, sql);
    const stdout = await runStep(
      bin("wrangler"),
      ["d1", "execute", "DB", "--local", "--persist-to", persistDir, ...(sqlFile ? ["--file", sqlFile] : ["--command", sql]), "--json"],
      // All of it: the answer is JSON, one result per statement.
      { timeoutMs, outputLimit: Infinity },
    ).finally(() => sqlFile && rmSync(sqlFile, { force: true }));
    // The JSON array starts on a line of its own; a progress line before it may hold "[" too.
    const start = stdout.search(/^\[\s*(\{|\])/m);
    const parsed = JSON.parse(start >= 0 ? stdout.slice(start) : stdout);
    return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((result) => result.results ?? []);
  };
}

/** The environment variables through which scripts/e2e-tests.mjs hands its servers to the files it runs. */
export const SHARED_SERVER_ENV = "COMMONS_SHARED_SERVER";
export const SHARED_EDGE_ENV = "COMMONS_SHARED_EDGE";

/** What a file needs to know of a server another process started, to hand on (`describe`) and to use (`attach`). */
const describeServer = (server, log) => ({ url: server.url, port: server.port, persistDir: server.persistDir, pid: server.pid, log });

/**
 * A server another process started, as this file uses it: its D1, its output so far, and a stop
 * that ends its process (a test may stop an upstream on purpose) but leaves its data to the
 * process that started it.
 */
function attachServer({ url, port, persistDir, pid, log }) {
  const output = () => (log && existsSync(log) ? readFileSync(log, "utf8").slice(-OUTPUT_LIMIT) : "");
  return { url, port, persistDir, d1: d1Of(persistDir), output, residentBytes: () => 0, stop: async () => killGroup(pid, "SIGKILL") };
}

/**
 * The server that scripts/e2e-tests.mjs started for all the browser files of one run, or null when
 * this file runs alone (then it starts its own). Starting workerd took 20 to 45 s per file on two
 * cores, most of the browser tier's fixed cost; one server for the whole tier pays it once. The
 * files share its data, so each works with members and initiatives it makes for itself, and the
 * runner orders the files that change Acme itself last. It is the runner's to stop.
 */
export function sharedServer() {
  const shared = process.env[SHARED_SERVER_ENV];
  return shared ? { ...attachServer(JSON.parse(shared)), stop: async () => {} } : null;
}

/** The edge and its upstream that scripts/e2e-tests.mjs started for the edge files (as startEdgeAndUpstream answers them), or null. */
export function sharedEdgeAndUpstream() {
  const shared = process.env[SHARED_EDGE_ENV];
  if (!shared) return null;
  const described = JSON.parse(shared);
  return { ...edgePair(attachServer(described.edge), attachServer(described.upstream)), stop: async () => {} };
}

/** Hands `server` (or an edge pair's two servers) to the files a runner starts, as the environment they read. */
export function sharedEnvironment(server, log) {
  if (server.edge) return { [SHARED_EDGE_ENV]: JSON.stringify({ edge: describeServer(server.edge, log), upstream: describeServer(server.upstream, log) }) };
  return { [SHARED_SERVER_ENV]: JSON.stringify(describeServer(server, log)) };
}

/**
 * @param {{ seed?: boolean, vars?: Record<string, string>, readyPath?: string, script?: string, port?: number, logFile?: string }} [options]
 *   `script` serves another entry module with the same bindings (the bench's counting harness);
 *   `port` a port chosen beforehand (an edge's PUBLIC_URL names it); `logFile` gets wrangler's output too.
 */
export async function startServer(options = {}) {
  // A port found free is free to every process until bound: with test files running side by side,
  // another server (or workerd's own internal socket) can take it first. Try again on a new port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      const taken = /address already in use|EADDRINUSE/i.test(String(error?.message));
      if (!taken || options.port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startServerOnce({ seed = true, vars = {}, readyPath = "/welcome", script, port: chosenPort, logFile } = {}) {
  if (process.env.COMMONS_REBUILD === "1" || !existsSync(path.join(root, "build", "server", "index.js"))) {
    await runStep(bin("remix"), ["vite:build"]);
  }
  const devVars = path.join(root, ".dev.vars");
  if (!existsSync(devVars)) copyFileSync(path.join(root, ".dev.vars.example"), devVars);

  const persistDir = mkdtempSync(path.join(tmpdir(), "commons-e2e-"));
  const removePersistDir = () => rmSync(persistDir, { recursive: true, force: true });
  let child;
  let output = "";
  try {
    cpSync(await preparedState({ seed }), persistDir, { recursive: true });

    const port = chosenPort ?? (await freePort());
    // Its own inspector port too: several servers at once (helpers, the bench) otherwise collide on it.
    const inspectorPort = await freePort();
    const varArgs = Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]);
    child = spawn(
      bin("wrangler"),
      ["dev", ...(script ? [script] : []), "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort), "--persist-to", persistDir, "--show-interactive-dev-session=false", ...varArgs],
      { cwd: root, env: toolEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] },
    );
    liveGroups.add(child.pid);
    const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
    let hasExited = false;
    exited.then(() => {
      hasExited = true;
    });
    const collect = (chunk) => {
      output += chunk;
      if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
      if (process.env.COMMONS_SERVER_LOG === "1") process.stderr.write(chunk);
      if (logFile) appendFileSync(logFile, chunk);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);

    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (hasExited) throw new Error(`wrangler dev exited before it was ready:\n${output}`);
      try {
        const response = await fetch(`${url}${readyPath}`, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`wrangler dev did not answer 200 on ${readyPath} within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
      await sleep(250);
    }

    const pid = child.pid;
    let stopping;
    return {
      url,
      port,
      persistDir,
      /** The process group's leader (wrangler), for a runner that hands this server to other processes. */
      pid,
      /** wrangler's output so far (for assertion messages). */
      output: () => output,
      d1: d1Of(persistDir),
      /** Resident memory of the server's workerd processes, in bytes (Linux; 0 where /proc is absent). */
      residentBytes() {
        return groupResidentBytes(pid);
      },
      stop() {
        stopping ??= (async () => {
          if (!hasExited) {
            killGroup(pid, "SIGTERM");
            const killed = await within(exited.then(() => true), 10_000, false);
            if (!killed) {
              killGroup(pid, "SIGKILL");
              await within(exited, 5_000);
            }
          }
          // workerd may outlive the wrangler parent for a moment: make sure the group is gone.
          killGroup(pid, "SIGKILL");
          liveGroups.delete(pid);
          removePersistDir();
        })();
        return stopping;
      },
    };
  } catch (error) {
    if (child?.pid) {
      killGroup(child.pid, "SIGKILL");
      liveGroups.delete(child.pid);
    }
    removePersistDir();
    throw error;
  }
}

/**
 * The edge in front of an upstream (issue 16; docs/upstream.md): the upstream is this repo's
 * Worker with the demo data; the edge is the same code with UPSTREAM_URL pointing at it and a D1
 * of its own with nothing but its migrations. Answers the edge as a server (its url, port; d1 and
 * the /dev routes reach the upstream's data), with `upstream` and `edgeD1` beside.
 */
export async function startEdgeAndUpstream({ vars = {}, logFile } = {}) {
  const secret = "edge-and-upstream-share-this-secret-for-tests-0123";
  const [edgePort, upstreamPort] = [await freePort(), await freePort()];
  const edgeUrl = `http://localhost:${edgePort}`;
  // Both start at once (each waits for its own first 200, the edge's through the upstream): workerd's
  // start-up is most of a server's set-up, and the two need not take turns.
  const [upstreamStarted, edgeStarted] = await Promise.allSettled([
    startServer({ seed: true, port: upstreamPort, logFile, vars: { ENVIRONMENT: "test", EDGE_SECRET: secret, EDGE_URL: edgeUrl, ...vars } }),
    startServer({
      seed: false,
      port: edgePort,
      logFile,
      vars: { ENVIRONMENT: "test", UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}/`, EDGE_SECRET: secret, PUBLIC_URL: edgeUrl, TOKEN_SECRET: "the-edge-seals-its-sessions-with-its-own-secret-0123", ...vars },
    }),
  ]);
  if (upstreamStarted.status === "rejected" || edgeStarted.status === "rejected") {
    await Promise.allSettled([upstreamStarted.value?.stop(), edgeStarted.value?.stop()]);
    throw upstreamStarted.reason ?? edgeStarted.reason;
  }
  return edgePair(edgeStarted.value, upstreamStarted.value);
}

/** The edge as a server (its url, port; d1 and the /dev routes reach the upstream's data), with `upstream` and `edgeD1` beside. */
function edgePair(edge, upstream) {
  return {
    url: edge.url,
    port: edge.port,
    upstream,
    edge,
    /** SQL against the upstream's D1, where the data is. */
    d1: (sql) => upstream.d1(sql),
    /** SQL against the edge's own D1 (sessions only). */
    edgeD1: (sql) => edge.d1(sql),
    output: () => `--- edge ---\n${edge.output()}\n--- upstream ---\n${upstream.output()}`,
    stop: () => Promise.all([edge.stop(), upstream.stop()]),
  };
}
