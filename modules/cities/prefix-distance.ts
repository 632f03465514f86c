/** One job: the sorted-list search and the edit distance the per-state and ZIP lookups of the city index use. */

/** The first position in a sorted list whose value is not below `key`. */
export function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Smallest number of edits (optimal string alignment) turning `key` into some prefix of `target`,
 * capped at 2 ("more than one"). Used for the small per-state lists.
 */
export function prefixDistance(key: string, target: string): number {
  const n = key.length;
  let prevPrev: number[] | null = null;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let best = prev[n]!;
  const m = Math.min(target.length, n + 1);
  for (let i = 1; i <= m; i++) {
    const ch = target[i - 1]!;
    const row = new Array<number>(n + 1);
    row[0] = i;
    let min = i;
    for (let j = 1; j <= n; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (key[j - 1] === ch ? 0 : 1));
      if (prevPrev && j > 1 && key[j - 1] === target[i - 2] && key[j - 2] === ch) d = Math.min(d, prevPrev[j - 2]! + 1);
      row[j] = d;
      if (d < min) min = d;
    }
    if (row[n]! < best) best = row[n]!;
    if (min > 1) break;
    prevPrev = prev;
    prev = row;
  }
  return Math.min(best, 2);
}
