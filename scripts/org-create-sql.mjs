/**
 * The SQL of `npm run org:create` (scripts/org-create.mjs), apart so the Worker tests can run it
 * against a real D1: a new organisation with the defaults (every option of its configuration is
 * filled by the Worker's own defaults when read), its custom hostname, and its first administrator.
 * The administrator's account is created without a password, with an invitation link to choose
 * one (/invite/{token}, 7 days); an address that already has an account just becomes the
 * organisation's administrator. One file of statements, run by `wrangler d1 execute` in one go.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";

/** The slug rule of app/domain/slug.ts, and the one of hostnames. */
export const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
export const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,63}$/i;
const INVITE_TTL_MS = 7 * 24 * 3600_000;

const quote = (value) => (value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`);

/** Checks the options; answers the list of problems (empty when all is well). */
export function problemsOf({ slug, name, hostname, adminEmail }) {
  const problems = [];
  if (!slug || !SLUG.test(slug)) problems.push("--slug: lowercase letters, digits and hyphens, starting with a letter or digit (at most 100)");
  if (!name || !name.trim() || name.length > 200) problems.push("--name: the organisation's name (at most 200 characters)");
  if (hostname && !HOSTNAME.test(hostname)) problems.push("--hostname: a hostname such as volunteering.example.com");
  if (!adminEmail || !EMAIL.test(adminEmail)) problems.push("--admin-email: the first administrator's e-mail address");
  return problems;
}

/**
 * The statements and the invitation token (raw, to put in the link; only its SHA-256 is stored).
 * Every insert is guarded, so running the same command twice changes nothing the second time.
 */
export function buildOrgSql({ slug, name, hostname, adminEmail, region = "ES", now = Date.now() }) {
  const orgId = `org-${slug}`;
  const email = adminEmail.trim().toLowerCase();
  const memberId = randomUUID();
  const token = randomBytes(32).toString("base64url");
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const statements = [
    `INSERT OR IGNORE INTO organizations (id, slug, name, region, signup_token, is_default, is_public, community_config, general_config, created_at, updated_at)
     VALUES (${quote(orgId)}, ${quote(slug)}, ${quote(name.trim())}, ${quote(region)}, ${quote(randomUUID())}, 0, 0, '{}', '{}', ${now}, ${now})`,
    ...(hostname ? [`INSERT OR IGNORE INTO organization_hostnames (hostname, org_id) VALUES (${quote(hostname.toLowerCase())}, ${quote(orgId)})`] : []),
    // A new account only when the address has none (members.email is unique).
    `INSERT OR IGNORE INTO members (id, email, language, created_at) VALUES (${quote(memberId)}, ${quote(email)}, 'en-US', ${now})`,
    `INSERT OR IGNORE INTO profiles (member_id, name, slug) SELECT id, ${quote(email.split("@")[0])}, ${quote(`m-${memberId.slice(0, 8)}`)} FROM members WHERE email = ${quote(email)} AND id = ${quote(memberId)}`,
    `INSERT OR IGNORE INTO memberships (org_id, member_id, role, created_at) SELECT ${quote(orgId)}, id, 'admin', ${now} FROM members WHERE email = ${quote(email)}`,
    `UPDATE memberships SET role = 'admin' WHERE org_id = ${quote(orgId)} AND member_id = (SELECT id FROM members WHERE email = ${quote(email)})`,
    `INSERT OR IGNORE INTO invitations (id, org_id, email, member_id, role, invited_by, created_at, accepted_at)
     SELECT ${quote(randomUUID())}, ${quote(orgId)}, ${quote(email)}, id, 'admin', 'operator', ${now}, CASE WHEN password_hash IS NULL THEN NULL ELSE ${now} END FROM members WHERE email = ${quote(email)}`,
    // The link to choose a password, for an account that has none yet.
    `INSERT INTO email_tokens (token_hash, member_id, purpose, org_id, expires_at, created_at)
     SELECT ${quote(tokenHash)}, id, 'invite', ${quote(orgId)}, ${now + INVITE_TTL_MS}, ${now} FROM members WHERE email = ${quote(email)} AND password_hash IS NULL`,
  ];
  return { orgId, statements, token };
}
