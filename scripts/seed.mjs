#!/usr/bin/env node
/**
 * Loads the demo data into the local D1 database:
 *
 *   node scripts/seed.mjs [extra wrangler arguments, e.g. --persist-to DIR]
 *
 * Run the migrations first (`npm run db:migrate`): the demo rows reference the lookups of
 * migrations/0001_lookups.sql. Safe to run any number of times (see scripts/seed-data.mjs).
 * Every demo account signs in with the password "commons-demo".
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDemoSql } from "./seed-data.mjs";
import { buildChatDemoSql } from "./seed-chat.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const binDir = join(repoRoot, "node_modules", ".bin");
const isWindows = process.platform === "win32";
const wrangler = join(binDir, isWindows ? "wrangler.cmd" : "wrangler");

const tempDir = mkdtempSync(join(tmpdir(), "commons-seed-"));
const sqlFile = join(tempDir, "demo.sql");
let status = 1;
try {
  writeFileSync(sqlFile, buildDemoSql() + buildChatDemoSql(), "utf8");
  const args = ["d1", "execute", "DB", "--local", "--file", sqlFile, ...process.argv.slice(2)];
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
  } else if (result.signal) {
    console.error(`wrangler was stopped by ${result.signal}`);
  } else {
    status = result.status ?? 1;
    if (status !== 0) process.stderr.write(`${result.stdout}\n${result.stderr}`);
  }
} finally {
  rmSync(tempDir, { recursive: true, force: true });
}

if (status === 0) {
  console.log('Demo data loaded. Sign in as member@acme.example (password "commons-demo").');
} else {
  console.error(`seed failed (exit code ${status})`);
}
process.exit(status);
