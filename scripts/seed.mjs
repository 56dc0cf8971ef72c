#!/usr/bin/env node
/**
 * Loads the demo data into the local D1 database:
 *
 *   node scripts/seed.mjs [--no-files] [extra wrangler arguments, e.g. --persist-to DIR]
 *
 * Run the migrations first (`npm run db:migrate`): the demo rows reference the lookups of
 * migrations/0001_lookups.sql. Safe to run any number of times (see scripts/seed-data.mjs).
 * Every demo account signs in with the password "commons-demo". The demo uploads' files go into
 * the local R2 bucket too, unless --no-files (the browser tests, which make their own).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDemoSql } from "./seed-data.mjs";
import { buildChatDemoSql } from "./seed-chat.mjs";
import { buildDemoFilesSql, DEMO_FILES } from "./seed-files.mjs";
import { buildImpactDemoSql } from "./seed-impact.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const binDir = join(repoRoot, "node_modules", ".bin");
const isWindows = process.platform === "win32";
const wrangler = join(binDir, isWindows ? "wrangler.cmd" : "wrangler");

const withFiles = !process.argv.includes("--no-files");
const wranglerArgs = process.argv.slice(2).filter((arg) => arg !== "--no-files");
const tempDir = mkdtempSync(join(tmpdir(), "commons-seed-"));
const sqlFile = join(tempDir, "demo.sql");
let status = 1;
try {
  // The impact ledger's demo last: it reads Acme's members and initiatives (scripts/seed-impact.mjs).
  writeFileSync(sqlFile, buildDemoSql() + buildChatDemoSql() + buildDemoFilesSql() + buildImpactDemoSql(), "utf8");
  status = runWrangler(["d1", "execute", "DB", "--local", "--file", sqlFile, ...wranglerArgs]);
  for (const file of withFiles && status === 0 ? DEMO_FILES : []) {
    const path = join(tempDir, file.id);
    writeFileSync(path, file.make());
    status = runWrangler(["r2", "object", "put", `commons-files/${file.key}`, "--local", "--file", path, "--content-type", file.mimetype, ...wranglerArgs]);
    if (status !== 0) break;
  }
} finally {
  rmSync(tempDir, { recursive: true, force: true });
}

/** Runs wrangler quietly (hundreds of lines for the SQL); shows its output only when it fails. */
function runWrangler(args) {
  console.log(`> wrangler ${args.join(" ")}`);
  const result = spawnSync(wrangler, args, {
    cwd: repoRoot,
    // wrangler prints one block per statement (hundreds); show them only when something fails.
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    shell: isWindows,
    env: {
      ...process.env,
      // wrangler's shebang resolves `node`: make it the project's Node 22.
      PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}`,
      WRANGLER_SEND_METRICS: "false",
    },
  });
  if (result.error) {
    console.error(`could not run wrangler: ${result.error.message}`);
    return 1;
  }
  if (result.signal) {
    console.error(`wrangler was stopped by ${result.signal}`);
    return 1;
  }
  if (result.status !== 0) process.stderr.write(`${result.stdout}\n${result.stderr}`);
  return result.status ?? 1;
}

if (status === 0) {
  console.log('Demo data loaded. Sign in as member@acme.example (password "commons-demo").');
} else {
  console.error(`seed failed (exit code ${status})`);
}
process.exit(status);
