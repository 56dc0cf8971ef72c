// Helpers shared by the project's scripts: run the local toolchain (Node 22 from node_modules/.bin).
import { spawnSync } from "node:child_process";
import { existsSync, copyFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const bin = (name) => path.join(root, "node_modules", ".bin", name);

export function toolEnv(extra = {}) {
  return {
    ...process.env,
    PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
    WRANGLER_SEND_METRICS: "false",
    CI: process.env.CI ?? "true",
    ...extra,
  };
}

/** Runs a command from node_modules/.bin and exits the script when it fails. */
export function run(name, args, options = {}) {
  console.log(`> ${name} ${args.join(" ")}`);
  const result = spawnSync(bin(name), args, { cwd: root, stdio: "inherit", env: toolEnv(options.env) });
  if (result.status !== 0) {
    console.error(`${name} failed with exit code ${result.status}`);
    process.exit(result.status ?? 1);
  }
}

/**
 * `wrangler dev`'s arguments for `port`: PUBLIC_URL follows the port (wrangler.toml's is :8787),
 * so the links of e-mails point where the server answers; a PUBLIC_URL in the environment wins.
 */
export function devServerArgs(port, publicUrl = process.env.PUBLIC_URL) {
  return ["dev", "--ip", "127.0.0.1", "--port", String(port), "--var", `PUBLIC_URL:${publicUrl || `http://localhost:${port}`}`];
}

/** .dev.vars holds local secrets; start from the safe example values when it is missing. */
export function ensureDevVars() {
  const devVars = path.join(root, ".dev.vars");
  if (!existsSync(devVars)) copyFileSync(path.join(root, ".dev.vars.example"), devVars);
}
