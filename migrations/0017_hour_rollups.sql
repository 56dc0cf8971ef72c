CREATE TABLE `hour_total_counts` (
	`org_id` text NOT NULL,
	`period` integer NOT NULL,
	`hours` integer NOT NULL,
	`members` integer NOT NULL,
	PRIMARY KEY(`org_id`, `period`, `hours`)
);
--> statement-breakpoint
CREATE TABLE `member_hour_totals` (
	`member_id` text NOT NULL,
	`org_id` text NOT NULL,
	`period` integer NOT NULL,
	`hours` integer NOT NULL,
	`listed` integer NOT NULL,
	PRIMARY KEY(`member_id`, `org_id`, `period`)
);
--> statement-breakpoint
CREATE INDEX `member_hour_totals_rank_idx` ON `member_hour_totals` (`org_id`,`period`,`listed`,`hours`);--> statement-breakpoint
CREATE TABLE `region_year_offsets` (
	`region` text PRIMARY KEY NOT NULL,
	`offset_ms` integer NOT NULL
);
--> statement-breakpoint
-- Hand-written below (docs/decisions/037): the rollups of counted hours are kept by triggers, so
-- every write path (validate, reject, correct, delete, grant, bulk decisions, check-in, erasure,
-- disable/enable, a region changed) updates them in its own statement's transaction. The rule of
-- which hours count is COUNTED_HOURS (workers/reports/counted-hours.ts):
-- type = 'hours' and status in ('validated', 'granted').
-- Offsets at New Year of the regions' zones (app/domain/zoned-time.ts; tests/workers/hour-rollups.test.ts checks them).
INSERT INTO `region_year_offsets` (`region`, `offset_ms`) VALUES ('ES', 3600000), ('PT', 0), ('BR', -10800000), ('MX', -21600000), ('US', -18000000);
--> statement-breakpoint
-- Every counted hours record twice: for all time (period 0) and for its calendar year in the
-- organisation's zone. What the rollups stand for, and what a rebuild sums.
CREATE VIEW `counted_hour_periods` AS
  SELECT p.org_id, p.member_id, 0 AS period, r.hours
  FROM participation_records r JOIN participations p ON p.id = r.participation_id
  WHERE r.type = 'hours' AND r.status IN ('validated', 'granted')
  UNION ALL
  SELECT p.org_id, p.member_id, CAST(strftime('%Y', (r.created_at + coalesce(z.offset_ms, 0)) / 1000, 'unixepoch') AS integer) AS period, r.hours
  FROM participation_records r JOIN participations p ON p.id = r.participation_id
  LEFT JOIN organizations o ON o.id = p.org_id LEFT JOIN region_year_offsets z ON z.region = upper(o.region)
  WHERE r.type = 'hours' AND r.status IN ('validated', 'granted');
--> statement-breakpoint
-- Inserting (org_id, member_id, created_at, hours) here adds the hours (negative: takes them away)
-- to the member's all-time and year totals; one place for the rule the record triggers share.
CREATE VIEW `hour_rollup_changes` AS SELECT NULL AS org_id, NULL AS member_id, NULL AS created_at, NULL AS hours WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `hour_rollup_change` INSTEAD OF INSERT ON `hour_rollup_changes` WHEN new.hours != 0 BEGIN
  INSERT INTO member_hour_totals (member_id, org_id, period, hours, listed)
    SELECT new.member_id, new.org_id, y.period, new.hours, coalesce((SELECT m.disabled_at IS NULL FROM members m WHERE m.id = new.member_id), 1)
    FROM (SELECT 0 AS period UNION ALL
          SELECT CAST(strftime('%Y', (new.created_at + coalesce((SELECT z.offset_ms FROM organizations o JOIN region_year_offsets z ON z.region = upper(o.region) WHERE o.id = new.org_id), 0)) / 1000, 'unixepoch') AS integer)) y
    WHERE true
    ON CONFLICT (member_id, org_id, period) DO UPDATE SET hours = hours + excluded.hours;
  DELETE FROM member_hour_totals WHERE member_id = new.member_id AND org_id = new.org_id AND hours = 0;
END;
--> statement-breakpoint
-- Inserting (org_id, period, hours, members) here adds members (or takes them away) to the count of that total.
CREATE VIEW `hour_count_changes` AS SELECT NULL AS org_id, NULL AS period, NULL AS hours, NULL AS members WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `hour_count_change` INSTEAD OF INSERT ON `hour_count_changes` BEGIN
  INSERT INTO hour_total_counts (org_id, period, hours, members) VALUES (new.org_id, new.period, new.hours, new.members)
    ON CONFLICT (org_id, period, hours) DO UPDATE SET members = members + excluded.members;
  DELETE FROM hour_total_counts WHERE org_id = new.org_id AND period = new.period AND hours = new.hours AND members = 0;
END;
--> statement-breakpoint
-- The counts follow the listed totals above 0.
CREATE TRIGGER `member_hour_totals_counted_insert` AFTER INSERT ON `member_hour_totals` WHEN new.listed = 1 AND new.hours > 0 BEGIN
  INSERT INTO hour_count_changes VALUES (new.org_id, new.period, new.hours, 1);
END;
--> statement-breakpoint
CREATE TRIGGER `member_hour_totals_counted_delete` AFTER DELETE ON `member_hour_totals` WHEN old.listed = 1 AND old.hours > 0 BEGIN
  INSERT INTO hour_count_changes VALUES (old.org_id, old.period, old.hours, -1);
END;
--> statement-breakpoint
CREATE TRIGGER `member_hour_totals_counted_update` AFTER UPDATE ON `member_hour_totals` BEGIN
  INSERT INTO hour_count_changes SELECT old.org_id, old.period, old.hours, -1 WHERE old.listed = 1 AND old.hours > 0;
  INSERT INTO hour_count_changes SELECT new.org_id, new.period, new.hours, 1 WHERE new.listed = 1 AND new.hours > 0;
END;
--> statement-breakpoint
-- A record counted, no longer counted, or counted with other hours or on another day.
CREATE TRIGGER `participation_records_hours_insert` AFTER INSERT ON `participation_records`
WHEN new.type = 'hours' AND new.status IN ('validated', 'granted') BEGIN
  INSERT INTO hour_rollup_changes SELECT p.org_id, p.member_id, new.created_at, coalesce(new.hours, 0) FROM participations p WHERE p.id = new.participation_id;
END;
--> statement-breakpoint
CREATE TRIGGER `participation_records_hours_delete` AFTER DELETE ON `participation_records`
WHEN old.type = 'hours' AND old.status IN ('validated', 'granted') BEGIN
  INSERT INTO hour_rollup_changes SELECT p.org_id, p.member_id, old.created_at, -coalesce(old.hours, 0) FROM participations p WHERE p.id = old.participation_id;
END;
--> statement-breakpoint
CREATE TRIGGER `participation_records_hours_update` AFTER UPDATE OF `type`, `status`, `hours`, `created_at`, `participation_id` ON `participation_records`
WHEN (old.type = 'hours' AND old.status IN ('validated', 'granted')) OR (new.type = 'hours' AND new.status IN ('validated', 'granted')) BEGIN
  INSERT INTO hour_rollup_changes SELECT p.org_id, p.member_id, old.created_at, -coalesce(old.hours, 0) FROM participations p
    WHERE p.id = old.participation_id AND old.type = 'hours' AND old.status IN ('validated', 'granted');
  INSERT INTO hour_rollup_changes SELECT p.org_id, p.member_id, new.created_at, coalesce(new.hours, 0) FROM participations p
    WHERE p.id = new.participation_id AND new.type = 'hours' AND new.status IN ('validated', 'granted');
END;
--> statement-breakpoint
-- A participation deleted (itself, or with its initiative, member or organisation): its counted
-- records go first, while the participation still names whose hours they were; the foreign key
-- then deletes the rest as before.
CREATE TRIGGER `participations_hours_delete` BEFORE DELETE ON `participations` BEGIN
  DELETE FROM participation_records WHERE participation_id = old.id AND type = 'hours' AND status IN ('validated', 'granted');
END;
--> statement-breakpoint
CREATE TRIGGER `participations_hours_move` AFTER UPDATE OF `org_id`, `member_id` ON `participations`
WHEN old.org_id IS NOT new.org_id OR old.member_id IS NOT new.member_id BEGIN
  INSERT INTO hour_rollup_changes SELECT old.org_id, old.member_id, r.created_at, -coalesce(r.hours, 0) FROM participation_records r
    WHERE r.participation_id = old.id AND r.type = 'hours' AND r.status IN ('validated', 'granted');
  INSERT INTO hour_rollup_changes SELECT new.org_id, new.member_id, r.created_at, coalesce(r.hours, 0) FROM participation_records r
    WHERE r.participation_id = new.id AND r.type = 'hours' AND r.status IN ('validated', 'granted');
END;
--> statement-breakpoint
-- Disabled accounts leave the ranking (and the counts); enabled again, they come back.
CREATE TRIGGER `members_hours_listed` AFTER UPDATE OF `disabled_at` ON `members`
WHEN (old.disabled_at IS NULL) != (new.disabled_at IS NULL) BEGIN
  UPDATE member_hour_totals SET listed = (new.disabled_at IS NULL) WHERE member_id = new.id;
END;
--> statement-breakpoint
-- Another region may put New Year at another instant: the organisation's year totals are summed
-- again from its records (rare: an administrator's settings change; reads all its records once).
CREATE TRIGGER `organizations_hours_region` AFTER UPDATE OF `region` ON `organizations`
WHEN coalesce((SELECT offset_ms FROM region_year_offsets WHERE region = upper(old.region)), 0)
  != coalesce((SELECT offset_ms FROM region_year_offsets WHERE region = upper(new.region)), 0) BEGIN
  DELETE FROM member_hour_totals WHERE org_id = new.id AND period != 0;
  INSERT INTO member_hour_totals (member_id, org_id, period, hours, listed)
    SELECT c.member_id, c.org_id, c.period, sum(c.hours), coalesce((SELECT m.disabled_at IS NULL FROM members m WHERE m.id = c.member_id), 1)
    FROM counted_hour_periods c WHERE c.org_id = new.id AND c.period != 0
    GROUP BY c.member_id, c.period HAVING sum(c.hours) != 0;
END;
--> statement-breakpoint
-- Backfill: the records already there (the same statement as `npm run rollups:rebuild`; the
-- counts follow through the triggers above).
INSERT INTO member_hour_totals (member_id, org_id, period, hours, listed)
  SELECT c.member_id, c.org_id, c.period, sum(c.hours), coalesce((SELECT m.disabled_at IS NULL FROM members m WHERE m.id = c.member_id), 1)
  FROM counted_hour_periods c
  GROUP BY c.member_id, c.org_id, c.period HAVING sum(c.hours) != 0;
