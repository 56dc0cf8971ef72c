/**
 * `npm run org:create -- --slug S --name N [--hostname H] --admin-email E [--region ES] [--remote]`
 * (issue 15, point 7): a new organisation with the defaults and its first administrator, in the
 * local D1 (as `npm start` uses it) or, with --remote, in the deployed one. Prints the link the
 * administrator opens to choose a password (the operator sends it; it is valid for 7 days).
 */
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildOrgSql, problemsOf } from "./org-create-sql.mjs";
import { run } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    slug: { type: "string" },
    name: { type: "string" },
    hostname: { type: "string" },
    "admin-email": { type: "string" },
    region: { type: "string", default: "ES" },
    remote: { type: "boolean", default: false },
    "public-url": { type: "string" },
  },
});
const options = { slug: values.slug, name: values.name, hostname: values.hostname, adminEmail: values["admin-email"], region: values.region };
const problems = problemsOf(options);
if (!/^[A-Z]{2}$/.test(options.region)) problems.push("--region: a two-letter country code such as ES, PT or BR");
if (problems.length) {
  console.error(`org:create: ${problems.join("\n  ")}`);
  console.error("usage: npm run org:create -- --slug S --name N [--hostname H] --admin-email E [--region ES] [--remote]");
  process.exit(2);
}

const { statements, token } = buildOrgSql(options);
const file = path.join(mkdtempSync(path.join(tmpdir(), "commons-org-")), "org.sql");
writeFileSync(file, `${statements.join(";\n")};\n`);
run("wrangler", ["d1", "execute", "DB", values.remote ? "--remote" : "--local", `--file=${file}`]);

const origin = options.hostname ? `https://${options.hostname}` : (values["public-url"] ?? "http://localhost:8787");
console.log(`\nOrganisation "${options.name}" (${options.slug}) is ready.`);
console.log(`First administrator: ${options.adminEmail}`);
console.log(`If that address had no account yet, its invitation link (valid 7 days; send it to them):\n  ${origin}/invite/${token}`);
console.log("An address that already had an account is now the organisation's administrator: it signs in as usual.");
