/**
 * `npm run rollups:rebuild [-- --remote]`: sums the hour rollups of the ranking (docs/decisions/037)
 * and the dashboard's rollups (docs/decisions/041) again from the records, and the members list's
 * sort keys and member counts (docs/decisions/043) from the memberships, in the local D1 (as `npm
 * start` uses it) or, with --remote, in the deployed one. The triggers keep them in step with every
 * write; this is for a
 * database restored from elsewhere, or to check them: nothing changes when they were right.
 */
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { REBUILD_DASHBOARD_ROLLUPS } from "./dashboard-rollups-sql.mjs";
import { REBUILD_HOUR_ROLLUPS } from "./hour-rollups-sql.mjs";
import { REBUILD_IMPACT_ROLLUPS } from "./impact-rollups-sql.mjs";
import { REBUILD_MEMBER_LIST } from "./member-list-sql.mjs";
import { run } from "./lib.mjs";

const { values } = parseArgs({ options: { remote: { type: "boolean", default: false } } });
const file = path.join(mkdtempSync(path.join(tmpdir(), "commons-rollups-")), "rebuild.sql");
writeFileSync(file, `${[...REBUILD_HOUR_ROLLUPS, ...REBUILD_DASHBOARD_ROLLUPS, ...REBUILD_IMPACT_ROLLUPS, ...REBUILD_MEMBER_LIST].join(";\n")};\n`);
run("wrangler", ["d1", "execute", "DB", values.remote ? "--remote" : "--local", `--file=${file}`]);
console.log("Hour, dashboard and impact rollups rebuilt from the records; the members list's sort keys and counts from the memberships.");
