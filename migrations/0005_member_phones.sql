-- Phones in E.164, unique per organisation (docs/decisions/008-phones-unique-per-organisation.md).
--
-- profiles.phone stays the member's one phone. member_phones indexes it once per organisation the
-- member belongs to, and its unique index is what refuses a second member of an organisation with
-- the same number: PUT /api/{org}/profile answers that refusal with 409 phone_in_use. Triggers keep
-- the index in step with every writer (profile updates, sign-up, SSO linking, the demo seed).

-- 1. Existing numbers to E.164, in SQL where it can: separators out, a 00 prefix read as +, and
--    national numbers read in the region of the member's first organisation.
UPDATE profiles SET phone = nullif(
  replace(replace(replace(replace(replace(replace(replace(trim(phone), ' ', ''), char(160), ''), '-', ''), '.', ''), '(', ''), ')', ''), '/', ''),
  '')
WHERE phone IS NOT NULL;

UPDATE profiles SET phone = '+' || substr(phone, 3) WHERE phone GLOB '00[1-9]*';

UPDATE profiles SET phone = (
  SELECT CASE coalesce(json_extract(o.community_config, '$.region'), o.region)
    WHEN 'ES' THEN CASE WHEN length(phone) = 9 AND phone GLOB '[6789]*' THEN '+34' || phone END
    WHEN 'PT' THEN CASE WHEN length(phone) = 9 AND phone GLOB '[29]*' THEN '+351' || phone END
    WHEN 'BR' THEN CASE WHEN length(ltrim(phone, '0')) IN (10, 11) THEN '+55' || ltrim(phone, '0') END
  END
  FROM memberships ms JOIN organizations o ON o.id = ms.org_id
  WHERE ms.member_id = profiles.member_id
  ORDER BY ms.created_at, ms.org_id
  LIMIT 1)
WHERE phone NOT GLOB '+*' AND phone NOT GLOB '*[^0-9]*';

-- 2. What still is not "+" and 7 to 15 digits cannot be a number: cleared, the member is asked again
--    where the organisation requires a phone.
UPDATE profiles SET phone = NULL
WHERE phone IS NOT NULL
  AND NOT (phone GLOB '+[1-9]*' AND substr(phone, 2) NOT GLOB '*[^0-9]*' AND length(phone) BETWEEN 8 AND 16);

-- 3. Duplicates within an organisation: the member who joined it first keeps the number; the later
--    ones lose it (the phone is one per member, so in all their organisations) and are asked again.
UPDATE profiles SET phone = NULL
WHERE phone IS NOT NULL AND EXISTS (
  SELECT 1
  FROM memberships mine
  JOIN memberships theirs ON theirs.org_id = mine.org_id AND theirs.member_id <> mine.member_id
  JOIN profiles other ON other.member_id = theirs.member_id AND other.phone = profiles.phone
  WHERE mine.member_id = profiles.member_id
    AND (theirs.created_at < mine.created_at OR (theirs.created_at = mine.created_at AND theirs.member_id < mine.member_id)));

-- 4. The index.
CREATE TABLE `member_phones` (
	`org_id` text NOT NULL,
	`member_id` text NOT NULL,
	`phone` text NOT NULL,
	PRIMARY KEY(`org_id`, `member_id`),
	FOREIGN KEY (`org_id`,`member_id`) REFERENCES `memberships`(`org_id`,`member_id`) ON UPDATE no action ON DELETE cascade
);
CREATE UNIQUE INDEX `member_phones_org_phone_uq` ON `member_phones` (`org_id`,`phone`);
CREATE INDEX `member_phones_member_idx` ON `member_phones` (`member_id`);

INSERT INTO member_phones (org_id, member_id, phone)
SELECT ms.org_id, ms.member_id, p.phone FROM memberships ms JOIN profiles p ON p.member_id = ms.member_id WHERE p.phone IS NOT NULL;

-- 5. Kept in step. A new or changed phone is indexed in every organisation of the member, and a
--    number another member of one of them holds aborts the statement (the unique index decides, so
--    of two simultaneous updates only one can pass).
CREATE TRIGGER `profiles_phone_indexed_on_insert` AFTER INSERT ON `profiles` WHEN NEW.phone IS NOT NULL
BEGIN
  INSERT INTO member_phones (org_id, member_id, phone) SELECT org_id, member_id, NEW.phone FROM memberships WHERE member_id = NEW.member_id;
END;

CREATE TRIGGER `profiles_phone_indexed_on_update` AFTER UPDATE OF phone ON `profiles`
BEGIN
  DELETE FROM member_phones WHERE member_id = NEW.member_id;
  INSERT INTO member_phones (org_id, member_id, phone) SELECT org_id, member_id, NEW.phone FROM memberships WHERE member_id = NEW.member_id AND NEW.phone IS NOT NULL;
END;

-- Joining one more organisation (SSO linking) must not fail because someone there has the number:
-- the member joins, unindexed there, and saving that number again answers 409.
CREATE TRIGGER `memberships_phone_indexed` AFTER INSERT ON `memberships`
BEGIN
  INSERT INTO member_phones (org_id, member_id, phone)
  SELECT NEW.org_id, NEW.member_id, p.phone FROM profiles p
  WHERE p.member_id = NEW.member_id AND p.phone IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM member_phones mp WHERE mp.org_id = NEW.org_id AND mp.phone = p.phone);
END;
