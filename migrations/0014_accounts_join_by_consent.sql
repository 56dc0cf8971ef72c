ALTER TABLE `organization_email_domains` ADD `token` text;--> statement-breakpoint
ALTER TABLE `organization_email_domains` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `organization_email_domains` ADD `checked_at` integer;--> statement-breakpoint
ALTER TABLE `organization_email_domains` ADD `verified_at` integer;--> statement-breakpoint
ALTER TABLE `sso_identities` ADD `issuer` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Links made before this migration keep working with the issuer their provider has now.
UPDATE `sso_identities` SET `issuer` = (SELECT `issuer` FROM `sso_providers` WHERE `sso_providers`.`id` = `sso_identities`.`provider_id`);--> statement-breakpoint
ALTER TABLE `sso_states` ADD `link_member_id` text REFERENCES members(id) ON DELETE cascade;
