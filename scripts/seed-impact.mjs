/**
 * The impact ledger's demo (issue 30; docs/impact-reporting.md): Acme's rate card (Spain, Portugal, Brazil,
 * a default and a grade), its members' countries, sites and grades, four initiatives of last
 * calendar year in three countries (one remote) with their motivation class, a year of validated
 * hours in paid working time and in own time, with who validated them and the audit entries,
 * management hours and members' donations: /manage/impact opens on a full report for last year.
 *
 * Loaded by scripts/seed.mjs after the demo of scripts/seed-data.mjs (it names Acme's members and
 * the school supplies donation). Not in the browser tests' prepared state: their figures (ranking,
 * dashboard) stay those of the main demo. Idempotent: fixed ids, INSERT OR IGNORE, and updates
 * that set the same values again.
 */
import { insertOrIgnore, sqlLiteral } from "./seed-data.mjs";

const DAY = 86_400_000;

/** Where Acme's demo members work, and their grade (which selects the rate that values their hours). */
const MEMBER_PLACES = [
  ["member-acme-member", "ES", "Madrid", "B"],
  ["member-acme-organiser", "ES", "Madrid", "A"],
  ["member-acme-manager", "ES", "Barcelona", "A"],
  ["member-acme-admin", "ES", "Madrid", "A"],
  ["member-acme-carlos", "PT", "Lisboa", "B"],
  ["member-acme-ines", "PT", "Porto", "B"],
  ["member-acme-david", "BR", "São Paulo", "B"],
];

/** Minor units per hour; the year they apply from is the demo year, so last year's hours are valued. */
const RATES = (year) => [
  { id: "rate-acme-default", key_type: "default", key_value: "", amount: 3000, currency: "EUR", name: null, source: "Acme Group payroll: average fully loaded cost per hour", from_year: year },
  { id: "rate-acme-es", key_type: "country", key_value: "ES", amount: 3200, currency: "EUR", name: null, source: "Acme España payroll: cost per hour", from_year: year },
  { id: "rate-acme-pt", key_type: "country", key_value: "PT", amount: 2400, currency: "EUR", name: null, source: "Acme Portugal payroll: cost per hour", from_year: year },
  { id: "rate-acme-br", key_type: "country", key_value: "BR", amount: 8500, currency: "BRL", name: "Valor da hora de trabalho voluntário", source: "Acme Brasil folha de pagamento: custo médio por hora", from_year: year },
  { id: "rate-acme-grade-a", key_type: "grade", key_value: "A", amount: 5500, currency: "EUR", name: null, source: "Acme Group payroll: grade A cost per hour", from_year: year },
];

/** Last calendar year's initiatives: where, why, and whether they run in working hours. */
const INITIATIVES = [
  { id: "ini-acme-impact-food-bank", slug: "food-bank-shifts", title: "Food bank shifts in Madrid", country: "ES", motivation: "charitable_gift", working: 1, sdgs: [2], categories: ["hunger-and-food"], members: ["member-acme-member", "member-acme-organiser", "member-acme-manager", "member-acme-admin"] },
  { id: "ini-acme-impact-mentoring", slug: "mentoria-jovens-lisboa", title: "Mentoria de jovens em Lisboa", country: "PT", motivation: "community_investment", working: 0, sdgs: [4], categories: ["education"], members: ["member-acme-carlos", "member-acme-ines"] },
  { id: "ini-acme-impact-reforestation", slug: "reflorestamento-mata-atlantica", title: "Reflorestamento na Mata Atlântica", country: "BR", motivation: "community_investment", working: 0, sdgs: [15], categories: ["environment"], members: ["member-acme-david"] },
  { id: "ini-acme-impact-pro-bono", slug: "pro-bono-websites", title: "Pro bono: websites for small NGOs", country: null, motivation: "commercial_initiative", working: 1, sdgs: [17], categories: ["education"], members: MEMBER_PLACES.map(([id]) => id) },
];

/** A whole number of hours from 1 to 4, the same on every run. */
const hoursOf = (seed) => 1 + ([...seed].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 4);

export function buildImpactDemoSql({ now = Date.now() } = {}) {
  const year = new Date(now).getUTCFullYear() - 1;
  const day = (month, date, hour = 10) => Date.UTC(year, month, date, hour);
  const lines = ["", "-- The impact ledger's demo (scripts/seed-impact.mjs): last calendar year, " + year];
  const add = (table, row) => lines.push(insertOrIgnore(table, row));

  for (const [memberId, country, site, grade] of MEMBER_PLACES) {
    lines.push(`UPDATE memberships SET country = ${sqlLiteral(country)}, site = ${sqlLiteral(site)}, grade = ${sqlLiteral(grade)} WHERE org_id = 'org-acme' AND member_id = ${sqlLiteral(memberId)};`);
  }
  for (const rate of RATES(year)) add("impact_rates", { ...rate, org_id: "org-acme", to_year: null, created_at: day(0, 1) });

  for (const ini of INITIATIVES) {
    add("initiatives", {
      id: ini.id,
      org_id: "org-acme",
      slug: ini.slug,
      title: ini.title,
      description: "One of last year's programmes, in the impact report's demo.",
      type: "volunteering",
      subtype: "program",
      status: "open",
      start_time: day(0, 8),
      end_time: day(11, 20),
      is_in_person: ini.country ? 1 : 0,
      is_remote: ini.country ? 0 : 1,
      is_working_hours: ini.working,
      participation_method: "report_hours",
      participant_count: ini.members.length,
      motivation: ini.motivation,
      country: ini.country,
      submitter_member_id: "member-acme-organiser",
      created_at: day(0, 2),
      updated_at: day(0, 2),
    });
    for (const sdgId of ini.sdgs) add("initiative_sdgs", { initiative_id: ini.id, sdg_id: sdgId });
    for (const slug of ini.categories) add("initiative_categories", { initiative_id: ini.id, category_slug: slug });
    for (const memberId of ini.members) {
      const participationId = `part-${ini.id}-${memberId}`;
      add("participations", { id: participationId, org_id: "org-acme", initiative_id: ini.id, member_id: memberId, uuid: participationId, status: "accepted", manager_approval_status: "approved", created_at: day(0, 3), updated_at: day(0, 3) });
      for (let month = 0; month < 12; month += 1) {
        const id = `rec-${ini.id}-${memberId}-${month + 1}`;
        const createdAt = day(month, 5 + (month % 20));
        // One report in six is left waiting and one in twelve refused: neither counts.
        const status = month === 5 ? "pending" : month === 8 && memberId.endsWith("member") ? "rejected" : "validated";
        const reviewed = status === "pending" ? {} : { reviewed_by: "member-acme-organiser", reviewed_at: createdAt + DAY, reject_reason: status === "rejected" ? "Reported twice." : null };
        add("participation_records", { id, participation_id: participationId, type: "hours", hours: hoursOf(id), status, created_at: createdAt, ...reviewed });
        if (status !== "pending") {
          add("audit_log", { id: `audit-${id}`, org_id: "org-acme", actor_member_id: "member-acme-organiser", action: `record.${status}`, target_type: "record", target_id: id, detail: "{}", created_at: createdAt + DAY });
        }
      }
    }
  }

  // The hours the programme team spent running it (B4SI management costs).
  const management = [
    ["mgmt-acme-food-bank-1", "ini-acme-impact-food-bank", "member-acme-organiser", 12, day(2, 14)],
    ["mgmt-acme-food-bank-2", "ini-acme-impact-food-bank", "member-acme-organiser", 10, day(8, 14)],
    ["mgmt-acme-mentoring-1", "ini-acme-impact-mentoring", "member-acme-admin", 16, day(3, 14)],
    ["mgmt-acme-pro-bono-1", "ini-acme-impact-pro-bono", "member-acme-admin", 8, day(6, 14)],
  ];
  for (const [id, initiativeId, memberId, hours, spentAt] of management) {
    add("impact_management_hours", { id, org_id: "org-acme", initiative_id: initiativeId, member_id: memberId, hours, spent_at: spentAt, note: "Planning, partner meetings and reporting", created_by: "member-acme-admin", created_at: spentAt });
    add("audit_log", { id: `audit-${id}`, org_id: "org-acme", actor_member_id: "member-acme-admin", action: "impact_management.added", target_type: "impact_management", target_id: id, detail: JSON.stringify({ hours }), created_at: spentAt });
  }

  // Members' donations to the school supplies appeal, confirmed by staff (B4SI leverage).
  const donations = [
    ["contrib-acme-impact-1", "member-acme-member", 5000, day(8, 20)],
    ["contrib-acme-impact-2", "member-acme-carlos", 2500, day(8, 22)],
    ["contrib-acme-impact-3", "member-acme-ines", 4000, day(9, 1)],
  ];
  for (const [id, memberId, amount, createdAt] of donations) {
    add("contributions", { id, org_id: "org-acme", initiative_id: "ini-acme-school-supplies", member_id: memberId, amount, currency: "EUR", source: "transfer", status: "confirmed", confirmation_code: null, reviewed_by: "member-acme-organiser", reviewed_at: createdAt + DAY, created_at: createdAt });
    add("audit_log", { id: `audit-${id}`, org_id: "org-acme", actor_member_id: "member-acme-organiser", action: "contribution.confirmed", target_type: "contribution", target_id: id, detail: "{}", created_at: createdAt + DAY });
  }
  return `${lines.join("\n")}\n`;
}
