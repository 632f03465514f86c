import { placeFacts } from "./facts-places";
import { statisticFacts } from "./facts-statistics";
import { textFacts } from "./facts-texts";
import type { StoryContext, StoryFact } from "./types";
import { widerContext } from "./wording";

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
  // Statistics come only after every better fact: the first five never hold one when five better exist.
  return [...ranked.filter((f) => !f.statistic), ...ranked.filter((f) => f.statistic)];
}
