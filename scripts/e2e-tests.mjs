// `npm run test:browser`: every browser file (or those named) against ONE server. Starting workerd
// with the app took 20 to 45 s per file on two cores, about half of the tier's time when each of the
// 19 files started its own; now the runner starts one, hands it to the files through the
// environment (tests/support/server.mjs sharedServer), and stops it at the end. The files still run
// one at a time (each keeps both cores busy), each in its own process with its own Chromium, and
// work with the members, initiatives and organisations they make themselves.
//
// The page-level files that need no browser run on the same server after the browser files; the
// single sign-on file last of all, because it makes single sign-on compulsory for Acme.
//
//   node scripts/browser-tests.mjs                         # the whole tier
//   node scripts/browser-tests.mjs tests/e2e/browser/wall.test.mjs
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { root, SHARED_SERVER_ENV, startServer } from "../tests/support/server.mjs";

const browserDir = path.join("tests", "e2e", "browser");
const named = process.argv.slice(2);
const browserFiles = () => readdirSync(path.join(root, browserDir)).filter((name) => name.endsWith(".test.mjs")).sort().map((name) => path.join(browserDir, name));
const files = named.length ? named : [...browserFiles(), path.join("tests", "e2e", "signup-closed.test.mjs"), path.join("tests", "e2e", "sso.test.mjs")];

const logDir = path.join(root, "test-results");
mkdirSync(logDir, { recursive: true });
const log = path.join(logDir, "browser-server.log");
rmSync(log, { force: true });

const server = await startServer({ logFile: log });
let code = 1;
try {
  code = await new Promise((resolve) => {
    // A hung file fails after 15 minutes instead of holding CI.
    const child = spawn(process.execPath, ["--test", "--test-concurrency=1", "--test-timeout=900000", ...files], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, [SHARED_SERVER_ENV]: JSON.stringify({ url: server.url, port: server.port, persistDir: server.persistDir, log }) },
    });
    child.on("close", (exitCode, signal) => resolve(signal ? 1 : exitCode));
  });
} finally {
  await server.stop();
}
if (code !== 0) console.error(`The shared server's output: ${path.relative(root, log)}`);
process.exit(code);
