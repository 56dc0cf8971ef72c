/**
 * The rebuild of what the members list keeps (docs/decisions/043): each membership's sort key and
 * the members per organisation and role, from the memberships, profiles and e-mails, as the
 * triggers of migrations/0022 keep them. Used by `npm run rollups:rebuild` and by the Worker test
 * that checks the triggers against it; the migration's backfill is the same.
 */
export const REBUILD_MEMBER_LIST = [
  `UPDATE memberships SET sort_key = coalesce((SELECT lower(p.name) FROM profiles p WHERE p.member_id = memberships.member_id),
    (SELECT lower(m.email) FROM members m WHERE m.id = memberships.member_id), '')`,
  "DELETE FROM membership_counts",
  "INSERT INTO membership_counts (org_id, role, members) SELECT org_id, role, count(*) FROM memberships GROUP BY org_id, role",
];
