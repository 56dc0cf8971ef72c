/**
 * /api/{org}/manage: the organiser's and the manager's calls (issue 11, docs/api/manage.md): the
 * validation queue of records, members' uploads and money, and the approvals that wait. Role and
 * scope are checked by the services (workers/manage/scope.ts): a member gets 403, an organiser
 * 403 for an initiative that is not theirs; org-scope.ts answers 404 for another organisation.
 */
import { calendarInitiative } from "../calendar/single-event";
import { queueCalendarMail } from "../calendar/mail";
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc, FILE_ERRORS, fileBody } from "../openapi/describe";
import { arrayOf, bulkAnswer, namedList, objectOf, orNull, ref, scalars } from "../openapi/answers";
import * as v from "valibot";
import { ATTACHMENT_KINDS } from "../../app/domain/attachments";
import { DONATION_SOURCES, INITIATIVE_TYPES } from "../../app/domain/initiatives";
import { proposalDecisionSchema } from "../../app/domain/proposals";
import { bulkDecisionSchema, bulkRecordDecisionSchema, CONTRIBUTION_DECISIONS, decisionSchema, INITIATIVE_CURSOR, initiativeStateSchema, participantMessageSchema, recordDecisionSchema, UPLOAD_DECISIONS } from "../../app/domain/manage";
import { schema } from "../db/client";
import { bulkApprovalSchema, decideApprovals, listApprovals } from "../manage/approvals";
import { listContributions, reviewContribution, reviewContributions } from "../manage/contributions";
import { pageQuerySchema } from "../manage/paging";
import { listRecords, reviewRecord, reviewRecords } from "../manage/records";
import { correctRecord } from "../manage/record-corrections";
import { recordCorrectionSchema } from "../../app/domain/record-corrections";
import { ORGANISING_ROLES, STAFF_ROLES, type StaffActor } from "../manage/scope";
import { listUploads, reviewUpload, reviewUploads } from "../manage/uploads";
import { listManagedInitiatives, listParticipants, PARTICIPANT_DECISIONS, setParticipantStatus, updateInitiativeState } from "../manage/initiatives";
import { csvResponse } from "../lib/csv";
import { linkNext, listAnswer } from "../lib/keyset-links";
import { messageParticipants } from "../manage/messages";
import { staffSummary } from "../manage/summary";
import { parseInput, validate } from "../lib/validation";
import { initiativeInputSchema, withoutReadOnlyFields } from "../../app/domain/initiatives/editor";
import { createInitiative, editableInitiative, editorConfig, editorOptions, updateInitiative } from "../manage/initiative-editor";
import { uploadImage } from "../manage/images";
import { checkIn, checkinSheet } from "../manage/checkin";
import { advanceWaitlist } from "../initiatives/waitlist";
import { reorderWaitlist, WAITLIST_REORDER_MAX } from "../manage/waitlist";
import { listProposals, reviewProposal } from "../manage/proposals";
import { readUpload } from "./attachments";
import type { Tenant } from "../tenant/organizations";
import type { AppEnv, MemberEnv } from "../types";
import { sendAfterAnswer } from "./notices";
import { queueCredentialsAfterAnswer, validatedParticipants } from "../credentials/jobs";
import { bulkApprovalScopeFirst } from "./approval-scope";
import { orgScope } from "./org-scope";
import { rolesFirst } from "./roles-first";
import { moderatesProposals } from "../manage/proposals";

const actorOf = (c: Context<MemberEnv>): StaffActor => ({ memberId: c.var.auth.memberId, role: c.var.membership.role });

const id = v.pipe(v.string(), v.minLength(1, "form_error_invalid"), v.maxLength(64, "form_error_invalid"));

const listQuery = <S extends readonly [string, ...string[]]>(statuses: S, extra: v.ObjectEntries = {}) =>
  v.strictObject(
    { status: v.optional(v.picklist(statuses, "form_error_invalid"), "pending"), initiative_id: v.optional(id), ...pageQuerySchema, ...extra },
    "form_error_unknown_field",
  );

const recordQuery = listQuery(schema.RECORD_STATUSES, { type: v.optional(v.picklist(schema.RECORD_TYPES, "form_error_invalid")) });
export const contributionQuery = listQuery(schema.CONTRIBUTION_STATUSES, {
  source: v.optional(v.picklist(DONATION_SOURCES, "form_error_invalid")),
  q: v.optional(v.pipe(v.string(), v.maxLength(100, "form_error_max_length"))),
});
const uploadQuery = listQuery(schema.ATTACHMENT_STATUSES, { kind: v.optional(v.picklist(ATTACHMENT_KINDS, "form_error_invalid")) });

/** A day of the calendar as YYYY-MM-DD that exists (isoDate alone takes 2026-02-30). */
const calendarDay = v.pipe(
  v.string(),
  v.isoDate("form_error_invalid_date"),
  v.check((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
  }, "form_error_invalid_date"),
);
const initiativeQuery = v.strictObject(
  {
    q: v.optional(v.pipe(v.string(), v.maxLength(100, "form_error_max_length"))),
    type: v.optional(v.picklist(INITIATIVE_TYPES, "form_error_invalid")),
    status: v.optional(v.picklist(schema.INITIATIVE_STATUSES, "form_error_invalid")),
    scope: v.optional(v.picklist(["mine", "all"], "form_error_invalid")),
    // Days of the organisation's calendar: initiatives under way on any day from `from` to `to`.
    from: v.optional(calendarDay),
    to: v.optional(calendarDay),
    cursor: v.optional(v.pipe(v.string(), v.regex(INITIATIVE_CURSOR, "form_error_invalid"))),
    limit: pageQuerySchema.limit,
  },
  "form_error_unknown_field",
);

/** A JSON object, checked against the organisation's rules in the handler (the SDG cap and region come from its configuration). */
const anyObject = v.record(v.string(), v.unknown(), "form_error_invalid");

/** A check-in: the code scanned or typed, the hours (default hours_per_day) and, for one queued offline, when it was made. */
const checkinBody = v.strictObject(
  {
    code: v.pipe(v.string("form_error_required"), v.trim(), v.minLength(1, "form_error_required"), v.maxLength(100, "form_error_checkin_code")),
    hours: v.optional(v.pipe(v.number("form_error_invalid_number"), v.integer("form_error_invalid_number"))),
    at: v.optional(v.pipe(v.string("form_error_invalid_date"), v.isoTimestamp("form_error_invalid_date"))),
  },
  "form_error_unknown_field",
);

/** The waitlist's new order: every entry waiting now, first in line first. */
const waitlistOrder = v.strictObject(
  { order: v.pipe(v.array(id, "form_error_invalid"), v.maxLength(WAITLIST_REORDER_MAX, "form_error_invalid")) },
  "form_error_unknown_field",
);

const proposalQuery = v.strictObject(
  { status: v.optional(v.picklist(schema.PROPOSAL_STATUSES, "form_error_invalid"), "proposed"), ...pageQuerySchema },
  "form_error_unknown_field",
);

const participantStatus = v.strictObject({ status: v.picklist(PARTICIPANT_DECISIONS, "form_error_invalid") }, "form_error_unknown_field");

/** A spreadsheet of the participants: what the screen shows, one row each, with each indicator's validated total. */
async function participantsCsv(c: Context<MemberEnv>) {
  const { initiative, participants } = await listParticipants(c.env, c.var.org, actorOf(c), c.req.param("id") ?? "");
  const indicators = participants[0]?.indicators ?? [];
  const header = ["name", "email", "phone", "status", "manager_approval_status", "joined_at", "validated_hours", "pending_hours", ...indicators.map((i) => `${i.name} (${i.unit})`)];
  const rows = participants.map((p) => [p.name, p.email, p.phone, p.status, p.manager_approval_status, p.joined_at, p.hours.validated, p.hours.pending, ...p.indicators.map((i) => i.validated)]);
  return csvResponse(`participants-${initiative.slug}.csv`, header, rows);
}

/**
 * Who may call, checked before any body is read (roles-first.ts): organisers and administrators,
 * except the summary (every staff role) and the approvals (a member who is someone's line
 * manager: the service decides, and approval-scope.ts before the body of a decision); proposals
 * are for their moderators.
 */
const manageRoles = (method: string, path: string, org: Tenant) => {
  if (path === "/approvals") return null;
  if (method === "GET" && path === "/summary") return STAFF_ROLES;
  if (path.startsWith("/proposals")) return ORGANISING_ROLES.filter((role) => moderatesProposals(org, role));
  return ORGANISING_ROLES;
};

export const manageRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .use(rolesFirst("manage", manageRoles))
  .get("/records", describeRoute(doc("Manage", "staff", { answer: namedList("records", ref("ManagedRecord"), true), summary: "Reported hours and values to review, filtered and paged." })), validate("query", recordQuery), async (c) => c.json(listAnswer(c, await listRecords(c.env, c.var.org, actorOf(c), c.req.valid("query")))))
  // The same decision on many records at once: which it changed (applied), which someone else had (lost).
  // Validating many records may set whose time their hours were given in too (issue 30, time_basis).
  .put("/records", describeRoute(doc("Manage", "staff", { answer: bulkAnswer("records", ref("ManagedRecord")), summary: "The same decision on many records at once: which changed (applied), which someone else had decided (lost)." })), validate("json", bulkRecordDecisionSchema), async (c) => {
    const { ids, ...decision } = c.req.valid("json");
    const { records, applied, lost, notices } = await reviewRecords(c.env, c.var.org, actorOf(c), ids, decision, Date.now());
    sendAfterAnswer(c, notices);
    queueCredentialsAfterAnswer(c, validatedParticipants(records, applied));
    return c.json({ records, applied, lost });
  })
  // A single decision may also correct whose time the hours were given in (issue 30, time_basis).
  .put("/records/:id", describeRoute(doc("Manage", "staff", { answer: ref("ManagedRecord"), summary: "Validate or reject one reported record." })), validate("json", recordDecisionSchema), async (c) => {
    const { record, notices } = await reviewRecord(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"), Date.now());
    sendAfterAnswer(c, notices);
    queueCredentialsAfterAnswer(c, validatedParticipants([record], [record.id]));
    return c.json(record);
  })
  // Validated hours corrected or taken back (issue 32): the credential that relied on them is revoked in the same write.
  .post("/records/:id/correction", describeRoute(doc("Manage", "staff", { answer: ref("ManagedRecord"), summary: "Correct or take back validated hours (their credential is revoked in the same write)." })), validate("json", recordCorrectionSchema), async (c) => {
    const { record, participantUuid, notices } = await correctRecord(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"), Date.now());
    sendAfterAnswer(c, notices);
    queueCredentialsAfterAnswer(c, [participantUuid]);
    return c.json(record);
  })
  .get("/contributions", describeRoute(doc("Manage", "staff", { answer: namedList("contributions", ref("ManagedContribution"), true), summary: "Contributions (pledges) to confirm, filtered and paged." })), validate("query", contributionQuery), async (c) =>
    c.json(listAnswer(c, await listContributions(c.env, c.var.org, actorOf(c), c.req.valid("query")))),
  )
  // The same decision on many pledges at once: which it changed (applied), which someone else had (lost).
  .put("/contributions", describeRoute(doc("Manage", "staff", { answer: bulkAnswer("contributions", ref("ManagedContribution")), summary: "The same decision on many pledges at once." })), validate("json", bulkDecisionSchema(CONTRIBUTION_DECISIONS, { reasonRequired: false })), async (c) => {
    const { ids, ...decision } = c.req.valid("json");
    const { contributions, applied, lost, notices } = await reviewContributions(c.env, c.var.org, actorOf(c), ids, decision, Date.now());
    sendAfterAnswer(c, notices);
    return c.json({ contributions, applied, lost });
  })
  .put("/contributions/:id", describeRoute(doc("Manage", "staff", { answer: ref("ManagedContribution"), summary: "Confirm or refuse one pledge.", errors: { 409: ["contribution_not_manual"] } })), validate("json", decisionSchema(CONTRIBUTION_DECISIONS, { reasonRequired: false })), async (c) => {
    const { contribution, notices } = await reviewContribution(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"), Date.now());
    sendAfterAnswer(c, notices);
    return c.json(contribution);
  })
  .get("/attachments", describeRoute(doc("Manage", "staff", { answer: namedList("uploads", ref("ManagedUpload"), true), summary: "Uploaded attachments to review, filtered and paged." })), validate("query", uploadQuery), async (c) => c.json(listAnswer(c, await listUploads(c.env, c.var.org, actorOf(c), c.req.valid("query")))))
  .put("/attachments", describeRoute(doc("Manage", "staff", { answer: bulkAnswer("uploads", ref("ManagedUpload")), summary: "The same decision on many uploads at once." })), validate("json", bulkDecisionSchema(UPLOAD_DECISIONS, { reasonRequired: true })), async (c) => {
    const { ids, ...decision } = c.req.valid("json");
    const { uploads, applied, lost, notices } = await reviewUploads(c.env, c.var.org, actorOf(c), ids, decision, Date.now());
    sendAfterAnswer(c, notices);
    return c.json({ uploads, applied, lost });
  })
  .put("/attachments/:id", describeRoute(doc("Manage", "staff", { answer: ref("ManagedUpload"), summary: "Accept or reject one upload (with a reason)." })), validate("json", decisionSchema(UPLOAD_DECISIONS, { reasonRequired: true })), async (c) => {
    const { upload, notices } = await reviewUpload(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"), Date.now());
    sendAfterAnswer(c, notices);
    return c.json(upload);
  })
  .get("/proposals", describeRoute(doc("Manage", "staff", { answer: namedList("proposals", ref("ManagedProposal"), true), summary: "Members' proposals to moderate, filtered and paged." })), validate("query", proposalQuery), async (c) => c.json(listAnswer(c, await listProposals(c.env, c.var.org, actorOf(c), c.req.valid("query")))))
  .put("/proposals/:id", describeRoute(doc("Manage", "staff", { answer: ref("ManagedProposal"), summary: "Approve or reject a proposal.", errors: { 404: ["proposal_not_found"], 409: ["proposal_already_reviewed"] } })), validate("json", proposalDecisionSchema), async (c) => {
    const { proposal, notices } = await reviewProposal(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"), Date.now());
    sendAfterAnswer(c, notices);
    return c.json(proposal);
  })
  .get("/summary", describeRoute(doc("Manage", "staff", { answer: ref("StaffSummary"), summary: "What waits for the staff member: counts of each queue." })), async (c) => c.json(await staffSummary(c.env, c.var.org, actorOf(c))))
  .get("/approvals", describeRoute(doc("Manage", "member", { answer: namedList("approvals", ref("PendingApproval")), summary: "Attendances waiting for the caller's approval as line manager." })), async (c) => c.json(await listApprovals(c.env, c.var.org, actorOf(c))))
  // The manager's decision on many waiting attendances at once; a refusal frees places for the waitlist.
  .put("/approvals", describeRoute(doc("Manage", "member", { answer: bulkAnswer("approvals", objectOf({ participant_uuid: scalars.str, status: scalars.oneOf("pending", "accepted", "rejected", "not_going"), manager_approval_status: scalars.oneOf("pending", "approved", "rejected", "not_needed") })), summary: "The line manager's decision on many waiting attendances at once.", errors: { 403: ["approval_not_allowed"], 404: ["participant_not_found"], 409: ["approval_closed", "approval_not_needed"] } })), bulkApprovalScopeFirst, validate("json", bulkApprovalSchema), async (c) => {
    const { ids, ...decision } = c.req.valid("json");
    const now = Date.now();
    const { approvals, applied, lost, notices, freed } = await decideApprovals(c.env, c.var.org, actorOf(c), ids, decision, now);
    // Each initiative's waitlist is its own; they move side by side.
    const offers = await Promise.all(freed.map((initiativeId) => advanceWaitlist(c.env, c.var.org, initiativeId, now)));
    sendAfterAnswer(c, [...notices, ...offers.flat()]);
    return c.json({ approvals, applied, lost });
  })
  .get("/initiatives", describeRoute(doc("Manage", "staff", { answer: objectOf({ initiatives: arrayOf(ref("ManagedInitiativeRow")), has_more: scalars.bool, next_cursor: orNull(scalars.str) }), summary: "The initiatives the staff member manages, filtered and paged." })), validate("query", initiativeQuery), async (c) => {
    const page = await listManagedInitiatives(c.env, c.var.org, actorOf(c), c.req.valid("query"));
    linkNext(c, page.next_cursor);
    return c.json(page);
  })
  .get("/initiatives/options", describeRoute(doc("Manage", "staff", { answer: ref("EditorOptions"), summary: "The editor's choices: categories, programs, collaborators, indicators." })), async (c) => c.json(await editorOptions(c.env, c.var.org, actorOf(c))))
  .post("/initiatives", describeRoute(doc("Manage", "staff", { answer: objectOf({ id: scalars.str, slug: scalars.str }), summary: "Create an initiative (the editor's whole initiative).", status: 201, errors: { 409: ["pinning_disabled"] } })), validate("json", anyObject), async (c) => {
    const input = parseInput(initiativeInputSchema(editorConfig(c.var.org)), c.req.valid("json"));
    return c.json(await createInitiative(c.env, c.var.org, actorOf(c), input, Date.now()), 201);
  })
  .post("/images", describeRoute(doc("Manage", "staff", { answer: objectOf({ url: scalars.str, mimetype: scalars.str, size: scalars.int }), summary: "Upload an initiative image.", status: 201, body: fileBody("a PNG, JPEG or WebP image."), errors: { 400: FILE_ERRORS, 413: ["image_too_large", "file_too_large"], 415: ["unsupported_file_type"] } })), async (c) => c.json(await uploadImage(c.env, c.var.org, actorOf(c), () => readUpload(c, "image")), 201))
  .get("/initiatives/:id", describeRoute(doc("Manage", "staff", { answer: ref("EditableInitiative"), summary: "One initiative as the editor reads it." })), async (c) => c.json(await editableInitiative(c.env, c.var.org, actorOf(c), c.req.param("id"))))
  .get("/initiatives/:id/participants.csv", describeRoute(doc("Manage", "staff", { summary: "The initiative's participants as CSV.", media: "text/csv", answer: { type: "string" } })), participantsCsv)
  .get("/initiatives/:id/participants", describeRoute(doc("Manage", "staff", { answer: ref("ParticipantList"), summary: "The initiative's participants." })), async (c) => c.json(await listParticipants(c.env, c.var.org, actorOf(c), c.req.param("id"))))
  // The editor's whole initiative (a body with a title), or only its status or pin.
  .put("/initiatives/:id", describeRoute(doc("Manage", "staff", { answer: ref("EditableInitiative"), summary: "Save the editor's whole initiative, or only its status or pin.", errors: { 409: ["pinning_disabled"] } })), validate("json", anyObject), async (c) => {
    const body = c.req.valid("json");
    if ("title" in body) {
      const input = parseInput(initiativeInputSchema(editorConfig(c.var.org)), withoutReadOnlyFields(body));
      await updateInitiative(c.env, c.var.org, actorOf(c), c.req.param("id"), input, Date.now());
      // A raised cap (or a reopened initiative) frees places for the waitlist.
      sendAfterAnswer(c, await advanceWaitlist(c.env, c.var.org, c.req.param("id"), Date.now()));
      return c.json(await editableInitiative(c.env, c.var.org, actorOf(c), c.req.param("id")));
    }
    const change = parseInput(initiativeStateSchema, body);
    // Cancelled by this call (not before): everyone going gets the calendar's CANCEL (workers/calendar/mail.ts).
    const cancels = change.status === "canceled" && (await calendarInitiative(c.env, c.var.org.id, c.req.param("id")))?.status !== "canceled";
    const state = await updateInitiativeState(c.env, c.var.org, actorOf(c), c.req.param("id"), change, Date.now());
    if (cancels && state.status === "canceled") c.executionCtx.waitUntil(queueCalendarMail(c.env, { method: "CANCEL", orgId: c.var.org.id, initiativeId: state.id }));
    sendAfterAnswer(c, await advanceWaitlist(c.env, c.var.org, state.id, Date.now()));
    return c.json(state);
  })
  .get("/initiatives/:id/checkin", describeRoute(doc("Manage", "staff", { answer: ref("CheckinSheet"), summary: "The check-in sheet of a day of the initiative." })), async (c) => c.json(await checkinSheet(c.env, c.var.org, actorOf(c), c.req.param("id"), Date.now())))
  .post("/initiatives/:id/checkin", describeRoute(doc("Manage", "staff", { answer: ref("Checkin"), summary: "Check a participant in (QR or typed code); validates their hours (200 when already checked in).", status: 201, alsoStatus: 200, errors: { 409: ["participant_not_accepted"] } })), validate("json", checkinBody), async (c) => {
    const { created, checkin } = await checkIn(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"), Date.now());
    // Hours validated at the desk earn their credential too (decision 047).
    if (created) queueCredentialsAfterAnswer(c, [checkin.participant.uuid]);
    return c.json(checkin, created ? 201 : 200);
  })
  .put("/initiatives/:id/waitlist", describeRoute(doc("Manage", "staff", { answer: namedList("waitlist", ref("WaitlistEntry")), summary: "Reorder the initiative's waitlist.", errors: { 409: ["waitlist_changed"] } })), validate("json", waitlistOrder), async (c) => {
    const waitlist = await reorderWaitlist(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json").order, Date.now());
    return c.json({ waitlist });
  })
  .post("/initiatives/:id/message", describeRoute(doc("Manage", "staff", { answer: objectOf({ recipients: scalars.int }), summary: "Send a message to the initiative's participants.", status: 202 })), validate("json", participantMessageSchema), async (c) => {
    const { recipients, send } = await messageParticipants(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.valid("json"), Date.now());
    c.executionCtx.waitUntil(send());
    return c.json({ recipients }, 202);
  })
  .put("/initiatives/:id/participants/:uuid", describeRoute(doc("Manage", "staff", { answer: ref("ParticipantList"), summary: "Change a participant's status.", errors: { 409: ["participant_not_joined"] } })), validate("json", participantStatus), async (c) => {
    await setParticipantStatus(c.env, c.var.org, actorOf(c), c.req.param("id"), c.req.param("uuid"), c.req.valid("json").status, Date.now());
    sendAfterAnswer(c, await advanceWaitlist(c.env, c.var.org, c.req.param("id"), Date.now()));
    return c.json(await listParticipants(c.env, c.var.org, actorOf(c), c.req.param("id")));
  });
