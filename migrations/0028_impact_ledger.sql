CREATE TABLE `impact_management_hours` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`initiative_id` text NOT NULL,
	`member_id` text NOT NULL,
	`hours` integer NOT NULL,
	`spent_at` integer NOT NULL,
	`note` text,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `impact_management_hours_org_idx` ON `impact_management_hours` (`org_id`,`spent_at`);--> statement-breakpoint
CREATE TABLE `impact_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`key_type` text NOT NULL,
	`key_value` text DEFAULT '' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`name` text,
	`source` text NOT NULL,
	`from_year` integer NOT NULL,
	`to_year` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `impact_rates_org_idx` ON `impact_rates` (`org_id`,`key_type`,`key_value`,`from_year`);--> statement-breakpoint
CREATE TABLE `impact_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`period_from` integer NOT NULL,
	`period_to` integer NOT NULL,
	`totals` text NOT NULL,
	`rows_hash` text NOT NULL,
	`row_count` integer NOT NULL,
	`signature` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `impact_snapshots_org_idx` ON `impact_snapshots` (`org_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `initiatives` ADD `motivation` text DEFAULT 'community_investment' NOT NULL;--> statement-breakpoint
ALTER TABLE `initiatives` ADD `country` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `country` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `site` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `grade` text;--> statement-breakpoint
ALTER TABLE `participation_records` ADD `time_basis` text;