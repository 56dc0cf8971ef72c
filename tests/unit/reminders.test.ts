/**
 * The reminders' pure rules (app/domain/reminders.ts): the offsets as written on the settings
 * screen, which reminder is due at an instant, and the quiet hours of the organisation's zone.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { dueOffset, inQuietHours, offsetsFromText, offsetsText, reminderOffsetsSchema, reminderWaits } from "../../app/domain/reminders";
import { settingsFromForm } from "../../app/domain/organization-settings";
import { fromLocal } from "../../app/domain/zoned-time";

const HOUR = 3_600_000;
const madrid = (time: string) => fromLocal(Date.UTC(2026, 11, 5, ...(time.split(":").map(Number) as [number, number])), "Europe/Madrid");

describe("the offsets as written", () => {
  it("reads hours, minutes and both, largest first, and writes them back", () => {
    expect(offsetsFromText("2h, 24h")).toEqual([1440, 120]);
    expect(offsetsFromText(" 1h30m ; 45m ")).toEqual([90, 45]);
    expect(offsetsFromText("")).toEqual([]);
    expect(offsetsText([1440, 90, 45])).toBe("24h, 1h30m, 45m");
    for (const wrong of ["24", "tomorrow", "2h,, x", "-2h"]) expect(offsetsFromText(wrong), wrong).toBeNull();
  });

  it("are a short list of whole minutes from 10 minutes to 7 days, each once", () => {
    expect(v.parse(reminderOffsetsSchema, [120, 1440])).toEqual([1440, 120]);
    expect(v.safeParse(reminderOffsetsSchema, []).success).toBe(true);
    for (const wrong of [[5], [120, 120], [30, 60, 90, 120, 150], [7 * 1440 + 1], [1.5], ["2h"]]) expect(v.safeParse(reminderOffsetsSchema, wrong).success, JSON.stringify(wrong)).toBe(false);
  });

  it("reach the API from the settings form as minutes, or as the text the API refuses", () => {
    const form = (text: string) => {
      const data = new FormData();
      data.set("community.reminder_offsets", text);
      return (settingsFromForm("initiatives", data).community as Record<string, unknown>).reminder_offsets;
    };
    expect(form("24h, 2h")).toEqual([1440, 120]);
    expect(form("soon")).toBe("soon");
    expect(form("")).toEqual([]);
    // A form without the field leaves the stored offsets alone.
    expect((settingsFromForm("initiatives", new FormData()).community as Record<string, unknown>).reminder_offsets).toBeUndefined();
  });
});

describe("which reminder is due", () => {
  const start = madrid("10:00");
  it("is the latest offset whose moment has passed, and none before the first or after the start", () => {
    expect(dueOffset([1440, 120], start, start - 25 * HOUR)).toBeNull();
    expect(dueOffset([1440, 120], start, start - 24 * HOUR)).toBe(1440);
    expect(dueOffset([1440, 120], start, start - HOUR)).toBe(120);
    expect(dueOffset([1440, 120], start, start)).toBeNull();
    expect(dueOffset([], start, start - HOUR)).toBeNull();
  });
});

describe("quiet hours", () => {
  it("run from 22:00 to 08:00 in the organisation's zone", () => {
    expect(inQuietHours(madrid("21:59"), "Europe/Madrid")).toBe(false);
    expect(inQuietHours(madrid("22:00"), "Europe/Madrid")).toBe(true);
    expect(inQuietHours(madrid("07:59"), "Europe/Madrid")).toBe(true);
    expect(inQuietHours(madrid("08:00"), "Europe/Madrid")).toBe(false);
    // 22:30 in Madrid is 18:30 in São Paulo: not quiet there.
    expect(inQuietHours(madrid("22:30"), "America/Sao_Paulo")).toBe(false);
  });

  it("hold a reminder unless the initiative starts within 2 hours", () => {
    expect(reminderWaits(madrid("05:00"), madrid("07:00"), "Europe/Madrid")).toBe(false);
    expect(reminderWaits(madrid("04:59"), madrid("07:00"), "Europe/Madrid")).toBe(true);
    expect(reminderWaits(madrid("12:00"), madrid("20:00"), "Europe/Madrid")).toBe(false);
  });
});
