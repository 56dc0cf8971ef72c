/**
 * Initiatives written with an API key that holds `initiatives:write` (issue 31, section 2): the
 * staff editor's own service and validation (workers/manage/initiative-editor.ts), acting for the
 * organisation. A new one has no submitting member, so its administrators manage it; the audit
 * names the key (decision 050).
 */
import { initiativeInputSchema, withoutReadOnlyFields } from "../../app/domain/initiatives/editor";
import { auditStatements } from "../audit/statements";
import { writeBatch } from "../db/chunks";
import { getDb } from "../db/client";
import { parseInput } from "../lib/validation";
import { editorConfig, initiativeCreation, updateInitiative } from "../manage/initiative-editor";
import type { Tenant } from "../tenant/organizations";
import { keyActor } from "./keys";

/** The body as the staff editor's PUT takes it: read-only fields a client echoes back are dropped. */
const inputOf = (org: Tenant, body: unknown) => parseInput(initiativeInputSchema(editorConfig(org)), withoutReadOnlyFields(body));

export async function createInitiativeByKey(env: Env, org: Tenant, keyId: string, body: unknown, now = Date.now()) {
  const input = inputOf(org, body);
  const db = getDb(env);
  const actor = keyActor(keyId);
  const { id, slug, statements } = await initiativeCreation(env, db, org, { id: crypto.randomUUID(), submitterMemberId: null }, input, now);
  await writeBatch(db, [...statements, ...auditStatements(db, org.id, actor, [{ action: "initiative.created", targetType: "initiative", targetId: id, detail: { title: input.title, type: input.type } }], now)]);
  return { id, slug };
}

/** Saves the whole initiative as the editor does: an administrator's reach, named as the key. */
export async function updateInitiativeByKey(env: Env, org: Tenant, keyId: string, id: string, body: unknown, now = Date.now()) {
  return updateInitiative(env, org, { memberId: keyActor(keyId), role: "admin" }, id, inputOf(org, body), now);
}
