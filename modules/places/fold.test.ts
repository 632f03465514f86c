/**
 * The near-duplicate fold of every list (`foldDuplicates`): compared only within name blocks, it must fold exactly
 * as comparing every pair would.
 */
import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { foldDuplicates, sameSight } from "./showcase";

/** The plain rule, every kept row against every later one: what the blocked fold must equal. */
function foldEveryPair<T extends { r: Row }>(ranked: T[]): T[] {
  const kept: T[] = [];
  for (const item of ranked) {
    const same = kept.findIndex((k) => sameSight(k.r, item.r));
    if (same === -1) kept.push(item);
  }
  return kept;
}

// A deterministic generator (no Math.random: a failure must reproduce).
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
const WORDS = ["pier", "river", "museum", "park", "harbor", "garden", "hall", "tower", "cafe", "mill", "the", "inc"];
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/** One edit of a name: a letter changed, dropped, added, or two swapped; or a word added at the end. */
function edit(title: string): string {
  const i = Math.floor(next() * title.length);
  switch (Math.floor(next() * 5)) {
    case 0:
      return title.slice(0, i) + pick([...LETTERS]) + title.slice(i + 1);
    case 1:
      return title.slice(0, i) + title.slice(i + 1);
    case 2:
      return title.slice(0, i) + pick([...LETTERS]) + title.slice(i);
    case 3:
      return title.slice(0, i) + title.slice(i + 1, i + 2) + title.slice(i, i + 1) + title.slice(i + 2);
    default:
      return `${title} ${pick(WORDS)}`;
  }
}

test("folding within name blocks keeps exactly the rows that comparing every pair keeps, sources merged", () => {
  for (let round = 0; round < 20; round++) {
    const names = Array.from({ length: 40 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(WORDS) + pick([...LETTERS])).join(" "),
    );
    // 600 rows in a dense half-mile square (Manhattan's cells hold hundreds), many of them edits of one another.
    const ranked = Array.from({ length: 600 }, (_, id) => {
      let title = pick(names);
      for (let e = Math.floor(next() * 3); e > 0; e--) title = edit(title);
      const r = {
        id,
        title,
        latitude: 40.75 + next() * 0.007,
        longitude: -73.99 + next() * 0.009,
        sources: JSON.stringify([{ source: "s", sourceId: String(id) }]),
      } as unknown as Row;
      return { r };
    });
    const folded = foldDuplicates(ranked);
    expect(folded.map(({ r }) => r.id)).toEqual(foldEveryPair(ranked).map(({ r }) => r.id));
    expect(folded.length).toBeLessThan(ranked.length);
    // Every source of a folded row stays on the row kept.
    const sources = folded.flatMap(({ r }) => JSON.parse(String(r.sources)) as unknown[]);
    expect(sources).toHaveLength(ranked.length);
  }
}, 60_000); // 20 rounds of 600 rows: ~4 s on a loaded machine, past bun's 5 s default at times

test("two museum-census rows of one museum, in one town up to 2.5 mi apart, are one card; two towns' alike names stay two", () => {
  const census = (id: number, title: string, city: string, latitude: number) => ({
    r: {
      id,
      title,
      city,
      source: "imls-museums",
      latitude,
      longitude: -74.17,
      sources: JSON.stringify([{ source: "imls-museums", sourceId: String(id) }]),
    } as unknown as Row,
  });
  const folded = foldDuplicates([
    census(1, "Schifferstadt Architectural Museum", "Frederick", 40.9),
    census(2, "Children's Museum of Tacoma", "Tacoma", 40.95),
    census(3, "Schifferstadt Architectural Museum", "Frederick", 40.933), // 2.3 mi: the mailing address
    census(4, "Childrens Museum of Tacoma", "Tacoma", 40.955),
    census(5, "Historical Museum", "Clifton", 40.91), // another town's museum of an alike name
    census(6, "Historical Museum", "Paterson", 40.92),
    census(7, "Schifferstadt Architectural Museum", "Frederick", 40.95), // 7.2 mi away: another place
  ]);
  expect(folded.map(({ r }) => r.id)).toEqual([1, 2, 5, 6, 7]);
  expect(JSON.parse(String(folded[0]!.r.sources))).toHaveLength(2);
});
