CREATE TABLE `dashboard_member_months` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`dim` text NOT NULL,
	`month` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`org_id`, `member_id`, `dim`, `month`)
);
--> statement-breakpoint
CREATE TABLE `dashboard_month_figures` (
	`org_id` text NOT NULL,
	`figure` text NOT NULL,
	`month` integer NOT NULL,
	`scope` text NOT NULL,
	`item` text NOT NULL,
	`value` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`org_id`, `figure`, `month`, `scope`, `item`)
);
--> statement-breakpoint
CREATE TABLE `dashboard_month_offsets` (
	`n` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dashboard_participant_cells` (
	`org_id` text NOT NULL,
	`since` integer NOT NULL,
	`dim` text NOT NULL,
	`scope` text NOT NULL,
	`month` integer NOT NULL,
	`members` integer NOT NULL,
	PRIMARY KEY(`org_id`, `since`, `dim`, `scope`, `month`)
);

-- Hand-written below (docs/decisions/041): the dashboard's rollups are kept by triggers, as the
-- ranking's are (0017), so every write path (validate, reject, correct, delete, bulk decisions, a
-- type changed, members removed, disabled or erased, donations confirmed or refunded, initiatives
-- deleted, SDGs and indicators edited, group membership) updates them in its own statement's
-- transaction. Which hours count is COUNTED_HOURS (workers/reports/counted-hours.ts):
-- type = 'hours' and status in ('validated', 'granted'); indicator values the same way.
WITH RECURSIVE o(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM o WHERE n < 36) INSERT INTO `dashboard_month_offsets` (`n`) SELECT n FROM o;
--> statement-breakpoint

-- Every row the dashboard sums, with what it adds to which figure of which month: the statements
-- of workers/reports/counted-hours.ts and workers/admin/metrics.ts written as rows. What the
-- rollups stand for, what the triggers add and take away (found by source and source_id), and what a
-- rebuild sums.
-- Two groups of arms, each read as a subquery: D1 allows at most 5 terms in one compound SELECT.
CREATE VIEW `dashboard_figure_rows` AS
  SELECT * FROM (
  SELECT 'r' AS source, r.id AS source_id, p.initiative_id, p.org_id, p.member_id, 'hours' AS figure, '' AS item, (CAST(strftime('%Y', r.created_at / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', r.created_at / 1000, 'unixepoch') AS integer) - 1) AS month, r.hours AS value
  FROM participation_records r JOIN participations p ON p.id = r.participation_id WHERE r.type = 'hours' AND r.status IN ('validated', 'granted') AND r.hours > 0
  UNION ALL
  SELECT 'r', r.id, p.initiative_id, p.org_id, p.member_id, 'hours_all', '', (CAST(strftime('%Y', r.created_at / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', r.created_at / 1000, 'unixepoch') AS integer) - 1), coalesce(r.hours, 0)
  FROM participation_records r JOIN participations p ON p.id = r.participation_id WHERE r.type = 'hours' AND r.status IN ('validated', 'granted')
  UNION ALL
  SELECT 'r', r.id, p.initiative_id, p.org_id, p.member_id, 'sdg_hours', CAST(s.sdg_id AS text), (CAST(strftime('%Y', r.created_at / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', r.created_at / 1000, 'unixepoch') AS integer) - 1), coalesce(r.hours, 0)
  FROM participation_records r JOIN participations p ON p.id = r.participation_id JOIN initiative_sdgs s ON s.initiative_id = p.initiative_id WHERE r.type = 'hours' AND r.status IN ('validated', 'granted')
  UNION ALL
  SELECT 'r', r.id, p.initiative_id, p.org_id, p.member_id, 'impact', coalesce(r.unit, ind.unit), (CAST(strftime('%Y', r.created_at / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', r.created_at / 1000, 'unixepoch') AS integer) - 1), coalesce(r.value, 0)
  FROM participation_records r JOIN participations p ON p.id = r.participation_id LEFT JOIN indicators ind ON ind.id = r.indicator_id WHERE r.type = 'indicator' AND r.status IN ('validated', 'granted') AND coalesce(r.unit, ind.unit) IS NOT NULL)
  UNION ALL
  SELECT * FROM (
  SELECT 'p' AS source, p.id AS source_id, p.initiative_id, p.org_id, p.member_id, 'participations' AS figure, '' AS item, (CAST(strftime('%Y', p.created_at / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', p.created_at / 1000, 'unixepoch') AS integer) - 1) AS month, 1 AS value
  FROM participations p WHERE p.status = 'accepted'
  UNION ALL
  SELECT 'c', c.id, c.initiative_id, c.org_id, c.member_id, 'donations', c.currency, (CAST(strftime('%Y', c.created_at / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', c.created_at / 1000, 'unixepoch') AS integer) - 1), c.amount
  FROM contributions c WHERE c.status = 'confirmed'
  UNION ALL
  SELECT 'm', ms.member_id, NULL, ms.org_id, ms.member_id, 'joined', '', (CAST(strftime('%Y', ms.created_at / 1000, 'unixepoch') AS integer) * 12 + CAST(strftime('%m', ms.created_at / 1000, 'unixepoch') AS integer) - 1), 1
  FROM memberships ms
  UNION ALL
  SELECT 'm', ms.member_id, NULL, ms.org_id, ms.member_id, 'members', '', 0, 1
  FROM memberships ms
  UNION ALL
  SELECT 'm', ms.member_id, NULL, ms.org_id, ms.member_id, 'active', '', 0, 1
  FROM memberships ms JOIN members m ON m.id = ms.member_id WHERE m.disabled_at IS NULL);
--> statement-breakpoint

-- Inserting (org_id, member_id, scope, figure, item, month, value, n) here adds value and n (negative:
-- takes them away) to the figure of the whole organisation and of each of the member's groups in it
-- (scope null), or of one scope only (a member joining or leaving a group); hours and SDG hours also
-- to the member's active months.
CREATE VIEW `dashboard_figure_changes` AS SELECT NULL AS org_id, NULL AS member_id, NULL AS scope, NULL AS figure, NULL AS item, NULL AS month, NULL AS value, NULL AS n WHERE 0;
--> statement-breakpoint

CREATE TRIGGER `dashboard_figure_change` INSTEAD OF INSERT ON `dashboard_figure_changes` BEGIN
  INSERT INTO dashboard_month_figures (org_id, figure, month, scope, item, value, n)
    SELECT new.org_id, new.figure, new.month, s.scope, new.item, new.value, new.n
    FROM (SELECT '' AS scope WHERE new.scope IS NULL
          UNION ALL SELECT g.id FROM public_user_groups g JOIN member_user_groups mg ON mg.group_id = g.id AND mg.member_id = new.member_id WHERE g.org_id = new.org_id AND new.scope IS NULL
          UNION ALL SELECT new.scope WHERE new.scope IS NOT NULL) s
    WHERE true
    ON CONFLICT (org_id, figure, month, scope, item) DO UPDATE SET value = value + excluded.value, n = n + excluded.n;
  DELETE FROM dashboard_month_figures WHERE org_id = new.org_id AND figure = new.figure AND month = new.month AND item = new.item AND value = 0 AND n = 0;
  INSERT INTO dashboard_member_months (org_id, member_id, dim, month, n)
    SELECT new.org_id, new.member_id, CASE new.figure WHEN 'hours' THEN '' ELSE 'sdg:' || new.item END, new.month, new.n
    WHERE new.scope IS NULL AND new.figure IN ('hours', 'sdg_hours')
    ON CONFLICT (org_id, member_id, dim, month) DO UPDATE SET n = n + excluded.n;
  DELETE FROM dashboard_member_months WHERE new.scope IS NULL AND new.figure IN ('hours', 'sdg_hours') AND org_id = new.org_id AND member_id = new.member_id
    AND dim = CASE new.figure WHEN 'hours' THEN '' ELSE 'sdg:' || new.item END AND month = new.month AND n = 0;
END;
--> statement-breakpoint

-- A member's active month `month` (dim) counted (sign 1) or no longer (-1) in the participant cells
-- of the whole organisation and the member's groups (scope null) or of one scope. Its cells are
-- those since a month after the member's previous active month (prev); with `successor`, the
-- member's next active month, whose previous month this one now is (or no longer is), moves the other way.
CREATE VIEW `dashboard_cell_changes` AS SELECT NULL AS org_id, NULL AS member_id, NULL AS scope, NULL AS dim, NULL AS month, NULL AS successor, NULL AS sign WHERE 0;
--> statement-breakpoint

CREATE TRIGGER `dashboard_cell_change` INSTEAD OF INSERT ON `dashboard_cell_changes` BEGIN
  INSERT INTO dashboard_participant_cells (org_id, since, dim, scope, month, members)
    SELECT new.org_id, c.month - o.n, new.dim, s.scope, c.month, c.sign
    FROM (SELECT '' AS scope WHERE new.scope IS NULL
          UNION ALL SELECT g.id FROM public_user_groups g JOIN member_user_groups mg ON mg.group_id = g.id AND mg.member_id = new.member_id WHERE g.org_id = new.org_id AND new.scope IS NULL
          UNION ALL SELECT new.scope WHERE new.scope IS NOT NULL) s,
      (SELECT a.month, a.sign, a.upto, (SELECT max(mm.month) FROM dashboard_member_months mm WHERE mm.org_id = new.org_id AND mm.member_id = new.member_id AND mm.dim = new.dim AND mm.month < new.month) AS prev
       FROM (SELECT new.month AS month, new.sign AS sign, new.month AS upto
             UNION ALL
             SELECT (SELECT min(mm.month) FROM dashboard_member_months mm WHERE mm.org_id = new.org_id AND mm.member_id = new.member_id AND mm.dim = new.dim AND mm.month > new.month), -new.sign, new.month
             WHERE new.successor) a
       WHERE a.month IS NOT NULL) c,
      dashboard_month_offsets o
    WHERE c.month - o.n > coalesce(c.prev, -1) AND c.month - o.n <= c.upto
    ON CONFLICT (org_id, since, dim, scope, month) DO UPDATE SET members = members + excluded.members;
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_member_months_insert` AFTER INSERT ON `dashboard_member_months` BEGIN
  INSERT INTO dashboard_cell_changes VALUES (new.org_id, new.member_id, NULL, new.dim, new.month, 1, 1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_member_months_delete` AFTER DELETE ON `dashboard_member_months` BEGIN
  INSERT INTO dashboard_cell_changes VALUES (old.org_id, old.member_id, NULL, old.dim, old.month, 1, -1);
END;
--> statement-breakpoint

-- Inserting (source, source_id, org_id, figure, item, scope, sign) here adds (sign 1) or takes away
-- (-1) what one row of the sources adds to the dashboard: a record ('r'), participation ('p'),
-- contribution ('c') or membership ('m', by member and organisation), found by its id on its own
-- index; only the figure and item given, when given; to one scope, when given. Triggers name the
-- rows that change here, each with its own lookup: a condition on the view other than the id would
-- leave SQLite reading every counted record through the status index.
CREATE VIEW `dashboard_source_changes` AS SELECT NULL AS source, NULL AS source_id, NULL AS org_id, NULL AS figure, NULL AS item, NULL AS scope, NULL AS sign WHERE 0;
--> statement-breakpoint

CREATE TRIGGER `dashboard_source_change` INSTEAD OF INSERT ON `dashboard_source_changes` BEGIN
  INSERT INTO dashboard_figure_changes SELECT f.org_id, f.member_id, new.scope, f.figure, f.item, f.month, new.sign * f.value, new.sign FROM dashboard_figure_rows f
    WHERE f.source = new.source AND f.source_id = new.source_id AND (new.org_id IS NULL OR f.org_id = new.org_id)
      AND (new.figure IS NULL OR f.figure = new.figure) AND (new.item IS NULL OR f.item = new.item);
END;
-- A record counted, no longer counted, or counted with other hours, values, units or on another day.
--> statement-breakpoint

CREATE TRIGGER `dashboard_records_insert` AFTER INSERT ON `participation_records`
WHEN new.status IN ('validated', 'granted') BEGIN
INSERT INTO dashboard_source_changes VALUES ('r', new.id, NULL, NULL, NULL, NULL, 1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_records_delete` BEFORE DELETE ON `participation_records`
WHEN old.status IN ('validated', 'granted') BEGIN
INSERT INTO dashboard_source_changes VALUES ('r', old.id, NULL, NULL, NULL, NULL, -1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_records_unset` BEFORE UPDATE OF `type`, `status`, `hours`, `value`, `unit`, `indicator_id`, `created_at`, `participation_id` ON `participation_records`
WHEN old.status IN ('validated', 'granted') OR new.status IN ('validated', 'granted') BEGIN
INSERT INTO dashboard_source_changes VALUES ('r', old.id, NULL, NULL, NULL, NULL, -1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_records_set` AFTER UPDATE OF `type`, `status`, `hours`, `value`, `unit`, `indicator_id`, `created_at`, `participation_id` ON `participation_records`
WHEN old.status IN ('validated', 'granted') OR new.status IN ('validated', 'granted') BEGIN
INSERT INTO dashboard_source_changes VALUES ('r', new.id, NULL, NULL, NULL, NULL, 1);
END;
-- A participation deleted (itself, or with its initiative or member): its counted records go first,
-- while it still says whose they were (as 0017 does for hours); the foreign key then deletes the rest.
--> statement-breakpoint

CREATE TRIGGER `dashboard_participations_delete` BEFORE DELETE ON `participations` BEGIN
DELETE FROM participation_records WHERE participation_id = old.id AND status IN ('validated', 'granted');
  INSERT INTO dashboard_source_changes VALUES ('p', old.id, NULL, NULL, NULL, NULL, -1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_participations_insert` AFTER INSERT ON `participations`
WHEN new.status = 'accepted' BEGIN
INSERT INTO dashboard_source_changes VALUES ('p', new.id, NULL, NULL, NULL, NULL, 1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_participations_unset` BEFORE UPDATE OF `status`, `created_at`, `org_id`, `member_id` ON `participations`
WHEN old.status = 'accepted' OR new.status = 'accepted' BEGIN
INSERT INTO dashboard_source_changes VALUES ('p', old.id, NULL, NULL, NULL, NULL, -1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_participations_set` AFTER UPDATE OF `status`, `created_at`, `org_id`, `member_id` ON `participations`
WHEN old.status = 'accepted' OR new.status = 'accepted' BEGIN
INSERT INTO dashboard_source_changes VALUES ('p', new.id, NULL, NULL, NULL, NULL, 1);
END;
-- A participation moved to another member, organisation or initiative takes its records' figures along.
--> statement-breakpoint

CREATE TRIGGER `dashboard_participation_moved_unset` BEFORE UPDATE OF `org_id`, `member_id`, `initiative_id` ON `participations`
WHEN old.org_id IS NOT new.org_id OR old.member_id IS NOT new.member_id OR old.initiative_id IS NOT new.initiative_id BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, NULL, NULL, NULL, -1 FROM participation_records r WHERE r.participation_id = old.id AND r.status IN ('validated', 'granted');
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_participation_moved_set` AFTER UPDATE OF `org_id`, `member_id`, `initiative_id` ON `participations`
WHEN old.org_id IS NOT new.org_id OR old.member_id IS NOT new.member_id OR old.initiative_id IS NOT new.initiative_id BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, NULL, NULL, NULL, 1 FROM participation_records r WHERE r.participation_id = new.id AND r.status IN ('validated', 'granted');
END;
-- Donations confirmed, refunded, corrected or deleted.
--> statement-breakpoint

CREATE TRIGGER `dashboard_contributions_insert` AFTER INSERT ON `contributions`
WHEN new.status = 'confirmed' BEGIN
INSERT INTO dashboard_source_changes VALUES ('c', new.id, NULL, NULL, NULL, NULL, 1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_contributions_delete` BEFORE DELETE ON `contributions`
WHEN old.status = 'confirmed' BEGIN
INSERT INTO dashboard_source_changes VALUES ('c', old.id, NULL, NULL, NULL, NULL, -1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_contributions_unset` BEFORE UPDATE OF `status`, `amount`, `currency`, `created_at`, `org_id`, `member_id` ON `contributions`
WHEN old.status = 'confirmed' OR new.status = 'confirmed' BEGIN
INSERT INTO dashboard_source_changes VALUES ('c', old.id, NULL, NULL, NULL, NULL, -1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_contributions_set` AFTER UPDATE OF `status`, `amount`, `currency`, `created_at`, `org_id`, `member_id` ON `contributions`
WHEN old.status = 'confirmed' OR new.status = 'confirmed' BEGIN
INSERT INTO dashboard_source_changes VALUES ('c', new.id, NULL, NULL, NULL, NULL, 1);
END;
-- Members joining and leaving, disabled and enabled again.
--> statement-breakpoint

CREATE TRIGGER `dashboard_memberships_insert` AFTER INSERT ON `memberships` BEGIN
INSERT INTO dashboard_source_changes VALUES ('m', new.member_id, new.org_id, NULL, NULL, NULL, 1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_memberships_delete` BEFORE DELETE ON `memberships` BEGIN
INSERT INTO dashboard_source_changes VALUES ('m', old.member_id, old.org_id, NULL, NULL, NULL, -1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_memberships_unset` BEFORE UPDATE OF `created_at`, `org_id`, `member_id` ON `memberships` BEGIN
INSERT INTO dashboard_source_changes VALUES ('m', old.member_id, old.org_id, NULL, NULL, NULL, -1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_memberships_set` AFTER UPDATE OF `created_at`, `org_id`, `member_id` ON `memberships` BEGIN
INSERT INTO dashboard_source_changes VALUES ('m', new.member_id, new.org_id, NULL, NULL, NULL, 1);
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_members_unset` BEFORE UPDATE OF `disabled_at` ON `members`
WHEN (old.disabled_at IS NULL) != (new.disabled_at IS NULL) BEGIN
INSERT INTO dashboard_source_changes SELECT 'm', ms.member_id, ms.org_id, 'active', NULL, NULL, -1 FROM memberships ms WHERE ms.member_id = old.id;
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_members_set` AFTER UPDATE OF `disabled_at` ON `members`
WHEN (old.disabled_at IS NULL) != (new.disabled_at IS NULL) BEGIN
INSERT INTO dashboard_source_changes SELECT 'm', ms.member_id, ms.org_id, 'active', NULL, NULL, 1 FROM memberships ms WHERE ms.member_id = new.id;
END;
-- An initiative's SDGs edited: its counted hours count for the SDGs it has now.
--> statement-breakpoint

CREATE TRIGGER `dashboard_initiative_sdgs_insert` AFTER INSERT ON `initiative_sdgs` BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, 'sdg_hours', CAST(new.sdg_id AS text), NULL, 1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id WHERE p.initiative_id = new.initiative_id AND r.status IN ('validated', 'granted');
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_initiative_sdgs_delete` BEFORE DELETE ON `initiative_sdgs` BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, 'sdg_hours', CAST(old.sdg_id AS text), NULL, -1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id WHERE p.initiative_id = old.initiative_id AND r.status IN ('validated', 'granted');
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_initiative_sdgs_unset` BEFORE UPDATE OF `initiative_id`, `sdg_id` ON `initiative_sdgs` BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, 'sdg_hours', CAST(old.sdg_id AS text), NULL, -1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id WHERE p.initiative_id = old.initiative_id AND r.status IN ('validated', 'granted');
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_initiative_sdgs_set` AFTER UPDATE OF `initiative_id`, `sdg_id` ON `initiative_sdgs` BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, 'sdg_hours', CAST(new.sdg_id AS text), NULL, 1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id WHERE p.initiative_id = new.initiative_id AND r.status IN ('validated', 'granted');
END;
-- An indicator's unit changed, or the indicator deleted: its initiative's values are summed by the units they have now.
--> statement-breakpoint

CREATE TRIGGER `dashboard_indicators_unset` BEFORE UPDATE OF `unit`, `initiative_id` ON `indicators` BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, 'impact', NULL, NULL, -1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id WHERE p.initiative_id = old.initiative_id AND r.status IN ('validated', 'granted') AND r.type = 'indicator';
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_indicators_set` AFTER UPDATE OF `unit`, `initiative_id` ON `indicators` BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, 'impact', NULL, NULL, 1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id WHERE p.initiative_id = new.initiative_id AND r.status IN ('validated', 'granted') AND r.type = 'indicator';
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_indicators_delete` BEFORE DELETE ON `indicators` BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, 'impact', NULL, NULL, -1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id WHERE p.initiative_id = old.initiative_id AND r.status IN ('validated', 'granted') AND r.type = 'indicator';
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_indicators_deleted` AFTER DELETE ON `indicators` BEGIN
INSERT INTO dashboard_source_changes SELECT 'r', r.id, NULL, 'impact', NULL, NULL, 1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id WHERE p.initiative_id = old.initiative_id AND r.status IN ('validated', 'granted') AND r.type = 'indicator';
END;
-- A member joining a group brings all their figures and active months in the group's organisation
-- to the group's scope; leaving takes them away.
--> statement-breakpoint

CREATE TRIGGER `dashboard_member_groups_insert` AFTER INSERT ON `member_user_groups` BEGIN
INSERT INTO dashboard_source_changes
    SELECT 'r', r.id, NULL, NULL, NULL, new.group_id, 1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id
      WHERE p.org_id = (SELECT g.org_id FROM public_user_groups g WHERE g.id = new.group_id) AND p.member_id = new.member_id AND r.status IN ('validated', 'granted')
    UNION ALL SELECT 'p', p.id, NULL, NULL, NULL, new.group_id, 1 FROM participations p WHERE p.org_id = (SELECT g.org_id FROM public_user_groups g WHERE g.id = new.group_id) AND p.member_id = new.member_id AND p.status = 'accepted'
    UNION ALL SELECT 'c', c.id, NULL, NULL, NULL, new.group_id, 1 FROM contributions c WHERE c.org_id = (SELECT g.org_id FROM public_user_groups g WHERE g.id = new.group_id) AND c.member_id = new.member_id AND c.status = 'confirmed'
    UNION ALL SELECT 'm', new.member_id, (SELECT g.org_id FROM public_user_groups g WHERE g.id = new.group_id), NULL, NULL, new.group_id, 1;
  INSERT INTO dashboard_cell_changes SELECT mm.org_id, mm.member_id, new.group_id, mm.dim, mm.month, 0, 1 FROM dashboard_member_months mm
    WHERE mm.org_id = (SELECT g.org_id FROM public_user_groups g WHERE g.id = new.group_id) AND mm.member_id = new.member_id;
END;
--> statement-breakpoint

CREATE TRIGGER `dashboard_member_groups_delete` BEFORE DELETE ON `member_user_groups` BEGIN
INSERT INTO dashboard_source_changes
    SELECT 'r', r.id, NULL, NULL, NULL, old.group_id, -1 FROM participations p CROSS JOIN participation_records r INDEXED BY participation_records_participation_idx ON r.participation_id = p.id
      WHERE p.org_id = (SELECT g.org_id FROM public_user_groups g WHERE g.id = old.group_id) AND p.member_id = old.member_id AND r.status IN ('validated', 'granted')
    UNION ALL SELECT 'p', p.id, NULL, NULL, NULL, old.group_id, -1 FROM participations p WHERE p.org_id = (SELECT g.org_id FROM public_user_groups g WHERE g.id = old.group_id) AND p.member_id = old.member_id AND p.status = 'accepted'
    UNION ALL SELECT 'c', c.id, NULL, NULL, NULL, old.group_id, -1 FROM contributions c WHERE c.org_id = (SELECT g.org_id FROM public_user_groups g WHERE g.id = old.group_id) AND c.member_id = old.member_id AND c.status = 'confirmed'
    UNION ALL SELECT 'm', old.member_id, (SELECT g.org_id FROM public_user_groups g WHERE g.id = old.group_id), NULL, NULL, old.group_id, -1;
  INSERT INTO dashboard_cell_changes SELECT mm.org_id, mm.member_id, old.group_id, mm.dim, mm.month, 0, -1 FROM dashboard_member_months mm
    WHERE mm.org_id = (SELECT g.org_id FROM public_user_groups g WHERE g.id = old.group_id) AND mm.member_id = old.member_id;
END;
-- A group deleted loses its members first, while it still says whose organisation it was.
--> statement-breakpoint

CREATE TRIGGER `dashboard_groups_delete` BEFORE DELETE ON `public_user_groups` BEGIN
DELETE FROM member_user_groups WHERE group_id = old.id;
  DELETE FROM dashboard_participant_cells WHERE org_id = old.org_id AND scope = old.id;
END;
--> statement-breakpoint
-- Backfill: the rows already there (the same statements as `npm run rollups:rebuild`).
INSERT INTO dashboard_month_figures (org_id, figure, month, scope, item, value, n)
  SELECT f.org_id, f.figure, f.month, '', f.item, sum(f.value), count(*) FROM dashboard_figure_rows f GROUP BY f.org_id, f.figure, f.month, f.item
  UNION ALL
  SELECT f.org_id, f.figure, f.month, g.id, f.item, sum(f.value), count(*) FROM dashboard_figure_rows f
    JOIN member_user_groups mg ON mg.member_id = f.member_id JOIN public_user_groups g ON g.id = mg.group_id AND g.org_id = f.org_id
    GROUP BY f.org_id, f.figure, f.month, g.id, f.item;
--> statement-breakpoint
INSERT INTO dashboard_member_months (org_id, member_id, dim, month, n)
  SELECT f.org_id, f.member_id, CASE f.figure WHEN 'hours' THEN '' ELSE 'sdg:' || f.item END, f.month, count(*) FROM dashboard_figure_rows f
  WHERE f.figure IN ('hours', 'sdg_hours') GROUP BY 1, 2, 3, 4;
