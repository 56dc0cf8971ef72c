/**
 * SCIM Users of an organisation (issue 31, section 4; RFC 7643/7644; docs/integrations.md): a user
 * is a member here, an invitation here still pending, or one the identity provider deactivated
 * (its scim_users row, kept so the provider can reactivate it). The resource id is the member id.
 *
 * Provisioning (create, or active:true again) follows how people join today: in an organisation
 * that signs in by SSO (an enforced provider), a new account, or one without a password and no
 * other organisation, becomes a member at once without a password (its first SSO sign-in links it,
 * decision 003); everyone else is invited (workers/admin/invitations.ts), and an existing account
 * joins only when its owner accepts (decision 029). Deactivating (active:false) and DELETE remove
 * the membership in this organisation only, through the administrators' own removal
 * (workers/admin/member-removal.ts): the account and its other organisations stay as they were.
 * The account's e-mail is never changed here (it may belong to other organisations); its name is
 * changed only while the account belongs to this organisation alone.
 */
import { inviteMembers } from "../../admin/invitations";
import { removeMember } from "../../admin/member-removal";
import { auditStatements } from "../../audit/statements";
import { findMemberByEmail, newMemberStatements } from "../../auth/members";
import { and, eq, inArray, sql } from "drizzle-orm";
import { writeBatch } from "../../db/chunks";
import { getDb, schema } from "../../db/client";
import { resolveLocale } from "../../../app/domain/locales";
import { isValidEmail, normalizeEmail } from "../../../app/domain/email";
import type { Tenant } from "../../tenant/organizations";
import { keyActor } from "../keys";
import { invalidValue, ScimError, scimNotFound } from "./errors";
import type { ScimFilter } from "./filter";
import { nameOf, nameParts, type UserChange } from "./user-changes";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const LIST_RESPONSE = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

/** Who acts: the key, for the organisation (decision 050); `base` is this organisation's /scim/v2/{org} URL. */
export interface ScimContext {
  env: Env;
  org: Tenant;
  keyId: string;
  base: string;
  /** Runs work after the answer (the invitation's e-mail). */
  later: (work: Promise<unknown>) => void;
}

interface UserRow {
  id: string;
  email: string;
  created_at: number;
  disabled_at: number | null;
  name: string | null;
  user_name: string | null;
  external_id: string | null;
  updated_at: number | null;
  is_member: number;
  invitation_id: string | null;
}

/** Everyone SCIM can see here: members, pending invitations, and the provider's deactivated users (?1: the organisation). */
const USERS = `with ids(member_id) as (
    select member_id from memberships where org_id = ?1 and role != 'system'
    union select member_id from invitations where org_id = ?1 and accepted_at is null
    union select member_id from scim_users where org_id = ?1)
  select m.id, m.email, m.created_at, m.disabled_at, p.name, s.user_name, s.external_id, s.updated_at,
    ms.member_id is not null as is_member, i.id as invitation_id
  from ids join members m on m.id = ids.member_id
  left join profiles p on p.member_id = m.id
  left join memberships ms on ms.org_id = ?1 and ms.member_id = m.id and ms.role != 'system'
  left join invitations i on i.org_id = ?1 and i.member_id = m.id and i.accepted_at is null
  left join scim_users s on s.org_id = ?1 and s.member_id = m.id
  where m.erased_at is null`;

/** The SQL condition and its value for a filter (bound as ?2). */
const FILTERS: Record<string, string> = {
  id: "m.id = ?2",
  username: "lower(coalesce(s.user_name, m.email)) = lower(?2)",
  externalid: "s.external_id = ?2",
  emails: "m.email = lower(?2)",
};
export const USER_FILTERS = Object.keys(FILTERS);

const isActive = (row: UserRow) => (row.is_member === 1 && row.disabled_at === null) || row.invitation_id !== null;
const iso = (ms: number) => new Date(ms).toISOString();

function resource(ctx: ScimContext, row: UserRow) {
  const name = row.name ?? row.email.split("@")[0];
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    userName: row.user_name ?? row.email,
    name: { formatted: name, ...nameParts(name) },
    displayName: name,
    emails: [{ value: row.email, type: "work", primary: true }],
    active: isActive(row),
    meta: { resourceType: "User", created: iso(row.created_at), lastModified: iso(row.updated_at ?? row.created_at), location: `${ctx.base}/Users/${row.id}` },
  };
}
export type ScimUser = ReturnType<typeof resource>;

async function userRow(ctx: ScimContext, id: string) {
  return ctx.env.DB.prepare(`${USERS} and m.id = ?2`).bind(ctx.org.id, id).first<UserRow>();
}

async function existing(ctx: ScimContext, id: string) {
  const row = await userRow(ctx, id);
  if (!row) throw scimNotFound("User");
  return row;
}

export async function getUser(ctx: ScimContext, id: string) {
  return resource(ctx, await existing(ctx, id));
}

/** GET /Users: a page (startIndex from 1) of the users a filter keeps, oldest account first. */
export async function listUsers(ctx: ScimContext, filter: ScimFilter | null, page: { startIndex: number; count: number }) {
  const where = filter ? ` and ${FILTERS[filter.attribute]}` : "";
  const binds = filter ? [ctx.org.id, filter.value] : [ctx.org.id];
  const [total, rows] = await ctx.env.DB.batch([
    ctx.env.DB.prepare(`select count(*) as n from (${USERS}${where})`).bind(...binds),
    ctx.env.DB.prepare(`${USERS}${where} order by m.created_at, m.id limit ${page.count} offset ${page.startIndex - 1}`).bind(...binds),
  ]);
  const resources = (rows.results as unknown as UserRow[]).map((row) => resource(ctx, row));
  return { schemas: [LIST_RESPONSE], totalResults: (total.results[0] as { n: number }).n, startIndex: page.startIndex, itemsPerPage: resources.length, Resources: resources };
}

const isUnique = (error: unknown) => {
  for (let e = error; e instanceof Error; e = e.cause) if (e.message.includes("UNIQUE constraint failed")) return true;
  return false;
};
const taken = () => new ScimError(409, "A user with this userName or externalId already exists.", "uniqueness");

/** The statement that records what the provider calls the user (userName, externalId). */
function scimRowStatement(ctx: ScimContext, memberId: string, change: UserChange, now: number) {
  const db = getDb(ctx.env);
  const set = {
    updatedAt: now,
    ...(change.userName !== undefined ? { userName: change.userName } : {}),
    ...(change.externalId !== undefined ? { externalId: change.externalId } : {}),
  };
  return db
    .insert(schema.scimUsers)
    .values({ orgId: ctx.org.id, memberId, userName: change.userName ?? null, externalId: change.externalId ?? null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [schema.scimUsers.orgId, schema.scimUsers.memberId], set });
}

/** Whether this organisation signs in by SSO: an enforced provider. */
const signsInBySso = (org: Tenant) => org.sso.some((provider) => provider.enforced);

/**
 * Makes `email` a member here (SSO) or invites them; answers the member id. `memberId`: the user
 * being reactivated, whose account it is.
 */
async function provision(ctx: ScimContext, email: string, name: string, change: UserChange, now: number): Promise<string> {
  const { env, org } = ctx;
  const db = getDb(env);
  const account = await findMemberByEmail(env, email);
  const elsewhere = account ? await env.DB.prepare("select count(*) as n from memberships where member_id = ?").bind(account.id).first<{ n: number }>() : null;
  if (signsInBySso(org) && (!account || (account.passwordHash === null && elsewhere?.n === 0))) {
    // The organisation's own account: a member at once, signing in through its provider.
    const made = account
      ? { id: account.id, statements: [db.insert(schema.memberships).values({ orgId: org.id, memberId: account.id, role: "member" })] }
      : newMemberStatements(env, { email, name, language: resolveLocale(org.community.language), passwordHash: null, emailConfirmed: false, orgId: org.id, termsVersion: 0, commercialComms: false });
    try {
      await writeBatch(db, [
        ...made.statements,
        scimRowStatement(ctx, made.id, change, now),
        ...auditStatements(db, org.id, keyActor(ctx.keyId), [{ action: "member.provisioned", targetType: "member", targetId: made.id, detail: { email } }], now),
      ]);
    } catch (error) {
      if (isUnique(error)) throw taken();
      throw error;
    }
    return made.id;
  }
  const invited = await inviteMembers(env, org, { memberId: keyActor(ctx.keyId), role: "admin" }, [{ email, name }], { now });
  const [result] = invited.results;
  if (result.status === "invalid") throw invalidValue(`The user cannot be invited: ${Object.values(result.fields ?? {}).join(", ")}.`);
  if (result.status === "already_member") throw taken();
  ctx.later(invited.send());
  const memberId = (await findMemberByEmail(env, email))!.id;
  try {
    await scimRowStatement(ctx, memberId, change, now).run();
  } catch (error) {
    if (isUnique(error)) throw taken();
    throw error;
  }
  return memberId;
}

/** The address a resource names: its work e-mail, else its userName when that is an address. */
function emailOfChange(change: UserChange & { userName: string }) {
  const email = normalizeEmail(change.email ?? change.userName);
  if (!isValidEmail(email)) throw invalidValue("The user needs a work e-mail address (emails or userName).");
  return email;
}

/** POST /Users: 201 with the new user; 409 uniqueness when the provider already has them here. */
export async function createUser(ctx: ScimContext, change: UserChange & { userName: string }, now = Date.now()) {
  const email = emailOfChange(change);
  const clash = await ctx.env.DB.prepare(
    `select 1 as n from scim_users where org_id = ?1 and (lower(user_name) = lower(?2) or external_id = ?3)
     union all select 1 from (${USERS} and m.email = ?4)`,
  )
    .bind(ctx.org.id, change.userName, change.externalId ?? null, email)
    .first();
  if (clash) throw taken();
  const name = nameOf(change) ?? email.split("@")[0];
  const memberId = await provision(ctx, email, name, change, now);
  const row = await existing(ctx, memberId);
  // Created inactive: provisioned, then deactivated at once (the provider's choice).
  if (change.active === false) return applyChange(ctx, row.id, { active: false }, now);
  return resource(ctx, row);
}

/** Ends the user's place here: the membership (the administrators' removal) or the pending invitation. */
async function deactivate(ctx: ScimContext, row: UserRow, now: number) {
  if (row.is_member === 1) {
    await removeMember(ctx.env, ctx.org, { memberId: keyActor(ctx.keyId), role: "admin" }, row.id, now);
    return;
  }
  if (row.invitation_id === null) return;
  const db = getDb(ctx.env);
  const { invitations, emailTokens } = schema;
  await writeBatch(db, [
    db.delete(invitations).where(eq(invitations.id, row.invitation_id)),
    db.delete(emailTokens).where(and(eq(emailTokens.memberId, row.id), eq(emailTokens.orgId, ctx.org.id), inArray(emailTokens.purpose, ["invite", "join"]))),
    ...auditStatements(db, ctx.org.id, keyActor(ctx.keyId), [{ action: "invitation.withdrawn", targetType: "invitation", targetId: row.invitation_id, detail: { email: row.email } }], now),
  ]);
}

/** PATCH and PUT /Users/{id}: what the provider calls them, their name, and whether they are active here. */
export async function applyChange(ctx: ScimContext, id: string, change: UserChange, now = Date.now()) {
  const row = await existing(ctx, id);
  const db = getDb(ctx.env);
  const name = nameOf(change, row.name ?? "");
  try {
    await writeBatch(db, [
      scimRowStatement(ctx, id, change, now),
      // A name is the account's: changed only while the account belongs to this organisation alone.
      ...(name ? [db.update(schema.profiles).set({ name }).where(and(eq(schema.profiles.memberId, id), sql`not exists (select 1 from memberships where member_id = ${id} and org_id != ${ctx.org.id})`))] : []),
    ]);
  } catch (error) {
    if (isUnique(error)) throw taken();
    throw error;
  }
  if (change.active === false && isActive(row)) await deactivate(ctx, row, now);
  if (change.active === true && !isActive(row)) await provision(ctx, row.email, row.name ?? row.email.split("@")[0], {}, now);
  return resource(ctx, await existing(ctx, id));
}

/** DELETE /Users/{id}: out of the organisation, and out of SCIM (a later GET is 404). */
export async function deleteUser(ctx: ScimContext, id: string, now = Date.now()) {
  const row = await existing(ctx, id);
  if (isActive(row) || row.is_member === 1) await deactivate(ctx, row, now);
  await ctx.env.DB.prepare("delete from scim_users where org_id = ? and member_id = ?").bind(ctx.org.id, id).run();
}
