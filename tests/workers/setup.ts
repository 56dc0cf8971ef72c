import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// The real migrations, applied to each test file's fresh database (idempotent per file).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
