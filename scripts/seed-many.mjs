#!/usr/bin/env node
/**
 * Adds many initiatives to one organisation of the local D1 database, to time the wall on a
 * realistic volume (the lead's bench):
 *
 *   node scripts/seed-many.mjs [--count N] [--org ORG_ID] [extra wrangler arguments, e.g. --persist-to DIR]
 *
 * Defaults: 10000 initiatives for the commons organisation (org-commons). Run the migrations and
 * scripts/seed.mjs first (the rows reference the organisation and the lookups). Idempotent: fixed
 * ids (ini-many-<org>-00001...) with INSERT OR IGNORE, so running it twice adds nothing the second
 * time. Dates are relative to the start of today (UTC), spread over the wall's date window
 * (-60..+365 days), with a mix of types, statuses, pinned and full initiatives, SDGs and categories.
 *
 * From another script: `import { seedMany } from "./scripts/seed-many.mjs"` and
 * `seedMany({ count, orgId, wranglerArgs: ["--persist-to", dir] })` (throws when wrangler fails).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startOfTodayUtc, sqlLiteral } from "./seed-data.mjs";
import { bin, root, toolEnv } from "./lib.mjs";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Rows per INSERT statement (SQLite's compound-select limit is 500; D1 statements stay small). */
const ROWS_PER_STATEMENT = 100;

const TYPES = [
  ["volunteering", 50],
  ["training", 10],
  ["collection", 15],
  ["donation", 10],
  ["informative", 15],
];
const SUBTYPES = ["event", "program", "mentoring", "talk", "probono", "opportunity"];
const CATEGORIES = ["environment", "education", "health", "children", "poverty", "community-development", "animals", "culture-and-heritage"];
const WORDS = ["Community", "River", "Food", "School", "Park", "Coding", "Reading", "Garden", "Elderly", "Beach", "Winter", "Library"];
const ACTIVITIES = ["clean-up", "workshop", "collection", "mentoring", "drive", "visit", "talk", "shift", "campaign", "tour"];

/** A small deterministic generator, so the same count gives the same data. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pickWeighted(next, entries) {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = next() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries[entries.length - 1][0];
}

function insertRows(table, rows) {
  const statements = [];
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(at, at + ROWS_PER_STATEMENT);
    const columns = Object.keys(chunk[0]);
    const values = chunk.map((row) => `(${columns.map((column) => sqlLiteral(row[column])).join(", ")})`).join(",\n  ");
    statements.push(`INSERT OR IGNORE INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES\n  ${values};`);
  }
  return statements;
}

/** The SQL that adds `count` initiatives (with SDGs, categories and donation params) to `orgId`. */
export function buildManySql({ count = 10_000, orgId = "org-commons", now = Date.now() } = {}) {
  const base = startOfTodayUtc(now);
  const next = random(count);
  const initiatives = [];
  const sdgs = [];
  const categories = [];
  const donations = [];
  const prefix = `ini-many-${orgId.replace(/^org-/, "")}`;
  for (let n = 1; n <= count; n++) {
    const id = `${prefix}-${String(n).padStart(5, "0")}`;
    const type = pickWeighted(next, TYPES);
    const startDay = Math.floor(next() * 425) - 60;
    const start = base + startDay * DAY + (8 + Math.floor(next() * 10)) * HOUR;
    const long = type === "donation" || type === "collection" || next() < 0.1;
    const end = long ? start + (10 + Math.floor(next() * 50)) * DAY : start + (2 + Math.floor(next() * 4)) * HOUR;
    const max = type === "donation" || type === "informative" || next() < 0.4 ? -1 : 5 + Math.floor(next() * 40);
    const full = max > 0 && next() < 0.1;
    const title = `${WORDS[n % WORDS.length]} ${ACTIVITIES[Math.floor(next() * ACTIVITIES.length)]} #${n}`;
    initiatives.push({
      id,
      org_id: orgId,
      slug: `many-${String(n).padStart(5, "0")}`,
      title,
      description: `${title}: a generated initiative for timing the wall with many initiatives. Bring water and good spirits.`,
      type,
      subtype: type === "volunteering" ? SUBTYPES[n % SUBTYPES.length] : null,
      status: next() < 0.03 ? "canceled" : next() < 0.03 ? "suspended" : "open",
      start_time: start,
      end_time: end,
      registration_end_time: long ? null : start - DAY,
      tags: "[]",
      is_in_person: next() < 0.7 ? 1 : 0,
      is_remote: next() < 0.3 ? 1 : 0,
      pinned: next() < 0.01 ? 1 : 0,
      points: 10,
      max_participants: max,
      participant_count: full ? max : 0,
      is_working_hours: next() < 0.3 ? 1 : 0,
      participation_method: next() < 0.5 ? "qr" : "report_hours",
      created_at: base - 90 * DAY + n,
      updated_at: base - 90 * DAY + n,
    });
    const goals = new Set([1 + Math.floor(next() * 17), 1 + Math.floor(next() * 17)]);
    for (const sdg of goals) sdgs.push({ initiative_id: id, sdg_id: sdg });
    categories.push({ initiative_id: id, category_slug: CATEGORIES[n % CATEGORIES.length] });
    if (type === "donation") {
      donations.push({
        initiative_id: id,
        currency: "EUR",
        target_amount: 100_000,
        show_target_amount: 1,
        sources: '["transfer","inhand"]',
        inhand_instructions: "Bring it to reception.",
        transfer_bank_name: "Demo Bank",
        transfer_recipient: "Demo Foundation",
        transfer_iban: "ES9121000418450200051332",
        tax_deductible: 0,
      });
    }
  }
  return [
    `-- ${count} generated initiatives for ${orgId} (scripts/seed-many.mjs); time base ${new Date(base).toISOString()}`,
    ...insertRows("initiatives", initiatives),
    ...insertRows("initiative_sdgs", sdgs),
    ...insertRows("initiative_categories", categories),
    ...(donations.length ? insertRows("donation_params", donations) : []),
  ].join("\n");
}

/** Writes the rows to the local D1 through `wrangler d1 execute --local`. */
export function seedMany({ count = 10_000, orgId = "org-commons", wranglerArgs = [] } = {}) {
  const tempDir = mkdtempSync(join(tmpdir(), "commons-seed-many-"));
  try {
    const sqlFile = join(tempDir, "many.sql");
    writeFileSync(sqlFile, buildManySql({ count, orgId }), "utf8");
    const result = spawnSync(bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", sqlFile, ...wranglerArgs], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: toolEnv(),
    });
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`wrangler d1 execute failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

function parseArgs(argv) {
  const options = { count: 10_000, orgId: "org-commons", wranglerArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--count") options.count = Number(argv[++i]);
    else if (argv[i] === "--org") options.orgId = argv[++i];
    else options.wranglerArgs.push(argv[i]);
  }
  if (!Number.isInteger(options.count) || options.count < 1) throw new Error("--count must be a positive whole number");
  return options;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const options = parseArgs(process.argv.slice(2));
    const started = Date.now();
    seedMany(options);
    console.log(`Added up to ${options.count} initiatives to ${options.orgId} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    console.error(`seed-many failed: ${error.message}`);
    process.exit(1);
  }
}
