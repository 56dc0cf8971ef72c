import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Pure unit tests in Node: domain rules, helpers, translations.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
});
