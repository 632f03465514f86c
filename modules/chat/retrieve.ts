import { distanceMiles } from "../../src/geo";
import { understand, type Intent, type Topic } from "./intent";
import type { ChatCity, ChatSources, SourcePlace } from "./sources";

/** Step 2 of an answer: the places, history and facts of the city that match the question. */

export interface Grounding {
  city: ChatCity;
  intent: Intent;
  /** What the places are, in words ("places to eat"). */
  subject: string;
  places: SourcePlace[];
  /** The place the question names or is "near", when found in the store. */
  anchor: SourcePlace | null;
  history: Array<{ id: string; title: string; period: string; content: string }>;
  facts: Array<{ title: string; summary: string }>;
  /** Honest notes about what the data does not know. */
  notes: string[];
}

const KIND = {
  cafe: /caf[eé]|coffee|bakery|tea|ice cream|juice|dessert|donut|doughnut|pastry/i,
  bar: /(?<!juice )\bbar\b|pub|nightclub|brew|biergarten|winery|wine|cocktail|taproom|lounge|distillery/i,
  kids: /playground|park|zoo|aquarium|museum|library|amusement|arcade|bowling|ice cream|water park|theme park|miniature golf|science|nature|garden|trampoline|skating|children/i,
  free: /park|library|monument|memorial|marker|historic site|trail|viewpoint|beach|spring|lake|visitor center|community center|plaza|square|garden|nature|summit|reservoir/i,
};
const SUBJECT: Record<Topic, string> = {
  food: "places to eat",
  cafe: "cafés and bakeries",
  bar: "bars and places for a drink",
  activities: "things to do",
  history: "historic places",
  shopping: "places to shop",
  lodging: "places to stay",
};
const LIST_OF: Record<Topic, number> = {
  food: 10,
  cafe: 10,
  bar: 10,
  activities: 9,
  history: 8,
  shopping: 12,
  lodging: 11,
};
export const ANSWER_PLACES = 5;
const POOL = 120;

/** Miles between two points, one decimal (as the places module gives distances). */
const miles = (lat1: number, lng1: number, lat2: number, lng2: number) =>
  Math.round(distanceMiles(lat1, lng1, lat2, lng2) * 10) / 10;

export async function retrieve<C extends ChatCity>(
  sources: ChatSources<C>,
  city: C,
  query: string,
): Promise<Grounding> {
  const intent = understand(query);
  const notes: string[] = [];
  let anchor: SourcePlace | null = null;
  const lookup = intent.named ?? intent.near;
  if (lookup) {
    const hits = await sources.search(city, lookup, 5);
    anchor = hits.find((p) => p.title.toLowerCase() === lookup.toLowerCase()) ?? hits[0] ?? null;
    if (!anchor && intent.near)
      notes.push(
        `I couldn't find “${intent.near}” in LocalScope's data for ${city.name}, so distances are from downtown.`,
      );
  }
  // A named place the store knows: the answer is about that place.
  const sameName = (a: string, b: string) =>
    a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase());
  if (intent.named && !(anchor && sameName(anchor.title, intent.named)) && intent.topics.length) {
    notes.push(`I couldn't find “${intent.named}” in LocalScope's data for ${city.name}.`);
  }
  if (anchor && intent.named && (intent.topics.length === 0 || sameName(anchor.title, intent.named))) {
    return {
      city,
      intent,
      subject: "the place you asked about",
      places: [anchor],
      anchor,
      history: [],
      facts: [],
      notes,
    };
  }
  const topics: Topic[] = intent.topics.length ? intent.topics : intent.kids || intent.free ? ["activities"] : [];
  let pool: SourcePlace[] = [];
  if (topics.length === 0) {
    pool = await sources.list(city, "nearby", POOL);
  } else {
    const lists = await Promise.all(
      [...new Set(topics.map((t) => LIST_OF[t]))].map((id) => sources.list(city, id, POOL)),
    );
    const all = lists.flat();
    pool = all.filter((p) => {
      if (topics.includes("cafe") && KIND.cafe.test(p.kind)) return true;
      if (topics.includes("bar") && KIND.bar.test(p.kind)) return true;
      if (topics.includes("food") && p.categoryId === 10 && !KIND.bar.test(p.kind)) return true;
      return topics.some((t) => !["food", "cafe", "bar"].includes(t) && LIST_OF[t] === p.categoryId);
    });
    if (intent.kids) {
      const extra = topics.includes("activities") ? [] : await sources.list(city, 9, POOL);
      pool = [...pool, ...extra].filter((p) => KIND.kids.test(p.kind));
    }
    if (intent.free) {
      pool = pool.filter((p) => KIND.free.test(p.kind));
      notes.push(
        "LocalScope has no prices; parks, libraries, monuments and places like these usually cost nothing to visit, but check before you go.",
      );
    }
  }
  if (anchor && intent.near) {
    const from = anchor;
    pool = pool
      .filter((p) => p.id !== from.id)
      .map((p) => ({ ...p, distance: miles(from.latitude, from.longitude, p.latitude, p.longitude) }))
      .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
  }
  if (intent.openNow || intent.today) {
    const open = pool.filter((p) => p.openNow === true);
    const known = pool.some((p) => p.openNow !== null);
    if (open.length) pool = [...open, ...pool.filter((p) => p.openNow === null)];
    if (!known) notes.push("None of these list their opening hours in the data, so check before you go.");
    else if (!open.length) notes.push("None of the places with known hours is open right now.");
  }
  const seen = new Set<number>();
  const places = pool.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true))).slice(0, ANSWER_PLACES * 2);
  const subject = topics.length ? topics.map((t) => SUBJECT[t]).join(" and ") : "places worth a look";
  const [history, facts] = await Promise.all([
    topics.includes("history") ? sources.history(city).then((h) => h.slice(0, 8)) : Promise.resolve([]),
    topics.length === 0 ? sources.facts(city).then((f) => f.slice(0, 4)) : Promise.resolve([]),
  ]);
  return {
    city,
    intent,
    subject: intent.kids ? `${subject} for families with kids` : intent.free ? `free ${subject}` : subject,
    places,
    anchor,
    history,
    facts,
    notes,
  };
}
