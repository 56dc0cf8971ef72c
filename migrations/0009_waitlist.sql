CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`initiative_id` text NOT NULL,
	`member_id` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`position` integer NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_member_uq` ON `waitlist_entries` (`initiative_id`,`member_id`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_queue_idx` ON `waitlist_entries` (`initiative_id`,`status`,`position`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_expiry_idx` ON `waitlist_entries` (`status`,`offer_expires_at`);