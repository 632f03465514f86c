import { LIST } from "../../../src/domain/lists";
import { designationYear, sentences } from "./text";
import { builtYearOf, cleanText, worthTelling } from "./truth";
import { townLabel } from "./towns";
import type { StoryContext, StoryHistory, StoryPlace } from "./types";
import { isWikipedia, placeSource } from "./wording";
import { organisation } from "./select";

const SIGNIFICANT =
  /\b(National Historic Landmark|National Register|landmark|oldest|first|only|example of|notable|significant|important|designed by|architect|style|listed|historic district|museum)\b/i;

/** One sentence on why a place matters, from its own text (never a rank among our records). */
function significanceOf(p: StoryPlace, text: string, used: string): string {
  const candidates = sentences(text).filter((s) => !used.includes(s) && SIGNIFICANT.test(s));
  if (candidates.length) return candidates[0]!;
  const designation = designationYear(text);
  if (designation) return `${designation.phrase} in ${designation.year}, according to ${p.sourceName}.`;
  return `Recorded as a ${p.kind} by ${p.sourceName}.`;
}

// History

const MAX_HISTORY = 60;

/** The places a history may show: historic sites, not offices, each with a real sentence about itself and a known town. */
export const historicPlaces = (c: StoryContext) =>
  c.places.filter(
    (p) => p.categoryId === LIST.history && !organisation(p) && worthTelling(p) && (!c.placed || c.placed.has(p.id)),
  );

/**
 * History entries: the city's own first, then those of the towns around (each labelled with its town and
 * distance), nearest town first. Within the city: sites with a Wikipedia paragraph first, then register and
 * landmark records, markers and monuments; within each, by the year the text says the place was built
 * (undated last, nearest first). A place with no real sentence about itself is not an entry (see ./truth).
 */
export function storyHistory(c: StoryContext): StoryHistory[] {
  const history = historicPlaces(c);
  const years = new Map(
    history.map((p) => [p.id, builtYearOf(p.title, cleanText(p.description))?.year ?? Number.POSITIVE_INFINITY]),
  );
  const dated = (p: StoryPlace) => years.get(p.id)!;
  const order = (a: StoryPlace, b: StoryPlace) => dated(a) - dated(b) || a.distance - b.distance || a.id - b.id;
  const own = history.filter((p) => !c.towns.has(p.id));
  const wiki = own.filter(isWikipedia).sort(order);
  const rest = own
    .filter((p) => !isWikipedia(p))
    .sort((a, b) => dated(a) - dated(b) || b.quality - a.quality || a.distance - b.distance || a.id - b.id);
  const around = history
    .filter((p) => c.towns.has(p.id))
    .sort((a, b) => Number(isWikipedia(b)) - Number(isWikipedia(a)) || a.distance - b.distance || a.id - b.id);
  const seen = new Set<string>();
  return [...wiki, ...rest, ...around]
    .filter((p) => {
      const key = p.title.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_HISTORY)
    .map((p): StoryHistory => {
      const text = cleanText(p.description);
      const b = builtYearOf(p.title, text);
      const d = designationYear(text);
      const town = c.towns.get(p.id);
      const content = isWikipedia(p) ? text : `${text}${p.address ? ` Address: ${p.address}.` : ""}`.trim();
      return {
        id: `place-${p.id}`,
        title: p.title,
        ...(town ? { nearby: `In ${townLabel(town, c.city.stateCode)}` } : {}),
        period: b
          ? `${b.verb.charAt(0).toUpperCase()}${b.verb.slice(1)} ${b.year}`
          : d
            ? `${d.phrase} ${d.year}`
            : "Date not recorded",
        category: p.kind.replace(/\b\p{L}/gu, (ch) => ch.toUpperCase()),
        content,
        significance: significanceOf(p, text, isWikipedia(p) ? (sentences(text)[0] ?? "") : ""),
        source: placeSource(p),
      };
    });
}
