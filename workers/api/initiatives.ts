/**
 * /api/{org}/initiative: my initiatives, one initiative, and what a member does with it (join,
 * not going, interested, rate), plus the manager's approval of a participation.
 * Reads by slug (GET /:slug, PUT /:slug/score), writes by id (SPEC.md section 7). Every answer
 * about one initiative is the full Initiative after the change (findInitiative).
 */
import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { ref } from "../openapi/answers";
import type { Initiative } from "../../app/domain/initiatives";
import { approvalSchema, decideApproval, dropInterest, join, leave, rate, showInterest } from "../initiatives/actions";
import { myInitiatives } from "../initiatives/lists";
import { findInitiative, type InitiativeKey } from "../initiatives/queries";
import { notFound } from "../lib/domain-errors";
import { jsonBody } from "../lib/json-body";
import { readMemo } from "../lib/page-request";
import { validate } from "../lib/validation";
import type { AppEnv, MemberEnv } from "../types";
import { sendAfterAnswer } from "./notices";
import { queueCalendarMail } from "../calendar/mail";
import { orgScope } from "./org-scope";
import { approvalScopeFirst } from "./approval-scope";
import { participantCheckinCode } from "../manage/checkin";
import { advanceWaitlist, joinWaitlist, leaveWaitlist } from "../initiatives/waitlist";

const initiativeNotFound = () => notFound("initiative_not_found", "The initiative cannot be found.");

async function load(c: Context<MemberEnv>, by: InitiativeKey): Promise<Initiative> {
  const initiative = await findInitiative(c.env, c.var.org, c.var.auth.memberId, by, readMemo(c));
  if (!initiative) throw initiativeNotFound();
  // The participant's check-in code, for the QR of a qr initiative (issue 11, point 4).
  if (initiative.participation_method === "qr" && initiative.participant_status === "accepted" && initiative.participant_uuid) {
    return { ...initiative, checkin_code: await participantCheckinCode(c.env, initiative.id, initiative.participant_uuid) };
  }
  return initiative;
}

/** Runs a change on the initiative of `/:id`, then answers it as it is now (as the change answered it, or read again). */
async function change(c: Context<MemberEnv>, by: InitiativeKey, act: (initiative: Initiative, now: number) => Promise<Initiative | void>) {
  const changed = await act(await load(c, by), Date.now());
  return c.json(changed ?? (await load(c, by)));
}

export const initiativeRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/", describeRoute(doc("Initiatives", "member", { summary: "My initiatives.", answer: ref("InitiativeList") })), async (c) => c.json({ initiatives: await myInitiatives(c.env, c.var.org, c.var.auth.memberId) }))
  .get("/:slug", describeRoute(doc("Initiatives", "member", { summary: "One initiative, as the member sees it.", answer: ref("Initiative"), errors: { 404: ["initiative_not_found"] } })), async (c) => c.json(await load(c, { slug: c.req.param("slug") })))
  .put("/:id", describeRoute(doc("Initiatives", "member", { summary: "Join the initiative; answers it after the change.", answer: ref("Initiative"), errors: { 403: ["org_terms_not_accepted"], 404: ["initiative_not_found"], 409: ["initiative_full", "initiative_closed", "initiative_rejected", "phone_required"] } })), (c) =>
    change(c, { id: c.req.param("id") }, async (i, now) => {
      const joined = await join(c.env, c.var.org, { memberId: c.var.auth.memberId, membership: c.var.membership }, i, now, c.var.page?.memo);
      // Newly going: the "you are going" e-mail with the event for the member's calendar.
      if (i.participant_status !== "accepted") c.executionCtx.waitUntil(queueCalendarMail(c.env, { method: "PUBLISH", orgId: c.var.org.id, initiativeId: i.id, memberId: c.var.auth.memberId }));
      return joined;
    }),
  )
  .delete("/:id", describeRoute(doc("Initiatives", "member", { summary: "Leave the initiative (not going); the freed place goes to the waitlist.", answer: ref("Initiative"), errors: { 404: ["initiative_not_found"], 409: ["not_going_not_allowed"] } })), (c) =>
    change(c, { id: c.req.param("id") }, async (i, now) => {
      await leave(c.env, c.var.org.id, c.var.auth.memberId, i, now);
      // The place freed goes to the first of the waitlist.
      sendAfterAnswer(c, await advanceWaitlist(c.env, c.var.org, i.id, now));
    }),
  )
  .put("/:id/waitlist", describeRoute(doc("Initiatives", "member", { summary: "Join the waitlist of a full initiative.", answer: ref("Initiative"), errors: { 404: ["initiative_not_found"], 409: ["already_joined", "initiative_not_full", "initiative_closed"] } })), (c) => change(c, { id: c.req.param("id") }, (i, now) => joinWaitlist(c.env, c.var.org, c.var.auth.memberId, i, now)))
  .delete("/:id/waitlist", describeRoute(doc("Initiatives", "member", { summary: "Leave the waitlist.", answer: ref("Initiative"), errors: { 404: ["initiative_not_found"] } })), (c) =>
    change(c, { id: c.req.param("id") }, async (i, now) => {
      sendAfterAnswer(c, await leaveWaitlist(c.env, c.var.org, c.var.auth.memberId, i, now));
    }),
  )
  .put("/:id/interested", describeRoute(doc("Initiatives", "member", { summary: "Mark the initiative as interesting.", answer: ref("Initiative"), errors: { 404: ["initiative_not_found"] } })), (c) => change(c, { id: c.req.param("id") }, (i, now) => showInterest(c.env, c.var.auth.memberId, i, now)))
  .delete("/:id/interested", describeRoute(doc("Initiatives", "member", { summary: "No longer interested.", answer: ref("Initiative"), errors: { 404: ["initiative_not_found"] } })), (c) => change(c, { id: c.req.param("id") }, (i) => dropInterest(c.env, c.var.auth.memberId, i)))
  .put("/:slug/score", describeRoute(doc("Initiatives", "member", { summary: "Rate the initiative and the organisation.", answer: ref("Initiative"), body: { schema: { type: "object", properties: { initiative_score: { type: "integer" }, organization_score: { type: "integer" } } } }, errors: { 400: ["validation_error"], 403: ["rating_disabled", "rating_not_allowed"], 404: ["initiative_not_found"] } })), async (c) => {
    const body = await jsonBody(c);
    return change(c, { slug: c.req.param("slug") }, (i) => rate(c.env, c.var.org, c.var.auth.memberId, i, body));
  })
  // Who may decide is checked before the body is read (approval-scope.ts).
  .put("/:id/participants/:participant_uuid/approval", describeRoute(doc("Initiatives", "staff", { summary: "The line manager approves or refuses a participant's attendance.", status: 204, errors: { 403: ["approval_not_allowed"], 404: ["participant_not_found"], 409: ["approval_closed", "approval_not_needed"] } })), approvalScopeFirst, validate("json", approvalSchema), async (c) => {
    const notices = await decideApproval(
      c.env,
      c.var.org,
      { memberId: c.var.auth.memberId, membership: c.var.membership },
      c.req.param("id"),
      c.req.param("participant_uuid"),
      c.req.valid("json"),
      Date.now(),
    );
    // A refusal frees the place: the waitlist moves (nothing to do after an approval).
    const offers = !c.req.valid("json").approved ? await advanceWaitlist(c.env, c.var.org, c.req.param("id"), Date.now()) : [];
    sendAfterAnswer(c, [...notices, ...offers]);
    return c.body(null, 204);
  });
