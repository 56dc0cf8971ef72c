/**
 * The wall and "my initiatives" are filtered in SQL (workers/initiatives/lists.ts) with the rules
 * app/domain/initiatives/rules.ts states for one initiative (belongsOnWall, isHistory,
 * belongsToMine). This builds every kind of initiative and participation state, then checks that
 * the SQL lists are exactly the organisation's cards filtered with those functions.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { belongsOnWall, belongsToMine, isHistory, type InitiativeCard } from "../../app/domain/initiatives";
import { getDb, schema } from "../../workers/db/client";
import { myInitiatives, wallPage } from "../../workers/initiatives/lists";
import { loadCards } from "../../workers/initiatives/queries";
import { getOrganizationBySlug, type Tenant } from "../../workers/tenant/organizations";
import { addContribution, addParticipation, createInitiative, DAY, HOUR } from "./initiatives-fixtures";
import { createMember, createOrg } from "./support";

const ORG = "org-rules";
const now = Date.now();
let member: string;
let other: string;
let org: Tenant;
const ids: Record<string, string> = {};

async function make(key: string, row: Omit<Parameters<typeof createInitiative>[0], "orgId"> = {}, orgId = ORG) {
  ids[key] = (await createInitiative({ slug: key, orgId, ...row })).id;
}

const ended = { startTime: now - 3 * DAY, endTime: now - DAY };
const registrationClosed = { startTime: now + 2 * DAY, endTime: now + 3 * DAY, registrationEndTime: now - HOUR };

beforeAll(async () => {
  await createOrg({ id: ORG, slug: "rulesorg" });
  await createOrg({ id: "org-rules-other", slug: "rulesother" });
  member = (await createMember({ email: "me@rules.example", orgId: ORG })).id;
  other = (await createMember({ email: "other@rules.example", orgId: ORG })).id;

  await make("open");
  await make("no-dates", { startTime: null, endTime: null });
  await make("with-room", { maxParticipants: 3 });
  await addParticipation(ids["with-room"], ORG, other);
  await make("full", { maxParticipants: 1 });
  await addParticipation(ids.full, ORG, other);
  await make("accepted");
  await addParticipation(ids.accepted, ORG, member);
  await make("accepted-full", { maxParticipants: 1 });
  await addParticipation(ids["accepted-full"], ORG, member);
  await make("pending");
  await addParticipation(ids.pending, ORG, member, "pending", { managerApprovalStatus: "pending" });
  await make("rejected");
  await addParticipation(ids.rejected, ORG, member, "rejected", { managerApprovalStatus: "rejected" });
  await make("not-going");
  await addParticipation(ids["not-going"], ORG, member, "not_going");
  await make("interested", { type: "informative" });
  await getDb(env).insert(schema.interests).values({ initiativeId: ids.interested, memberId: member });
  await make("others-interest", { type: "informative" });
  await getDb(env).insert(schema.interests).values({ initiativeId: ids["others-interest"], memberId: other });
  await make("contributed", { type: "donation" });
  await addContribution(ids.contributed, ORG, member, 1000);
  await make("pledged", { type: "donation" });
  await addContribution(ids.pledged, ORG, member, 500, "pending");
  await make("contribution-rejected", { type: "donation" });
  await addContribution(ids["contribution-rejected"], ORG, member, 700, "rejected");
  await make("others-contribution", { type: "donation" });
  await addContribution(ids["others-contribution"], ORG, other, 1000);
  await make("ended", ended);
  await make("ended-accepted", ended);
  await addParticipation(ids["ended-accepted"], ORG, member);
  await make("ended-contributed", { ...ended, type: "donation" });
  await addContribution(ids["ended-contributed"], ORG, member, 300);
  await make("registration-closed", registrationClosed);
  await make("registration-closed-accepted", registrationClosed);
  await addParticipation(ids["registration-closed-accepted"], ORG, member);
  await make("canceled", { status: "canceled" });
  await make("canceled-accepted", { status: "canceled" });
  await addParticipation(ids["canceled-accepted"], ORG, member);
  await make("suspended", { status: "suspended" });
  await make("suspended-pending", { status: "suspended" });
  await addParticipation(ids["suspended-pending"], ORG, member, "pending");
  await make("pinned", { pinned: true });
  // Another organisation's initiative with the same member's involvement never shows here.
  await make("elsewhere", {}, "org-rules-other");
  await addParticipation(ids.elsewhere, "org-rules-other", member);
  await addContribution(ids.elsewhere, "org-rules-other", member, 100);

  org = (await getOrganizationBySlug(env, "rulesorg"))!;
});

/** Every card of the organisation, as the member sees it. */
async function allCards(): Promise<InitiativeCard[]> {
  const db = getDb(env);
  const rows = await db.select().from(schema.initiatives).where(eq(schema.initiatives.orgId, ORG));
  return loadCards(db, org, member, rows);
}

const slugs = (cards: InitiativeCard[]) => cards.map((card) => card.slug).sort();

describe("the SQL lists and the rules", () => {
  it("the wall is the cards that belong on it and are not history", async () => {
    const page = await wallPage(env, org, member, { from: 0, to: Number.MAX_SAFE_INTEGER, page: 1 }, now);
    const expected = (await allCards()).filter((card) => belongsOnWall(card) && !isHistory(card, now));
    expect(slugs(page.initiatives)).toEqual(slugs(expected));
    // The case list is wide enough to mean something: both sides of the rule occur.
    expect(slugs(expected)).toEqual(
      ["contribution-rejected", "contributed", "no-dates", "not-going", "open", "others-contribution", "others-interest", "pending", "pinned", "pledged", "rejected", "suspended", "suspended-pending", "with-room"].sort(),
    );
  });

  it("my initiatives are the cards that belong to mine", async () => {
    const mine = await myInitiatives(env, org, member);
    const expected = (await allCards()).filter(belongsToMine);
    expect(slugs(mine)).toEqual(slugs(expected));
    expect(slugs(expected)).toEqual(
      ["accepted", "accepted-full", "canceled-accepted", "contributed", "ended-accepted", "ended-contributed", "interested", "pledged", "registration-closed-accepted"].sort(),
    );
  });
});
