/**
 * How long the audit log keeps the uses of API keys (issue 31): one row per request an integration
 * makes (`api_key.used`, workers/integrations/keys.ts) would otherwise grow the log by a row a
 * request for ever, where staff actions add a few a day. A use older than KEY_USE_RETENTION_MS is
 * deleted by the scheduled handler, a bounded number a run, through the partial index on those rows
 * only (`audit_log_key_use_idx`), so a run never walks the staff actions, which are kept.
 */
export const KEY_USE_RETENTION_MS = 90 * 86_400_000;
const PRUNED_PER_RUN = 1000;

/** Deletes up to PRUNED_PER_RUN uses of API keys older than the retention; answers how many went. */
export async function pruneKeyUses(env: Env, now: number) {
  const result = await env.DB.prepare(
    "DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log INDEXED BY audit_log_key_use_idx WHERE action = 'api_key.used' AND created_at < ? ORDER BY created_at LIMIT ?)",
  )
    .bind(now - KEY_USE_RETENTION_MS, PRUNED_PER_RUN)
    .run();
  return result.meta.changes;
}
