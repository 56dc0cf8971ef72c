DROP INDEX `initiatives_wall_idx`;--> statement-breakpoint
CREATE INDEX `initiatives_wall_long_idx` ON `initiatives` (`org_id`,`status`,`pinned`,`end_time`) WHERE (start_time is null or end_time is null or end_time - start_time > 2678400000);--> statement-breakpoint
CREATE INDEX `initiatives_org_start_idx` ON `initiatives` (`org_id`,`start_time`,`id`);--> statement-breakpoint
CREATE INDEX `initiatives_submitter_idx` ON `initiatives` (`submitter_member_id`);--> statement-breakpoint
CREATE INDEX `initiatives_wall_idx` ON `initiatives` (`org_id`,`status`,`pinned`,`start_time`,`id`);--> statement-breakpoint
CREATE INDEX `participation_records_pending_idx` ON `participation_records` (`participation_id`) WHERE status = 'pending';