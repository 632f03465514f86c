/** The fuzz's random source: mulberry32, so a given --seed repeats a run exactly. */
export function seeded(start: number) {
  let seed = start;
  const random = () => {
    // mulberry32: a reproducible run for a given --seed
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return { random, pick };
}
