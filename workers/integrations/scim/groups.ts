/**
 * SCIM Groups (issue 31, section 4; decision 050): a group of the identity provider is a site or
 * business unit of the organisation, the `site` of its members' memberships (issue 30), which the
 * impact report breaks down by. A group's members are the memberships whose site is its name:
 * adding a member sets their site, removing one clears it, renaming the group renames their site,
 * deleting it clears the site of all of them. A member has one site, so belonging to a second
 * group moves them. Only members here can be added; others are ignored.
 */
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import { invalidValue, ScimError, scimNotFound } from "./errors";
import type { ScimFilter } from "./filter";
import { LIST_RESPONSE, type ScimContext } from "./users";

export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const GROUP_FILTERS = ["displayname", "externalid", "id"];

type GroupRow = typeof schema.scimGroups.$inferSelect;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The members of each named site: one read for a page of groups. */
async function membersOf(ctx: ScimContext, names: string[]) {
  if (!names.length) return new Map<string, { value: string; display: string }[]>();
  const rows = await ctx.env.DB.prepare(
    `select ms.site, ms.member_id, coalesce(p.name, m.email) as name from memberships ms join members m on m.id = ms.member_id
     left join profiles p on p.member_id = ms.member_id where ms.org_id = ?1 and ms.site in (select value from json_each(?2)) order by ms.member_id`,
  )
    .bind(ctx.org.id, JSON.stringify(names))
    .all<{ site: string; member_id: string; name: string }>();
  const bySite = new Map<string, { value: string; display: string; $ref: string }[]>();
  for (const row of rows.results) bySite.set(row.site, [...(bySite.get(row.site) ?? []), { value: row.member_id, display: row.name, $ref: `${ctx.base}/Users/${row.member_id}` }]);
  return bySite;
}

function resource(ctx: ScimContext, row: GroupRow, members: { value: string; display: string }[] | null) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(members ? { members } : {}),
    meta: { resourceType: "Group", created: new Date(row.createdAt).toISOString(), lastModified: new Date(row.updatedAt).toISOString(), location: `${ctx.base}/Groups/${row.id}` },
  };
}

async function groupRow(ctx: ScimContext, id: string) {
  const row = await getDb(ctx.env).select().from(schema.scimGroups).where(and(eq(schema.scimGroups.orgId, ctx.org.id), eq(schema.scimGroups.id, id))).get();
  if (!row) throw scimNotFound("Group");
  return row;
}

export async function getGroup(ctx: ScimContext, id: string, withMembers = true) {
  const row = await groupRow(ctx, id);
  return resource(ctx, row, withMembers ? ((await membersOf(ctx, [row.displayName])).get(row.displayName) ?? []) : null);
}

/** GET /Groups; `withMembers` false for `excludedAttributes=members` (Entra asks so). */
export async function listGroups(ctx: ScimContext, filter: ScimFilter | null, page: { startIndex: number; count: number }, withMembers = true) {
  const column = { displayname: "display_name", externalid: "external_id", id: "id" }[filter?.attribute ?? ""];
  const where = column ? ` and ${column} = ?2` : "";
  const binds = filter ? [ctx.org.id, filter.value] : [ctx.org.id];
  const [total, rows] = await ctx.env.DB.batch([
    ctx.env.DB.prepare(`select count(*) as n from scim_groups where org_id = ?1${where}`).bind(...binds),
    ctx.env.DB.prepare(`select id, org_id as orgId, display_name as displayName, external_id as externalId, created_at as createdAt, updated_at as updatedAt from scim_groups where org_id = ?1${where} order by created_at, id limit ${page.count} offset ${page.startIndex - 1}`).bind(...binds),
  ]);
  const groups = rows.results as unknown as GroupRow[];
  const members = withMembers ? await membersOf(ctx, groups.map((group) => group.displayName)) : null;
  const resources = groups.map((group) => resource(ctx, group, members ? (members.get(group.displayName) ?? []) : null));
  return { schemas: [LIST_RESPONSE], totalResults: (total.results[0] as { n: number }).n, startIndex: page.startIndex, itemsPerPage: resources.length, Resources: resources };
}

const nameOf = (value: unknown) => {
  if (typeof value !== "string" || !value.trim() || value.trim().length > 100) throw invalidValue("displayName must be a non-empty string of at most 100 characters.");
  return value.trim();
};
const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isRecord).map((member) => String(member.value ?? "")).filter(Boolean) : []);

/** The statements that set (or clear, with null) the site of these members, only where they are members here. */
function setSite(ctx: ScimContext, site: string | null, memberIds: string[], onlyFrom?: string) {
  return ctx.env.DB.prepare(`update memberships set site = ?1 where org_id = ?2 and member_id in (select value from json_each(?3)) and (?4 is null or site = ?4)`).bind(site, ctx.org.id, JSON.stringify(memberIds), onlyFrom ?? null);
}
const clearSite = (ctx: ScimContext, site: string) => ctx.env.DB.prepare("update memberships set site = null where org_id = ? and site = ?").bind(ctx.org.id, site);

async function run(ctx: ScimContext, statements: D1PreparedStatement[]) {
  try {
    await ctx.env.DB.batch(statements);
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed") || String((error as Error).cause ?? "").includes("UNIQUE")) throw new ScimError(409, "A group with this displayName already exists.", "uniqueness");
    throw error;
  }
}

/** POST /Groups: a site, with the members it names. */
export async function createGroup(ctx: ScimContext, body: unknown, now = Date.now()) {
  if (!isRecord(body)) throw new ScimError(400, "The body must be a SCIM Group resource.", "invalidSyntax");
  const displayName = nameOf(body.displayName);
  const id = crypto.randomUUID();
  const externalId = typeof body.externalId === "string" ? body.externalId : null;
  await run(ctx, [
    ctx.env.DB.prepare("insert into scim_groups (id, org_id, display_name, external_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(id, ctx.org.id, displayName, externalId, now, now),
    setSite(ctx, displayName, idsOf(body.members)),
  ]);
  return getGroup(ctx, id);
}

/** PUT /Groups/{id}: its name, externalId and exactly these members. */
export async function replaceGroup(ctx: ScimContext, id: string, body: unknown, now = Date.now()) {
  const row = await groupRow(ctx, id);
  if (!isRecord(body)) throw new ScimError(400, "The body must be a SCIM Group resource.", "invalidSyntax");
  const displayName = nameOf(body.displayName ?? row.displayName);
  await run(ctx, [
    ...renameStatements(ctx, row, displayName, typeof body.externalId === "string" ? body.externalId : row.externalId, now),
    ...(Array.isArray(body.members) ? [clearSite(ctx, displayName), setSite(ctx, displayName, idsOf(body.members))] : []),
  ]);
  return getGroup(ctx, id);
}

function renameStatements(ctx: ScimContext, row: GroupRow, displayName: string, externalId: string | null, now: number) {
  return [
    ctx.env.DB.prepare("update scim_groups set display_name = ?, external_id = ?, updated_at = ? where id = ?").bind(displayName, externalId, now, row.id),
    ...(displayName !== row.displayName ? [ctx.env.DB.prepare("update memberships set site = ? where org_id = ? and site = ?").bind(displayName, ctx.org.id, row.displayName)] : []),
  ];
}

/**
 * PATCH /Groups/{id}: Okta's and Entra's operations: add or remove `members` (a list of
 * `{value}`), remove `members[value eq "id"]`, replace `members`, and replace `displayName` or
 * `externalId` by path or in a value object. One batch for all of them.
 */
export async function patchGroup(ctx: ScimContext, id: string, body: unknown, now = Date.now()) {
  const row = await groupRow(ctx, id);
  const operations = isRecord(body) ? (body.Operations ?? body.operations) : undefined;
  if (!Array.isArray(operations) || !operations.length) throw new ScimError(400, "A PATCH needs a list of Operations.", "invalidSyntax");
  let displayName = row.displayName;
  let externalId = row.externalId;
  const changes: ((name: string) => D1PreparedStatement)[] = [];
  for (const operation of operations) {
    if (!isRecord(operation) || typeof operation.op !== "string") throw new ScimError(400, "Each operation needs an op.", "invalidSyntax");
    const op = operation.op.toLowerCase();
    const path = typeof operation.path === "string" ? operation.path.trim() : "";
    const one = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(path);
    if (one && op === "remove") changes.push((name) => setSite(ctx, null, [one[1]], name));
    else if (/^members$/i.test(path) && op === "add") changes.push((name) => setSite(ctx, name, idsOf(operation.value)));
    else if (/^members$/i.test(path) && op === "remove") {
      const ids = idsOf(operation.value);
      changes.push((name) => (ids.length ? setSite(ctx, null, ids, name) : clearSite(ctx, name)));
    } else if (/^members$/i.test(path) && op === "replace") changes.push((name) => clearSite(ctx, name), (name) => setSite(ctx, name, idsOf(operation.value)));
    else if (/^displayName$/i.test(path)) displayName = nameOf(operation.value);
    else if (/^externalId$/i.test(path)) externalId = op === "remove" ? null : String(operation.value ?? "") || null;
    else if (!path && isRecord(operation.value)) {
      if (operation.value.displayName !== undefined) displayName = nameOf(operation.value.displayName);
      if (typeof operation.value.externalId === "string") externalId = operation.value.externalId;
      if (Array.isArray(operation.value.members)) changes.push((name) => setSite(ctx, name, idsOf(operation.value && (operation.value as Record<string, unknown>).members)));
    } else throw new ScimError(400, `The path ${path || "(none)"} is not supported on a group.`, "invalidPath");
  }
  await run(ctx, [...renameStatements(ctx, row, displayName, externalId, now), ...changes.map((change) => change(displayName))]);
  return getGroup(ctx, id);
}

/** DELETE /Groups/{id}: the site is cleared from its members, the group is gone. */
export async function deleteGroup(ctx: ScimContext, id: string) {
  const row = await groupRow(ctx, id);
  await run(ctx, [clearSite(ctx, row.displayName), ctx.env.DB.prepare("delete from scim_groups where id = ?").bind(row.id)]);
}
