/**
 * The responsible profile, a member's social CV in one organisation (SPEC.md sections 3 and 7;
 * issue 13): who they are, what they joined, and their counted hours per initiative, per SDG and
 * per competence, with the impact of their indicator records summed per unit. Only validated or
 * granted records count (reports/counted-hours.ts, as the ranking); points only with the feature.
 * Read in one D1 batch.
 */
import { notFound } from "../lib/domain-errors";
import { iso } from "../initiatives/serialize";
import { avatarUrl } from "../profile/avatar-url";
import { COUNTED_HOURS, hoursByCompetence, hoursBySdg, impactByUnit, type ReportScope } from "../reports/counted-hours";
import type { Tenant } from "../tenant/organizations";

/** Feature `responsible_profile` off: the social CV does not exist (404). */
export function requireResponsibleProfile(org: Tenant) {
  if (!org.community.features.responsible_profile) throw notFound("not_found", "The resource cannot be found.");
}

export interface InitiativeReportRow {
  id: string;
  slug: string;
  title: string;
  type: string;
  start_time: string | null;
  end_time: string | null;
  valid_hours: number;
  /** The initiative's points, earned with its first counted hour; absent without the points feature. */
  points?: number;
}

export interface ResponsibleProfile {
  member_id: string;
  name: string;
  avatar: string | null;
  social: Record<string, string>;
  /** When the member joined this organisation (ISO 8601). */
  created_at: string;
  /** Initiatives joined, per initiative type. */
  participation_summary: Record<string, number>;
  initiatives_joined: number;
  hour_count: number;
  point_count?: number;
  /** Hours per SDG (an initiative's hours count for each of its SDGs), most first. */
  sdg_report: { id: number; value: number }[];
  /** Hours per competence the initiatives applied, most first. */
  competence_report: { id: string; value: number }[];
  /** Indicator values summed per unit (kilogram, kilometre, litre...), largest first. */
  impact_report: { unit: string; value: number }[];
  initiative_report: InitiativeReportRow[];
}

const byMember = `p.org_id = ?1 and p.member_id = ?2`;

/**
 * The member's social CV in `org`; 404 when the member has no profile there. With a period (a
 * certificate's), only records created in [from, to) count, as in every report, and only the
 * initiatives with counted hours in it are listed (and counted as joined).
 */
export async function responsibleProfile(env: Env, org: Tenant, memberId: string, period: Pick<ReportScope, "from" | "to"> = {}): Promise<ResponsibleProfile> {
  requireResponsibleProfile(org);
  const scope: ReportScope = { orgId: org.id, memberId, ...period };
  const limited = period.from !== undefined || period.to !== undefined;
  const [people, initiatives, sdgs, competences, impact] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(
      `select pr.name, pr.avatar_key, pr.social, ms.created_at from memberships ms left join profiles pr on pr.member_id = ms.member_id
       where ms.org_id = ?1 and ms.member_id = ?2`,
    ).bind(org.id, memberId),
    // Joined initiatives, and any other where the member has counted hours (granted after leaving);
    // over a period, those with counted hours in it. Each participation's records on their index:
    // left to itself, SQLite reads them through the status index, every counted record of every
    // organisation per participation.
    env.DB.prepare(
      `select * from (
         select i.id, i.slug, i.title, i.type, i.start_time, i.end_time, i.points, p.status,
           coalesce((select sum(r.hours) from participation_records r indexed by participation_records_participation_idx where r.participation_id = p.id and ${COUNTED_HOURS} and r.created_at >= ?3 and r.created_at < ?4), 0) as valid_hours
         from participations p join initiatives i on i.id = p.initiative_id
         where ${byMember} and i.org_id = ?1
       ) where (status = 'accepted' and ?5 = 0) or valid_hours > 0
       order by coalesce(start_time, 0) desc, title`,
    ).bind(org.id, memberId, period.from ?? 0, period.to ?? Number.MAX_SAFE_INTEGER, limited ? 1 : 0),
    hoursBySdg(env.DB, scope),
    hoursByCompetence(env.DB, scope),
    impactByUnit(env.DB, scope),
  ]);
  const person = people.results[0] as { name: string | null; avatar_key: string | null; social: string | null; created_at: number } | undefined;
  if (!person) throw notFound("not_found", "The resource cannot be found.");
  const withPoints = Boolean(org.community.features.points);
  const rows = initiatives.results as { id: string; slug: string; title: string; type: string; start_time: number | null; end_time: number | null; points: number; status: string; valid_hours: number }[];
  const report = rows.map((row): InitiativeReportRow => {
    const validHours = Number(row.valid_hours);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      type: row.type,
      start_time: iso(row.start_time),
      end_time: iso(row.end_time),
      valid_hours: validHours,
      ...(withPoints ? { points: validHours > 0 ? Number(row.points) : 0 } : {}),
    };
  });
  const joined = rows.filter((row) => row.status === "accepted");
  const summary: Record<string, number> = {};
  for (const row of joined) summary[row.type] = (summary[row.type] ?? 0) + 1;
  return {
    member_id: memberId,
    name: person.name ?? "",
    avatar: avatarUrl(memberId, person.avatar_key),
    social: parseSocial(person.social),
    created_at: iso(Number(person.created_at))!,
    participation_summary: summary,
    initiatives_joined: joined.length,
    hour_count: report.reduce((sum, row) => sum + row.valid_hours, 0),
    ...(withPoints ? { point_count: report.reduce((sum, row) => sum + (row.points ?? 0), 0) } : {}),
    sdg_report: (sdgs.results as { id: number; total: number }[]).map((row) => ({ id: Number(row.id), value: Number(row.total) })),
    competence_report: (competences.results as { id: string; total: number }[]).map((row) => ({ id: row.id, value: Number(row.total) })),
    impact_report: (impact.results as { unit: string; total: number }[]).map((row) => ({ unit: row.unit, value: Number(row.total) })),
    initiative_report: report,
  };
}

function parseSocial(text: string | null): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text ?? "{}");
    return value && typeof value === "object" ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}
