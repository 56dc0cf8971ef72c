// `npm run db:reset`: drop the local D1/KV/R2 state, re-apply the migrations and load the demo data.
import { rmSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

rmSync(path.join(root, ".wrangler", "state"), { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
run("node", ["scripts/seed.mjs"]);
console.log("Local data reset: migrations applied and demo data loaded.");
