/**
 * The proposal wizard's draft (issue 12): what the member answered so far, on the server, so it
 * survives a reload, going back and another device. The API keeps it as given (the wizard's own
 * fields and the errors of its last send); POST /proposal checks the proposal itself.
 */
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { tooLarge } from "../lib/domain-errors";
import type { Tenant } from "../tenant/organizations";

const { proposalDrafts: drafts } = schema;

/** A description at its longest, and room for the rest. */
export const DRAFT_MAX_BYTES = 48 * 1024;

const of = (org: Tenant, memberId: string) => and(eq(drafts.orgId, org.id), eq(drafts.memberId, memberId));

export async function readDraft(env: Env, org: Tenant, memberId: string): Promise<Record<string, unknown>> {
  const row = await getDb(env).select({ data: drafts.data }).from(drafts).where(of(org, memberId)).get();
  return row ? (JSON.parse(row.data) as Record<string, unknown>) : {};
}

export async function saveDraft(env: Env, org: Tenant, memberId: string, data: Record<string, unknown>, now: number) {
  const text = JSON.stringify(data);
  if (new TextEncoder().encode(text).length > DRAFT_MAX_BYTES) throw tooLarge("payload_too_large", `A draft holds at most ${DRAFT_MAX_BYTES} bytes.`);
  await getDb(env)
    .insert(drafts)
    .values({ orgId: org.id, memberId, data: text, updatedAt: now })
    .onConflictDoUpdate({ target: [drafts.orgId, drafts.memberId], set: { data: text, updatedAt: now } });
}

export async function deleteDraft(env: Env, org: Tenant, memberId: string) {
  await getDb(env).delete(drafts).where(of(org, memberId));
}
