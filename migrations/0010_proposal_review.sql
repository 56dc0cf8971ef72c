ALTER TABLE `proposals` ADD `reviewed_by` text REFERENCES members(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `proposals` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `proposals` ADD `initiative_id` text REFERENCES initiatives(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `proposals_queue_idx` ON `proposals` (`org_id`,`status`,`created_at`);