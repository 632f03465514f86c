import { expect, test } from "bun:test";
import { stateOfPoint } from "./state-of-point";

test("a point's state comes from the outlines, not the nearest city (the Empire State Building's nearest point is Hoboken, NJ)", () => {
  expect(stateOfPoint(40.748333, -73.985278)).toBe("NY"); // Empire State Building (Wikidata)
  expect(stateOfPoint(40.744, -74.0324)).toBe("NJ"); // Hoboken
  expect(stateOfPoint(36.17, -115.14)).toBe("NV");
  expect(stateOfPoint(38.9, -77.03)).toBe("DC");
  expect(stateOfPoint(21.3, -157.85)).toBe("HI");
  expect(stateOfPoint(30, -60)).toBeNull(); // the Atlantic
});
