/**
 * The shape of what Commons issues (issue 32; docs/credentials.md): an Open Badges 3.0
 * OpenBadgeCredential on the W3C Verifiable Credentials 2.0 data model, and the Bitstring Status
 * List credential that says which are revoked. Pure: the caller brings the facts and the URLs;
 * signing is issue.ts's, checking verify.ts's.
 */
import { SDG_SLUGS } from "../../app/domain/initiatives/types";
import goalNames from "../../app/i18n/locales/en-US/initiatives.json";
import lookupNames from "../../app/i18n/locales/en-US/lookups.json";

export const VC_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const OB_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";

export interface ParticipationFacts {
  /** The credential's URL on the organisation's host. */
  id: string;
  issuer: { id: string; name: string; url: string; image: string | null };
  initiative: { url: string; title: string; description: string; image: string | null; type: string; sdgs: number[]; competences: string[] };
  /** The member as the credential names them: their e-mail, salted and hashed (OB 3.0 IdentityObject). */
  identity: { hash: string; salt: string };
  hours: number;
  /** When staff validated the last of the hours counted (ms). */
  validatedAt: number;
  /** When the credential takes effect: its issue (ms). */
  validFrom: number;
  status: { listUrl: string; index: number };
}

const names = goalNames as Record<string, string>;
const lookups = lookupNames as Record<string, string>;

/** The first lines of a text as a short description (an Achievement's description is required, not long). */
const shortText = (text: string, fallback: string) => {
  const plain = text.replace(/\s+/g, " ").trim();
  return plain ? (plain.length > 500 ? `${plain.slice(0, 497)}…` : plain) : fallback;
};

function alignments(facts: { issuer: ParticipationFacts["issuer"]; initiative: Pick<ParticipationFacts["initiative"], "url" | "sdgs" | "competences"> }) {
  const goals = facts.initiative.sdgs
    .filter((id) => id >= 1 && id <= SDG_SLUGS.length)
    .map((id) => ({
      type: ["Alignment"],
      targetType: "ext:SustainableDevelopmentGoal",
      targetName: `SDG ${id}: ${names[`sdg_${SDG_SLUGS[id - 1]}`] ?? SDG_SLUGS[id - 1]}`,
      targetUrl: `https://sdgs.un.org/goals/goal${id}`,
      targetFramework: "UN Sustainable Development Goals",
      targetCode: String(id),
    }));
  const competences = facts.initiative.competences.map((slug) => ({
    type: ["Alignment"],
    targetType: "Competency",
    targetName: lookups[`competence.${slug}`] ?? slug,
    // The initiative that exercised it: the organisation's competences have no page of their own.
    targetUrl: `${facts.initiative.url}#competence-${encodeURIComponent(slug)}`,
    targetFramework: `${facts.issuer.name} competences`,
    targetCode: slug,
  }));
  return [...goals, ...competences];
}

/** The issuer as a Profile, and the dates: what every credential of ours says the same way. */
function issuedBy(facts: Pick<ParticipationFacts, "issuer" | "validFrom">) {
  const issued = new Date(facts.validFrom).toISOString();
  return {
    issuer: {
      id: facts.issuer.id,
      type: ["Profile"],
      name: facts.issuer.name,
      url: facts.issuer.url,
      ...(facts.issuer.image ? { image: { id: facts.issuer.image, type: "Image" } } : {}),
    },
    validFrom: issued,
    awardedDate: issued,
  };
}

/** The member as OB 3.0 names them without their address: a salted hash of it. */
const identityOf = (identity: ParticipationFacts["identity"]) => ({ type: "IdentityObject", identityHash: identity.hash, identityType: "emailAddress", hashed: true, salt: identity.salt });

/** The credential's bit in the organisation's revocation list. */
const statusEntry = (status: ParticipationFacts["status"]) => ({
  id: `${status.listUrl}#${status.index}`,
  type: "BitstringStatusListEntry",
  statusPurpose: "revocation",
  statusListIndex: String(status.index),
  statusListCredential: status.listUrl,
});

/** The OpenBadgeCredential for one participation's validated hours (unsigned: the JWS is its proof). */
export function participationCredential(facts: ParticipationFacts) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const achievementId = `${facts.initiative.url}#achievement`;
  const hoursResult = `${facts.initiative.url}#validated-hours`;
  return {
    "@context": [VC_CONTEXT, OB_CONTEXT],
    id: facts.id,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: facts.initiative.title,
    ...issuedBy(facts),
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [identityOf(facts.identity)],
      achievement: {
        id: achievementId,
        type: ["Achievement"],
        achievementType: facts.initiative.type === "training" ? "Course" : "ext:Volunteering",
        name: facts.initiative.title,
        description: shortText(facts.initiative.description, facts.initiative.title),
        criteria: {
          id: facts.initiative.url,
          narrative: `Took part in "${facts.initiative.title}" with ${facts.issuer.name}; the hours were validated by the organisation.`,
        },
        ...(facts.initiative.image ? { image: { id: facts.initiative.image, type: "Image" } } : {}),
        alignment: alignments(facts),
        resultDescription: [{ id: hoursResult, type: ["ResultDescription"], name: "Validated volunteering hours", resultType: "ext:Hours" }],
        creator: { id: facts.issuer.id, type: ["Profile"], name: facts.issuer.name, url: facts.issuer.url },
      },
      result: [{ type: ["Result"], resultDescription: hoursResult, value: String(facts.hours) }],
    },
    evidence: [
      {
        id: `${facts.id}#evidence`,
        type: ["Evidence"],
        name: "Hours validated by the organisation",
        description: `${facts.hours} hours validated by ${facts.issuer.name} on ${iso(facts.validatedAt).slice(0, 10)}.`,
        // The validation's instant, for machines: the date above is for people.
        narrative: `Validated at ${iso(facts.validatedAt)}.`,
        genre: "Validated hours",
      },
    ],
    credentialStatus: statusEntry(facts.status),
  };
}

export type OpenBadgeCredential = ReturnType<typeof participationCredential>;

/** What a social CV roll-up states: the period, the total hours, the goals, competences and initiatives. */
export interface RollupFacts {
  id: string;
  issuer: ParticipationFacts["issuer"];
  /** The member's social CV page: the achievement's criteria. */
  cvUrl: string;
  identity: ParticipationFacts["identity"];
  hours: number;
  period: { from: number | null; to: number | null };
  sdgs: number[];
  competences: string[];
  initiatives: { title: string; url: string; hours: number }[];
  validFrom: number;
  status: ParticipationFacts["status"];
}

/** The roll-up OpenBadgeCredential issued with a social CV certificate (unsigned). */
export function rollupCredential(facts: RollupFacts) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const day = (ms: number | null) => (ms === null ? "" : iso(ms).slice(0, 10));
  const span = facts.period.from === null ? "" : ` from ${day(facts.period.from)} to ${day(facts.period.to)}`;
  const name = `Volunteering with ${facts.issuer.name}`;
  const achievementId = `${facts.issuer.url}/responsible_profile#achievement`;
  const hoursResult = `${facts.issuer.url}/responsible_profile#validated-hours`;
  return {
    "@context": [VC_CONTEXT, OB_CONTEXT],
    id: facts.id,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name,
    ...issuedBy(facts),
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [identityOf(facts.identity)],
      ...(facts.period.from !== null ? { activityStartDate: iso(facts.period.from) } : {}),
      ...(facts.period.to !== null ? { activityEndDate: iso(facts.period.to) } : {}),
      achievement: {
        id: achievementId,
        type: ["Achievement"],
        achievementType: "ext:VolunteeringRecord",
        name,
        description: `${facts.hours} validated volunteering hours in ${facts.initiatives.length} initiatives with ${facts.issuer.name}${span}.`,
        criteria: { id: facts.cvUrl, narrative: `Hours validated by ${facts.issuer.name}${span}, as its social CV of the member states them.` },
        ...(facts.issuer.image ? { image: { id: facts.issuer.image, type: "Image" } } : {}),
        alignment: alignments({ issuer: facts.issuer, initiative: { url: facts.cvUrl, sdgs: facts.sdgs, competences: facts.competences } }),
        resultDescription: [{ id: hoursResult, type: ["ResultDescription"], name: "Validated volunteering hours", resultType: "ext:Hours" }],
        creator: { id: facts.issuer.id, type: ["Profile"], name: facts.issuer.name, url: facts.issuer.url },
      },
      result: [{ type: ["Result"], resultDescription: hoursResult, value: String(facts.hours) }],
    },
    evidence: facts.initiatives.map((initiative, index) => ({
      id: `${facts.id}#initiative-${index + 1}`,
      type: ["Evidence"],
      name: initiative.title,
      description: `${initiative.hours} validated hours.`,
      genre: "Initiative",
      narrative: initiative.url,
    })),
    credentialStatus: statusEntry(facts.status),
  };
}

/** The organisation's Bitstring Status List credential (revocation), unsigned. */
export function statusListCredential(listUrl: string, issuer: string, encodedList: string, now: number) {
  return {
    "@context": [VC_CONTEXT],
    id: listUrl,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer,
    validFrom: new Date(now).toISOString(),
    credentialSubject: { id: `${listUrl}#list`, type: "BitstringStatusList", statusPurpose: "revocation", encodedList },
  };
}
