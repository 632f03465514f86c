import { distanceMiles } from "../../src/geo";
import { nameScore, nameWords } from "./names";
import { isVisitable } from "./quality";
import type { ChatCity, ChatSources, SourcePlace } from "./sources";

/** What a question is about: another city it names, and the place it names (found, or the closest names). */

/** A score from which a title is taken as the place asked about. */
const SAME_PLACE = 0.75;
/** Below this a title is not offered as a close match. */
const CLOSE = 0.34;

/** Of two records with the same name, the one that knows more (hours, phone, website, address) answers. */
const known = (p: SourcePlace) => [p.openingHours, p.phone, p.website, p.address].filter(Boolean).length;
const key = (name: string) => nameWords(name).join(" ");

/** A city of the chat's own state this large is the one meant by its name, whatever larger namesakes exist. */
const OWN_STATE_MIN = 50_000;

/**
 * The city a name stands for ("Chicago", "Austin, TX", "Savannah"), any city we know including the chat's own;
 * null when we know none of that name (and of that state, when one is typed).
 */
export function cityByName<C extends ChatCity>(sources: ChatSources<C>, current: C, typed: string): C | null {
  const parts = typed.match(/^(.+?)(?:,?\s+([A-Z]{2}))?$/);
  const name = parts?.[1]?.trim() ?? typed;
  const state = parts?.[2];
  const same = sources.cities(name, 20).filter((c) => key(c.name) === key(name) && (!state || c.stateCode === state));
  // The chat's own state first ("Springfield" asked in Illinois, "Portland" in Maine) when its city of that name is
  // a place people travel to — a city of OWN_STATE_MIN people, or a tenth of the largest one's; else the index's best,
  // the largest ("Boston" asked in New York is Boston, MA, not the village of Boston, NY).
  const largest = same[0];
  const own = same.find((c) => c.stateCode === current.stateCode);
  return (
    (own && largest && (own.population >= OWN_STATE_MIN || own.population * 10 >= largest.population)
      ? own
      : largest) ?? null
  );
}

/** The city a question names ("in Chicago", "in Austin, TX"), when it is one we know and not the chat's own. */
export function namedCity<C extends ChatCity>(sources: ChatSources<C>, current: C, typed: string | null): C | null {
  const city = typed ? cityByName(sources, current, typed) : null;
  return city && city.id !== current.id ? city : null;
}

export interface PlaceMatch {
  place: SourcePlace | null;
  /** When no place matched: the closest names of the city's area and state, best first. */
  closest: SourcePlace[];
}

/**
 * The place a question names: its title as typed, then each long word of it (a typo or a missing word), within
 * 25 mi of the city; then the whole state. The best title by word match wins when it is close enough.
 */
export async function findPlace<C extends ChatCity>(
  sources: ChatSources<C>,
  city: C,
  typed: string,
  /** Of records equally close, prefer one for which this holds (it has what the question asks). */
  prefer: (p: SourcePlace) => boolean = () => false,
): Promise<PlaceMatch> {
  const pool = new Map<number, SourcePlace>();
  /** Found only across the state, beyond the city's area: the title must match as a whole ("Liberty Bell Shrine of
   * Allentown", 48 mi from Philadelphia, is not "the Liberty Bell"). */
  const far = new Set<number>();
  const add = (list: SourcePlace[], beyond = false) => {
    for (const p of list)
      if (!pool.has(p.id)) {
        pool.set(p.id, p);
        if (beyond) far.add(p.id);
      }
  };
  const ranked = () =>
    [...pool.values()]
      .map((p) => ({ p, score: nameScore(typed, p.title, !far.has(p.id)) }))
      .sort(
        (a, b) =>
          b.score - a.score ||
          Number(prefer(b.p)) - Number(prefer(a.p)) ||
          known(b.p) - known(a.p) ||
          (a.p.distance ?? 1e9) - (b.p.distance ?? 1e9),
      );
  const best = () => ranked()[0];
  add(await sources.search(city, typed, 10));
  if ((best()?.score ?? 0) < SAME_PLACE) {
    const words = nameWords(typed)
      .filter((w) => w.length >= 3)
      .sort((a, b) => b.length - a.length)
      .slice(0, 3);
    for (const word of words) add(await sources.search(city, word, 40));
  }
  if ((best()?.score ?? 0) < SAME_PLACE) {
    const state = (await sources.searchAll(typed, 40)).filter((p) => p.stateCode === city.stateCode);
    add(
      state.map((p) => ({ ...p, distance: milesFrom(city, p) })),
      true,
    );
  }
  const top = best();
  if (top && top.score >= SAME_PLACE) return { place: top.p, closest: [] };
  return {
    place: null,
    closest: ranked()
      .filter((r) => r.score >= CLOSE && isVisitable(r.p))
      .slice(0, 3)
      .map((r) => r.p),
  };
}

/** Miles from the city's centre, one decimal. */
export const milesFrom = (city: ChatCity, p: Pick<SourcePlace, "latitude" | "longitude">) =>
  Math.round(distanceMiles(city.latitude, city.longitude, p.latitude, p.longitude) * 10) / 10;
