import { placeFacts } from "./facts-places";
import { statisticFacts } from "./facts-statistics";
import { textFacts } from "./facts-texts";
import type { StoryContext, StoryFact } from "./types";
import { widerContext } from "./wording";

/** The facts a city screen shows first. */
const FIRST = 5;

/** Every candidate fact for a city, scored for interest and specificity, best first. */
export function storyFacts(c: StoryContext): StoryFact[] {
  const wider = widerContext(c);
  const facts: StoryFact[] = [...textFacts(c, wider), ...placeFacts(c, wider), ...statisticFacts(c, wider)].map(
    (f) => ({ statistic: false, ...f }),
  );

  const seen = new Set<string>();
  const ranked = facts
    .filter((f) => {
      const key = f.title.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => b.score - a.score);
  // Statistics come only after every other fact, and never two among the first five: a town with fewer than four
  // other facts gets its one best statistic (the nearest town, its division) and no more.
  const told = ranked.filter((f) => !f.statistic);
  const statistics = ranked.filter((f) => f.statistic);
  return [...told, ...(told.length >= FIRST - 1 ? statistics : statistics.slice(0, 1))];
}
