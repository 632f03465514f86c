import type { Row } from "@libsql/client";

/**
 * Spreading a list's first rows: a chain's branches and one kind of place do not fill a page. Both work within a
 * distance band, so nothing far ever moves ahead of something near.
 */

/**
 * A chain once per distance band: its best-ranked branch keeps its place among the band's chains, its other
 * branches follow every other chain of the band (and of its recent or stale records) (Atlanta's first food page was four Chick-fil-A and Boston's three
 * Au Bon Pain within half a mile).
 */
export function branchesLast<T extends { r: Row; camp: number; band: number; stale: number; chain: number }>(
  ranked: T[],
): T[] {
  const seen = new Set<string>();
  const repeat = ranked.map(({ r, band, chain }) => {
    if (!chain || r.brand == null) return 0;
    const key = `${band}|${String(r.brand)}`;
    if (!seen.has(key)) return (seen.add(key), 0);
    return 1;
  });
  return ranked
    .map((x, i) => ({ x, i, repeat: repeat[i]! }))
    .sort(
      (a, b) =>
        a.x.camp - b.x.camp ||
        a.x.band - b.x.band ||
        a.x.stale - b.x.stale ||
        a.x.chain - b.x.chain ||
        a.repeat - b.repeat ||
        a.i - b.i,
    )
    .map(({ x }) => x);
}

/** Kinds of gem that read as one ("brewery", "brewpub", "taproom" are all beer). */
const FAMILY: Array<[RegExp, string]> = [
  [/\b(brew\w*|taproom|beer|biergarten|cidery|distillery|winery)\b/i, "drink-maker"],
  [/\b(bar|pub|tavern|saloon|lounge|nightclub)\b/i, "bar"],
  [/\b(caf[eé]|coffee|tea)\b/i, "café"],
];
const familyOf = (kind: string) => FAMILY.find(([words]) => words.test(kind))?.[1] ?? kind.toLowerCase();

/** A local-gems band shows at most this many of one kind before the band's other places. */
export const GEMS_PER_KIND = 3;

/**
 * Local gems of one kind at most three to a distance band before the band's other kinds: Buffalo's first twelve gems
 * were twelve breweries, Reno's nine. The rest of that kind follow the band's others, before the next band.
 */
export function kindsMixed<T extends { r: Row; d: number }>(ranked: T[], band: (miles: number) => number): T[] {
  const count = new Map<string, number>();
  return ranked
    .map((x, i) => {
      const key = `${band(x.d)}|${familyOf(String(x.r.kind))}`;
      const n = (count.get(key) ?? 0) + 1;
      count.set(key, n);
      return { x, i, b: band(x.d), over: n > GEMS_PER_KIND ? 1 : 0 };
    })
    .sort((a, b) => a.b - b.b || a.over - b.over || a.i - b.i)
    .map(({ x }) => x);
}
