/**
 * One initiative as a calendar file (issue 29): the "Add to calendar" download and the join
 * e-mail's attachment (METHOD:PUBLISH), and the cancellation e-mail's (METHOD:CANCEL). The events
 * carry the feed's UIDs, so a calendar that holds the feed and the file holds one event.
 */
import { and, eq } from "drizzle-orm";
import { regionZone } from "../../app/domain/zoned-time";
import { getDb, schema } from "../db/client";
import { organizationOrigin, type Tenant } from "../tenant/organizations";
import { calendarText, initiativeEvents, type CalendarInitiative } from "./events";
import { writeCalendar } from "./ical";

const { initiatives } = schema;

export const calendarColumns = {
  id: initiatives.id,
  slug: initiatives.slug,
  title: initiatives.title,
  description: initiatives.description,
  address: initiatives.address,
  addressDetail: initiatives.addressDetail,
  latitude: initiatives.latitude,
  longitude: initiatives.longitude,
  isInPerson: initiatives.isInPerson,
  isRemote: initiatives.isRemote,
  remoteUrl: initiatives.remoteUrl,
  status: initiatives.status,
  startTime: initiatives.startTime,
  endTime: initiatives.endTime,
  isWorkingHours: initiatives.isWorkingHours,
  sequence: initiatives.sequence,
  updatedAt: initiatives.updatedAt,
} satisfies Record<keyof CalendarInitiative, unknown>;

export async function calendarInitiative(env: Pick<Env, "DB">, orgId: string, id: string): Promise<CalendarInitiative | null> {
  const row = await getDb(env)
    .select(calendarColumns)
    .from(initiatives)
    .where(and(eq(initiatives.id, id), eq(initiatives.orgId, orgId)))
    .get();
  return row ?? null;
}

/** The file, or null for an initiative with no start (nothing to put in a calendar). */
export function initiativeCalendarFile(env: Env, org: Tenant, initiative: CalendarInitiative, locale: string, method: "PUBLISH" | "CANCEL"): string | null {
  const context = { origin: organizationOrigin(env, org), zone: regionZone(org.region), locale };
  // A CANCEL names the events to remove: cancelled, one sequence on from what the member holds.
  const events = initiativeEvents(method === "CANCEL" ? { ...initiative, status: "canceled" } : initiative, context);
  if (!events.length) return null;
  return writeCalendar({ method, name: calendarText(locale)("calendar_feed_name", { organization: org.name }), events });
}

export const calendarFileName = (initiative: Pick<CalendarInitiative, "slug">) => `${initiative.slug.replace(/[^A-Za-z0-9_-]/g, "") || "initiative"}.ics`;
