import { describe, expect, test } from "bun:test";
import { MAP_CATEGORIES, mapCategory } from "./categories";

/** Colour-vision simulation (Machado, Oliveira & Fernandes 2009, severity 1.0) in linear RGB, compared in CIELAB. */
const SIMULATIONS: Record<string, number[][]> = {
  "normal vision": [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
const linear = (hex: string) =>
  [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
function lab([r, g, b]: number[]) {
  const x = (0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047;
  const y = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  const z = (0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
const simulate = (hex: string, m: number[][]) => {
  const c = linear(hex);
  return m.map((row) =>
    Math.min(
      1,
      Math.max(
        0,
        row.reduce((sum, k, i) => sum + k * c[i]!, 0),
      ),
    ),
  );
};
const luminance = (hex: string) => {
  const [r, g, b] = linear(hex);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe("map category colours (docs/decisions/026-traveller-polish.md: six distinguishable, also for colour-blind users)", () => {
  const categories = Object.entries(MAP_CATEGORIES);

  test("six categories with the product's labels", () => {
    expect(categories.map(([id, c]) => `${id} ${c.label}`)).toEqual([
      "7 Fun Fact",
      "8 History",
      "9 Activities",
      "10 Food & Dining",
      "11 Lodging",
      "12 Local Stores",
    ]);
    expect(mapCategory(5).label).toBe("Food & Dining"); // page numbering maps onto the same entry
    expect(mapCategory(99).label).toBe("Place");
  });

  for (const [vision, matrix] of Object.entries(SIMULATIONS)) {
    test(`every pair differs by ΔE ≥ 15 with ${vision}`, () => {
      const close: string[] = [];
      for (const [i, [, a]] of categories.entries())
        for (const [, b] of categories.slice(i + 1)) {
          const [la, lb] = [lab(simulate(a.color, matrix)), lab(simulate(b.color, matrix))];
          const delta = Math.hypot(la[0]! - lb[0]!, la[1]! - lb[1]!, la[2]! - lb[2]!);
          if (delta < 15) close.push(`${a.label} / ${b.label}: ΔE ${delta.toFixed(1)}`);
        }
      expect(close).toEqual([]);
    });
  }

  test("badge text on each colour has contrast ≥ 4.5:1", () => {
    for (const [, c] of categories) expect(contrast(c.color, c.text), c.label).toBeGreaterThanOrEqual(4.5);
  });
});
