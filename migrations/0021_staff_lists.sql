CREATE TABLE `membership_counts` (
	`org_id` text NOT NULL,
	`role` text NOT NULL,
	`members` integer NOT NULL,
	PRIMARY KEY(`org_id`, `role`)
);
--> statement-breakpoint
ALTER TABLE `memberships` ADD `sort_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `memberships_org_sort_idx` ON `memberships` (`org_id`,`sort_key`,`member_id`);--> statement-breakpoint
CREATE INDEX `memberships_org_role_sort_idx` ON `memberships` (`org_id`,`role`,`sort_key`,`member_id`);--> statement-breakpoint
CREATE INDEX `initiatives_org_submitter_idx` ON `initiatives` (`org_id`,`submitter_member_id`);--> statement-breakpoint
-- Hand-written below (docs/decisions/043): the members list's sort key and the organisations'
-- member counts are kept by triggers, so every write path (joining, an invitation accepted, SSO,
-- a name or e-mail changed, a role changed, a member removed or erased) keeps them in step in its
-- own statement's transaction. The key is what the list sorted by before: lower(coalesce(name, e-mail)).
UPDATE `memberships` SET `sort_key` = coalesce((SELECT lower(p.name) FROM profiles p WHERE p.member_id = memberships.member_id), (SELECT lower(m.email) FROM members m WHERE m.id = memberships.member_id), '');
--> statement-breakpoint
CREATE TRIGGER `memberships_sort_key_on_insert` AFTER INSERT ON `memberships` BEGIN
  UPDATE memberships SET sort_key = coalesce((SELECT lower(p.name) FROM profiles p WHERE p.member_id = new.member_id), (SELECT lower(m.email) FROM members m WHERE m.id = new.member_id), '')
    WHERE org_id = new.org_id AND member_id = new.member_id;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_sort_key_on_insert` AFTER INSERT ON `profiles` BEGIN
  UPDATE memberships SET sort_key = lower(new.name) WHERE member_id = new.member_id;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_sort_key_on_update` AFTER UPDATE OF `name` ON `profiles` BEGIN
  UPDATE memberships SET sort_key = lower(new.name) WHERE member_id = new.member_id;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_sort_key_on_delete` AFTER DELETE ON `profiles` BEGIN
  UPDATE memberships SET sort_key = coalesce((SELECT lower(m.email) FROM members m WHERE m.id = old.member_id), '') WHERE member_id = old.member_id;
END;
--> statement-breakpoint
-- Not on an erasure (its memberships go in the same batch, and its caller counts the changes of its update).
CREATE TRIGGER `members_sort_key_on_email` AFTER UPDATE OF `email` ON `members` WHEN new.erased_at IS NULL AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.member_id = new.id) BEGIN
  UPDATE memberships SET sort_key = lower(new.email) WHERE member_id = new.id;
END;
--> statement-breakpoint
-- Members per organisation and role: the list's total without counting the organisation.
INSERT INTO `membership_counts` (`org_id`, `role`, `members`) SELECT org_id, role, count(*) FROM memberships GROUP BY org_id, role;
--> statement-breakpoint
CREATE TRIGGER `memberships_count_on_insert` AFTER INSERT ON `memberships` BEGIN
  INSERT INTO membership_counts (org_id, role, members) VALUES (new.org_id, new.role, 1)
    ON CONFLICT (org_id, role) DO UPDATE SET members = members + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `memberships_count_on_delete` AFTER DELETE ON `memberships` BEGIN
  UPDATE membership_counts SET members = members - 1 WHERE org_id = old.org_id AND role = old.role;
END;
--> statement-breakpoint
CREATE TRIGGER `memberships_count_on_role` AFTER UPDATE OF `role` ON `memberships` WHEN old.role IS NOT new.role BEGIN
  UPDATE membership_counts SET members = members - 1 WHERE org_id = old.org_id AND role = old.role;
  INSERT INTO membership_counts (org_id, role, members) VALUES (new.org_id, new.role, 1)
    ON CONFLICT (org_id, role) DO UPDATE SET members = members + 1;
END;
