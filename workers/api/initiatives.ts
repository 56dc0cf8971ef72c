/**
 * /api/{org}/initiative: my initiatives, one initiative, and what a member does with it (join,
 * not going, interested, rate), plus the manager's approval of a participation.
 * Reads by slug (GET /:slug, PUT /:slug/score), writes by id (SPEC.md section 7). Every answer
 * about one initiative is the full Initiative after the change (findInitiative).
 */
import { Hono, type Context } from "hono";
import type { Initiative } from "../../app/domain/initiatives";
import { approvalSchema, decideApproval, dropInterest, join, leave, rate, showInterest } from "../initiatives/actions";
import { myInitiatives } from "../initiatives/lists";
import { findInitiative, type InitiativeKey } from "../initiatives/queries";
import { notFound } from "../lib/domain-errors";
import { jsonBody } from "../lib/json-body";
import { readMemo } from "../lib/page-request";
import { validate } from "../lib/validation";
import type { AppEnv } from "../types";
import { sendAfterAnswer } from "./notices";
import { queueCalendarMail } from "../calendar/mail";
import { orgScope } from "./org-scope";
import { approvalScopeFirst } from "./approval-scope";
import { participantCheckinCode } from "../manage/checkin";
import { advanceWaitlist, joinWaitlist, leaveWaitlist } from "../initiatives/waitlist";

const initiativeNotFound = () => notFound("initiative_not_found", "The initiative cannot be found.");

async function load(c: Context<AppEnv>, by: InitiativeKey): Promise<Initiative> {
  const initiative = await findInitiative(c.env, c.var.org, c.var.auth.memberId, by, readMemo(c));
  if (!initiative) throw initiativeNotFound();
  // The participant's check-in code, for the QR of a qr initiative (issue 11, point 4).
  if (initiative.participation_method === "qr" && initiative.participant_status === "accepted" && initiative.participant_uuid) {
    return { ...initiative, checkin_code: await participantCheckinCode(c.env, initiative.id, initiative.participant_uuid) };
  }
  return initiative;
}

/** Runs a change on the initiative of `/:id`, then answers it as it is now (as the change answered it, or read again). */
async function change(c: Context<AppEnv>, by: InitiativeKey, act: (initiative: Initiative, now: number) => Promise<Initiative | void>) {
  const changed = await act(await load(c, by), Date.now());
  return c.json(changed ?? (await load(c, by)));
}

export const initiativeRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/", async (c) => c.json({ initiatives: await myInitiatives(c.env, c.var.org, c.var.auth.memberId) }))
  .get("/:slug", async (c) => c.json(await load(c, { slug: c.req.param("slug") })))
  .put("/:id", (c) =>
    change(c, { id: c.req.param("id") }, async (i, now) => {
      const joined = await join(c.env, c.var.org, { memberId: c.var.auth.memberId, membership: c.var.membership }, i, now, c.var.page?.memo);
      // Newly going: the "you are going" e-mail with the event for the member's calendar.
      if (i.participant_status !== "accepted") c.executionCtx.waitUntil(queueCalendarMail(c.env, { method: "PUBLISH", orgId: c.var.org.id, initiativeId: i.id, memberId: c.var.auth.memberId }));
      return joined;
    }),
  )
  .delete("/:id", (c) =>
    change(c, { id: c.req.param("id") }, async (i, now) => {
      await leave(c.env, c.var.org.id, c.var.auth.memberId, i, now);
      // The place freed goes to the first of the waitlist.
      sendAfterAnswer(c, await advanceWaitlist(c.env, c.var.org, i.id, now));
    }),
  )
  .put("/:id/waitlist", (c) => change(c, { id: c.req.param("id") }, (i, now) => joinWaitlist(c.env, c.var.org, c.var.auth.memberId, i, now)))
  .delete("/:id/waitlist", (c) =>
    change(c, { id: c.req.param("id") }, async (i, now) => {
      sendAfterAnswer(c, await leaveWaitlist(c.env, c.var.org, c.var.auth.memberId, i, now));
    }),
  )
  .put("/:id/interested", (c) => change(c, { id: c.req.param("id") }, (i, now) => showInterest(c.env, c.var.auth.memberId, i, now)))
  .delete("/:id/interested", (c) => change(c, { id: c.req.param("id") }, (i) => dropInterest(c.env, c.var.auth.memberId, i)))
  .put("/:slug/score", async (c) => {
    const body = await jsonBody(c);
    return change(c, { slug: c.req.param("slug") }, (i) => rate(c.env, c.var.org, c.var.auth.memberId, i, body));
  })
  // Who may decide is checked before the body is read (approval-scope.ts).
  .put("/:id/participants/:participant_uuid/approval", approvalScopeFirst, validate("json", approvalSchema), async (c) => {
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
