/**
 * The rebuild of the impact ledger's rollups (impact_month_sums, impact_subject_months,
 * impact_subject_cells; docs/decisions/058) from the rows they sum (the view impact_figure_rows,
 * migrations/0032): the sums again per organisation, month and key, for every dim (the whole
 * ledger, per SDG, per cause), the members' and initiatives' months counted again, and the cells
 * following through the triggers as the months are inserted. Used by `npm run rollups:rebuild` and
 * by the Worker test that checks the triggers against it; the migration's backfill is the same inserts.
 */
export const REBUILD_IMPACT_ROLLUPS = [
  // The months first: their triggers take subjects away from the cells, which then go entirely.
  "DELETE FROM impact_subject_months",
  "DELETE FROM impact_subject_cells",
  "DELETE FROM impact_month_sums",
  `INSERT INTO impact_month_sums (org_id, month, dim, item, kind, basis, grade, site, member_country, country, motivation, unit, currency, hours, quantity, amount, n)
  SELECT f.org_id, f.month, d.dim, CASE d.dim WHEN 'sdg' THEN coalesce(CAST(s.sdg_id AS text), '') WHEN 'cause' THEN coalesce(g.category_slug, '') ELSE '' END, f.kind, f.basis, f.grade, f.site, f.member_country, f.country, f.motivation, f.unit, f.currency,
    sum(f.hours), sum(f.quantity), sum(f.amount), count(*)
  FROM impact_figure_rows f, (SELECT '' AS dim UNION ALL SELECT 'sdg' UNION ALL SELECT 'cause') d
      LEFT JOIN initiative_sdgs s ON d.dim = 'sdg' AND s.initiative_id = f.initiative_id
      LEFT JOIN initiative_categories g ON d.dim = 'cause' AND g.initiative_id = f.initiative_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13`,
  `INSERT INTO impact_subject_months (org_id, dim, subject, month, n)
  SELECT f.org_id, 'member', f.member_id, f.month, count(*) FROM impact_figure_rows f WHERE f.kind <> 'management' GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT f.org_id, 'initiative', f.initiative_id, f.month, count(*) FROM impact_figure_rows f GROUP BY 1, 2, 3, 4`,
];
