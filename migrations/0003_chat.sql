CREATE TABLE `chat_conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`type` text DEFAULT 'private' NOT NULL,
	`pair_key` text,
	`last_message_id` integer,
	`last_message_at` integer,
	`last_message_content` text,
	`last_message_member_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_conversations_pair_uq` ON `chat_conversations` (`org_id`,`pair_key`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`sender_member_id` text NOT NULL,
	`content` text NOT NULL,
	`client_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `chat_conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_messages_conversation_idx` ON `chat_messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_client_uq` ON `chat_messages` (`sender_member_id`,`client_id`);--> statement-breakpoint
CREATE TABLE `chat_participants` (
	`conversation_id` text NOT NULL,
	`member_id` text NOT NULL,
	`org_id` text NOT NULL,
	`last_read_message_id` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`conversation_id`, `member_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `chat_conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_participants_member_idx` ON `chat_participants` (`org_id`,`member_id`);