/** How scripts/bench-data.ts and its parts write figures: the median, a share in per cent, a count with separators. */

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} %` : "n/a");
export const fmt = (n: number) => n.toLocaleString("en-US");
