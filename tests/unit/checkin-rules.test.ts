/**
 * The check-in rule the desk and the Worker share (issue 28, app/domain/checkin-rules.ts): the
 * hours a check-in records by default (the initiative's hours a day, else its length), and the
 * verdict the desk gives on the device before it queues a check-in, the same the server gives
 * when it arrives.
 */
import { describe, expect, it } from "vitest";
import { defaultCheckinHours, judgeCheckin, withinInitiativeDays } from "~/domain/checkin-rules";

const zone = "Europe/Madrid";
const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("the hours a check-in records by default", () => {
  it("are the initiative's hours a day when it has them (never above 24)", () => {
    expect(defaultCheckinHours({ hoursPerDay: 3, startTime: null, endTime: null }, zone)).toBe(3);
    expect(defaultCheckinHours({ hoursPerDay: 30, startTime: null, endTime: null }, zone)).toBe(24);
    expect(defaultCheckinHours({ hoursPerDay: 3, startTime: at("2026-12-09T09:00:00Z"), endTime: at("2026-12-09T17:00:00Z") }, zone)).toBe(3);
  });

  it("are its length, in whole hours, for an initiative of one day without hours a day", () => {
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: at("2026-12-09T09:00:00Z"), endTime: at("2026-12-09T13:00:00Z") }, zone)).toBe(4);
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: at("2026-12-09T09:00:00Z"), endTime: at("2026-12-09T11:40:00Z") }, zone)).toBe(3);
    // Twenty minutes still count as an hour; a night shift across midnight is its length.
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: at("2026-12-09T09:00:00Z"), endTime: at("2026-12-09T09:20:00Z") }, zone)).toBe(1);
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: at("2026-12-09T21:00:00Z"), endTime: at("2026-12-10T05:00:00Z") }, zone)).toBe(8);
  });

  it("are its daily span of wall-clock time when it runs over several days, across a change of the clocks", () => {
    // 9:00 on Monday to 17:00 on Friday in Madrid: 8 hours a day.
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: at("2026-12-07T08:00:00Z"), endTime: at("2026-12-11T16:00:00Z") }, zone)).toBe(8);
    // 10:00 (summer time, UTC+2) to 14:00 (winter time, UTC+1) of the days after the change: 4 hours, not 5.
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: at("2026-10-23T08:00:00Z"), endTime: at("2026-10-27T13:00:00Z") }, zone)).toBe(4);
  });

  it("are none when the initiative gives nothing to take them from: the hours must be typed", () => {
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: null, endTime: null }, zone)).toBeNull();
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: at("2026-12-09T09:00:00Z"), endTime: null }, zone)).toBeNull();
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: at("2026-12-09T09:00:00Z"), endTime: at("2026-12-09T09:00:00Z") }, zone)).toBeNull();
    // 18:00 to 10:00 three days later: no daily span to read.
    expect(defaultCheckinHours({ hoursPerDay: 0, startTime: at("2026-12-07T17:00:00Z"), endTime: at("2026-12-10T09:00:00Z") }, zone)).toBeNull();
  });
});

describe("the verdict on a check-in", () => {
  const now = at("2026-12-09T10:00:00Z");
  const oneDay = { hoursPerDay: 0, startTime: at("2026-12-09T09:00:00Z"), endTime: at("2026-12-09T13:00:00Z") };
  const capped = { hoursPerDay: 3, startTime: at("2026-12-08T09:00:00Z"), endTime: at("2026-12-10T13:00:00Z") };
  const open = { hoursPerDay: 0, startTime: at("2026-12-01T09:00:00Z"), endTime: null };

  it("records the hours given, else the default, on the organisation's day", () => {
    expect(judgeCheckin(capped, { hours: 2, at: now }, now, zone)).toEqual({ ok: true, hours: 2, day: "2026-12-09" });
    expect(judgeCheckin(capped, { hours: null, at: now }, now, zone)).toEqual({ ok: true, hours: 3, day: "2026-12-09" });
    expect(judgeCheckin(oneDay, { at: now }, now, zone)).toEqual({ ok: true, hours: 4, day: "2026-12-09" });
    // 23:30 UTC on the 9th is already the 10th in Madrid.
    expect(judgeCheckin(capped, { hours: 1, at: at("2026-12-09T23:30:00Z") }, at("2026-12-09T23:31:00Z"), zone)).toMatchObject({ ok: true, day: "2026-12-10" });
  });

  it("asks for the hours when the initiative has neither hours a day nor a length (the issue's desk)", () => {
    expect(judgeCheckin(open, { hours: null, at: now }, now, zone)).toEqual({ ok: false, refusal: { error: "validation_error", fields: { hours: "form_error_required" } } });
    expect(judgeCheckin(open, { hours: 5, at: now }, now, zone)).toEqual({ ok: true, hours: 5, day: "2026-12-09" });
  });

  it("refuses hours that are not whole, below 1 or above the day's cap", () => {
    const invalid = { ok: false, refusal: { error: "validation_error", fields: { hours: "form_error_invalid_number" } } };
    for (const hours of [0, -1, 2.5, Number.NaN, 4]) expect(judgeCheckin(capped, { hours, at: now }, now, zone), String(hours)).toEqual(invalid);
    expect(judgeCheckin(open, { hours: 25, at: now }, now, zone)).toEqual(invalid);
    expect(judgeCheckin(open, { hours: 24, at: now }, now, zone).ok).toBe(true);
  });

  it("refuses a day outside the initiative's dates", () => {
    const outside = { ok: false, refusal: { error: "checkin_outside_dates" } };
    const later = at("2026-12-11T10:00:00Z");
    expect(judgeCheckin(capped, { hours: 2, at: later }, later, zone)).toEqual(outside);
    const before = at("2026-12-07T10:00:00Z");
    expect(judgeCheckin(capped, { hours: 2, at: before }, before, zone)).toEqual(outside);
    expect(withinInitiativeDays("2026-12-08", capped.startTime, capped.endTime, zone)).toBe(true);
    expect(withinInitiativeDays("2026-12-10", capped.startTime, capped.endTime, zone)).toBe(true);
    expect(withinInitiativeDays("2030-01-01", open.startTime, open.endTime, zone)).toBe(true);
  });

  it("refuses a moment in the future or older than the sync window, before looking at the hours", () => {
    const tooOld = { ok: false, refusal: { error: "validation_error", fields: { at: "form_error_invalid_date" } } };
    expect(judgeCheckin(open, { hours: null, at: now - 8 * DAY }, now, zone)).toEqual(tooOld);
    expect(judgeCheckin(open, { hours: 2, at: now + HOUR }, now, zone)).toEqual(tooOld);
    expect(judgeCheckin(open, { hours: 2, at: Number.NaN }, now, zone)).toEqual(tooOld);
    // A clock a minute ahead of the server's, or a check-in synced six days later, is fine.
    expect(judgeCheckin(open, { hours: 2, at: now + 60_000 }, now, zone).ok).toBe(true);
    expect(judgeCheckin(open, { hours: 2, at: now - 6 * DAY }, now, zone)).toMatchObject({ ok: true, day: "2026-12-03" });
  });
});
