import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { binaryModules } from "./tests/binary-modules";

// Pure unit tests in Node: domain rules, helpers, translations.
export default defineConfig({
  plugins: [binaryModules()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Generous timeout: CI machines are shared, and a slow test is not a failing one (budgets live in the bench).
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 30_000 },
});
