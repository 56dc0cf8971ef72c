-- Issue 11, the organiser's side: who reviewed a record, a pledge or an upload, when and why it was
-- refused; the organisers named on an initiative; the audit log every staff action writes; the
-- member's switch for e-mails about their own participation. The reviewer columns get ON DELETE SET
-- NULL by hand (drizzle-kit leaves the action out of ALTER TABLE), as the schema declares it.
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`actor_member_id` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_org_idx` ON `audit_log` (`org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `initiative_organisers` (
	`initiative_id` text NOT NULL,
	`member_id` text NOT NULL,
	`org_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`initiative_id`, `member_id`),
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `initiative_organisers_member_idx` ON `initiative_organisers` (`org_id`,`member_id`);--> statement-breakpoint
ALTER TABLE `attachments` ADD `reviewed_by` text REFERENCES members(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `attachments` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `attachments` ADD `reject_reason` text;--> statement-breakpoint
CREATE INDEX `attachments_org_status_idx` ON `attachments` (`org_id`,`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `contributions` ADD `reviewed_by` text REFERENCES members(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `contributions` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `contributions` ADD `reject_reason` text;--> statement-breakpoint
CREATE INDEX `contributions_org_status_idx` ON `contributions` (`org_id`,`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `participation_records` ADD `reviewed_by` text REFERENCES members(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `participation_records` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `participation_records` ADD `reject_reason` text;--> statement-breakpoint
CREATE INDEX `participation_records_status_idx` ON `participation_records` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `participation_emails` integer DEFAULT true NOT NULL;