import { LIST } from "../../src/domain/lists";
import { DATASETS } from "../../db/import/places";
import type { PlaceBrief } from "../places";
import type { CityContext, ContentProvider, DeeperLevel } from "./provider";
import { itemKey } from "./provider";
import { divisionOf } from "./story/division";
import { storyFacts, storyHistory, widerContext, nearPlace, type StoryContext, type StoryFact } from "./stories";

/**
 * The data-grounded provider (docs/product.md#data-rules, docs/decisions/028-city-stories.md): facts and history composed by ./stories from the
 * city's bundled texts and the places store, so every sentence is true as far as those sources are, and each
 * names its source. It needs no model, answers instantly, and is the fallback whenever a model is slow or fails.
 */

const SOURCE_NAMES = new Map<string, string>(DATASETS.map((d) => [d.key, d.name]));
SOURCE_NAMES.set("osm", "OpenStreetMap");
const sourceName = (key: string) => SOURCE_NAMES.get(key) ?? key;

const COMPASS = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];

const stories = new WeakMap<CityContext, StoryContext>();

/** The story composer's view of a context (built once per context). */
export function storyContext(c: CityContext): StoryContext {
  let s = stories.get(c);
  if (!s) {
    s = {
      city: { ...c.city, urbanArea: c.city.urbanArea, division: divisionOf(c.city) },
      texts: c.texts,
      radius: c.radius,
      places: c.places.map((p: PlaceBrief) => ({ ...p, sourceName: sourceName(p.source) })),
      nearestLarger: c.nearestLarger && {
        ...c.nearestLarger,
        direction: COMPASS[Math.round(c.nearestLarger.bearing / 45) % 8]!,
      },
      county: c.county,
      towns: c.towns,
      placed: c.placed,
      zips: c.zips,
    };
    stories.set(c, s);
  }
  return s;
}

const factsByContext = new WeakMap<CityContext, StoryFact[]>();

/** The grounded facts of a context, composed once (facts, deeper levels and the model's prompt share them). */
export function groundedFacts(c: CityContext): StoryFact[] {
  let facts = factsByContext.get(c);
  if (!facts) factsByContext.set(c, (facts = storyFacts(storyContext(c))));
  return facts;
}

/** Deeper levels for a fact this provider did not write (a model's fact when the model is down). */
function genericDeeper(c: CityContext, level: DeeperLevel): string {
  const s = storyContext(c);
  if (level === 1)
    return s.texts.wikivoyageByline ? `Wikivoyage on ${c.city.name}: "${s.texts.wikivoyageByline}"` : widerContext(s);
  if (level === 2) return nearPlace(s, null, (p) => p.categoryId === LIST.history || p.categoryId === LIST.activities);
  return widerContext(s);
}

export function groundedProvider(): ContentProvider {
  return {
    name: "grounded",
    async facts(context) {
      return groundedFacts(context).map(({ title, summary, category, source }) => ({
        title,
        summary,
        category,
        source,
      }));
    },
    async history(context) {
      return storyHistory(storyContext(context));
    },
    async deeper(context, fact, level) {
      const own = groundedFacts(context).find((f) => itemKey(f.title) === itemKey(fact.title));
      return own ? own.details[level - 1] : genericDeeper(context, level);
    },
  };
}
