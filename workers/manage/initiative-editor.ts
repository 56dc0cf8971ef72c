/**
 * The initiative editor's server side (issue 11, point 2): the choices the editor offers, one
 * initiative as the editor fills it, and creating or saving one. The body is checked by
 * `initiativeInputSchema` (app/domain/initiatives/editor.ts, the same rules as the member's
 * proposal); here come the checks that need the database: the lookups and collaborators named
 * exist, indicators kept belong to the initiative and none with reports is dropped, the type does
 * not change once someone took part, the image was uploaded to this organisation. Everything an
 * initiative is made of (its row, lookups, indicators, donation parameters, audit row) is written in
 * one batch: all of it or none.
 */
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { EditorConfig, InitiativeInput } from "../../app/domain/initiatives/editor";
import { SDG_SLUGS, type DonationSource } from "../../app/domain/initiatives/types";
import { defaultMapCenter } from "../../app/domain/community-config";
import { initiativeSlug } from "../../app/domain/slug";
import { chunksFor, writeBatch } from "../db/chunks";
import { getDb, schema, type Database } from "../db/client";
import { iso } from "../initiatives/serialize";
import { badRequest } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";
import { auditStatements } from "../audit/statements";
import { outboxEvent } from "../webhooks/outbox";
import { initiativePayload } from "../webhooks/payloads";
import { imageExists } from "./images";
import { managedInitiative } from "./managed-initiative";
import { ORGANISING_ROLES, requireRole, type StaffActor } from "./scope";

const { initiatives, indicators, donationParams, collaborators } = schema;

/** The organisation's rules the editor's schema needs. */
export const editorConfig = (org: Tenant): EditorConfig => ({ maxSdgs: org.community.max_number_of_sdgs, region: org.region });

/** What the editor offers: the lookups, the organisation's collaborators, and the configuration that shapes the form. */
export async function editorOptions(env: Env, org: Tenant, actor: StaffActor) {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const [categories, competences, audiences, partners] = await db.batch([
    db.select({ slug: schema.categories.slug }).from(schema.categories).orderBy(schema.categories.sortOrder),
    db.select({ slug: schema.competences.slug }).from(schema.competences).orderBy(schema.competences.sortOrder),
    db.select({ slug: schema.targetAudiences.slug }).from(schema.targetAudiences).orderBy(schema.targetAudiences.sortOrder),
    db.select({ slug: collaborators.slug, name: collaborators.name }).from(collaborators).where(eq(collaborators.orgId, org.id)).orderBy(collaborators.name),
  ]);
  const features = org.community.features;
  return {
    categories: categories.map((row) => row.slug),
    competences: competences.map((row) => row.slug),
    target_audiences: audiences.map((row) => row.slug),
    sdgs: [...SDG_SLUGS],
    collaborators: partners,
    max_number_of_sdgs: org.community.max_number_of_sdgs,
    region: org.region,
    currency: org.community.currency,
    features: { points: !!features.points, program: !!features.program },
    can_pin: org.community.can_pin_initiatives,
    /** Where the map opens for a new place. */
    center: defaultMapCenter(org.community),
  };
}

export type EditorOptions = Awaited<ReturnType<typeof editorOptions>>;

/** One initiative as the editor fills it: the body POST and PUT take, with its id, slug, status and pin. */
export async function editableInitiative(env: Env, org: Tenant, actor: StaffActor, id: string) {
  const managed = await managedInitiative(env, org, actor, id);
  const db = getDb(env);
  const of = <T extends { initiativeId: unknown }>(table: T) => eq((table as unknown as { initiativeId: typeof schema.initiativeSdgs.initiativeId }).initiativeId, managed.id);
  const [[row], sdgs, categories, competences, audiences, partners, indicatorRows, [donation], [taken]] = await db.batch([
    db.select().from(initiatives).where(eq(initiatives.id, managed.id)),
    db.select({ id: schema.initiativeSdgs.sdgId }).from(schema.initiativeSdgs).where(of(schema.initiativeSdgs)).orderBy(schema.initiativeSdgs.sdgId),
    db.select({ slug: schema.initiativeCategories.categorySlug }).from(schema.initiativeCategories).where(of(schema.initiativeCategories)),
    db.select({ slug: schema.initiativeCompetences.competenceSlug }).from(schema.initiativeCompetences).where(of(schema.initiativeCompetences)),
    db.select({ slug: schema.initiativeTargetAudiences.targetAudienceSlug }).from(schema.initiativeTargetAudiences).where(of(schema.initiativeTargetAudiences)),
    db
      .select({ slug: collaborators.slug })
      .from(schema.initiativeCollaborators)
      .innerJoin(collaborators, eq(collaborators.id, schema.initiativeCollaborators.collaboratorId))
      .where(of(schema.initiativeCollaborators)),
    indicatorsWithReports(db, managed.id),
    db.select().from(donationParams).where(eq(donationParams.initiativeId, managed.id)),
    takenPart(db, managed.id),
  ]);
  const sources = donation ? (JSON.parse(donation.sources) as DonationSource[]) : [];
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    pinned: row.pinned,
    /** Someone joined or gave: the type is fixed from now on. */
    type_locked: Number(taken?.n ?? 0) > 0,
    type: row.type,
    subtype: row.subtype,
    title: row.title,
    description: row.description,
    image: row.image,
    start_time: iso(row.startTime),
    end_time: iso(row.endTime),
    registration_end_time: iso(row.registrationEndTime),
    is_in_person: row.isInPerson,
    address: row.address,
    address_detail: row.addressDetail,
    latitude: row.latitude,
    longitude: row.longitude,
    location_precision: row.locationPrecision,
    is_remote: row.isRemote,
    remote_url: row.remoteUrl,
    categories: categories.map((c) => c.slug),
    competences: competences.map((c) => c.slug),
    sdgs: sdgs.map((s) => SDG_SLUGS[s.id - 1]).filter(Boolean),
    target_audience: audiences.map((a) => a.slug),
    max_participants: row.maxParticipants < 0 ? null : row.maxParticipants,
    points: row.points,
    program: row.program,
    is_working_hours: row.isWorkingHours,
    minors_allowed: row.minorsAllowed,
    participation_method: row.participationMethod,
    hours_per_day: row.hoursPerDay,
    indicators: indicatorRows.map((i) => ({ id: i.id, name: i.name, unit: i.unit, has_reports: Number(i.reports) > 0 })),
    donation_params: donation
      ? {
          currency: donation.currency as "EUR" | "BRL",
          target_amount: donation.targetAmount === null ? null : donation.targetAmount / 100,
          show_target_amount: donation.showTargetAmount,
          sources,
          external_url: donation.externalUrl,
          inhand_instructions: donation.inhandInstructions,
          transfer_bank_name: donation.transferBankName,
          transfer_recipient: donation.transferRecipient,
          transfer_iban: donation.transferIban,
          transfer_swift: donation.transferSwift,
          transfer_concept: donation.transferConcept,
          br_transfer_bank: donation.brTransferBank,
          br_transfer_agency: donation.brTransferAgency,
          br_transfer_account: donation.brTransferAccount,
          br_transfer_cpf: donation.brTransferCpf,
          br_transfer_cnpj: donation.brTransferCnpj,
          br_transfer_guidelines: donation.brTransferGuidelines,
          tax_deductible: donation.taxDeductible,
        }
      : null,
    contact_person: row.contactPerson,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    collaborators: partners.map((p) => p.slug),
  };
}

export type EditableInitiative = Awaited<ReturnType<typeof editableInitiative>>;

const indicatorsWithReports = (db: Database, initiativeId: string) =>
  db
    .select({
      id: indicators.id,
      name: indicators.name,
      unit: indicators.unit,
      // Named in full: in a one-table select drizzle leaves columns unqualified, and "id" would be the records'.
      reports: sql<number>`(select count(*) from participation_records r where r.indicator_id = "indicators"."id")`.as("reports"),
    })
    .from(indicators)
    .where(eq(indicators.initiativeId, initiativeId))
    .orderBy(indicators.sortOrder);

/** How many joined (in any status) or gave: once anyone has, the initiative's type stays. */
const takenPart = (db: Database, initiativeId: string) => {
  const joined = db.select({ n: count() }).from(schema.participations).where(eq(schema.participations.initiativeId, initiativeId));
  const gave = db.select({ n: count() }).from(schema.contributions).where(eq(schema.contributions.initiativeId, initiativeId));
  return db
    .select({ n: sql<number>`(${joined}) + (${gave})`.as("n") })
    .from(initiatives)
    .where(eq(initiatives.id, initiativeId));
};

/** The names of `wanted` that `known` lacks, as the field error of `field`. */
function unknownIn(field: string, wanted: string[], known: Set<string>) {
  return wanted.some((slug) => !known.has(slug)) ? { [field]: "form_error_invalid" } : {};
}

/**
 * How a new initiative's references that the database lacks are met: the editor refuses them (the
 * staff member can fix the form), an approval drops them (a lookup removed since the proposal was
 * sent is nothing the moderator could fix).
 */
export type UnknownReferences = "refuse" | "drop";

/**
 * The database's checks of an input: lookups and collaborators exist, the image is this
 * organisation's. Answers the input (without the unknown lookups, when those are dropped) and the
 * collaborators' ids.
 */
async function checkReferences(env: Env, db: Database, org: Tenant, input: InitiativeInput, previousImage: string | null, unknown: UnknownReferences = "refuse") {
  // One IN list per lookup (each well under D1's parameter limit: the schema caps the lists), one batch.
  const named = (values: string[]) => (values.length ? values : [""]);
  const [categories, competences, audiences, partners] = await db.batch([
    db.select({ slug: schema.categories.slug }).from(schema.categories).where(inArray(schema.categories.slug, named(input.categories))),
    db.select({ slug: schema.competences.slug }).from(schema.competences).where(inArray(schema.competences.slug, named(input.competences))),
    db.select({ slug: schema.targetAudiences.slug }).from(schema.targetAudiences).where(inArray(schema.targetAudiences.slug, named(input.target_audience))),
    db
      .select({ id: collaborators.id, slug: collaborators.slug })
      .from(collaborators)
      .where(and(eq(collaborators.orgId, org.id), inArray(collaborators.slug, named(input.collaborators)))),
  ]);
  const slugsOf = (rows: { slug: string }[]) => new Set(rows.map((row) => row.slug));
  const known = { categories: slugsOf(categories), competences: slugsOf(competences), target_audience: slugsOf(audiences), collaborators: slugsOf(partners) };
  const partnerIds = partners.map((partner) => partner.id);
  if (unknown === "drop") {
    const kept = (field: keyof typeof known) => input[field].filter((slug) => known[field].has(slug));
    return { input: { ...input, categories: kept("categories"), competences: kept("competences"), target_audience: kept("target_audience"), collaborators: kept("collaborators") }, partnerIds };
  }
  const errors = {
    ...unknownIn("categories", input.categories, known.categories),
    ...unknownIn("competences", input.competences, known.competences),
    ...unknownIn("target_audience", input.target_audience, known.target_audience),
    ...unknownIn("collaborators", input.collaborators, known.collaborators),
    ...(input.image && input.image !== previousImage && !(await imageExists(env, org, input.image)) ? { image: "form_error_invalid" } : {}),
  };
  if (Object.keys(errors).length) throw badRequest("validation_error", "Some fields are missing or invalid.", errors);
  return { input, partnerIds };
}

/** The initiative row's columns that the editor sets. */
function rowValues(org: Tenant, input: InitiativeInput, now: number) {
  const features = org.community.features;
  const time = (value: string | null) => (value ? Date.parse(value) : null);
  return {
    type: input.type,
    subtype: input.subtype,
    title: input.title,
    description: input.description,
    image: input.image,
    startTime: time(input.start_time),
    endTime: time(input.end_time),
    registrationEndTime: time(input.registration_end_time),
    isInPerson: input.is_in_person,
    address: input.address,
    addressDetail: input.address_detail,
    latitude: input.latitude,
    longitude: input.longitude,
    locationPrecision: input.location_precision,
    isRemote: input.is_remote,
    remoteUrl: input.remote_url,
    maxParticipants: input.max_participants ?? -1,
    // Points and programme only where the organisation uses them; elsewhere they stay as they were.
    ...(features.points ? { points: input.points } : {}),
    ...(features.program ? { program: input.program } : {}),
    isWorkingHours: input.is_working_hours,
    minorsAllowed: input.minors_allowed,
    participationMethod: input.participation_method,
    hoursPerDay: input.hours_per_day,
    contactPerson: input.contact_person,
    contactEmail: input.contact_email,
    contactPhone: input.contact_phone,
    updatedAt: now,
  };
}

/** The statements that make the initiative's lookups, collaborators and donation parameters what the input says (after deleting the old ones, when editing). */
function childStatements(db: Database, initiativeId: string, input: InitiativeInput, partnerIds: string[], replacing: boolean): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  const link = <T extends Parameters<Database["insert"]>[0]>(table: T, rows: Record<string, unknown>[]) => {
    if (replacing) statements.push(db.delete(table).where(eq((table as unknown as typeof schema.initiativeSdgs).initiativeId, initiativeId)));
    for (const part of chunksFor(rows, 2)) statements.push(db.insert(table).values(part as never));
  };
  link(schema.initiativeSdgs, input.sdgs.map((slug) => ({ initiativeId, sdgId: SDG_SLUGS.indexOf(slug) + 1 })));
  link(schema.initiativeCategories, input.categories.map((categorySlug) => ({ initiativeId, categorySlug })));
  link(schema.initiativeCompetences, input.competences.map((competenceSlug) => ({ initiativeId, competenceSlug })));
  link(schema.initiativeTargetAudiences, input.target_audience.map((targetAudienceSlug) => ({ initiativeId, targetAudienceSlug })));
  link(schema.initiativeCollaborators, partnerIds.map((collaboratorId) => ({ initiativeId, collaboratorId })));
  const donation = input.donation_params;
  if (!donation) {
    if (replacing) statements.push(db.delete(donationParams).where(eq(donationParams.initiativeId, initiativeId)));
    return statements;
  }
  const values = {
    currency: donation.currency,
    targetAmount: donation.target_amount === null ? null : Math.round(donation.target_amount * 100),
    showTargetAmount: donation.show_target_amount,
    sources: JSON.stringify([...new Set(donation.sources)]),
    externalUrl: donation.external_url,
    inhandInstructions: donation.inhand_instructions,
    transferBankName: donation.transfer_bank_name,
    transferRecipient: donation.transfer_recipient,
    transferIban: donation.transfer_iban,
    transferSwift: donation.transfer_swift,
    transferConcept: donation.transfer_concept,
    brTransferBank: donation.br_transfer_bank,
    brTransferAgency: donation.br_transfer_agency,
    brTransferAccount: donation.br_transfer_account,
    brTransferCpf: donation.br_transfer_cpf,
    brTransferCnpj: donation.br_transfer_cnpj,
    brTransferGuidelines: donation.br_transfer_guidelines,
    taxDeductible: donation.tax_deductible,
  };
  // An upsert keeps what the editor does not set (the PayPal client id).
  statements.push(db.insert(donationParams).values({ initiativeId, ...values }).onConflictDoUpdate({ target: donationParams.initiativeId, set: values }));
  return statements;
}

/** Who makes a new initiative: its id, who submitted it, and who is named its organisers besides. */
export interface NewInitiative {
  id: string;
  /** Null for one an organisation's API key made (issue 31): no member submitted it, its administrators manage it. */
  submitterMemberId: string | null;
  organiserMemberIds?: string[];
}

/**
 * The one way an initiative is made (issue 27): by the editor (createInitiative) and by a
 * moderator's approval of a proposal (workers/manage/proposals.ts). Checks the references of
 * `input` and answers the slug and the statements that write the open initiative, its lookups,
 * collaborators, indicators, donation parameters and organisers, to run in the caller's batch
 * beside its own audit row. Validating `input` is the caller's: the editor's body by
 * initiativeInputSchema, a proposal by its own schema when it was sent.
 *
 * `guard`: the write happens only while it holds (the approval's decision, decision 025). The
 * row's id is then null unless it holds, so a batch whose guard failed stops at the row's NOT NULL
 * and writes nothing at all (`isUnwritten` tells that failure apart).
 */
export async function initiativeCreation(
  env: Env,
  db: Database,
  org: Tenant,
  made: NewInitiative,
  given: InitiativeInput,
  now: number,
  options: { guard?: SQL; unknownReferences?: UnknownReferences } = {},
) {
  const { input, partnerIds } = await checkReferences(env, db, org, given, null, options.unknownReferences);
  const { id } = made;
  const slug = initiativeSlug(input.title);
  const features = org.community.features;
  const statements: BatchItem<"sqlite">[] = [
    db.insert(initiatives).values({
      id: options.guard ? sql<string>`(case when ${options.guard} then ${id} end)` : id,
      orgId: org.id,
      slug,
      status: "open",
      submitterMemberId: made.submitterMemberId,
      createdAt: now,
      ...rowValues(org, input, now),
      points: features.points ? input.points : 0,
      program: features.program ? input.program : null,
    }),
    ...childStatements(db, id, input, partnerIds, false),
    ...chunksFor(input.indicators, 5).map((part) =>
      db.insert(indicators).values(part.map((indicator, index) => ({ id: crypto.randomUUID(), initiativeId: id, name: indicator.name, unit: indicator.unit, sortOrder: index }))),
    ),
    ...chunksFor(made.organiserMemberIds ?? [], 4).map((part) =>
      db.insert(schema.initiativeOrganisers).values(part.map((memberId) => ({ initiativeId: id, memberId, orgId: org.id, createdAt: now }))),
    ),
    // After the row: a batch whose guard failed has stopped before it, and writes no event either.
    outboxEvent(db, org.id, "initiative.created", `initiative:${id}`, initiativePayload(env, org, { id, slug, title: input.title, status: "open", startTime: input.start_time ? Date.parse(input.start_time) : null }), now),
  ];
  return { id, slug, statements };
}

/** Whether `error` is the failure of a guarded initiativeCreation whose guard no longer held. */
export const isUnwritten = (error: unknown) => error instanceof Error && /NOT NULL constraint failed: initiatives\.id/.test(`${error.message} ${String(error.cause ?? "")}`);

/** A new initiative, open, created by the actor (who therefore organises it). Answers its id and slug. */
export async function createInitiative(env: Env, org: Tenant, actor: StaffActor, input: InitiativeInput, now: number) {
  requireRole(actor, ORGANISING_ROLES);
  const db = getDb(env);
  const { id, slug, statements } = await initiativeCreation(env, db, org, { id: crypto.randomUUID(), submitterMemberId: actor.memberId }, input, now);
  await writeBatch(db, [
    ...statements,
    ...auditStatements(db, org.id, actor.memberId, [{ action: "initiative.created", targetType: "initiative", targetId: id, detail: { title: input.title, type: input.type } }], now),
  ]);
  return { id, slug };
}

/**
 * Saves the editor over an initiative the actor manages. Indicators are matched by id: kept ones
 * are renamed in place (their reports stay with them), new ones added, and dropping one that has
 * reports is refused (form_error_indicator_in_use). The type is fixed once anyone joined or gave.
 */
export async function updateInitiative(env: Env, org: Tenant, actor: StaffActor, id: string, input: InitiativeInput, now: number) {
  const current = await editableInitiative(env, org, actor, id);
  const db = getDb(env);
  const errors: Record<string, string> = {};
  if (current.type_locked && input.type !== current.type) errors.type = "form_error_type_locked";
  const existing = new Map(current.indicators.map((indicator) => [indicator.id, indicator]));
  input.indicators.forEach((indicator, index) => {
    if (indicator.id && !existing.has(indicator.id)) errors[`indicators.${index}.id`] = "form_error_invalid";
  });
  const kept = new Set(input.indicators.map((indicator) => indicator.id).filter(Boolean));
  if (current.indicators.some((indicator) => indicator.has_reports && !kept.has(indicator.id))) errors.indicators = "form_error_indicator_in_use";
  if (Object.keys(errors).length) throw badRequest("validation_error", "Some fields are missing or invalid.", errors);
  const { partnerIds } = await checkReferences(env, db, org, input, current.image);
  const dropped = current.indicators.filter((indicator) => !kept.has(indicator.id)).map((indicator) => indicator.id);
  await writeBatch(db, [
    db.update(initiatives).set(rowValues(org, input, now)).where(eq(initiatives.id, current.id)),
    ...childStatements(db, current.id, input, partnerIds, true),
    ...chunksFor(dropped).map((part) => db.delete(indicators).where(inArray(indicators.id, part))),
    ...input.indicators.map((indicator, index) =>
      indicator.id
        ? db.update(indicators).set({ name: indicator.name, unit: indicator.unit, sortOrder: index }).where(eq(indicators.id, indicator.id))
        : db.insert(indicators).values({ id: crypto.randomUUID(), initiativeId: current.id, name: indicator.name, unit: indicator.unit, sortOrder: index }),
    ),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "initiative.updated", targetType: "initiative", targetId: current.id, detail: { title: input.title } }], now),
    outboxEvent(db, org.id, "initiative.updated", `initiative:${current.id}`, initiativePayload(env, org, { id: current.id, slug: current.slug, title: input.title }), now),
  ]);
  return { id: current.id, slug: current.slug };
}
