import { builtYear, designationYear, sentences } from "./text";
import type { StoryContext, StoryHistory, StoryPlace } from "./types";
import { mi, isWikipedia, placeSource } from "./wording";
import { organisation } from "./select";

const SIGNIFICANT =
  /\b(National Historic Landmark|National Register|landmark|oldest|first|only|example of|notable|significant|important|designed by|architect|style|listed|historic district|museum)\b/i;

/** One sentence on why a place matters, from its own text (never a rank among our records). */
function significanceOf(p: StoryPlace, used: string): string {
  const candidates = sentences(p.description).filter((s) => !used.includes(s) && SIGNIFICANT.test(s));
  if (candidates.length) return candidates[0]!;
  const designation = designationYear(p.description);
  if (designation) return `${designation.phrase} in ${designation.year}, according to ${p.sourceName}.`;
  return `Recorded as a ${p.kind} by ${p.sourceName}.`;
}

// History

const MAX_HISTORY = 60;

/**
 * History entries: sites with a Wikipedia paragraph first, then register and landmark records, markers and
 * monuments; within each, by the year the text says the place was built (undated last, nearest first).
 */
export function storyHistory(c: StoryContext): StoryHistory[] {
  const history = c.places.filter((p) => p.categoryId === 8 && !organisation(p));
  const dated = (p: StoryPlace) => builtYear(p.description)?.year ?? Number.POSITIVE_INFINITY;
  const order = (a: StoryPlace, b: StoryPlace) => dated(a) - dated(b) || a.distance - b.distance || a.id - b.id;
  const wiki = history.filter(isWikipedia).sort(order);
  const rest = history
    .filter((p) => !isWikipedia(p))
    .sort((a, b) => dated(a) - dated(b) || b.quality - a.quality || a.distance - b.distance || a.id - b.id);
  const seen = new Set<string>();
  return [...wiki, ...rest]
    .filter((p) => {
      const key = p.title.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_HISTORY)
    .map((p): StoryHistory => {
      const b = builtYear(p.description);
      const d = designationYear(p.description);
      const content = isWikipedia(p)
        ? p.description
        : `${p.description}${p.address ? ` Address: ${p.address}.` : ""}`.trim() ||
          `${p.title}, ${mi(p.distance)} from the centre of ${c.city.name}.`;
      return {
        id: `place-${p.id}`,
        title: p.title,
        period: b
          ? `${b.verb.charAt(0).toUpperCase()}${b.verb.slice(1)} ${b.year}`
          : d
            ? `${d.phrase} ${d.year}`
            : "Date not recorded",
        category: p.kind.replace(/\b\p{L}/gu, (ch) => ch.toUpperCase()),
        content,
        significance: significanceOf(p, isWikipedia(p) ? (sentences(p.description)[0] ?? "") : ""),
        source: placeSource(p),
      };
    });
}
