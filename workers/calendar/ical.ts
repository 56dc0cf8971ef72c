/**
 * A small iCalendar (RFC 5545) writer for the member's feed and the single-event files: content
 * lines ended by CRLF, folded at 75 octets (never inside a UTF-8 character), TEXT values escaped.
 * Written here rather than taken from the `ics` package, which folds at 75 characters instead of
 * octets and writes LAST-MODIFIED unfolded (docs/decisions/044-our-own-icalendar-writer.md). Pure.
 */

export interface CalendarEvent {
  /** Globally unique and stable: the same initiative (and day) always has the same UID. */
  uid: string;
  sequence: number;
  start: number;
  /** null: the initiative has no end; the event is an instant. */
  end: number | null;
  /** When the information last changed (also DTSTAMP, so that an unchanged feed is byte for byte the same). */
  lastModified: number;
  summary: string;
  description: string;
  location?: string | null;
  geo?: { latitude: number; longitude: number } | null;
  url?: string | null;
  status: "CONFIRMED" | "CANCELLED";
}

export interface Calendar {
  /** PUBLISH for a file offered once (an e-mail, a download), CANCEL to take it back; none for a subscribed feed. */
  method?: "PUBLISH" | "CANCEL";
  /** The calendar's name, as calendar apps show a subscription. */
  name?: string;
  /** The organisation's time zone, a hint for apps (times themselves are UTC). */
  timeZone?: string;
  /** How often a subscriber should fetch again (RFC 7986 REFRESH-INTERVAL), in minutes. */
  refreshMinutes?: number;
  events: CalendarEvent[];
}

const PRODUCT_ID = "-//Commons//Calendar//EN";
const encoder = new TextEncoder();

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[\\;,]/g, (ch) => `\\${ch}`)
    .replace(/\n/g, "\\n");
}

/**
 * One content line folded at 75 octets (RFC 5545 3.1): each continuation starts with a space, which
 * counts towards its 75. Cuts fall between code points, so a multi-byte character stays whole.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = 74;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A UTC DATE-TIME: 20261205T090000Z. */
export function utcDateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

function eventLines(event: CalendarEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcDateTime(event.lastModified)}`,
    `LAST-MODIFIED:${utcDateTime(event.lastModified)}`,
    `DTSTART:${utcDateTime(event.start)}`,
  ];
  if (event.end !== null && event.end > event.start) lines.push(`DTEND:${utcDateTime(event.end)}`);
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  // GEO is two FLOATs separated by a semicolon, not TEXT: not escaped.
  if (event.geo) lines.push(`GEO:${event.geo.latitude.toFixed(6)};${event.geo.longitude.toFixed(6)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.status}`);
  // A cancelled event no longer blocks the member's time.
  lines.push(`TRANSP:${event.status === "CANCELLED" ? "TRANSPARENT" : "OPAQUE"}`);
  lines.push("END:VEVENT");
  return lines;
}

/** The whole VCALENDAR object, CRLF after every line. */
export function writeCalendar(calendar: Calendar): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${PRODUCT_ID}`, "CALSCALE:GREGORIAN"];
  if (calendar.method) lines.push(`METHOD:${calendar.method}`);
  if (calendar.name) lines.push(`NAME:${escapeText(calendar.name)}`, `X-WR-CALNAME:${escapeText(calendar.name)}`);
  if (calendar.timeZone) lines.push(`X-WR-TIMEZONE:${calendar.timeZone}`);
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
