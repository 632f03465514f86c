import { describe, expect, test } from "bun:test";
import { hoursWarnings } from "./hours";
import { pickSights, planDay, type Candidate } from "./plan";
import { nearestNeighbourOrder } from "./route";

// Synthetic points (test fixtures, not data): 0.01° of latitude is about 0.69 mi.
const at = (id: number, latitude: number, longitude: number, categoryId = 8): Candidate => ({
  id,
  latitude,
  longitude,
  categoryId,
  stale: false,
});

describe("plan my day (pure)", () => {
  test("picks the best-ranked sight with enough ranked sights around it, skipping a lone far one", () => {
    const far = at(1, 40, -100);
    const cluster = [
      at(2, 30, -90),
      at(3, 30.005, -90),
      at(4, 30, -90.005),
      at(5, 30.005, -90.005),
      at(6, 30.002, -90.001),
    ];
    expect(pickSights([far, ...cluster]).map((p) => p.id)).toEqual([2, 3, 4, 5, 6]);
  });

  test("nearest-neighbour keeps the walk short: points on a line come out in line order", () => {
    const line = [at(1, 30, -90), at(3, 30.02, -90), at(2, 30.01, -90), at(4, 30.03, -90)];
    const ids = nearestNeighbourOrder(line).map((p) => p.id);
    expect(ids.join() === "1,2,3,4" || ids.join() === "4,3,2,1").toBe(true);
  });

  test("a food stop goes in near midday, the one adding least walking; food is never a sight", () => {
    const sights = [at(1, 30, -90), at(2, 30.01, -90), at(3, 30.02, -90), at(4, 30.03, -90), at(5, 30.04, -90)];
    const food = [at(10, 31, -90, 10), at(11, 30.025, -90, 10), at(12, 30.001, -90, 10)];
    const day = planDay([...sights, at(13, 30.011, -90, 10)], food);
    const meal = day.find((s) => s.placeId >= 10)!;
    expect(day.filter((s) => s.placeId >= 10)).toHaveLength(1);
    expect(meal.time >= "11:30" && meal.time <= "13:30").toBe(true);
    expect([11, 12]).toContain(meal.placeId);
  });
});

test("plan my day (pure): a local food place is preferred to a chain a little closer to the route", () => {
  const sights = [at(1, 30, -90), at(2, 30.01, -90), at(3, 30.02, -90), at(4, 30.03, -90)];
  const chain = { ...at(10, 30.015, -90, 10), local: false };
  const local = { ...at(11, 30.015, -90.002, 10), local: true };
  expect(planDay(sights, [chain, local]).map((s) => s.placeId)).toContain(11);
});

describe("opening-hours warnings", () => {
  test("closed weekdays, a dated day, unknown hours", () => {
    expect(hoursWarnings("Tu-Su 10:00-17:00", null)).toEqual(["Closed on Mondays"]);
    expect(hoursWarnings("Mo-Fr 09:00-17:00", null)).toEqual(["Closed on Saturdays and Sundays"]);
    expect(hoursWarnings("Tu-Su 10:00-17:00", "2026-12-07")).toEqual(["Closed on Mondays"]);
    expect(hoursWarnings("Tu-Su 10:00-17:00", "2026-12-08")).toEqual([]);
    expect(hoursWarnings(null, null)).toEqual(["Hours unknown"]);
    expect(hoursWarnings("not hours", null)).toEqual(["Hours unknown"]);
    expect(hoursWarnings("24/7", null)).toEqual([]);
    // An opening past midnight is the evening's: a bar open Monday to Saturday evenings is closed on Sundays.
    expect(hoursWarnings("Mo-Sa 17:00-02:00", null)).toEqual(["Closed on Sundays"]);
    expect(hoursWarnings("Mo-Sa 17:00-02:00", "2026-12-06")).toEqual(["Closed on Sundays"]);
  });
});
