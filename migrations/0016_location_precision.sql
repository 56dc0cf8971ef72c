ALTER TABLE `initiatives` ADD `location_precision` text;--> statement-breakpoint
ALTER TABLE `proposals` ADD `location_precision` text;