CREATE TABLE `calendar_feeds` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`token_seed` text NOT NULL,
	`token_hash` text NOT NULL,
	`include_interests` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`org_id`, `member_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_uq` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attachments` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `initiatives` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: what a calendar shows of an initiative changed, so its events' SEQUENCE and
-- LAST-MODIFIED move (issue 29), whichever statement changed it. Not for counts or pins. The inner
-- UPDATE touches none of the watched columns, and SQLite's triggers do not recurse by default.
CREATE TRIGGER `initiatives_calendar_sequence`
AFTER UPDATE OF `title`, `description`, `address`, `address_detail`, `latitude`, `longitude`, `status`, `start_time`, `end_time`, `is_in_person`, `is_remote`, `remote_url`, `is_working_hours` ON `initiatives`
WHEN OLD.`title` IS NOT NEW.`title` OR OLD.`description` IS NOT NEW.`description` OR OLD.`address` IS NOT NEW.`address`
  OR OLD.`address_detail` IS NOT NEW.`address_detail` OR OLD.`latitude` IS NOT NEW.`latitude` OR OLD.`longitude` IS NOT NEW.`longitude`
  OR OLD.`status` IS NOT NEW.`status` OR OLD.`start_time` IS NOT NEW.`start_time` OR OLD.`end_time` IS NOT NEW.`end_time`
  OR OLD.`is_in_person` IS NOT NEW.`is_in_person` OR OLD.`is_remote` IS NOT NEW.`is_remote` OR OLD.`remote_url` IS NOT NEW.`remote_url`
  OR OLD.`is_working_hours` IS NOT NEW.`is_working_hours`
BEGIN
  UPDATE `initiatives` SET `sequence` = OLD.`sequence` + 1, `updated_at` = max(NEW.`updated_at`, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE `id` = NEW.`id`;
END;
