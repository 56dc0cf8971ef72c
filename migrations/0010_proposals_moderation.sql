CREATE TABLE `organization_digests` (
	`org_id` text NOT NULL,
	`kind` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`org_id`, `kind`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `proposal_drafts` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`data` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`org_id`, `member_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `proposals` ADD `reviewed_by` text REFERENCES members(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `proposals` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `proposals` ADD `initiative_id` text REFERENCES initiatives(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `proposals_queue_idx` ON `proposals` (`org_id`,`status`,`created_at`);