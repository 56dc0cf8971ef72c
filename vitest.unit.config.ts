import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { binaryModules } from "./tests/binary-modules";

// Pure unit tests in Node: domain rules, helpers, translations.
export default defineConfig({
  plugins: [binaryModules()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Generous timeout: CI machines are shared, and a slow test is not a failing one (budgets live in the bench).
  // Not isolated: the files share their workers and module cache (three times faster: a fresh worker per
  // file cost about a second each). Unit tests are pure; the few that stub globals or spy undo it
  // themselves, and unstubGlobals/restoreMocks undo what one forgets, so nothing leaks into the next file.
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    isolate: false,
    unstubGlobals: true,
    restoreMocks: true,
  },
});
