import { describe, expect, test } from "bun:test";
import { timesOutOfOrder } from "./trip-times";

const day = (...times: Array<string | null>) => times.map((time) => ({ time }));

describe("a day's times against its order", () => {
  test("times in order, or stops without times between them: nothing to say", () => {
    expect(timesOutOfOrder(day("09:00", null, "10:30", "10:30", "14:00"))).toBeNull();
    expect(timesOutOfOrder(day(null, null))).toBeNull();
    expect(timesOutOfOrder([])).toBeNull();
  });
  test("a stop moved before an earlier time: the first disagreement, with both stops' numbers and times", () => {
    expect(timesOutOfOrder(day("13:00", null, "10:00", "09:00"))).toBe(
      "Times out of order: stop 3 is at 10:00, after stop 1 at 13:00. Change a time or the order.",
    );
  });
});
