CREATE TABLE `impact_month_sums` (
	`org_id` text NOT NULL,
	`month` integer NOT NULL,
	`dim` text NOT NULL,
	`item` text NOT NULL,
	`kind` text NOT NULL,
	`basis` text NOT NULL,
	`grade` text NOT NULL,
	`site` text NOT NULL,
	`member_country` text NOT NULL,
	`country` text NOT NULL,
	`motivation` text NOT NULL,
	`unit` text NOT NULL,
	`currency` text NOT NULL,
	`hours` integer NOT NULL,
	`quantity` integer NOT NULL,
	`amount` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`org_id`, `month`, `dim`, `item`, `kind`, `basis`, `grade`, `site`, `member_country`, `country`, `motivation`, `unit`, `currency`)
);
--> statement-breakpoint
CREATE TABLE `impact_subject_cells` (
	`org_id` text NOT NULL,
	`dim` text NOT NULL,
	`since` integer NOT NULL,
	`month` integer NOT NULL,
	`subjects` integer NOT NULL,
	PRIMARY KEY(`org_id`, `dim`, `since`, `month`)
);
--> statement-breakpoint
CREATE TABLE `impact_subject_months` (
	`org_id` text NOT NULL,
	`dim` text NOT NULL,
	`subject` text NOT NULL,
	`month` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`org_id`, `dim`, `subject`, `month`)
);
--> statement-breakpoint
CREATE TABLE `region_zone_offsets` (
	`region` text NOT NULL,
	`since` integer NOT NULL,
	`offset_ms` integer NOT NULL,
	PRIMARY KEY(`region`, `since`)
);
--> statement-breakpoint
CREATE INDEX `impact_management_hours_member_idx` ON `impact_management_hours` (`org_id`,`member_id`);--> statement-breakpoint
CREATE INDEX `impact_management_hours_initiative_idx` ON `impact_management_hours` (`initiative_id`);

-- Hand-written below (docs/decisions/058): the impact ledger's rollups are kept by triggers, as the
-- ranking's (0017) and the dashboard's (0020) are, so every write path updates them in its own
-- statement's transaction: validate, reject, correct and delete a record, a time basis corrected,
-- participations moved or deleted, initiatives edited (country, motivation, working hours, type,
-- SDGs, causes) or deleted, members joining, leaving, erased or given another grade, site or
-- country, donations confirmed or refunded, management hours entered or deleted, the organisation's
-- region changed. Rates are applied when the report is read: a rate card change moves nothing.

-- Every row of the impact ledger (workers/impact/ledger.ts LEDGER_BASE) with what it adds, by
-- source ('r' a record, 'h' management hours, 'c' a donation) and id, and its month in the
-- organisation's zone. What the rollups stand for, what the triggers add and take away, and what a
-- rebuild sums. It joins the organisation and the initiative: once either is deleted, its rows are
-- none, and the triggers of that delete have taken them away already.
CREATE VIEW `impact_figure_rows` AS
  SELECT 'r' AS source, r.id AS source_id, p.org_id, p.member_id, p.initiative_id, (CAST(strftime('%Y', (r.created_at + coalesce((SELECT z.offset_ms FROM region_zone_offsets z WHERE z.region = upper(o.region) AND z.since <= r.created_at ORDER BY z.since DESC LIMIT 1), 0)) / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', (r.created_at + coalesce((SELECT z.offset_ms FROM region_zone_offsets z WHERE z.region = upper(o.region) AND z.since <= r.created_at ORDER BY z.since DESC LIMIT 1), 0)) / 1000, 'unixepoch') AS integer) - 1) AS month,
    CASE WHEN r.type = 'hours' THEN 'time' WHEN r.unit = 'beneficiary' THEN 'beneficiaries' ELSE 'in_kind' END AS kind,
    CASE WHEN r.type = 'hours' THEN coalesce(r.time_basis, CASE WHEN i.is_working_hours THEN 'working' ELSE 'own' END) ELSE '' END AS basis,
    CASE WHEN r.type = 'hours' THEN coalesce(ms.grade, '') ELSE '' END AS grade, coalesce(ms.site, '') AS site,
    CASE WHEN r.type = 'hours' THEN coalesce(ms.country, '') ELSE '' END AS member_country, coalesce(i.country, ms.country, '') AS country, i.motivation,
    CASE WHEN r.type = 'indicator' THEN coalesce(r.unit, '') ELSE '' END AS unit, '' AS currency,
    CASE WHEN r.type = 'hours' THEN r.hours ELSE 0 END AS hours, CASE WHEN r.type = 'indicator' THEN coalesce(r.value, 0) ELSE 0 END AS quantity, 0 AS amount
  FROM participation_records r JOIN participations p ON p.id = r.participation_id JOIN organizations o ON o.id = p.org_id JOIN initiatives i ON i.id = p.initiative_id
    LEFT JOIN memberships ms ON ms.org_id = p.org_id AND ms.member_id = p.member_id
  WHERE r.status IN ('validated', 'granted') AND ((r.type = 'hours' AND r.hours > 0) OR (r.type = 'indicator' AND (i.type = 'collection' OR r.unit = 'beneficiary')))
  UNION ALL
  SELECT 'h', h.id, h.org_id, h.member_id, h.initiative_id, (CAST(strftime('%Y', (h.spent_at + coalesce((SELECT z.offset_ms FROM region_zone_offsets z WHERE z.region = upper(o.region) AND z.since <= h.spent_at ORDER BY z.since DESC LIMIT 1), 0)) / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', (h.spent_at + coalesce((SELECT z.offset_ms FROM region_zone_offsets z WHERE z.region = upper(o.region) AND z.since <= h.spent_at ORDER BY z.since DESC LIMIT 1), 0)) / 1000, 'unixepoch') AS integer) - 1), 'management', 'paid', coalesce(ms.grade, '') AS grade, coalesce(ms.site, '') AS site, coalesce(ms.country, '') AS member_country, coalesce(i.country, ms.country, '') AS country, i.motivation, '', '', h.hours, 0, 0
  FROM impact_management_hours h JOIN organizations o ON o.id = h.org_id JOIN initiatives i ON i.id = h.initiative_id LEFT JOIN memberships ms ON ms.org_id = h.org_id AND ms.member_id = h.member_id
  UNION ALL
  SELECT 'c', c.id, c.org_id, c.member_id, c.initiative_id, (CAST(strftime('%Y', (c.created_at + coalesce((SELECT z.offset_ms FROM region_zone_offsets z WHERE z.region = upper(o.region) AND z.since <= c.created_at ORDER BY z.since DESC LIMIT 1), 0)) / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', (c.created_at + coalesce((SELECT z.offset_ms FROM region_zone_offsets z WHERE z.region = upper(o.region) AND z.since <= c.created_at ORDER BY z.since DESC LIMIT 1), 0)) / 1000, 'unixepoch') AS integer) - 1), 'cash', '', '' AS grade, coalesce(ms.site, '') AS site, '' AS member_country, coalesce(i.country, ms.country, '') AS country, i.motivation, '', c.currency, 0, 0, c.amount
  FROM contributions c JOIN organizations o ON o.id = c.org_id JOIN initiatives i ON i.id = c.initiative_id LEFT JOIN memberships ms ON ms.org_id = c.org_id AND ms.member_id = c.member_id
  WHERE c.status = 'confirmed';
--> statement-breakpoint
-- Inserting (source, source_id, dims, sign) here adds (sign 1) or takes away (-1) what one row of
-- the ledger adds to the rollups: to every dim, or to one ('sdg', 'cause': its initiative's tags
-- changed). Triggers name the rows that change, each found by its id on its own index.
CREATE VIEW `impact_source_changes` AS SELECT NULL AS source, NULL AS source_id, NULL AS dims, NULL AS sign WHERE 0;
--> statement-breakpoint

CREATE TRIGGER `impact_source_change` INSTEAD OF INSERT ON `impact_source_changes` BEGIN
  INSERT INTO impact_month_sums (org_id, month, dim, item, kind, basis, grade, site, member_country, country, motivation, unit, currency, hours, quantity, amount, n)
    SELECT f.org_id, f.month, d.dim, CASE d.dim WHEN 'sdg' THEN coalesce(CAST(s.sdg_id AS text), '') WHEN 'cause' THEN coalesce(g.category_slug, '') ELSE '' END, f.kind, f.basis, f.grade, f.site, f.member_country, f.country, f.motivation, f.unit, f.currency,
      new.sign * f.hours, new.sign * f.quantity, new.sign * f.amount, new.sign
    FROM impact_figure_rows f, (SELECT '' AS dim UNION ALL SELECT 'sdg' UNION ALL SELECT 'cause') d
      LEFT JOIN initiative_sdgs s ON d.dim = 'sdg' AND s.initiative_id = f.initiative_id
      LEFT JOIN initiative_categories g ON d.dim = 'cause' AND g.initiative_id = f.initiative_id
    WHERE f.source = new.source AND f.source_id = new.source_id AND (new.dims IS NULL OR d.dim = new.dims)
    ON CONFLICT (org_id, month, dim, item, kind, basis, grade, site, member_country, country, motivation, unit, currency) DO UPDATE SET hours = hours + excluded.hours, quantity = quantity + excluded.quantity, amount = amount + excluded.amount, n = n + excluded.n;
  DELETE FROM impact_month_sums WHERE n = 0 AND (org_id, month) IN (SELECT f.org_id, f.month FROM impact_figure_rows f WHERE f.source = new.source AND f.source_id = new.source_id);
  INSERT INTO impact_subject_months (org_id, dim, subject, month, n)
    SELECT f.org_id, 'member', f.member_id, f.month, new.sign FROM impact_figure_rows f WHERE f.source = new.source AND f.source_id = new.source_id AND new.dims IS NULL AND f.kind <> 'management'
    ON CONFLICT (org_id, dim, subject, month) DO UPDATE SET n = n + excluded.n;
  INSERT INTO impact_subject_months (org_id, dim, subject, month, n)
    SELECT f.org_id, 'initiative', f.initiative_id, f.month, new.sign FROM impact_figure_rows f WHERE f.source = new.source AND f.source_id = new.source_id AND new.dims IS NULL
    ON CONFLICT (org_id, dim, subject, month) DO UPDATE SET n = n + excluded.n;
  DELETE FROM impact_subject_months WHERE n = 0 AND new.dims IS NULL AND (org_id, dim, subject, month) IN
    (SELECT f.org_id, 'member', f.member_id, f.month FROM impact_figure_rows f WHERE f.source = new.source AND f.source_id = new.source_id UNION ALL SELECT f.org_id, 'initiative', f.initiative_id, f.month FROM impact_figure_rows f WHERE f.source = new.source AND f.source_id = new.source_id);
END;
--> statement-breakpoint

-- A subject's active month `month` counted (sign 1) or no longer (-1) in the cells: those since a
-- month after its previous active month; its next active month, whose previous month this one now
-- is (or no longer is), moves the other way (the dashboard's rule, decision 041, without groups).
CREATE VIEW `impact_cell_changes` AS SELECT NULL AS org_id, NULL AS dim, NULL AS subject, NULL AS month, NULL AS sign WHERE 0;
--> statement-breakpoint

CREATE TRIGGER `impact_cell_change` INSTEAD OF INSERT ON `impact_cell_changes` BEGIN
  INSERT INTO impact_subject_cells (org_id, dim, since, month, subjects)
    SELECT new.org_id, new.dim, c.month - o.n, c.month, c.sign
    FROM (SELECT a.month, a.sign, a.upto, (SELECT max(mm.month) FROM impact_subject_months mm WHERE mm.org_id = new.org_id AND mm.dim = new.dim AND mm.subject = new.subject AND mm.month < new.month) AS prev
          FROM (SELECT new.month AS month, new.sign AS sign, new.month AS upto
                UNION ALL
                SELECT (SELECT min(mm.month) FROM impact_subject_months mm WHERE mm.org_id = new.org_id AND mm.dim = new.dim AND mm.subject = new.subject AND mm.month > new.month), -new.sign, new.month) a
          WHERE a.month IS NOT NULL) c,
      dashboard_month_offsets o
    WHERE c.month - o.n > coalesce(c.prev, -1) AND c.month - o.n <= c.upto
    ON CONFLICT (org_id, dim, since, month) DO UPDATE SET subjects = subjects + excluded.subjects;
END;
--> statement-breakpoint

CREATE TRIGGER `impact_subject_months_insert` AFTER INSERT ON `impact_subject_months` BEGIN
  INSERT INTO impact_cell_changes VALUES (new.org_id, new.dim, new.subject, new.month, 1);
END;
--> statement-breakpoint

CREATE TRIGGER `impact_subject_months_delete` AFTER DELETE ON `impact_subject_months` BEGIN
  INSERT INTO impact_cell_changes VALUES (old.org_id, old.dim, old.subject, old.month, -1);
END;
--> statement-breakpoint
-- The ledger's sources, by organisation, member and initiative: what a trigger names
-- when a change moves all of a member's, an initiative's or an organisation's rows. Each condition
-- is read on its own index (the participation first: records carry no organisation).
CREATE VIEW `impact_sources` AS
  SELECT 'r' AS source, r.id AS source_id, p.org_id, p.member_id, p.initiative_id
  FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id WHERE r.status IN ('validated', 'granted')
  UNION ALL
  SELECT 'h', h.id, h.org_id, h.member_id, h.initiative_id FROM impact_management_hours h
  UNION ALL
  SELECT 'c', c.id, c.org_id, c.member_id, c.initiative_id FROM contributions c WHERE c.status = 'confirmed';
--> statement-breakpoint
-- A record counted, no longer counted, or counted with other hours, values, units, time basis or on another day.
CREATE TRIGGER `impact_records_insert` AFTER INSERT ON `participation_records`
WHEN new.status IN ('validated', 'granted') BEGIN
  INSERT INTO impact_source_changes VALUES ('r', new.id, NULL, 1);
END;
--> statement-breakpoint
CREATE TRIGGER `impact_records_delete` BEFORE DELETE ON `participation_records`
WHEN old.status IN ('validated', 'granted') BEGIN
  INSERT INTO impact_source_changes VALUES ('r', old.id, NULL, -1);
END;
--> statement-breakpoint
CREATE TRIGGER `impact_records_unset` BEFORE UPDATE OF `type`, `status`, `hours`, `value`, `unit`, `created_at`, `participation_id`, `time_basis` ON `participation_records`
WHEN old.status IN ('validated', 'granted') OR new.status IN ('validated', 'granted') BEGIN
  INSERT INTO impact_source_changes VALUES ('r', old.id, NULL, -1);
END;
--> statement-breakpoint
CREATE TRIGGER `impact_records_set` AFTER UPDATE OF `type`, `status`, `hours`, `value`, `unit`, `created_at`, `participation_id`, `time_basis` ON `participation_records`
WHEN old.status IN ('validated', 'granted') OR new.status IN ('validated', 'granted') BEGIN
  INSERT INTO impact_source_changes VALUES ('r', new.id, NULL, 1);
END;
--> statement-breakpoint
-- A participation moved to another member, organisation or initiative takes its records along (a deleted one deletes its counted records first: 0020).
CREATE TRIGGER `impact_participation_moved_unset` BEFORE UPDATE OF `org_id`, `member_id`, `initiative_id` ON `participations`
WHEN old.org_id IS NOT new.org_id OR old.member_id IS NOT new.member_id OR old.initiative_id IS NOT new.initiative_id BEGIN
  INSERT INTO impact_source_changes SELECT 'r', r.id, NULL, -1 FROM participation_records r WHERE r.participation_id = old.id AND r.status IN ('validated', 'granted');
END;
--> statement-breakpoint
CREATE TRIGGER `impact_participation_moved_set` AFTER UPDATE OF `org_id`, `member_id`, `initiative_id` ON `participations`
WHEN old.org_id IS NOT new.org_id OR old.member_id IS NOT new.member_id OR old.initiative_id IS NOT new.initiative_id BEGIN
  INSERT INTO impact_source_changes SELECT 'r', r.id, NULL, 1 FROM participation_records r WHERE r.participation_id = new.id AND r.status IN ('validated', 'granted');
END;
--> statement-breakpoint
-- An initiative's country, motivation, working hours or type changed: its rows move.
CREATE TRIGGER `impact_initiatives_unset` BEFORE UPDATE OF `country`, `motivation`, `is_working_hours`, `type` ON `initiatives`
WHEN old.country IS NOT new.country OR old.motivation IS NOT new.motivation OR old.is_working_hours IS NOT new.is_working_hours OR old.type IS NOT new.type BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, -1 FROM impact_sources s WHERE s.initiative_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiatives_set` AFTER UPDATE OF `country`, `motivation`, `is_working_hours`, `type` ON `initiatives`
WHEN old.country IS NOT new.country OR old.motivation IS NOT new.motivation OR old.is_working_hours IS NOT new.is_working_hours OR old.type IS NOT new.type BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, 1 FROM impact_sources s WHERE s.initiative_id = new.id;
END;
--> statement-breakpoint
-- An initiative deleted: its rows go now; the cascade that follows finds none (the view joins the initiative).
CREATE TRIGGER `impact_initiatives_delete` BEFORE DELETE ON `initiatives`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, -1 FROM impact_sources s WHERE s.initiative_id = old.id;
END;
--> statement-breakpoint
-- An initiative's SDGs edited: its rows under dim 'sdg' are taken away before and added after, by the tags it has then.
CREATE TRIGGER `impact_initiative_sdgs_before_insert` BEFORE INSERT ON `initiative_sdgs`
WHEN NOT EXISTS (SELECT 1 FROM initiative_sdgs t WHERE t.initiative_id = new.initiative_id AND t.sdg_id = new.sdg_id) BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'sdg', -1 FROM impact_sources s WHERE s.initiative_id = new.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_sdgs_after_insert` AFTER INSERT ON `initiative_sdgs`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'sdg', 1 FROM impact_sources s WHERE s.initiative_id = new.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_sdgs_before_delete` BEFORE DELETE ON `initiative_sdgs`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'sdg', -1 FROM impact_sources s WHERE s.initiative_id = old.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_sdgs_after_delete` AFTER DELETE ON `initiative_sdgs`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'sdg', 1 FROM impact_sources s WHERE s.initiative_id = old.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_sdgs_before_update` BEFORE UPDATE OF `initiative_id`, `sdg_id` ON `initiative_sdgs`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'sdg', -1 FROM impact_sources s WHERE s.initiative_id = old.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_sdgs_after_update` AFTER UPDATE OF `initiative_id`, `sdg_id` ON `initiative_sdgs`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'sdg', 1 FROM impact_sources s WHERE s.initiative_id = new.initiative_id;
END;
--> statement-breakpoint
-- An initiative's causes edited: its rows under dim 'cause' are taken away before and added after, by the tags it has then.
CREATE TRIGGER `impact_initiative_categories_before_insert` BEFORE INSERT ON `initiative_categories`
WHEN NOT EXISTS (SELECT 1 FROM initiative_categories t WHERE t.initiative_id = new.initiative_id AND t.category_slug = new.category_slug) BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'cause', -1 FROM impact_sources s WHERE s.initiative_id = new.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_categories_after_insert` AFTER INSERT ON `initiative_categories`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'cause', 1 FROM impact_sources s WHERE s.initiative_id = new.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_categories_before_delete` BEFORE DELETE ON `initiative_categories`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'cause', -1 FROM impact_sources s WHERE s.initiative_id = old.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_categories_after_delete` AFTER DELETE ON `initiative_categories`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'cause', 1 FROM impact_sources s WHERE s.initiative_id = old.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_categories_before_update` BEFORE UPDATE OF `initiative_id`, `category_slug` ON `initiative_categories`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'cause', -1 FROM impact_sources s WHERE s.initiative_id = old.initiative_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_initiative_categories_after_update` AFTER UPDATE OF `initiative_id`, `category_slug` ON `initiative_categories`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, 'cause', 1 FROM impact_sources s WHERE s.initiative_id = new.initiative_id;
END;
--> statement-breakpoint
-- A member joining, removed (or erased), or given another grade, site or country: their rows in the organisation are taken away with the attributes they had and added with the ones they have. An insert that finds the membership there (ON CONFLICT DO NOTHING) inserts nothing and fires no AFTER INSERT: nor may its BEFORE INSERT take anything away.
CREATE TRIGGER `impact_memberships_before_insert` BEFORE INSERT ON `memberships`
WHEN NOT EXISTS (SELECT 1 FROM memberships t WHERE t.org_id = new.org_id AND t.member_id = new.member_id) BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, -1 FROM impact_sources s WHERE s.org_id = new.org_id AND s.member_id = new.member_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_memberships_after_insert` AFTER INSERT ON `memberships`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, 1 FROM impact_sources s WHERE s.org_id = new.org_id AND s.member_id = new.member_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_memberships_before_delete` BEFORE DELETE ON `memberships`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, -1 FROM impact_sources s WHERE s.org_id = old.org_id AND s.member_id = old.member_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_memberships_after_delete` AFTER DELETE ON `memberships`
BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, 1 FROM impact_sources s WHERE s.org_id = old.org_id AND s.member_id = old.member_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_memberships_unset` BEFORE UPDATE OF `grade`, `site`, `country`, `org_id`, `member_id` ON `memberships`
WHEN old.grade IS NOT new.grade OR old.site IS NOT new.site OR old.country IS NOT new.country OR old.org_id IS NOT new.org_id OR old.member_id IS NOT new.member_id BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, -1 FROM impact_sources s WHERE s.org_id = old.org_id AND s.member_id = old.member_id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_memberships_set` AFTER UPDATE OF `grade`, `site`, `country`, `org_id`, `member_id` ON `memberships`
WHEN old.grade IS NOT new.grade OR old.site IS NOT new.site OR old.country IS NOT new.country OR old.org_id IS NOT new.org_id OR old.member_id IS NOT new.member_id BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, 1 FROM impact_sources s WHERE s.org_id = new.org_id AND s.member_id = new.member_id;
END;
--> statement-breakpoint
-- The organisation's region changed: its rows move to the months of the new zone (rare, an administrator's act).
CREATE TRIGGER `impact_organizations_region_unset` BEFORE UPDATE OF `region` ON `organizations`
WHEN upper(old.region) IS NOT upper(new.region) BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, -1 FROM impact_sources s WHERE s.org_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_organizations_region_set` AFTER UPDATE OF `region` ON `organizations`
WHEN upper(old.region) IS NOT upper(new.region) BEGIN
  INSERT INTO impact_source_changes SELECT s.source, s.source_id, NULL, 1 FROM impact_sources s WHERE s.org_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_organizations_delete` AFTER DELETE ON `organizations`
BEGIN
  DELETE FROM impact_month_sums WHERE org_id = old.id;
  DELETE FROM impact_subject_months WHERE org_id = old.id;
  DELETE FROM impact_subject_cells WHERE org_id = old.id;
END;
--> statement-breakpoint
-- Management hours entered, changed or deleted.
CREATE TRIGGER `impact_management_insert` AFTER INSERT ON `impact_management_hours`
BEGIN
  INSERT INTO impact_source_changes VALUES ('h', new.id, NULL, 1);
END;
--> statement-breakpoint
CREATE TRIGGER `impact_management_delete` BEFORE DELETE ON `impact_management_hours`
BEGIN
  INSERT INTO impact_source_changes VALUES ('h', old.id, NULL, -1);
END;
--> statement-breakpoint
CREATE TRIGGER `impact_management_unset` BEFORE UPDATE OF `org_id`, `initiative_id`, `member_id`, `hours`, `spent_at` ON `impact_management_hours`
BEGIN
  INSERT INTO impact_source_changes VALUES ('h', old.id, NULL, -1);
END;
--> statement-breakpoint
CREATE TRIGGER `impact_management_set` AFTER UPDATE OF `org_id`, `initiative_id`, `member_id`, `hours`, `spent_at` ON `impact_management_hours`
BEGIN
  INSERT INTO impact_source_changes VALUES ('h', new.id, NULL, 1);
END;
--> statement-breakpoint
-- Donations confirmed, refunded, corrected or deleted.
CREATE TRIGGER `impact_contributions_insert` AFTER INSERT ON `contributions`
WHEN new.status = 'confirmed' BEGIN
  INSERT INTO impact_source_changes VALUES ('c', new.id, NULL, 1);
END;
--> statement-breakpoint
CREATE TRIGGER `impact_contributions_delete` BEFORE DELETE ON `contributions`
WHEN old.status = 'confirmed' BEGIN
  INSERT INTO impact_source_changes VALUES ('c', old.id, NULL, -1);
END;
--> statement-breakpoint
CREATE TRIGGER `impact_contributions_unset` BEFORE UPDATE OF `status`, `amount`, `currency`, `created_at`, `org_id`, `member_id`, `initiative_id` ON `contributions`
WHEN old.status = 'confirmed' OR new.status = 'confirmed' BEGIN
  INSERT INTO impact_source_changes VALUES ('c', old.id, NULL, -1);
END;
--> statement-breakpoint
CREATE TRIGGER `impact_contributions_set` AFTER UPDATE OF `status`, `amount`, `currency`, `created_at`, `org_id`, `member_id`, `initiative_id` ON `contributions`
WHEN old.status = 'confirmed' OR new.status = 'confirmed' BEGIN
  INSERT INTO impact_source_changes VALUES ('c', new.id, NULL, 1);
END;
--> statement-breakpoint
-- Every change of offset of the five regions' zones from 1990 to 2100 (generated with Intl, as zoneOffset reads them).
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('ES', -8640000000000000, 3600000), ('ES', 638326800000, 7200000), ('ES', 654656400000, 3600000), ('ES', 670381200000, 7200000), ('ES', 686106000000, 3600000), ('ES', 701830800000, 7200000), ('ES', 717555600000, 3600000), ('ES', 733280400000, 7200000), ('ES', 749005200000, 3600000), ('ES', 764730000000, 7200000), ('ES', 780454800000, 3600000), ('ES', 796179600000, 7200000), ('ES', 811904400000, 3600000), ('ES', 828234000000, 7200000), ('ES', 846378000000, 3600000), ('ES', 859683600000, 7200000), ('ES', 877827600000, 3600000), ('ES', 891133200000, 7200000), ('ES', 909277200000, 3600000), ('ES', 922582800000, 7200000), ('ES', 941331600000, 3600000), ('ES', 954032400000, 7200000), ('ES', 972781200000, 3600000), ('ES', 985482000000, 7200000), ('ES', 1004230800000, 3600000), ('ES', 1017536400000, 7200000), ('ES', 1035680400000, 3600000), ('ES', 1048986000000, 7200000), ('ES', 1067130000000, 3600000), ('ES', 1080435600000, 7200000), ('ES', 1099184400000, 3600000), ('ES', 1111885200000, 7200000), ('ES', 1130634000000, 3600000), ('ES', 1143334800000, 7200000), ('ES', 1162083600000, 3600000), ('ES', 1174784400000, 7200000), ('ES', 1193533200000, 3600000), ('ES', 1206838800000, 7200000), ('ES', 1224982800000, 3600000), ('ES', 1238288400000, 7200000), ('ES', 1256432400000, 3600000), ('ES', 1269738000000, 7200000), ('ES', 1288486800000, 3600000), ('ES', 1301187600000, 7200000), ('ES', 1319936400000, 3600000), ('ES', 1332637200000, 7200000), ('ES', 1351386000000, 3600000), ('ES', 1364691600000, 7200000), ('ES', 1382835600000, 3600000), ('ES', 1396141200000, 7200000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('ES', 1414285200000, 3600000), ('ES', 1427590800000, 7200000), ('ES', 1445734800000, 3600000), ('ES', 1459040400000, 7200000), ('ES', 1477789200000, 3600000), ('ES', 1490490000000, 7200000), ('ES', 1509238800000, 3600000), ('ES', 1521939600000, 7200000), ('ES', 1540688400000, 3600000), ('ES', 1553994000000, 7200000), ('ES', 1572138000000, 3600000), ('ES', 1585443600000, 7200000), ('ES', 1603587600000, 3600000), ('ES', 1616893200000, 7200000), ('ES', 1635642000000, 3600000), ('ES', 1648342800000, 7200000), ('ES', 1667091600000, 3600000), ('ES', 1679792400000, 7200000), ('ES', 1698541200000, 3600000), ('ES', 1711846800000, 7200000), ('ES', 1729990800000, 3600000), ('ES', 1743296400000, 7200000), ('ES', 1761440400000, 3600000), ('ES', 1774746000000, 7200000), ('ES', 1792890000000, 3600000), ('ES', 1806195600000, 7200000), ('ES', 1824944400000, 3600000), ('ES', 1837645200000, 7200000), ('ES', 1856394000000, 3600000), ('ES', 1869094800000, 7200000), ('ES', 1887843600000, 3600000), ('ES', 1901149200000, 7200000), ('ES', 1919293200000, 3600000), ('ES', 1932598800000, 7200000), ('ES', 1950742800000, 3600000), ('ES', 1964048400000, 7200000), ('ES', 1982797200000, 3600000), ('ES', 1995498000000, 7200000), ('ES', 2014246800000, 3600000), ('ES', 2026947600000, 7200000), ('ES', 2045696400000, 3600000), ('ES', 2058397200000, 7200000), ('ES', 2077146000000, 3600000), ('ES', 2090451600000, 7200000), ('ES', 2108595600000, 3600000), ('ES', 2121901200000, 7200000), ('ES', 2140045200000, 3600000), ('ES', 2153350800000, 7200000), ('ES', 2172099600000, 3600000), ('ES', 2184800400000, 7200000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('ES', 2203549200000, 3600000), ('ES', 2216250000000, 7200000), ('ES', 2234998800000, 3600000), ('ES', 2248304400000, 7200000), ('ES', 2266448400000, 3600000), ('ES', 2279754000000, 7200000), ('ES', 2297898000000, 3600000), ('ES', 2311203600000, 7200000), ('ES', 2329347600000, 3600000), ('ES', 2342653200000, 7200000), ('ES', 2361402000000, 3600000), ('ES', 2374102800000, 7200000), ('ES', 2392851600000, 3600000), ('ES', 2405552400000, 7200000), ('ES', 2424301200000, 3600000), ('ES', 2437606800000, 7200000), ('ES', 2455750800000, 3600000), ('ES', 2469056400000, 7200000), ('ES', 2487200400000, 3600000), ('ES', 2500506000000, 7200000), ('ES', 2519254800000, 3600000), ('ES', 2531955600000, 7200000), ('ES', 2550704400000, 3600000), ('ES', 2563405200000, 7200000), ('ES', 2582154000000, 3600000), ('ES', 2595459600000, 7200000), ('ES', 2613603600000, 3600000), ('ES', 2626909200000, 7200000), ('ES', 2645053200000, 3600000), ('ES', 2658358800000, 7200000), ('ES', 2676502800000, 3600000), ('ES', 2689808400000, 7200000), ('ES', 2708557200000, 3600000), ('ES', 2721258000000, 7200000), ('ES', 2740006800000, 3600000), ('ES', 2752707600000, 7200000), ('ES', 2771456400000, 3600000), ('ES', 2784762000000, 7200000), ('ES', 2802906000000, 3600000), ('ES', 2816211600000, 7200000), ('ES', 2834355600000, 3600000), ('ES', 2847661200000, 7200000), ('ES', 2866410000000, 3600000), ('ES', 2879110800000, 7200000), ('ES', 2897859600000, 3600000), ('ES', 2910560400000, 7200000), ('ES', 2929309200000, 3600000), ('ES', 2942010000000, 7200000), ('ES', 2960758800000, 3600000), ('ES', 2974064400000, 7200000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('ES', 2992208400000, 3600000), ('ES', 3005514000000, 7200000), ('ES', 3023658000000, 3600000), ('ES', 3036963600000, 7200000), ('ES', 3055712400000, 3600000), ('ES', 3068413200000, 7200000), ('ES', 3087162000000, 3600000), ('ES', 3099862800000, 7200000), ('ES', 3118611600000, 3600000), ('ES', 3131917200000, 7200000), ('ES', 3150061200000, 3600000), ('ES', 3163366800000, 7200000), ('ES', 3181510800000, 3600000), ('ES', 3194816400000, 7200000), ('ES', 3212960400000, 3600000), ('ES', 3226266000000, 7200000), ('ES', 3245014800000, 3600000), ('ES', 3257715600000, 7200000), ('ES', 3276464400000, 3600000), ('ES', 3289165200000, 7200000), ('ES', 3307914000000, 3600000), ('ES', 3321219600000, 7200000), ('ES', 3339363600000, 3600000), ('ES', 3352669200000, 7200000), ('ES', 3370813200000, 3600000), ('ES', 3384118800000, 7200000), ('ES', 3402867600000, 3600000), ('ES', 3415568400000, 7200000), ('ES', 3434317200000, 3600000), ('ES', 3447018000000, 7200000), ('ES', 3465766800000, 3600000), ('ES', 3479072400000, 7200000), ('ES', 3497216400000, 3600000), ('ES', 3510522000000, 7200000), ('ES', 3528666000000, 3600000), ('ES', 3541971600000, 7200000), ('ES', 3560115600000, 3600000), ('ES', 3573421200000, 7200000), ('ES', 3592170000000, 3600000), ('ES', 3604870800000, 7200000), ('ES', 3623619600000, 3600000), ('ES', 3636320400000, 7200000), ('ES', 3655069200000, 3600000), ('ES', 3668374800000, 7200000), ('ES', 3686518800000, 3600000), ('ES', 3699824400000, 7200000), ('ES', 3717968400000, 3600000), ('ES', 3731274000000, 7200000), ('ES', 3750022800000, 3600000), ('ES', 3762723600000, 7200000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('ES', 3781472400000, 3600000), ('ES', 3794173200000, 7200000), ('ES', 3812922000000, 3600000), ('ES', 3825622800000, 7200000), ('ES', 3844371600000, 3600000), ('ES', 3857677200000, 7200000), ('ES', 3875821200000, 3600000), ('ES', 3889126800000, 7200000), ('ES', 3907270800000, 3600000), ('ES', 3920576400000, 7200000), ('ES', 3939325200000, 3600000), ('ES', 3952026000000, 7200000), ('ES', 3970774800000, 3600000), ('ES', 3983475600000, 7200000), ('ES', 4002224400000, 3600000), ('ES', 4015530000000, 7200000), ('ES', 4033674000000, 3600000), ('ES', 4046979600000, 7200000), ('ES', 4065123600000, 3600000), ('ES', 4078429200000, 7200000), ('ES', 4096573200000, 3600000), ('PT', -8640000000000000, 0), ('PT', 638326800000, 3600000), ('PT', 654656400000, 0), ('PT', 670381200000, 3600000), ('PT', 686106000000, 0), ('PT', 701830800000, 3600000), ('PT', 733280400000, 7200000), ('PT', 749005200000, 3600000), ('PT', 764730000000, 7200000), ('PT', 780454800000, 3600000), ('PT', 796179600000, 7200000), ('PT', 811904400000, 3600000), ('PT', 846378000000, 0), ('PT', 859683600000, 3600000), ('PT', 877827600000, 0), ('PT', 891133200000, 3600000), ('PT', 909277200000, 0), ('PT', 922582800000, 3600000), ('PT', 941331600000, 0), ('PT', 954032400000, 3600000), ('PT', 972781200000, 0), ('PT', 985482000000, 3600000), ('PT', 1004230800000, 0), ('PT', 1017536400000, 3600000), ('PT', 1035680400000, 0), ('PT', 1048986000000, 3600000), ('PT', 1067130000000, 0), ('PT', 1080435600000, 3600000), ('PT', 1099184400000, 0);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('PT', 1111885200000, 3600000), ('PT', 1130634000000, 0), ('PT', 1143334800000, 3600000), ('PT', 1162083600000, 0), ('PT', 1174784400000, 3600000), ('PT', 1193533200000, 0), ('PT', 1206838800000, 3600000), ('PT', 1224982800000, 0), ('PT', 1238288400000, 3600000), ('PT', 1256432400000, 0), ('PT', 1269738000000, 3600000), ('PT', 1288486800000, 0), ('PT', 1301187600000, 3600000), ('PT', 1319936400000, 0), ('PT', 1332637200000, 3600000), ('PT', 1351386000000, 0), ('PT', 1364691600000, 3600000), ('PT', 1382835600000, 0), ('PT', 1396141200000, 3600000), ('PT', 1414285200000, 0), ('PT', 1427590800000, 3600000), ('PT', 1445734800000, 0), ('PT', 1459040400000, 3600000), ('PT', 1477789200000, 0), ('PT', 1490490000000, 3600000), ('PT', 1509238800000, 0), ('PT', 1521939600000, 3600000), ('PT', 1540688400000, 0), ('PT', 1553994000000, 3600000), ('PT', 1572138000000, 0), ('PT', 1585443600000, 3600000), ('PT', 1603587600000, 0), ('PT', 1616893200000, 3600000), ('PT', 1635642000000, 0), ('PT', 1648342800000, 3600000), ('PT', 1667091600000, 0), ('PT', 1679792400000, 3600000), ('PT', 1698541200000, 0), ('PT', 1711846800000, 3600000), ('PT', 1729990800000, 0), ('PT', 1743296400000, 3600000), ('PT', 1761440400000, 0), ('PT', 1774746000000, 3600000), ('PT', 1792890000000, 0), ('PT', 1806195600000, 3600000), ('PT', 1824944400000, 0), ('PT', 1837645200000, 3600000), ('PT', 1856394000000, 0), ('PT', 1869094800000, 3600000), ('PT', 1887843600000, 0);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('PT', 1901149200000, 3600000), ('PT', 1919293200000, 0), ('PT', 1932598800000, 3600000), ('PT', 1950742800000, 0), ('PT', 1964048400000, 3600000), ('PT', 1982797200000, 0), ('PT', 1995498000000, 3600000), ('PT', 2014246800000, 0), ('PT', 2026947600000, 3600000), ('PT', 2045696400000, 0), ('PT', 2058397200000, 3600000), ('PT', 2077146000000, 0), ('PT', 2090451600000, 3600000), ('PT', 2108595600000, 0), ('PT', 2121901200000, 3600000), ('PT', 2140045200000, 0), ('PT', 2153350800000, 3600000), ('PT', 2172099600000, 0), ('PT', 2184800400000, 3600000), ('PT', 2203549200000, 0), ('PT', 2216250000000, 3600000), ('PT', 2234998800000, 0), ('PT', 2248304400000, 3600000), ('PT', 2266448400000, 0), ('PT', 2279754000000, 3600000), ('PT', 2297898000000, 0), ('PT', 2311203600000, 3600000), ('PT', 2329347600000, 0), ('PT', 2342653200000, 3600000), ('PT', 2361402000000, 0), ('PT', 2374102800000, 3600000), ('PT', 2392851600000, 0), ('PT', 2405552400000, 3600000), ('PT', 2424301200000, 0), ('PT', 2437606800000, 3600000), ('PT', 2455750800000, 0), ('PT', 2469056400000, 3600000), ('PT', 2487200400000, 0), ('PT', 2500506000000, 3600000), ('PT', 2519254800000, 0), ('PT', 2531955600000, 3600000), ('PT', 2550704400000, 0), ('PT', 2563405200000, 3600000), ('PT', 2582154000000, 0), ('PT', 2595459600000, 3600000), ('PT', 2613603600000, 0), ('PT', 2626909200000, 3600000), ('PT', 2645053200000, 0), ('PT', 2658358800000, 3600000), ('PT', 2676502800000, 0);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('PT', 2689808400000, 3600000), ('PT', 2708557200000, 0), ('PT', 2721258000000, 3600000), ('PT', 2740006800000, 0), ('PT', 2752707600000, 3600000), ('PT', 2771456400000, 0), ('PT', 2784762000000, 3600000), ('PT', 2802906000000, 0), ('PT', 2816211600000, 3600000), ('PT', 2834355600000, 0), ('PT', 2847661200000, 3600000), ('PT', 2866410000000, 0), ('PT', 2879110800000, 3600000), ('PT', 2897859600000, 0), ('PT', 2910560400000, 3600000), ('PT', 2929309200000, 0), ('PT', 2942010000000, 3600000), ('PT', 2960758800000, 0), ('PT', 2974064400000, 3600000), ('PT', 2992208400000, 0), ('PT', 3005514000000, 3600000), ('PT', 3023658000000, 0), ('PT', 3036963600000, 3600000), ('PT', 3055712400000, 0), ('PT', 3068413200000, 3600000), ('PT', 3087162000000, 0), ('PT', 3099862800000, 3600000), ('PT', 3118611600000, 0), ('PT', 3131917200000, 3600000), ('PT', 3150061200000, 0), ('PT', 3163366800000, 3600000), ('PT', 3181510800000, 0), ('PT', 3194816400000, 3600000), ('PT', 3212960400000, 0), ('PT', 3226266000000, 3600000), ('PT', 3245014800000, 0), ('PT', 3257715600000, 3600000), ('PT', 3276464400000, 0), ('PT', 3289165200000, 3600000), ('PT', 3307914000000, 0), ('PT', 3321219600000, 3600000), ('PT', 3339363600000, 0), ('PT', 3352669200000, 3600000), ('PT', 3370813200000, 0), ('PT', 3384118800000, 3600000), ('PT', 3402867600000, 0), ('PT', 3415568400000, 3600000), ('PT', 3434317200000, 0), ('PT', 3447018000000, 3600000), ('PT', 3465766800000, 0);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('PT', 3479072400000, 3600000), ('PT', 3497216400000, 0), ('PT', 3510522000000, 3600000), ('PT', 3528666000000, 0), ('PT', 3541971600000, 3600000), ('PT', 3560115600000, 0), ('PT', 3573421200000, 3600000), ('PT', 3592170000000, 0), ('PT', 3604870800000, 3600000), ('PT', 3623619600000, 0), ('PT', 3636320400000, 3600000), ('PT', 3655069200000, 0), ('PT', 3668374800000, 3600000), ('PT', 3686518800000, 0), ('PT', 3699824400000, 3600000), ('PT', 3717968400000, 0), ('PT', 3731274000000, 3600000), ('PT', 3750022800000, 0), ('PT', 3762723600000, 3600000), ('PT', 3781472400000, 0), ('PT', 3794173200000, 3600000), ('PT', 3812922000000, 0), ('PT', 3825622800000, 3600000), ('PT', 3844371600000, 0), ('PT', 3857677200000, 3600000), ('PT', 3875821200000, 0), ('PT', 3889126800000, 3600000), ('PT', 3907270800000, 0), ('PT', 3920576400000, 3600000), ('PT', 3939325200000, 0), ('PT', 3952026000000, 3600000), ('PT', 3970774800000, 0), ('PT', 3983475600000, 3600000), ('PT', 4002224400000, 0), ('PT', 4015530000000, 3600000), ('PT', 4033674000000, 0), ('PT', 4046979600000, 3600000), ('PT', 4065123600000, 0), ('PT', 4078429200000, 3600000), ('PT', 4096573200000, 0), ('BR', -8640000000000000, -7200000), ('BR', 634701600000, -10800000), ('BR', 656478000000, -7200000), ('BR', 666756000000, -10800000), ('BR', 687927600000, -7200000), ('BR', 697600800000, -10800000), ('BR', 719982000000, -7200000), ('BR', 728445600000, -10800000), ('BR', 750826800000, -7200000), ('BR', 761709600000, -10800000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('BR', 782276400000, -7200000), ('BR', 793159200000, -10800000), ('BR', 813726000000, -7200000), ('BR', 824004000000, -10800000), ('BR', 844570800000, -7200000), ('BR', 856058400000, -10800000), ('BR', 876106800000, -7200000), ('BR', 888717600000, -10800000), ('BR', 908074800000, -7200000), ('BR', 919562400000, -10800000), ('BR', 938919600000, -7200000), ('BR', 951616800000, -10800000), ('BR', 970974000000, -7200000), ('BR', 982461600000, -10800000), ('BR', 1003028400000, -7200000), ('BR', 1013911200000, -10800000), ('BR', 1036292400000, -7200000), ('BR', 1045360800000, -10800000), ('BR', 1066532400000, -7200000), ('BR', 1076810400000, -10800000), ('BR', 1099364400000, -7200000), ('BR', 1108864800000, -10800000), ('BR', 1129431600000, -7200000), ('BR', 1140314400000, -10800000), ('BR', 1162695600000, -7200000), ('BR', 1172368800000, -10800000), ('BR', 1192330800000, -7200000), ('BR', 1203213600000, -10800000), ('BR', 1224385200000, -7200000), ('BR', 1234663200000, -10800000), ('BR', 1255834800000, -7200000), ('BR', 1266717600000, -10800000), ('BR', 1287284400000, -7200000), ('BR', 1298167200000, -10800000), ('BR', 1318734000000, -7200000), ('BR', 1330221600000, -10800000), ('BR', 1350788400000, -7200000), ('BR', 1361066400000, -10800000), ('BR', 1382238000000, -7200000), ('BR', 1392516000000, -10800000), ('BR', 1413687600000, -7200000), ('BR', 1424570400000, -10800000), ('BR', 1445137200000, -7200000), ('BR', 1456020000000, -10800000), ('BR', 1476586800000, -7200000), ('BR', 1487469600000, -10800000), ('BR', 1508036400000, -7200000), ('BR', 1518919200000, -10800000), ('BR', 1541300400000, -7200000), ('BR', 1550368800000, -10800000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('MX', -8640000000000000, -21600000), ('MX', 828864000000, -18000000), ('MX', 846399600000, -21600000), ('MX', 860313600000, -18000000), ('MX', 877849200000, -21600000), ('MX', 891763200000, -18000000), ('MX', 909298800000, -21600000), ('MX', 923212800000, -18000000), ('MX', 941353200000, -21600000), ('MX', 954662400000, -18000000), ('MX', 972802800000, -21600000), ('MX', 989136000000, -18000000), ('MX', 1001833200000, -21600000), ('MX', 1018166400000, -18000000), ('MX', 1035702000000, -21600000), ('MX', 1049616000000, -18000000), ('MX', 1067151600000, -21600000), ('MX', 1081065600000, -18000000), ('MX', 1099206000000, -21600000), ('MX', 1112515200000, -18000000), ('MX', 1130655600000, -21600000), ('MX', 1143964800000, -18000000), ('MX', 1162105200000, -21600000), ('MX', 1175414400000, -18000000), ('MX', 1193554800000, -21600000), ('MX', 1207468800000, -18000000), ('MX', 1225004400000, -21600000), ('MX', 1238918400000, -18000000), ('MX', 1256454000000, -21600000), ('MX', 1270368000000, -18000000), ('MX', 1288508400000, -21600000), ('MX', 1301817600000, -18000000), ('MX', 1319958000000, -21600000), ('MX', 1333267200000, -18000000), ('MX', 1351407600000, -21600000), ('MX', 1365321600000, -18000000), ('MX', 1382857200000, -21600000), ('MX', 1396771200000, -18000000), ('MX', 1414306800000, -21600000), ('MX', 1428220800000, -18000000), ('MX', 1445756400000, -21600000), ('MX', 1459670400000, -18000000), ('MX', 1477810800000, -21600000), ('MX', 1491120000000, -18000000), ('MX', 1509260400000, -21600000), ('MX', 1522569600000, -18000000), ('MX', 1540710000000, -21600000), ('MX', 1554624000000, -18000000), ('MX', 1572159600000, -21600000), ('MX', 1586073600000, -18000000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('MX', 1603609200000, -21600000), ('MX', 1617523200000, -18000000), ('MX', 1635663600000, -21600000), ('MX', 1648972800000, -18000000), ('MX', 1667113200000, -21600000), ('US', -8640000000000000, -18000000), ('US', 638953200000, -14400000), ('US', 657093600000, -18000000), ('US', 671007600000, -14400000), ('US', 688543200000, -18000000), ('US', 702457200000, -14400000), ('US', 719992800000, -18000000), ('US', 733906800000, -14400000), ('US', 752047200000, -18000000), ('US', 765356400000, -14400000), ('US', 783496800000, -18000000), ('US', 796806000000, -14400000), ('US', 814946400000, -18000000), ('US', 828860400000, -14400000), ('US', 846396000000, -18000000), ('US', 860310000000, -14400000), ('US', 877845600000, -18000000), ('US', 891759600000, -14400000), ('US', 909295200000, -18000000), ('US', 923209200000, -14400000), ('US', 941349600000, -18000000), ('US', 954658800000, -14400000), ('US', 972799200000, -18000000), ('US', 986108400000, -14400000), ('US', 1004248800000, -18000000), ('US', 1018162800000, -14400000), ('US', 1035698400000, -18000000), ('US', 1049612400000, -14400000), ('US', 1067148000000, -18000000), ('US', 1081062000000, -14400000), ('US', 1099202400000, -18000000), ('US', 1112511600000, -14400000), ('US', 1130652000000, -18000000), ('US', 1143961200000, -14400000), ('US', 1162101600000, -18000000), ('US', 1173596400000, -14400000), ('US', 1194156000000, -18000000), ('US', 1205046000000, -14400000), ('US', 1225605600000, -18000000), ('US', 1236495600000, -14400000), ('US', 1257055200000, -18000000), ('US', 1268550000000, -14400000), ('US', 1289109600000, -18000000), ('US', 1299999600000, -14400000), ('US', 1320559200000, -18000000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('US', 1331449200000, -14400000), ('US', 1352008800000, -18000000), ('US', 1362898800000, -14400000), ('US', 1383458400000, -18000000), ('US', 1394348400000, -14400000), ('US', 1414908000000, -18000000), ('US', 1425798000000, -14400000), ('US', 1446357600000, -18000000), ('US', 1457852400000, -14400000), ('US', 1478412000000, -18000000), ('US', 1489302000000, -14400000), ('US', 1509861600000, -18000000), ('US', 1520751600000, -14400000), ('US', 1541311200000, -18000000), ('US', 1552201200000, -14400000), ('US', 1572760800000, -18000000), ('US', 1583650800000, -14400000), ('US', 1604210400000, -18000000), ('US', 1615705200000, -14400000), ('US', 1636264800000, -18000000), ('US', 1647154800000, -14400000), ('US', 1667714400000, -18000000), ('US', 1678604400000, -14400000), ('US', 1699164000000, -18000000), ('US', 1710054000000, -14400000), ('US', 1730613600000, -18000000), ('US', 1741503600000, -14400000), ('US', 1762063200000, -18000000), ('US', 1772953200000, -14400000), ('US', 1793512800000, -18000000), ('US', 1805007600000, -14400000), ('US', 1825567200000, -18000000), ('US', 1836457200000, -14400000), ('US', 1857016800000, -18000000), ('US', 1867906800000, -14400000), ('US', 1888466400000, -18000000), ('US', 1899356400000, -14400000), ('US', 1919916000000, -18000000), ('US', 1930806000000, -14400000), ('US', 1951365600000, -18000000), ('US', 1962860400000, -14400000), ('US', 1983420000000, -18000000), ('US', 1994310000000, -14400000), ('US', 2014869600000, -18000000), ('US', 2025759600000, -14400000), ('US', 2046319200000, -18000000), ('US', 2057209200000, -14400000), ('US', 2077768800000, -18000000), ('US', 2088658800000, -14400000), ('US', 2109218400000, -18000000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('US', 2120108400000, -14400000), ('US', 2140668000000, -18000000), ('US', 2152162800000, -14400000), ('US', 2172722400000, -18000000), ('US', 2183612400000, -14400000), ('US', 2204172000000, -18000000), ('US', 2215062000000, -14400000), ('US', 2235621600000, -18000000), ('US', 2246511600000, -14400000), ('US', 2267071200000, -18000000), ('US', 2277961200000, -14400000), ('US', 2298520800000, -18000000), ('US', 2309410800000, -14400000), ('US', 2329970400000, -18000000), ('US', 2341465200000, -14400000), ('US', 2362024800000, -18000000), ('US', 2372914800000, -14400000), ('US', 2393474400000, -18000000), ('US', 2404364400000, -14400000), ('US', 2424924000000, -18000000), ('US', 2435814000000, -14400000), ('US', 2456373600000, -18000000), ('US', 2467263600000, -14400000), ('US', 2487823200000, -18000000), ('US', 2499318000000, -14400000), ('US', 2519877600000, -18000000), ('US', 2530767600000, -14400000), ('US', 2551327200000, -18000000), ('US', 2562217200000, -14400000), ('US', 2582776800000, -18000000), ('US', 2593666800000, -14400000), ('US', 2614226400000, -18000000), ('US', 2625116400000, -14400000), ('US', 2645676000000, -18000000), ('US', 2656566000000, -14400000), ('US', 2677125600000, -18000000), ('US', 2688620400000, -14400000), ('US', 2709180000000, -18000000), ('US', 2720070000000, -14400000), ('US', 2740629600000, -18000000), ('US', 2751519600000, -14400000), ('US', 2772079200000, -18000000), ('US', 2782969200000, -14400000), ('US', 2803528800000, -18000000), ('US', 2814418800000, -14400000), ('US', 2834978400000, -18000000), ('US', 2846473200000, -14400000), ('US', 2867032800000, -18000000), ('US', 2877922800000, -14400000), ('US', 2898482400000, -18000000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('US', 2909372400000, -14400000), ('US', 2929932000000, -18000000), ('US', 2940822000000, -14400000), ('US', 2961381600000, -18000000), ('US', 2972271600000, -14400000), ('US', 2992831200000, -18000000), ('US', 3003721200000, -14400000), ('US', 3024280800000, -18000000), ('US', 3035775600000, -14400000), ('US', 3056335200000, -18000000), ('US', 3067225200000, -14400000), ('US', 3087784800000, -18000000), ('US', 3098674800000, -14400000), ('US', 3119234400000, -18000000), ('US', 3130124400000, -14400000), ('US', 3150684000000, -18000000), ('US', 3161574000000, -14400000), ('US', 3182133600000, -18000000), ('US', 3193023600000, -14400000), ('US', 3213583200000, -18000000), ('US', 3225078000000, -14400000), ('US', 3245637600000, -18000000), ('US', 3256527600000, -14400000), ('US', 3277087200000, -18000000), ('US', 3287977200000, -14400000), ('US', 3308536800000, -18000000), ('US', 3319426800000, -14400000), ('US', 3339986400000, -18000000), ('US', 3350876400000, -14400000), ('US', 3371436000000, -18000000), ('US', 3382930800000, -14400000), ('US', 3403490400000, -18000000), ('US', 3414380400000, -14400000), ('US', 3434940000000, -18000000), ('US', 3445830000000, -14400000), ('US', 3466389600000, -18000000), ('US', 3477279600000, -14400000), ('US', 3497839200000, -18000000), ('US', 3508729200000, -14400000), ('US', 3529288800000, -18000000), ('US', 3540178800000, -14400000), ('US', 3560738400000, -18000000), ('US', 3572233200000, -14400000), ('US', 3592792800000, -18000000), ('US', 3603682800000, -14400000), ('US', 3624242400000, -18000000), ('US', 3635132400000, -14400000), ('US', 3655692000000, -18000000), ('US', 3666582000000, -14400000), ('US', 3687141600000, -18000000);
--> statement-breakpoint
INSERT INTO `region_zone_offsets` (`region`, `since`, `offset_ms`) VALUES ('US', 3698031600000, -14400000), ('US', 3718591200000, -18000000), ('US', 3730086000000, -14400000), ('US', 3750645600000, -18000000), ('US', 3761535600000, -14400000), ('US', 3782095200000, -18000000), ('US', 3792985200000, -14400000), ('US', 3813544800000, -18000000), ('US', 3824434800000, -14400000), ('US', 3844994400000, -18000000), ('US', 3855884400000, -14400000), ('US', 3876444000000, -18000000), ('US', 3887334000000, -14400000), ('US', 3907893600000, -18000000), ('US', 3919388400000, -14400000), ('US', 3939948000000, -18000000), ('US', 3950838000000, -14400000), ('US', 3971397600000, -18000000), ('US', 3982287600000, -14400000), ('US', 4002847200000, -18000000), ('US', 4013737200000, -14400000), ('US', 4034296800000, -18000000), ('US', 4045186800000, -14400000), ('US', 4065746400000, -18000000), ('US', 4076636400000, -14400000), ('US', 4097196000000, -18000000);

--> statement-breakpoint
-- Backfill: the rows already there (the same statements as `npm run rollups:rebuild`, scripts/impact-rollups-sql.mjs).
INSERT INTO impact_month_sums (org_id, month, dim, item, kind, basis, grade, site, member_country, country, motivation, unit, currency, hours, quantity, amount, n)
  SELECT f.org_id, f.month, d.dim, CASE d.dim WHEN 'sdg' THEN coalesce(CAST(s.sdg_id AS text), '') WHEN 'cause' THEN coalesce(g.category_slug, '') ELSE '' END, f.kind, f.basis, f.grade, f.site, f.member_country, f.country, f.motivation, f.unit, f.currency,
    sum(f.hours), sum(f.quantity), sum(f.amount), count(*)
  FROM impact_figure_rows f, (SELECT '' AS dim UNION ALL SELECT 'sdg' UNION ALL SELECT 'cause') d
      LEFT JOIN initiative_sdgs s ON d.dim = 'sdg' AND s.initiative_id = f.initiative_id
      LEFT JOIN initiative_categories g ON d.dim = 'cause' AND g.initiative_id = f.initiative_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;
--> statement-breakpoint
INSERT INTO impact_subject_months (org_id, dim, subject, month, n)
  SELECT f.org_id, 'member', f.member_id, f.month, count(*) FROM impact_figure_rows f WHERE f.kind <> 'management' GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT f.org_id, 'initiative', f.initiative_id, f.month, count(*) FROM impact_figure_rows f GROUP BY 1, 2, 3, 4;
