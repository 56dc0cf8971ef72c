/**
 * Issuing through the queue (decision 047): staff validating hours answer at once; the credential
 * of each participation whose hours changed is signed by the consumer, retried by the queue if it
 * fails. One message per participation, named by the participant's uuid (what the validation
 * answer carries).
 */
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { getDb, schema } from "../db/client";
import { getConfig } from "../lib/config";
import { getOrganizationById } from "../tenant/organizations";
import type { OrgScoped } from "../types";
import { mailCredentialIssued } from "./email";
import { reconcileCredential } from "./issue";

export type CredentialJob = { kind: "credential"; orgId: string; participation: string };

/** Queue sendBatch takes at most 100 messages. */
const SEND_BATCH_MAX = 100;

/** Queues the credentials of the participations (by uuid) whose records were just decided; nothing when credentials are off. */
export async function queueCredentials(env: Env, orgId: string, participantUuids: string[]) {
  if (!getConfig(env).CREDENTIALS_KEY_SECRET) return;
  const unique = [...new Set(participantUuids)];
  for (let at = 0; at < unique.length; at += SEND_BATCH_MAX) {
    await env.JOBS.sendBatch(unique.slice(at, at + SEND_BATCH_MAX).map((participation) => ({ body: { kind: "credential", orgId, participation } satisfies CredentialJob })));
  }
}

export async function runCredentialJob(env: Env, message: Message<CredentialJob>) {
  try {
    const org = await getOrganizationById(env, message.body.orgId);
    const { participations } = schema;
    const participation = org
      ? await getDb(env).select({ id: participations.id }).from(participations).where(and(eq(participations.orgId, org.id), eq(participations.uuid, message.body.participation))).get()
      : undefined;
    const result = org && participation ? await reconcileCredential(env, org, participation.id) : null;
    message.ack();
    // Told once, for a credential this delivery issued; a mail that fails is logged, the credential stands.
    if (org && result?.issued) await mailCredentialIssued(env, org, result.id).catch((error) => console.error("credential e-mail not sent", error));
  } catch (error) {
    console.error("credential job failed", message.body, error);
    message.retry({ delaySeconds: 30 });
  }
}

/**
 * After staff validated hours (workers/api/manage.ts: a records decision, a check-in): the
 * participations named (by participant uuid) get their credential through the queue, after the
 * answer. A queue that refuses is logged; the member can still ask for what is owed
 * (POST /api/{org}/credentials).
 */
export function queueCredentialsAfterAnswer<E extends OrgScoped>(c: Context<E>, participantUuids: string[]) {
  if (!participantUuids.length) return;
  c.executionCtx.waitUntil(queueCredentials(c.env, c.var.org.id, participantUuids).catch((error) => console.error("credential jobs not queued", error)));
}

/** The participants whose hours records this decision validated (`applied`: the ones it changed). */
export function validatedParticipants(records: { id: string; type: string; status: string; participant: { uuid: string } }[], applied: string[]): string[] {
  const decided = new Set(applied);
  return records.filter((record) => decided.has(record.id) && record.type === "hours" && record.status === "validated").map((record) => record.participant.uuid);
}
