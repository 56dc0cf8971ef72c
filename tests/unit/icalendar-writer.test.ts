/**
 * The RFC 5545 writer of workers/calendar/ical.ts (docs/decisions/044): folding at 75 octets without
 * splitting a character, TEXT escaping, CRLF, and the per-day events of working-hours initiatives.
 */
import { describe, expect, it } from "vitest";
import { escapeText, foldLine, utcDateTime, writeCalendar } from "../../workers/calendar/ical";
import { eventSpans } from "../../workers/calendar/events";
import { fromLocal } from "../../app/domain/zoned-time";

const octets = (text: string) => new TextEncoder().encode(text).length;
const unfold = (text: string) => text.replace(/\r\n /g, "");

describe("folding", () => {
  it("leaves a line of 75 octets as it is and folds the 76th onto a line that starts with a space", () => {
    expect(foldLine("a".repeat(75))).toBe("a".repeat(75));
    expect(foldLine("a".repeat(76))).toBe(`${"a".repeat(75)}\r\n a`);
    const long = foldLine("b".repeat(300));
    for (const line of long.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfold(long)).toBe("b".repeat(300));
  });

  it("counts octets, not characters, and never cuts inside a character", () => {
    const text = `SUMMARY:${"Limpieza de playa en Donostia–Zurriola ".repeat(3)}ñ😀ç`.repeat(2);
    const folded = foldLine(text);
    for (const line of folded.split("\r\n")) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // A cut inside a UTF-8 sequence or a surrogate pair would not survive a round trip.
      expect(line).toBe(new TextDecoder().decode(new TextEncoder().encode(line)));
      expect(line).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
    }
    expect(unfold(folded)).toBe(text);
  });
});

describe("escaping", () => {
  it("escapes backslash, semicolon, comma and line breaks of TEXT", () => {
    expect(escapeText("a\\b; c, d\r\ne\nf")).toBe("a\\\\b\\; c\\, d\\ne\\nf");
  });
});

describe("the calendar", () => {
  it("ends every line with CRLF and writes UTC times", () => {
    const text = writeCalendar({
      method: "PUBLISH",
      name: "Acme: my initiatives",
      events: [{ uid: "i1@acme.example", sequence: 2, start: Date.UTC(2026, 11, 5, 9), end: Date.UTC(2026, 11, 5, 12), lastModified: Date.UTC(2026, 10, 1), summary: "Beach, clean-up", description: "", status: "CONFIRMED" }],
    });
    expect(text.split("\r\n").at(-1)).toBe("");
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(text).toContain("\r\nDTSTART:20261205T090000Z\r\nDTEND:20261205T120000Z\r\n");
    expect(text).toContain("\r\nSUMMARY:Beach\\, clean-up\r\n");
    expect(text).toContain("\r\nMETHOD:PUBLISH\r\n");
    expect(utcDateTime(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe("20260102T030405Z");
  });
});

describe("days of a working-hours initiative", () => {
  const zone = "Europe/Madrid";
  const day = Date.UTC(2026, 2, 28);
  it("gives each local day its hours, across a change of summer time", () => {
    // 28 to 30 March 2026: Spain moves to summer time on the 29th.
    const spans = eventSpans({ startTime: fromLocal(day + 9 * 3_600_000, zone), endTime: fromLocal(day + 2 * 86_400_000 + 17 * 3_600_000, zone), isWorkingHours: true }, zone);
    expect(spans.map((span) => [new Date(span.start).toISOString(), new Date(span.end!).toISOString(), span.day])).toEqual([
      ["2026-03-28T08:00:00.000Z", "2026-03-28T16:00:00.000Z", "20260328"],
      ["2026-03-29T07:00:00.000Z", "2026-03-29T15:00:00.000Z", "20260329"],
      ["2026-03-30T07:00:00.000Z", "2026-03-30T15:00:00.000Z", "20260330"],
    ]);
  });

  it("keeps one event for a single day, a night across midnight, or an initiative not in working hours", () => {
    const start = fromLocal(day + 20 * 3_600_000, zone);
    expect(eventSpans({ startTime: start, endTime: start + 3 * 3_600_000, isWorkingHours: true }, zone)).toHaveLength(1);
    expect(eventSpans({ startTime: start, endTime: start + 6 * 3_600_000, isWorkingHours: true }, zone)).toHaveLength(1);
    expect(eventSpans({ startTime: start, endTime: start + 2 * 86_400_000, isWorkingHours: false }, zone)).toHaveLength(1);
    expect(eventSpans({ startTime: null, endTime: null, isWorkingHours: true }, zone)).toEqual([]);
  });
});
