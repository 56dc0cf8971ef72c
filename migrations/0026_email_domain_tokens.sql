-- An e-mail domain's proof token is given when its row is made (the operator adds domains with SQL),
-- not by the screen's GET: a write in a GET costs the page a round trip to keep the write's D1
-- bookmark (workers/lib/request-database.ts), and reads must not write.
UPDATE `organization_email_domains` SET `token` = lower(hex(randomblob(16))) WHERE `token` IS NULL;--> statement-breakpoint
CREATE TRIGGER `organization_email_domains_token` AFTER INSERT ON `organization_email_domains` WHEN NEW.`token` IS NULL BEGIN
  UPDATE `organization_email_domains` SET `token` = lower(hex(randomblob(16))) WHERE `domain` = NEW.`domain`;
END;
