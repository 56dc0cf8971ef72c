import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { binaryModules } from "./tests/binary-modules";

// Worker tests run inside workerd with real D1, KV and R2 (miniflare); tests/workers/setup.ts
// empties the storage before each test file and applies the real migrations to it.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      binaryModules(),
      cloudflareTest({
        // Exports the Durable Object classes (chat) next to the app.
        main: "./tests/workers/worker-entry.ts",
        miniflare: {
          compatibilityDate: "2026-11-01",
          compatibilityFlags: ["nodejs_compat"],
          d1Databases: ["DB"],
          kvNamespaces: ["ORG_CACHE"],
          r2Buckets: ["FILES"],
          // The tests call the consumer themselves (createMessageBatch), so messages are only produced here.
          queueProducers: { JOBS: "commons-jobs" },
          durableObjects: { CHAT_MEMBERS: { className: "ChatMember", useSQLite: true } },
          bindings: {
            TEST_MIGRATIONS: migrations,
            ENVIRONMENT: "test",
            DEFAULT_ORG_SLUG: "commons",
            PUBLIC_URL: "http://localhost:8787",
            TOKEN_SECRET: "test-only-token-secret-0123456789abcdef",
            // Web push on, through the local fake (workers/push/fake.ts): a test-only VAPID pair.
            VAPID_PUBLIC_KEY: "BMw2jv_oBK8v0lPVmRvhx8nQ3tvVHHKPqzKC75oMrSKMEuDhXmEOPfgRponWOAcw93wMLWC4VwjthaMaAxxl0cQ",
            VAPID_PRIVATE_KEY: "F5_G_Afs2klLz8TtirqFXbXq_3ZTwHRUdtUTCYy4M78",
            VAPID_SUBJECT: "mailto:test@commons.localhost",
            // Verifiable credentials on (workers/credentials): the organisations' keys are sealed with it.
            CREDENTIALS_KEY_SECRET: "test-only-credentials-key-secret-0123456789",
          },
        },
      }),
    ],
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["./tests/workers/setup.ts"],
      // One workerd for all the files, which load the app once: a fresh runtime per file (the default)
      // spent about half of this tier starting workerd and loading the app again. Each file still
      // starts from empty storage (tests/workers/setup.ts empties it).
      isolate: false,
      // Two workers, each with a workerd of its own: one kept about 1.3 of two cores busy (a run
      // measured 205 s of processor time in 722 s), two finished the same files in two thirds of the time.
      maxWorkers: 2,
      // Remix's CommonJS packages load each other in a cycle that workerd's module loader cannot
      // follow one file at a time: bundled first, page actions that use Remix's cookies run here.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
      // Generous: CI machines are shared and workerd startup varies; speed is the bench's business.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
