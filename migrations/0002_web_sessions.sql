CREATE TABLE `web_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`access_token` text NOT NULL,
	`access_expires_at` integer NOT NULL,
	`refresh_token` text NOT NULL,
	`refreshing_until` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
