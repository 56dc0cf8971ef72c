CREATE TABLE `cv_certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`locale` text NOT NULL,
	`timezone_offset` integer NOT NULL,
	`statement` text,
	`signature` text,
	`pdf_key` text,
	`error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cv_certificates_member_idx` ON `cv_certificates` (`org_id`,`member_id`,`created_at`);