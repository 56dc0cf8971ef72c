CREATE TABLE `hostname_claims` (
	`hostname` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`token` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`external_id` text,
	`tls_status` text,
	`last_error` text,
	`checked_at` integer,
	`verified_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `hostname_claims_org_idx` ON `hostname_claims` (`org_id`);--> statement-breakpoint
CREATE TABLE `sso_tests` (
	`id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`org_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`actor_member_id` text NOT NULL,
	`status` text DEFAULT 'started' NOT NULL,
	`code` text,
	`detail` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `sso_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_tests_state_uq` ON `sso_tests` (`state`);