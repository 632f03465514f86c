import { describe, expect, test } from "bun:test";
import { openNow, weekHours } from "./hours";

describe("opening hours spelled out as a week", () => {
  test("the tag's syntax becomes weekdays and 12-hour times, late closings on the evening they belong to", () => {
    expect(weekHours("Mo-Th 10:30-00:00; Fr-Sa 10:30-01:00; Su 11:00-00:00")).toEqual([
      "Mon–Thu: 10:30 AM–midnight",
      "Fri–Sat: 10:30 AM–1 AM",
      "Sun: 11 AM–midnight",
    ]);
    // A later rule for the same weekday still replaces it, as the syntax says.
    expect(weekHours("Mo-Su 09:00-17:00; Su 12:00-16:00")).toEqual(["Mon–Sat: 9 AM–5 PM", "Sun: noon–4 PM"]);
    expect(weekHours("Mo-Fr 08:00-12:00,13:00-17:30")).toEqual(["Mon–Fri: 8 AM–noon, 1 PM–5:30 PM", "Sat–Sun: Closed"]);
    expect(weekHours("Su 20:00-03:00")).toEqual(["Mon–Sat: Closed", "Sun: 8 PM–3 AM"]);
  });

  test("every day alike reads as one line; round the clock as open 24 hours", () => {
    expect(weekHours("Mo-Su 07:00-22:00")).toEqual(["Every day: 7 AM–10 PM"]);
    expect(weekHours("24/7")).toEqual(["Open 24 hours, every day"]);
    expect(weekHours("Mo-Fr 00:00-24:00")).toEqual(["Mon–Fri: 24 hours", "Sat–Sun: Closed"]);
  });

  test("the loose spellings brand data carries read as the same week", () => {
    expect(
      weekHours(
        "Sun 7:00 AM - 10:00 PM,Mon 7:00 AM - 10:00 PM,Tues 7:00 AM - 10:00 PM,Wed 7:00 AM - 10:00 PM,Thurs 7:00 AM - 10:00 PM,Fri 7:00 AM - 10:00 PM,Sat 7:00 AM - 10:00 PM,",
      ),
    ).toEqual(["Every day: 7 AM–10 PM"]);
  });

  test("closed on holidays is said; seasons and comments are left to the source's own text", () => {
    expect(weekHours("Mo-Fr 09:00-17:00; PH off")).toEqual([
      "Mon–Fri: 9 AM–5 PM",
      "Sat–Sun: Closed",
      "Public holidays: closed",
    ]);
    expect(weekHours("Apr-Oct Mo-Su 09:00-17:00")).toBeNull();
    expect(weekHours('Mo-Fr 09:00-17:00 "by appointment"')).toBeNull();
    expect(weekHours("not hours at all")).toBeNull();
    expect(weekHours(null)).toBeNull();
  });

  test("open now is read in the city's own time zone", () => {
    const noonUtc = new Date("2025-01-15T17:00:00Z"); // a Wednesday: 12:00 in New York, 09:00 in Los Angeles
    expect(openNow("Mo-Fr 10:00-18:00", "America/New_York", noonUtc)).toBe(true);
    expect(openNow("Mo-Fr 10:00-18:00", "America/Los_Angeles", noonUtc)).toBe(false);
    expect(openNow("gibberish", "America/New_York", noonUtc)).toBeNull();
    // Saturday's opening until 1 AM holds though Sunday has its own rule.
    const sundayHalfPastMidnight = new Date("2025-01-19T05:30:00Z");
    expect(
      openNow("Mo-Th 10:30-00:00; Fr-Sa 10:30-01:00; Su 10:30-00:00", "America/New_York", sundayHalfPastMidnight),
    ).toBe(true);
  });
});
