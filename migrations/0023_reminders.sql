CREATE TABLE `notification_opt_outs` (
	`member_id` text NOT NULL,
	`topic` text NOT NULL,
	`channel` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`member_id`, `topic`, `channel`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reminders_sent` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`initiative_id` text NOT NULL,
	`offset_minutes` integer NOT NULL,
	`start_time` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`sent_at` integer,
	PRIMARY KEY(`member_id`, `initiative_id`, `offset_minutes`, `start_time`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reminders_sent_status_idx` ON `reminders_sent` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `staff_digests_sent` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`day` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`org_id`, `member_id`, `day`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `initiatives_status_start_idx` ON `initiatives` (`status`,`start_time`);