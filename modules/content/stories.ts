/**
 * City stories (docs/decisions/028-city-stories.md): fun facts and history entries composed only from bundled data — Wikipedia
 * paragraphs of historic sites, Wikivoyage bylines, WordNet glosses and nicknames, the most-viewed biography
 * of a person associated with the city, GeoNames seats, register and landmark records, and the places store.
 *
 * Rules kept here (and tested in stories.test.ts):
 * - every fact and entry names its source (and links it where the source is a web page; CC BY-SA text always);
 * - a year is called "built" only when the text says so; a designation or listing year is called that;
 * - no comparative claim ("oldest", "largest") unless computed over a stated, complete set;
 * - statistics ("N ZIP codes") come after every better fact, so they lead nothing and fill only what is left.
 */
export type {
  AssociatedPerson,
  CityStoryTexts,
  StoryCity,
  StoryContext,
  StoryFact,
  StoryHistory,
  StoryPlace,
  StorySource,
} from "./story/types";
export { designationYear, lead, sentences } from "./story/text";
export { builtYearOf } from "./story/truth";
export { nearPlace, widerContext } from "./story/wording";
export { personFits } from "./story/select";
export { storyFacts } from "./story/facts";
export { storyHistory } from "./story/history";
export { claims, ungrounded } from "./story/check";
