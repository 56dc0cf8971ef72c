CREATE TABLE `credential_issuer_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`public_jwk` text NOT NULL,
	`sealed_private_jwk` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`retired_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `credential_issuer_keys_org_idx` ON `credential_issuer_keys` (`org_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `credential_issuer_keys_active_uq` ON `credential_issuer_keys` (`org_id`) WHERE retired_at is null;--> statement-breakpoint
CREATE TABLE `credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`participation_id` text,
	`certificate_id` text,
	`hours` integer NOT NULL,
	`jwt` text NOT NULL,
	`status_index` integer NOT NULL,
	`key_id` text NOT NULL,
	`issued_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participation_id`) REFERENCES `participations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`certificate_id`) REFERENCES `cv_certificates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credentials_status_index_uq` ON `credentials` (`org_id`,`status_index`);--> statement-breakpoint
CREATE INDEX `credentials_member_idx` ON `credentials` (`org_id`,`member_id`,`issued_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `credentials_participation_active_uq` ON `credentials` (`participation_id`) WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `credentials_certificate_uq` ON `credentials` (`certificate_id`);--> statement-breakpoint
CREATE INDEX `credentials_revoked_idx` ON `credentials` (`org_id`) WHERE revoked_at is not null;