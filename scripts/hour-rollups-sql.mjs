/**
 * The rebuild of the hour rollups (member_hour_totals, hour_total_counts; docs/decisions/037) from
 * the records: the totals are summed again from counted_hour_periods (migrations/0017), and the
 * counts follow through the triggers as the totals are inserted. Used by `npm run rollups:rebuild`
 * and by the Worker test that checks the triggers against it; the migration's backfill is the same
 * insert.
 */
export const REBUILD_HOUR_ROLLUPS = [
  // Totals first: their triggers take members away from the counts, which then go entirely.
  "DELETE FROM member_hour_totals",
  "DELETE FROM hour_total_counts",
  `INSERT INTO member_hour_totals (member_id, org_id, period, hours, listed)
  SELECT c.member_id, c.org_id, c.period, sum(c.hours), coalesce((SELECT m.disabled_at IS NULL FROM members m WHERE m.id = c.member_id), 1)
  FROM counted_hour_periods c
  GROUP BY c.member_id, c.org_id, c.period HAVING sum(c.hours) != 0`,
];
