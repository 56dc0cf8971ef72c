// `npm test`: every tier of tests: the checks that need no server and the build side by side, then
// the Worker tests, the browser tier and the edge tier in order. Stops at the first red tier and always
// ends with each tier's wall time, so a slow tier shows in every CI log (the whole chain must stay
// within 15 minutes on 2 cores).
import { spawn } from "node:child_process";

/**
 * A tier is one npm script. A stage's lanes run at the same time (their output kept apart, printed
 * whole when each is done); the tiers of one lane run one after the other. The checks that need no
 * server and the build share a stage; the Worker tests, the browser tier and the edge tier each
 * keep both cores busy and have a stage of their own: run side by side, the browser and edge tiers
 * took longer than one after the other (decision 054).
 */
const stages = [
  [["typecheck"], ["lint"], ["test:unit", "build"]],
  [["test:workers"]],
  // The browser files, then the page-level and single sign-on files, all against one server
  // (scripts/e2e-tests.mjs); `test:pages` and `test:sso` run those two alone.
  [["test:browser"]],
  [["test:edge"]],
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
