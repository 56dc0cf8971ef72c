/**
 * E-mails a staff decision owes members go out after the answer: the request's waitUntil keeps the
 * Worker alive for them, so a decision on a hundred records answers at once (workers/manage/notify.ts).
 */
import type { Context } from "hono";
import { sendNotices, type Notice } from "../manage/notify";
import type { OrgScoped } from "../types";

export function sendAfterAnswer<E extends OrgScoped>(c: Context<E>, notices: Notice[]) {
  if (notices.length) c.executionCtx.waitUntil(sendNotices(c.env, c.var.org, notices));
}
