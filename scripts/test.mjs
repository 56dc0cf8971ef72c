// `npm test`: every tier of tests: the checks that need no server and the build side by side, then
// the Worker tests, then the two end-to-end tiers side by side. Stops at the first red tier and always
// ends with each tier's wall time, so a slow tier shows in every CI log (the whole chain must stay
// within 15 minutes on 2 cores).
import { spawn } from "node:child_process";

/**
 * A tier is one npm script. A stage's lanes run at the same time (their output kept apart, printed
 * whole when each is done); the tiers of one lane run one after the other. The end-to-end tiers
 * mostly wait (for pages, the network, the queue): a run of the browser files one at a time used a
 * third of two cores, so the browser tier runs its files two at a time (scripts/e2e-tests.mjs) and
 * the edge tier, with servers of its own, runs beside it (decision 054). The Worker tests keep a
 * stage of their own: they keep both cores busy.
 */
const stages = [
  [["typecheck"], ["lint"], ["test:unit", "build"]],
  [["test:workers"]],
  // The browser files, then the page-level and single sign-on files, all against one server
  // (scripts/e2e-tests.mjs); `test:pages` and `test:sso` run those two alone.
  [["test:browser"], ["test:edge"]],
];

const times = [];

function run(script, { buffered }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env: process.env });
    const chunks = [];
    if (buffered) {
      child.stdout.on("data", (chunk) => chunks.push(chunk));
      child.stderr.on("data", (chunk) => chunks.push(chunk));
    }
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      // Side-by-side tiers print whole, one after the other, once each is done.
      if (buffered) process.stdout.write(`\n── ${script} ──\n${Buffer.concat(chunks).toString()}`);
      times.push({ script, seconds, ok: code === 0 });
      resolve(code === 0);
    });
  });
}

function report(total) {
  const width = Math.max(...times.map((time) => time.script.length));
  console.log("\nTest tiers (wall time):");
  for (const { script, seconds, ok } of times) console.log(`  ${script.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s  ${ok ? "ok" : "FAILED"}`);
  console.log(`  ${"total".padEnd(width)}  ${total.toFixed(0).padStart(5)} s`);
}

const started = performance.now();
let green = true;
for (const stage of stages) {
  const lane = async (scripts) => {
    for (const script of scripts) if (!(await run(script, { buffered: stage.length > 1 }))) return false;
    return true;
  };
  const results = await Promise.all(stage.map(lane));
  if (results.includes(false)) {
    green = false;
    break;
  }
}
report((performance.now() - started) / 1000);
process.exit(green ? 0 : 1);
