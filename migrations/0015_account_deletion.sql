ALTER TABLE `members` ADD `deletion_requested_at` integer;--> statement-breakpoint
ALTER TABLE `members` ADD `deletion_requested_by` text;--> statement-breakpoint
ALTER TABLE `members` ADD `erased_at` integer;--> statement-breakpoint
CREATE INDEX `members_deletion_idx` ON `members` (`deletion_requested_at`);