/**
 * The data of the events (docs/integrations.md): small, ids first, and a link to what a
 * person would open. Built by the services that write the change, from what they already hold.
 */
import { organizationOrigin, type Tenant } from "../tenant/organizations";

/** An instant as ISO 8601 (UTC), null for none (as workers/initiatives/serialize.ts writes them; not imported: initiatives imports this folder). */
export const isoTime = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

export const initiativeUrl = (env: Env, org: Pick<Tenant, "hostnames">, slug: string) => `${organizationOrigin(env, org)}/initiative/${encodeURIComponent(slug)}`;

export function initiativePayload(env: Env, org: Pick<Tenant, "hostnames">, initiative: { id: string; slug: string; title: string; status?: string; startTime?: number | null }) {
  return {
    initiative: {
      id: initiative.id,
      slug: initiative.slug,
      title: initiative.title,
      ...(initiative.status !== undefined ? { status: initiative.status } : {}),
      ...(initiative.startTime !== undefined ? { start_time: initiative.startTime === null ? null : new Date(initiative.startTime).toISOString() } : {}),
      url: initiativeUrl(env, org, initiative.slug),
    },
  };
}

/** One member's participation in one initiative: its events are delivered in order (joined, approved, left). */
export const participationResource = (initiativeId: string, memberId: string) => `participation:${initiativeId}:${memberId}` as const;

/** A participation, by its public uuid (the one the API answers) when the writer knows it, with its initiative. */
export function participationPayload(row: { uuid?: string; initiativeId: string; slug: string; title: string; memberId: string }, status: string) {
  return {
    participation: { ...(row.uuid ? { uuid: row.uuid } : {}), status, member_id: row.memberId },
    initiative: { id: row.initiativeId, slug: row.slug, title: row.title },
  };
}

/** A confirmed contribution: amount in minor units with its currency; the member only when it was not given anonymously. */
export function contributionPayload(row: { id: string; initiativeId: string; memberId: string; amount: number; currency: string; source: string; anonymous: boolean }, initiative: { slug: string; title: string }) {
  return {
    contribution: { id: row.id, amount_minor: row.amount, currency: row.currency, source: row.source, member_id: row.anonymous ? null : row.memberId },
    initiative: { id: row.initiativeId, slug: initiative.slug, title: initiative.title },
  };
}

/** A member of the organisation: the id every other event names, and the address an HR system matches on when the writer has it. */
export const memberPayload = (id: string, email?: string, name?: string) => ({ member: { id, ...(email ? { email } : {}), ...(name ? { name } : {}) } });

/** A verifiable credential (issue 32): a participation's or a social CV roll-up's, with its public verify address. */
export const certificatePayload = (id: string, row: { memberId: string; participationId?: string | null; certificateId?: string | null; hours: number }, url: string) => ({
  certificate: { id, kind: row.certificateId ? "rollup" : "participation", member_id: row.memberId, hours: row.hours, url },
});
