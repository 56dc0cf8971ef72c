-- The wall's past section (workers/initiatives/lists.ts pastQuery): one organisation's initiatives
-- by the time registration closes (registration_end_time, else end_time), newest first, so the
-- section reads the few recent rows instead of the whole organisation. Additive only.
CREATE INDEX IF NOT EXISTS `initiatives_org_closes_idx` ON `initiatives` (`org_id`, coalesce(`registration_end_time`, `end_time`));
