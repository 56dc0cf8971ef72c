// The end-to-end tiers, each against servers started once for all its files. Starting workerd with
// the app took 20 to 45 s per file on two cores, about half of the browser tier's time when each of
// its 19 files started its own. The runner starts the servers, hands them to the files through the
// environment (tests/support/server.mjs sharedServer, sharedEdgeAndUpstream) and stops them at the
// end, and one Chromium the same way (tests/support/browser.mjs shareBrowser). Each file runs in its own
// process, in browser contexts of its own, and works with the members,
// initiatives and organisations it makes itself, so files may also run side by side
// (E2E_CONCURRENCY=2); on two cores they run one at a time: two at a time took longer, the one
// workerd serving both and the two Chromiums sharing the cores (decision 054).
//
//   E2E_CONCURRENCY=2 node scripts/e2e-tests.mjs browser   # two files at a time (more cores)
//
//   node scripts/e2e-tests.mjs browser                     # the browser tier (npm run test:browser)
//   node scripts/e2e-tests.mjs browser tests/e2e/browser/wall.test.mjs
//   node scripts/e2e-tests.mjs edge                        # the edge tier (npm run test:edge)
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { shareBrowser } from "../tests/support/browser.mjs";
import { root, sharedEnvironment, startEdgeAndUpstream, startServer } from "../tests/support/server.mjs";

const e2e = path.join("tests", "e2e");
const browserDir = path.join(e2e, "browser");
// The browser tier: the browser files, then the page-level file that needs no browser, and the single sign-on file last of all, alone, because it makes single sign-on
// compulsory for Acme. (The administrator's tests that change an organisation for all its members
// work in an organisation of their own.) `node --test` sorts the files it is given, so each group
// of that order is a run of its own.
const browserFiles = () =>
  readdirSync(path.join(root, browserDir))
    .filter((name) => name.endsWith(".test.mjs"))
    .map((name) => path.join(browserDir, name));

const SIDE_BY_SIDE = Number(process.env.E2E_CONCURRENCY ?? 1);
const tiers = {
  browser: {
    groups: () => [{ files: browserFiles(), concurrency: SIDE_BY_SIDE }, [path.join(e2e, "signup-closed.test.mjs")], [path.join(e2e, "sso.test.mjs")]],
    start: (logFile) => startServer({ logFile }),
  },
  // The upstream file stops the upstream in its last test, so it runs after the journeys.
  edge: { groups: () => [[path.join(e2e, "edge-journey.test.mjs")], [path.join(e2e, "upstream.test.mjs")]], start: (logFile) => startEdgeAndUpstream({ logFile }) },
};

const [name, ...named] = process.argv.slice(2);
const tier = tiers[name];
if (!tier) {
  console.error(`Usage: node scripts/e2e-tests.mjs ${Object.keys(tiers).join("|")} [files...]`);
  process.exit(2);
}
/** @type {{ files: string[], concurrency: number }[]} */
const groups = (named.length ? [{ files: named, concurrency: SIDE_BY_SIDE }] : tier.groups()).map((group) => (Array.isArray(group) ? { files: group, concurrency: 1 } : group));

const logDir = path.join(root, "test-results");
mkdirSync(logDir, { recursive: true });
const log = path.join(logDir, `${name}-servers.log`);
rmSync(log, { force: true });

const [servers, browser] = await Promise.all([tier.start(log), shareBrowser()]);
/** Runs one group of files, `concurrency` files at a time; answers whether all passed. */
function runGroup({ files, concurrency }) {
  return new Promise((resolve) => {
    // A hung file fails after 15 minutes instead of holding CI.
    const child = spawn(process.execPath, ["--test", `--test-concurrency=${concurrency}`, "--test-timeout=900000", ...files], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...sharedEnvironment(servers, log), ...browser.env },
    });
    child.on("close", (exitCode, signal) => resolve(!signal && exitCode === 0));
  });
}
let green = true;
try {
  // Every group runs even after a red one: one run shows every failure.
  for (const group of groups) green = (await runGroup(group)) && green;
} finally {
  await Promise.all([servers.stop(), browser.stop()]);
}
if (!green) console.error(`The servers' output: ${path.relative(root, log)}`);
process.exit(green ? 0 : 1);
