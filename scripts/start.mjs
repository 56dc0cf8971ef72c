// `npm start`: build, apply migrations, load the demo data (idempotent), serve on :8787 (PORT overrides).
import { devServerArgs, ensureDevVars, run, root, bin, toolEnv } from "./lib.mjs";
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "8787";
ensureDevVars();
run("remix", ["vite:build"]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
run("node", ["scripts/seed.mjs"]);
console.log(`\nCommons: http://localhost:${port}  (Acme: http://acme.localhost:${port})\n`);
// PUBLIC_URL on the same port: e-mailed links (sign-up, password reset) open where this server answers.
const server = spawn(bin("wrangler"), devServerArgs(port), {
  cwd: root,
  stdio: "inherit",
  env: toolEnv(),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
