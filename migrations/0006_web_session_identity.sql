-- Issue 10: a web session names the Auth session and member its tokens stand for, so a page reads
-- the member's identity with the web session in one batch (no PUT /auth/identity per page), and it
-- keeps the D1 Sessions API bookmark of the member's last write (docs/decisions/013). Web sessions
-- from before this migration leave them null and fill them at their next token refresh.
ALTER TABLE `web_sessions` ADD `session_id` text;--> statement-breakpoint
ALTER TABLE `web_sessions` ADD `member_id` text;--> statement-breakpoint
ALTER TABLE `web_sessions` ADD `bookmark` text;
