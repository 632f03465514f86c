import { describe, expect, test } from "bun:test";
import { testServices } from "../../src/testing";
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

describe("open now kept until the hours' next change", () => {
  test("gives what the parser gives at every moment, for the stored places' hours and open ends", async () => {
    const { database } = await testServices();
    const { rows } = await database.client.execute(
      "SELECT DISTINCT opening_hours FROM places WHERE opening_hours IS NOT NULL ORDER BY opening_hours LIMIT 120",
    );
    const texts = [...rows.map((r) => String(r.opening_hours)), "Mo-Su 17:00+", "07:00+,12:00-16:00", "24/7"];
    expect(texts.length).toBeGreaterThan(100);
    // Two weeks in steps of 1 h 37 min 13 s, and whole minutes (an opening's first minute) among them.
    const start = Date.parse("2025-03-03T00:00:13Z");
    const moments = Array.from({ length: 210 }, (_, i) => new Date(start + i * 5_833_000 - (i % 5 === 0 ? 13_000 : 0)));
    // Each zone and another name of it: the other name's states are kept apart, and worked out backward in time
    // no kept state ever answers (each lasts from the moment it was worked out).
    const zones = [
      ["America/New_York", "US/Eastern"],
      ["America/Los_Angeles", "US/Pacific"],
      ["Pacific/Honolulu", "US/Hawaii"],
    ] as const;
    const differ: string[] = [];
    texts.forEach((text, t) => {
      const [zone, alias] = zones[t % zones.length]!;
      const forward = moments.map((at) => openNow(text, zone, at));
      const backward = moments
        .toReversed()
        .map((at) => openNow(text, alias, at))
        .toReversed();
      moments.forEach((at, i) => {
        if (forward[i] !== backward[i]) differ.push(`${text} ${zone} ${at.toISOString()}`);
      });
    });
    expect(differ).toEqual([]);
  }, 60_000);
});
