/**
 * The rebuild of the dashboard's rollups (dashboard_month_figures, dashboard_member_months,
 * dashboard_participant_cells; docs/decisions/041) from the rows they sum (the view
 * dashboard_figure_rows, migrations/0020): the figures are summed again for the organisation and
 * each of its groups, the members' active months counted again, and the participant cells follow
 * through the triggers as the months are inserted. Used by `npm run rollups:rebuild` and by the
 * Worker test that checks the triggers against it; the migration's backfill is the same inserts.
 */
export const REBUILD_DASHBOARD_ROLLUPS = [
  // The months first: their triggers take members away from the cells, which then go entirely.
  "DELETE FROM dashboard_member_months",
  "DELETE FROM dashboard_participant_cells",
  "DELETE FROM dashboard_month_figures",
  `INSERT INTO dashboard_month_figures (org_id, figure, month, scope, item, value, n)
  SELECT f.org_id, f.figure, f.month, '', f.item, sum(f.value), count(*) FROM dashboard_figure_rows f GROUP BY f.org_id, f.figure, f.month, f.item
  UNION ALL
  SELECT f.org_id, f.figure, f.month, g.id, f.item, sum(f.value), count(*) FROM dashboard_figure_rows f
    JOIN member_user_groups mg ON mg.member_id = f.member_id JOIN public_user_groups g ON g.id = mg.group_id AND g.org_id = f.org_id
    GROUP BY f.org_id, f.figure, f.month, g.id, f.item`,
  `INSERT INTO dashboard_member_months (org_id, member_id, dim, month, n)
  SELECT f.org_id, f.member_id, CASE f.figure WHEN 'hours' THEN '' ELSE 'sdg:' || f.item END, f.month, count(*) FROM dashboard_figure_rows f
  WHERE f.figure IN ('hours', 'sdg_hours') GROUP BY 1, 2, 3, 4`,
];
