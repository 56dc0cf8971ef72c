/**
 * A member's own data, as one machine-readable document (issue 28, point 6; docs/api/auth.md
 * "GET /auth/account/export"; docs/decisions/030). The account is the member's, so the document
 * covers every organisation they have data in; it holds only what is theirs: who reviewed a
 * record, who else is in a conversation, other members' names are never in it.
 *
 * Everything is read in one D1 batch (one round trip, a fixed number of statements whatever the
 * member did), which is why this is a direct download and not a background task: one member's rows
 * are small beside one request's budget. Files and certificates are listed with the links that
 * download them (the files themselves stay in R2, served with their own authorisation).
 */
import { avatarUrl } from "../profile/avatar-url";
import { certificatePdfPath, verifyPath } from "../social-cv/certificates";
import { notFound } from "../lib/domain-errors";
import { requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";

/** Bumped when a field changes meaning or goes; new fields do not bump it. */
export const EXPORT_SCHEMA_VERSION = 1;
export const EXPORT_SCHEMA = "commons.member-data";

type Row = Record<string, unknown>;

const iso = (ms: unknown) => (typeof ms === "number" ? new Date(ms).toISOString() : null);
const parsed = (text: unknown, fallback: unknown) => {
  try {
    return typeof text === "string" ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
};
const bool = (value: unknown) => (value === null || value === undefined ? null : Boolean(value));

/** The statements, all bound to the member's id as ?1; each row carries the organisation it belongs to as org_id. */
const STATEMENTS = {
  account: `select m.id, m.email, m.language, m.email_confirmed_at, m.last_terms_accepted_version, m.created_at, m.deletion_requested_at,
      p.name, p.slug, p.avatar_key, p.phone, p.social, p.commercial_comms_accepted, p.participation_emails
    from members m left join profiles p on p.member_id = m.id where m.id = ?1`,
  organizations: `select o.id as org_id, o.slug, o.name from organizations o where
      exists (select 1 from memberships x where x.org_id = o.id and x.member_id = ?1)
      or exists (select 1 from participations x where x.org_id = o.id and x.member_id = ?1)
      or exists (select 1 from contributions x where x.org_id = o.id and x.member_id = ?1)
      or exists (select 1 from proposals x where x.org_id = o.id and x.member_id = ?1)
      or exists (select 1 from chat_messages x where x.org_id = o.id and x.sender_member_id = ?1)
      or exists (select 1 from attachments x where x.org_id = o.id and x.member_id = ?1)
      or exists (select 1 from cv_certificates x where x.org_id = o.id and x.member_id = ?1)
      or exists (select 1 from credentials x where x.org_id = o.id and x.member_id = ?1)
      or exists (select 1 from profile_details x where x.org_id = o.id and x.member_id = ?1)
    order by o.name, o.id`,
  memberships: `select org_id, role, org_terms_accepted_version, onboarding_completed_version, created_at from memberships where member_id = ?1`,
  details: `select * from profile_details where member_id = ?1`,
  groups: `select g.org_id, g.slug, g.name from member_user_groups mg join public_user_groups g on g.id = mg.group_id where mg.member_id = ?1 order by g.slug`,
  categories: `select org_id, category_slug as slug from member_categories where member_id = ?1 order by category_slug`,
  audiences: `select org_id, target_audience_slug as slug from member_target_audiences where member_id = ?1 order by target_audience_slug`,
  competences: `select competence_slug as slug from member_competences where member_id = ?1 order by competence_slug`,
  participations: `select p.id, p.org_id, p.status, p.manager_approval_status, p.created_at, i.slug, i.title, i.type, i.start_time, i.end_time
    from participations p join initiatives i on i.id = p.initiative_id where p.member_id = ?1 order by p.created_at, p.id`,
  records: `select r.participation_id, p.org_id, r.type, r.hours, r.value, coalesce(r.unit, ind.unit) as unit, ind.name as indicator, r.status,
      r.reject_reason, r.reviewed_at, r.checkin_day, r.created_at
    from participation_records r join participations p on p.id = r.participation_id left join indicators ind on ind.id = r.indicator_id
    where p.member_id = ?1 order by r.created_at, r.id`,
  donations: `select c.id, c.org_id, i.slug, i.title, c.amount, c.currency, c.source, c.anonymous, c.comment, c.status, c.confirmation_code, c.reject_reason, c.created_at
    from contributions c join initiatives i on i.id = c.initiative_id where c.member_id = ?1 order by c.created_at, c.id`,
  proposals: `select id, org_id, type, title, description, start_time, end_time, is_in_person, address, is_remote, remote_url, sdgs, competences,
      help_organize, max_participants, status, reject_reason, created_at
    from proposals where member_id = ?1 order by created_at, id`,
  messages: `select id, org_id, conversation_id, content, created_at from chat_messages where sender_member_id = ?1 order by id`,
  files: `select a.id, a.org_id, i.slug as initiative, a.kind, a.filename, a.mimetype, a.size, a.status, a.created_at, o.slug as org_slug
    from attachments a join initiatives i on i.id = a.initiative_id join organizations o on o.id = a.org_id where a.member_id = ?1 order by a.created_at, a.id`,
  certificates: `select c.id, c.org_id, c.status, c.statement, c.created_at, c.revoked_at, o.slug as org_slug
    from cv_certificates c join organizations o on o.id = c.org_id where c.member_id = ?1 order by c.created_at, c.id`,
  credentials: `select id, org_id, participation_id, certificate_id, hours, jwt, issued_at, revoked_at, revoked_reason
    from credentials where member_id = ?1 order by issued_at, id`,
  interests: `select i.org_id, i.slug, i.title, n.created_at from interests n join initiatives i on i.id = n.initiative_id where n.member_id = ?1 order by n.created_at`,
  ratings: `select i.org_id, i.slug, i.title, s.initiative_score, s.organization_score, s.created_at from scores s join initiatives i on i.id = s.initiative_id where s.member_id = ?1 order by s.created_at`,
  waitlists: `select w.org_id, i.slug, i.title, w.status, w.created_at from waitlist_entries w join initiatives i on i.id = w.initiative_id where w.member_id = ?1 order by w.created_at`,
} as const;

type Part = keyof typeof STATEMENTS;

/** The profile_details columns that are keys or bookkeeping, not answers. */
const DETAIL_KEYS = new Set(["org_id", "member_id"]);
/** The profile_details columns stored as JSON lists. */
const DETAIL_LISTS = new Set(["availability_preferred_location", "availability_days", "volunteering_motivation_reason"]);

/**
 * Everything the member's account holds, as the export document (see docs/api/auth.md for its
 * shape); `onlyOrgId`: the organisations part limited to that one (an administrator's export on the
 * member's request holds only what their organisation holds).
 */
export async function memberDataExport(env: Env, memberId: string, origin: string, now = Date.now(), onlyOrgId?: string) {
  const parts = Object.keys(STATEMENTS) as Part[];
  const results = await env.DB.batch<Row>(parts.map((part) => env.DB.prepare(STATEMENTS[part]).bind(memberId)));
  const rows = Object.fromEntries(parts.map((part, n) => [part, results[n].results])) as Record<Part, Row[]>;
  const account = rows.account[0];
  if (!account) throw notFound("account_not_found", "There is no account with this e-mail.");
  const of = (part: Part, orgId: string) => rows[part].filter((row) => row.org_id === orgId);
  const link = (path: string) => new URL(path, origin).toString();

  return {
    schema: EXPORT_SCHEMA,
    schema_version: EXPORT_SCHEMA_VERSION,
    generated_at: iso(now),
    account: {
      id: account.id,
      email: account.email,
      language: account.language,
      email_confirmed_at: iso(account.email_confirmed_at),
      platform_terms_accepted_version: account.last_terms_accepted_version,
      created_at: iso(account.created_at),
      deletion_requested_at: iso(account.deletion_requested_at),
    },
    profile: {
      name: account.name ?? null,
      slug: account.slug ?? null,
      phone: account.phone ?? null,
      social: parsed(account.social, {}),
      commercial_comms_accepted: bool(account.commercial_comms_accepted),
      participation_emails: bool(account.participation_emails),
      avatar: account.avatar_key ? link(avatarUrl(memberId, account.avatar_key as string)!) : null,
      competences: rows.competences.map((row) => row.slug),
    },
    organizations: rows.organizations.filter((org) => !onlyOrgId || org.org_id === onlyOrgId).map((org) => {
      const orgId = org.org_id as string;
      const membership = of("memberships", orgId)[0];
      const details = of("details", orgId)[0];
      const records = of("records", orgId);
      return {
        id: orgId,
        slug: org.slug,
        name: org.name,
        /** Null when the member no longer belongs to it but still has data there (hours, donations...). */
        membership: membership
          ? {
              role: membership.role,
              joined_at: iso(membership.created_at),
              policy_accepted_version: membership.org_terms_accepted_version,
              onboarding_completed_version: membership.onboarding_completed_version,
            }
          : null,
        profile_details: details
          ? Object.fromEntries(
              Object.entries(details)
                .filter(([key]) => !DETAIL_KEYS.has(key))
                .map(([key, value]) => [key, DETAIL_LISTS.has(key) ? parsed(value, []) : key === "updated_at" ? iso(value) : value]),
            )
          : null,
        groups: of("groups", orgId).map((row) => ({ slug: row.slug, name: row.name })),
        categories: of("categories", orgId).map((row) => row.slug),
        target_audiences: of("audiences", orgId).map((row) => row.slug),
        participations: of("participations", orgId).map((row) => ({
          initiative: { slug: row.slug, title: row.title, type: row.type, start_time: iso(row.start_time), end_time: iso(row.end_time) },
          status: row.status,
          manager_approval_status: row.manager_approval_status,
          created_at: iso(row.created_at),
          records: records
            .filter((record) => record.participation_id === row.id)
            .map((record) => ({
              type: record.type,
              hours: record.hours,
              value: record.value,
              unit: record.unit,
              indicator: record.indicator,
              status: record.status,
              reject_reason: record.reject_reason,
              reviewed_at: iso(record.reviewed_at),
              checkin_day: record.checkin_day,
              created_at: iso(record.created_at),
            })),
        })),
        donations: of("donations", orgId).map((row) => ({
          initiative: { slug: row.slug, title: row.title },
          amount_minor_units: row.amount,
          currency: row.currency,
          source: row.source,
          anonymous: bool(row.anonymous),
          comment: row.comment,
          status: row.status,
          confirmation_code: row.confirmation_code,
          reject_reason: row.reject_reason,
          created_at: iso(row.created_at),
        })),
        proposals: of("proposals", orgId).map((row) => ({
          id: row.id,
          type: row.type,
          title: row.title,
          description: row.description,
          start_time: iso(row.start_time),
          end_time: iso(row.end_time),
          is_in_person: bool(row.is_in_person),
          address: row.address,
          is_remote: bool(row.is_remote),
          remote_url: row.remote_url,
          sdgs: parsed(row.sdgs, []),
          competences: parsed(row.competences, []),
          help_organize: bool(row.help_organize),
          max_participants: row.max_participants,
          status: row.status,
          reject_reason: row.reject_reason,
          created_at: iso(row.created_at),
        })),
        /** The messages the member sent; the other side's are theirs, not in this document. */
        messages_sent: of("messages", orgId).map((row) => ({ id: row.id, conversation_id: row.conversation_id, content: row.content, created_at: iso(row.created_at) })),
        files: of("files", orgId).map((row) => ({
          id: row.id,
          initiative: row.initiative,
          kind: row.kind,
          filename: row.filename,
          mimetype: row.mimetype,
          size: row.size,
          status: row.status,
          created_at: iso(row.created_at),
          download: link(`/api/${row.org_slug}/initiative/${row.initiative}/attachment/${row.kind}/${row.id}/download`),
        })),
        certificates: of("certificates", orgId).map((row) => ({
          id: row.id,
          status: row.status,
          statement: parsed(row.statement, null),
          created_at: iso(row.created_at),
          revoked_at: iso(row.revoked_at),
          verify: link(verifyPath(row.id as string)),
          pdf: row.status === "completed" && row.revoked_at === null ? link(certificatePdfPath({ slug: row.org_slug as string }, row.id as string)) : null,
        })),
        /** The verifiable credentials issued to the member (docs/credentials.md), each as issued (VC-JOSE). */
        credentials: of("credentials", orgId).map((row) => ({
          id: row.id,
          kind: row.certificate_id === null ? "participation" : "social_cv",
          participation_id: row.participation_id,
          certificate_id: row.certificate_id,
          hours: row.hours,
          issued_at: iso(row.issued_at),
          revoked_at: iso(row.revoked_at),
          revoked_reason: row.revoked_reason,
          verify: link(verifyPath(row.id as string)),
          credential: row.jwt,
        })),
        interests: of("interests", orgId).map((row) => ({ initiative: { slug: row.slug, title: row.title }, created_at: iso(row.created_at) })),
        ratings: of("ratings", orgId).map((row) => ({
          initiative: { slug: row.slug, title: row.title },
          initiative_score: row.initiative_score,
          organization_score: row.organization_score,
          created_at: iso(row.created_at),
        })),
        waitlists: of("waitlists", orgId).map((row) => ({ initiative: { slug: row.slug, title: row.title }, status: row.status, created_at: iso(row.created_at) })),
      };
    }),
  };
}

export type MemberDataExport = Awaited<ReturnType<typeof memberDataExport>>;

/** The file name the download is offered under: the day it was made. */
export const exportFileName = (now = Date.now()) => `commons-my-data-${new Date(now).toISOString().slice(0, 10)}.json`;

/**
 * GET /admin/members/{id}/export: an administrator downloads a member's data on that member's
 * request (decision 034): what this organisation holds of them (the account and profile, and this
 * organisation's part only), audited as member.data_exported.
 */
export async function memberDataExportByAdmin(env: Env, org: Tenant, actor: StaffActor, memberId: string, origin: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  const member = await env.DB.prepare(
    "select m.email from memberships ms join members m on m.id = ms.member_id where ms.org_id = ? and ms.member_id = ? and ms.role != 'system' and m.erased_at is null",
  )
    .bind(org.id, memberId)
    .first<{ email: string }>();
  if (!member) throw notFound("member_not_found", "The member cannot be found.");
  const document = await memberDataExport(env, memberId, origin, now, org.id);
  await env.DB.prepare(
    `insert into audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at)
     values (?, ?, ?, 'member.data_exported', 'member', ?, json_object('email', ?), ?)`,
  )
    .bind(crypto.randomUUID(), org.id, actor.memberId, memberId, member.email, now)
    .run();
  return document;
}
