CREATE TABLE `attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`initiative_id` text NOT NULL,
	`member_id` text,
	`kind` text NOT NULL,
	`filename` text NOT NULL,
	`mimetype` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `attachments_initiative_idx` ON `attachments` (`initiative_id`,`kind`,`status`);--> statement-breakpoint
CREATE TABLE `background_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`input` text DEFAULT '{}' NOT NULL,
	`result` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `background_tasks_member_idx` ON `background_tasks` (`member_id`,`kind`);--> statement-breakpoint
CREATE TABLE `categories` (
	`slug` text PRIMARY KEY NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `collaborators` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`logo_small` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collaborators_org_slug_uq` ON `collaborators` (`org_id`,`slug`);--> statement-breakpoint
CREATE TABLE `competences` (
	`slug` text PRIMARY KEY NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contributions` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`initiative_id` text NOT NULL,
	`member_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`source` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`anonymous` integer DEFAULT false NOT NULL,
	`comment` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirmation_code` text,
	`idempotency_key` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contributions_initiative_idx` ON `contributions` (`initiative_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `contributions_idempotency_uq` ON `contributions` (`member_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `donation_params` (
	`initiative_id` text PRIMARY KEY NOT NULL,
	`currency` text NOT NULL,
	`target_amount` integer,
	`show_target_amount` integer DEFAULT false NOT NULL,
	`sources` text DEFAULT '[]' NOT NULL,
	`external_url` text,
	`paypal_client_id` text,
	`inhand_instructions` text,
	`transfer_bank_name` text,
	`transfer_recipient` text,
	`transfer_iban` text,
	`transfer_swift` text,
	`transfer_concept` text,
	`br_transfer_bank` text,
	`br_transfer_agency` text,
	`br_transfer_account` text,
	`br_transfer_cpf` text,
	`br_transfer_cnpj` text,
	`br_transfer_guidelines` text,
	`tax_deductible` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`links` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'outbox' NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_to_idx` ON `email_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`purpose` text NOT NULL,
	`org_id` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_tokens_member_idx` ON `email_tokens` (`member_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `indicators` (
	`id` text PRIMARY KEY NOT NULL,
	`initiative_id` text NOT NULL,
	`name` text NOT NULL,
	`unit` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `indicators_initiative_idx` ON `indicators` (`initiative_id`);--> statement-breakpoint
CREATE TABLE `initiative_categories` (
	`initiative_id` text NOT NULL,
	`category_slug` text NOT NULL,
	PRIMARY KEY(`initiative_id`, `category_slug`),
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_slug`) REFERENCES `categories`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `initiative_collaborators` (
	`initiative_id` text NOT NULL,
	`collaborator_id` text NOT NULL,
	PRIMARY KEY(`initiative_id`, `collaborator_id`),
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collaborator_id`) REFERENCES `collaborators`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `initiative_competences` (
	`initiative_id` text NOT NULL,
	`competence_slug` text NOT NULL,
	PRIMARY KEY(`initiative_id`, `competence_slug`),
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competence_slug`) REFERENCES `competences`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `initiative_sdgs` (
	`initiative_id` text NOT NULL,
	`sdg_id` integer NOT NULL,
	PRIMARY KEY(`initiative_id`, `sdg_id`),
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sdg_id`) REFERENCES `sdgs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `initiative_sdgs_sdg_idx` ON `initiative_sdgs` (`sdg_id`);--> statement-breakpoint
CREATE TABLE `initiative_target_audiences` (
	`initiative_id` text NOT NULL,
	`target_audience_slug` text NOT NULL,
	PRIMARY KEY(`initiative_id`, `target_audience_slug`),
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_audience_slug`) REFERENCES `target_audiences`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `initiatives` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`address` text,
	`address_detail` text,
	`latitude` real,
	`longitude` real,
	`image` text,
	`type` text NOT NULL,
	`subtype` text,
	`status` text DEFAULT 'open' NOT NULL,
	`start_time` integer,
	`end_time` integer,
	`registration_end_time` integer,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_in_person` integer DEFAULT false NOT NULL,
	`is_remote` integer DEFAULT false NOT NULL,
	`remote_url` text,
	`pinned` integer DEFAULT false NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`program` text,
	`max_participants` integer DEFAULT -1 NOT NULL,
	`participant_count` integer DEFAULT 0 NOT NULL,
	`is_working_hours` integer DEFAULT false NOT NULL,
	`minors_allowed` integer DEFAULT false NOT NULL,
	`feedback_url` text,
	`contact_person` text,
	`contact_email` text,
	`contact_phone` text,
	`submitter_member_id` text,
	`participation_method` text DEFAULT 'report_hours' NOT NULL,
	`hours_per_day` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submitter_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `initiatives_org_slug_uq` ON `initiatives` (`org_id`,`slug`);--> statement-breakpoint
CREATE INDEX `initiatives_wall_idx` ON `initiatives` (`org_id`,`status`,`pinned`,`start_time`);--> statement-breakpoint
CREATE INDEX `initiatives_org_end_idx` ON `initiatives` (`org_id`,`end_time`);--> statement-breakpoint
CREATE TABLE `interests` (
	`initiative_id` text NOT NULL,
	`member_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`initiative_id`, `member_id`),
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `interests_member_idx` ON `interests` (`member_id`);--> statement-breakpoint
CREATE TABLE `member_categories` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`category_slug` text NOT NULL,
	PRIMARY KEY(`org_id`, `member_id`, `category_slug`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_slug`) REFERENCES `categories`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `member_competences` (
	`member_id` text NOT NULL,
	`competence_slug` text NOT NULL,
	PRIMARY KEY(`member_id`, `competence_slug`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competence_slug`) REFERENCES `competences`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `member_target_audiences` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`target_audience_slug` text NOT NULL,
	PRIMARY KEY(`org_id`, `member_id`, `target_audience_slug`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_audience_slug`) REFERENCES `target_audiences`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `member_user_groups` (
	`group_id` text NOT NULL,
	`member_id` text NOT NULL,
	PRIMARY KEY(`group_id`, `member_id`),
	FOREIGN KEY (`group_id`) REFERENCES `public_user_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `members` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`email_confirmed_at` integer,
	`language` text DEFAULT 'en-US' NOT NULL,
	`last_terms_accepted_version` integer DEFAULT 0 NOT NULL,
	`chat_password` text,
	`disabled_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_email_uq` ON `members` (`email`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`org_terms_accepted_version` integer DEFAULT 0 NOT NULL,
	`onboarding_completed_version` integer DEFAULT 0 NOT NULL,
	`manager_member_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`org_id`, `member_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `memberships_member_idx` ON `memberships` (`member_id`);--> statement-breakpoint
CREATE TABLE `organization_email_domains` (
	`domain` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `organization_email_domains_org_idx` ON `organization_email_domains` (`org_id`);--> statement-breakpoint
CREATE TABLE `organization_hostnames` (
	`hostname` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`logo` text,
	`logo_small` text,
	`region` text DEFAULT 'ES' NOT NULL,
	`signup_token` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`is_mini_profile` integer DEFAULT false NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`community_config` text DEFAULT '{}' NOT NULL,
	`general_config` text DEFAULT '{}' NOT NULL,
	`org_terms_version` integer DEFAULT 0 NOT NULL,
	`org_terms_url` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_slug_uq` ON `organizations` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_signup_token_uq` ON `organizations` (`signup_token`);--> statement-breakpoint
CREATE TABLE `participation_records` (
	`id` text PRIMARY KEY NOT NULL,
	`participation_id` text NOT NULL,
	`type` text NOT NULL,
	`hours` integer,
	`value` integer,
	`unit` text,
	`indicator_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`participation_id`) REFERENCES `participations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`indicator_id`) REFERENCES `indicators`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participation_records_participation_idx` ON `participation_records` (`participation_id`);--> statement-breakpoint
CREATE TABLE `participations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`initiative_id` text NOT NULL,
	`member_id` text NOT NULL,
	`uuid` text NOT NULL,
	`status` text NOT NULL,
	`manager_approval_status` text DEFAULT 'not_needed' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participations_initiative_member_uq` ON `participations` (`initiative_id`,`member_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `participations_uuid_uq` ON `participations` (`uuid`);--> statement-breakpoint
CREATE INDEX `participations_member_idx` ON `participations` (`org_id`,`member_id`,`status`);--> statement-breakpoint
CREATE TABLE `platform_terms` (
	`version` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `profile_details` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`address` text,
	`professional_experience` text,
	`volunteering_experience` text,
	`social_work_motivations` text,
	`talents_and_skills` text,
	`education` text,
	`technical_skills` text,
	`leadership_skills` text,
	`alias` text,
	`machine_number` text,
	`relation_with_org` text,
	`tshirt_size` text,
	`specific_training_cap_ccp` integer,
	`specific_training_first_aid` integer,
	`specific_training_received_volunteering_training` integer,
	`specific_training_received_volunteering_training_where` text,
	`availability_preferred_location` text DEFAULT '[]' NOT NULL,
	`availability_days` text DEFAULT '[]' NOT NULL,
	`availability_hours_start` text,
	`availability_hours_end` text,
	`availability_and_mobility` text,
	`volunteering_motivation_reason` text DEFAULT '[]' NOT NULL,
	`motivations_and_expectations` text,
	`date_of_birth` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`org_id`, `member_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `profiles` (
	`member_id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`avatar_key` text,
	`phone` text,
	`social` text DEFAULT '{}' NOT NULL,
	`commercial_comms_accepted` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_slug_uq` ON `profiles` (`slug`);--> statement-breakpoint
CREATE TABLE `proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`start_time` integer,
	`end_time` integer,
	`is_in_person` integer DEFAULT false NOT NULL,
	`address` text,
	`latitude` real,
	`longitude` real,
	`is_remote` integer DEFAULT false NOT NULL,
	`remote_url` text,
	`sdgs` text DEFAULT '[]' NOT NULL,
	`competences` text DEFAULT '[]' NOT NULL,
	`help_organize` integer DEFAULT false NOT NULL,
	`max_participants` integer,
	`status` text DEFAULT 'proposed' NOT NULL,
	`reject_reason` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `proposals_member_idx` ON `proposals` (`org_id`,`member_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `public_user_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `public_user_groups_org_slug_uq` ON `public_user_groups` (`org_id`,`slug`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `refresh_tokens_session_idx` ON `refresh_tokens` (`session_id`);--> statement-breakpoint
CREATE TABLE `scores` (
	`initiative_id` text NOT NULL,
	`member_id` text NOT NULL,
	`initiative_score` real,
	`organization_score` real,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`initiative_id`, `member_id`),
	FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sdgs` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sdgs_slug_unique` ON `sdgs` (`slug`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	`user_agent` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_member_idx` ON `sessions` (`member_id`);--> statement-breakpoint
CREATE TABLE `sso_identities` (
	`provider_id` text NOT NULL,
	`subject` text NOT NULL,
	`member_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`provider_id`, `subject`),
	FOREIGN KEY (`provider_id`) REFERENCES `sso_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sso_providers` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`provider` text NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret` text,
	`scopes` text DEFAULT 'openid email profile' NOT NULL,
	`enforced` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_providers_org_provider_uq` ON `sso_providers` (`org_id`,`provider`);--> statement-breakpoint
CREATE TABLE `sso_states` (
	`state` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`code_verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`redirect_path` text DEFAULT '' NOT NULL,
	`app` text DEFAULT 'web' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `sso_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `target_audiences` (
	`slug` text PRIMARY KEY NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
