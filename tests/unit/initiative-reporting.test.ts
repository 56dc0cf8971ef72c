import { describe, expect, it } from "vitest";
import { calendarDay, dailyHoursCap, hoursLeftOn, hoursReportedOn, regionZone, type ParticipationRecord } from "~/domain/initiatives";

const at = (iso: string) => Date.parse(iso);
const record = (created_at: string, hours: number, status: ParticipationRecord["status"] = "pending", type: ParticipationRecord["type"] = "hours") => ({
  type,
  hours: type === "hours" ? hours : null,
  status,
  created_at,
});

describe("the calendar day of an hours report", () => {
  it("is the organisation's day, midnight to midnight in its region's zone, not the UTC day", () => {
    // 00:30 on 11 May in Madrid (UTC+2) is still 10 May in UTC.
    const madrid = calendarDay(at("2026-05-10T22:30:00Z"), regionZone("ES"));
    expect(madrid).toEqual({ key: "2026-05-11", start: at("2026-05-10T22:00:00Z"), end: at("2026-05-11T22:00:00Z") });
    expect(calendarDay(at("2026-05-10T22:30:00Z"), regionZone(null)).key).toBe("2026-05-10");
    // 22:00 on 10 May in São Paulo (UTC-3) is 11 May in UTC.
    const saoPaulo = calendarDay(at("2026-05-11T01:00:00Z"), regionZone("br"));
    expect(saoPaulo).toEqual({ key: "2026-05-10", start: at("2026-05-10T03:00:00Z"), end: at("2026-05-11T03:00:00Z") });
  });

  it("has 23 or 25 hours on the days the clocks change", () => {
    const spring = calendarDay(at("2026-03-29T12:00:00Z"), "Europe/Madrid");
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const autumn = calendarDay(at("2026-10-25T12:00:00Z"), "Europe/Lisbon");
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
  });
});

describe("hours a day", () => {
  it("caps a day at hours_per_day, and at 24 whatever hours_per_day says", () => {
    expect(dailyHoursCap(6)).toBe(6);
    expect(dailyHoursCap(0)).toBe(24);
    expect(dailyHoursCap(30)).toBe(24);
  });

  it("sums the day's reports, not each report: rejected ones, other days and indicators left out", () => {
    const day = calendarDay(at("2026-05-11T10:00:00Z"), "Europe/Madrid");
    const participations = [
      record("2026-05-11T08:00:00Z", 2),
      record("2026-05-10T22:10:00Z", 1, "validated"),
      record("2026-05-11T09:00:00Z", 3, "rejected"),
      record("2026-05-10T21:59:59Z", 5),
      record("2026-05-11T11:00:00Z", 0, "pending", "indicator"),
    ] as ParticipationRecord[];
    expect(hoursReportedOn(participations, day)).toBe(3);
    expect(hoursLeftOn({ hours_per_day: 4, participations }, day)).toBe(1);
    expect(hoursLeftOn({ hours_per_day: 2, participations }, day)).toBe(0);
    expect(hoursLeftOn({ hours_per_day: 0, participations }, day)).toBe(21);
  });
});
