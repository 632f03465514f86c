import { LIST } from "../../src/domain/lists";
import { distanceMiles } from "../../src/geo";
import { understand, type Intent, type Topic } from "./intent";
import { nameWords } from "./names";
import { KIND } from "./kinds";
import { isVisitable, oldestLast } from "./quality";
import type { ChatCity, ChatSources, SourcePlace } from "./sources";
import { isAliasOf, mentionNote } from "./mentions";
import { findPlace, namedCity, type PlaceMatch } from "./subject";
import { phraseWords } from "../../src/domain/phrase";
import { isWanted } from "./wants";
import { openOn, WEEKDAY_NAMES } from "./weekday";

/** Step 2 of an answer: the places, history and facts of the city that match the question. */

/** list: places for a topic; place: one named place; unknown-place: a name we have no record of; help: off-topic. */
export type AnswerKind = "list" | "place" | "unknown-place" | "help";

export interface Grounding {
  kind: AnswerKind;
  /** The city answered for (the one the question names, else the chat's). */
  city: ChatCity;
  /** The chat's own city when the question named another one. */
  from: ChatCity | null;
  /** The place name as typed (place and unknown-place answers). */
  asked: string | null;
  /** Places within half a mile of the named place, nearest first. */
  around: SourcePlace[];
  /** The city history's paragraph about the named place, when there is one. */
  story: string | null;
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
  /** A named place with no record of its own: the places whose descriptions name it. */
  mentions: SourcePlace[];
}

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
  food: LIST.food,
  cafe: LIST.food,
  bar: LIST.food,
  activities: LIST.activities,
  history: LIST.history,
  shopping: LIST.stores,
  lodging: LIST.lodging,
};
export const ANSWER_PLACES = 5;
const POOL = 120;

/** Miles between two points, one decimal (as the places module gives distances). */
const miles = (lat1: number, lng1: number, lat2: number, lng2: number) =>
  Math.round(distanceMiles(lat1, lng1, lat2, lng2) * 10) / 10;

/** The record field a question about a place asks for. */
const ASKED_FIELD: Record<Intent["asks"], keyof SourcePlace> = {
  phone: "phone",
  website: "website",
  hours: "openingHours",
  openNow: "openingHours",
  address: "address",
  distance: "distance",
  price: "website",
  worth: "description",
  about: "description",
};

/** A town of another state this large is meant by its name even where the chat's city has a place of that name. */
const TOWN_OVER_PLACE = 50_000;

/** Miles within which a place counts as near the named one. */
const AROUND_MILES = 0.5;

export async function retrieve<C extends ChatCity>(
  sources: ChatSources<C>,
  chatCity: C,
  query: string,
): Promise<Grounding> {
  const intent = understand(query);
  // A named city ("in Chicago"), or a "place" that is a city's name ("tell me about Chicago").
  // The place the question names, looked up once (a town's name is checked against it too).
  let looked: Promise<PlaceMatch> | undefined;
  const placeNamed = (city: C) =>
    city.id === chatCity.id
      ? (looked ??= findPlace(sources, city, intent.named!, (p) => Boolean(p[ASKED_FIELD[intent.asks]])))
      : findPlace(sources, city, intent.named!, (p) => Boolean(p[ASKED_FIELD[intent.asks]]));
  const other = namedCity(sources, chatCity, intent.city) ?? (await townNamed(sources, chatCity, intent, placeNamed));
  const city: C = other ?? chatCity;
  const base = {
    city,
    from: other ? chatCity : null,
    intent,
    around: [],
    story: null,
    history: [],
    facts: [],
    mentions: [],
  };
  const named = intent.named && !(other && nameWords(other.name).join(" ") === nameWords(intent.named).join(" "));
  if (named && intent.named && !intent.near) {
    const found = await placeNamed(city);
    if (found.place) return placeGrounding(sources, city, base, found.place, intent.named);
    // A sight with no record of its own may be named in a place's description ("the Liberty Bell").
    const mentions = (await sources.mentioning(city, intent.named, 3)).filter(isVisitable);
    // A description that gives the name as the place's own other name ("… referred to as the Met") is that place.
    const alias = mentions.find((p) => isAliasOf(p, intent.named!));
    if (alias) return placeGrounding(sources, city, base, alias, intent.named);
    if (!intent.topics.length)
      return {
        ...base,
        kind: "unknown-place",
        asked: intent.named,
        subject: "",
        places: mentions.length ? mentions : found.closest,
        mentions,
        anchor: null,
        notes: mentions.length ? [mentionNote(intent.named, mentions, city.name)] : [],
      };
    return listGrounding(sources, city, { ...base, mentions }, intent, intent.named);
  }
  const asksNothing =
    !intent.topics.length &&
    !intent.near &&
    !intent.kids &&
    !intent.free &&
    !intent.openNow &&
    !intent.today &&
    intent.weekday === null &&
    !intent.overview;
  if (asksNothing && !other)
    return { ...base, kind: "help", asked: null, subject: "", places: [], anchor: null, notes: [] };
  return listGrounding(sources, city, base, intent, named ? intent.named : null);
}

/** Each place once: a record seen before, or the same name (any case) within half a mile of one kept. */
function once(pool: SourcePlace[]): SourcePlace[] {
  const kept: SourcePlace[] = [];
  const ids = new Set<number>();
  for (const p of pool) {
    if (ids.has(p.id)) continue;
    ids.add(p.id);
    const title = p.title.toLowerCase();
    const twin = kept.some(
      (k) => k.title.toLowerCase() === title && miles(k.latitude, k.longitude, p.latitude, p.longitude) <= AROUND_MILES,
    );
    if (!twin) kept.push(p);
  }
  return kept;
}

/** A "place" that is a town's name ("tell me about Chicago"); "the Alamo" is a place, not the town of Alamo. */
async function townNamed<C extends ChatCity>(
  sources: ChatSources<C>,
  chatCity: C,
  intent: Intent,
  placeNamed: (city: C) => Promise<PlaceMatch>,
): Promise<C | null> {
  const town = intent.named ? namedCity(sources, chatCity, intent.named) : null;
  if (!town || (intent.namedWithThe && !/^the\s/i.test(town.name))) return null;
  // A small town of another state is not what a place of the chat's city by that name means ("Is Central Park
  // free?" asked in New York is the park, not Central Park, WA).
  if (town.stateCode !== chatCity.stateCode && town.population < TOWN_OVER_PLACE)
    if ((await placeNamed(chatCity)).place) return null;
  return town;
}

type Base = Pick<Grounding, "city" | "from" | "intent" | "around" | "story" | "history" | "facts" | "mentions">;

/** One named place: its record, what is near it and the history paragraph about it. */
async function placeGrounding<C extends ChatCity>(
  sources: ChatSources<C>,
  city: C,
  base: Base,
  place: SourcePlace,
  asked: string,
): Promise<Grounding> {
  const wantsMore = ["about", "worth", "address", "distance"].includes(base.intent.asks);
  const [nearby, history] = await Promise.all([
    wantsMore ? sources.list(city, "nearby", POOL) : Promise.resolve([]),
    ["about", "worth"].includes(base.intent.asks) ? sources.history(city) : Promise.resolve([]),
  ]);
  const around = nearby
    .filter((p) => p.id !== place.id && isVisitable(p) && p.title !== place.title)
    .map((p) => ({ ...p, distance: miles(place.latitude, place.longitude, p.latitude, p.longitude) }))
    .filter((p) => p.distance <= AROUND_MILES)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 3);
  const story = history.find((h) => h.id === `place-${place.id}`)?.content ?? null;
  return {
    ...base,
    kind: "place",
    asked,
    around,
    story,
    subject: "the place you asked about",
    places: [place, ...around],
    anchor: place,
    notes: [],
  };
}

/** Places for the question's topics (or the city's best when it names none), best first. */
async function listGrounding<C extends ChatCity>(
  sources: ChatSources<C>,
  city: C,
  base: Base,
  intent: Intent,
  missing: string | null,
): Promise<Grounding> {
  const notes: string[] = [];
  let anchor: SourcePlace | null = null;
  if (intent.near) {
    const found = await findPlace(sources, city, intent.near);
    anchor = found.place;
    if (!anchor)
      notes.push(
        `I couldn't find “${intent.near}” in LocalScope's data for ${city.name}, so distances are from downtown.`,
      );
  }
  if (missing && base.mentions.length) notes.push(mentionNote(missing, base.mentions, city.name));
  else if (missing) notes.push(`I couldn't find “${missing}” in LocalScope's data for ${city.name}.`);
  const topics: Topic[] = intent.topics.length ? intent.topics : intent.kids || intent.free ? ["activities"] : [];
  const coffee = /\b(coffee|espresso|latte|cappuccino)\b/i.test(intent.text);
  // "Cheap" of a meal, a room or shopping asks a price the data does not have; of things to do, it asks for free ones.
  const priced = topics.some((t) => t !== "activities" && t !== "history");
  let pool: SourcePlace[] = [];
  const listIds = [...new Set(topics.map((t) => LIST_OF[t]))];
  // Near a place the question names, the lists' places nearest it (a downtown list may lie miles from it); a place
  // with nothing around it in the data falls back to the lists.
  let around = anchor ? await sources.near(city, anchor, listIds.length ? listIds : null, POOL) : [];
  const fromAnchor = (p: SourcePlace) =>
    anchor ? miles(anchor.latitude, anchor.longitude, p.latitude, p.longitude) : null;
  if (topics.length === 0) {
    // What a town is known for is its featured list (its best-known sights); otherwise what is near downtown.
    pool = around.length ? around : await sources.list(city, intent.overview ? "featured" : "nearby", POOL);
  } else {
    const ofTopics = (all: SourcePlace[]) =>
      all.filter((p) => {
        if (topics.includes("cafe") && (coffee ? KIND.coffee : KIND.cafe).test(p.kind)) return true;
        if (topics.includes("bar") && KIND.bar.test(p.kind)) return true;
        if (topics.includes("food") && p.categoryId === LIST.food && !KIND.bar.test(p.kind)) return true;
        return topics.some((t) => !["food", "cafe", "bar"].includes(t) && LIST_OF[t] === p.categoryId);
      });
    pool = ofTopics(around);
    // None of what is asked around it: the lists' places, sorted by their distance from it (below).
    if (!pool.length) {
      around = [];
      pool = ofTopics((await Promise.all(listIds.map((id) => sources.list(city, id, POOL)))).flat());
    }
    if (intent.kids) {
      const extra = topics.includes("activities") ? [] : await sources.list(city, LIST.activities, POOL);
      pool = [...pool, ...extra].filter((p) => KIND.kids.test(p.kind));
    }
    if (intent.free && priced) {
      notes.push("LocalScope has no prices, so these are not chosen by price; check before you go.");
    } else if (intent.free) {
      pool = pool.filter((p) => KIND.free.test(p.kind));
      notes.push(
        "LocalScope has no prices; parks, libraries, monuments and places like these usually cost nothing to visit, but check before you go.",
      );
    }
  }
  const want = intent.want;
  if (want) {
    // The topic's list, then the area's places whose names say it ("… BBQ"), nearest first.
    const found = (await Promise.all(want.search.map((word) => sources.search(city, word, 40))))
      .flat()
      .sort((a, b) => (a.distance ?? 1e9) - (b.distance ?? 1e9));
    const lists = new Set(topics.map((t) => LIST_OF[t]));
    // Near a named place, only those as near it as the places around it.
    const reach = Math.max(0, ...around.map((p) => fromAnchor(p) ?? 0));
    const inReach = (p: SourcePlace) => !around.length || (fromAnchor(p) ?? Infinity) <= reach;
    const wanted = [...pool, ...found.filter((p) => lists.has(p.categoryId) && inReach(p))].filter((p) =>
      isWanted(want, p),
    );
    if (wanted.some(isVisitable)) pool = wanted;
    else
      notes.push(
        `I couldn't find any ${want.label} in LocalScope's data for ${city.name}, so here are other ${topics.map((t) => SUBJECT[t]).join(" and ")}.`,
      );
  }
  // "A museum about civil rights": the topic's places whose names or descriptions say it, and the area's places
  // whose descriptions do, before the rest (a town the question names is no subject: "the history of Chicago").
  const about =
    intent.about && !(intent.city && nameWords(intent.city).join(" ") === nameWords(intent.about).join(" "))
      ? intent.about
      : null;
  let aboutFound = false;
  if (about) {
    const phrase = about.replace(/^the\s+/i, "");
    const { pattern } = phraseWords(phrase);
    const lists = new Set(topics.map((t) => LIST_OF[t]));
    const described = (await sources.mentioning(city, phrase, 20)).filter(
      (p) => (!lists.size || lists.has(p.categoryId)) && (!want || isWanted(want, p)),
    );
    const matching = [
      ...pool.filter((p) => pattern.test(`${p.title} ${p.kind}`) && (!want || isWanted(want, p))),
      ...described,
    ];
    aboutFound = matching.some(isVisitable);
    if (aboutFound) pool = [...matching, ...pool];
    else
      notes.push(
        `I couldn't find any ${want?.label ?? "places"} about ${about} in LocalScope's data for ${city.name}.`,
      );
  }
  pool = pool.filter(isVisitable);
  // The 2011 directory's records follow the others', but for places to stay: their list already puts rooms before
  // pitches and recent before stale within each distance band (moved last, the inns downtown followed a fresh RV
  // park 9 mi out).
  if (!topics.length || topics.some((t) => t !== "lodging")) pool = oldestLast(pool);
  if (anchor && intent.near) {
    const from = anchor;
    pool = pool.filter((p) => p.id !== from.id).map((p) => ({ ...p, distance: fromAnchor(p) }));
    // The places around it come in the lists' order from it (local before chains, rooms before pitches); places
    // from downtown's lists are sorted by their distance from it.
    if (!around.length) pool.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
  }
  if (intent.openNow || intent.today) {
    const open = pool.filter((p) => p.openNow === true);
    const known = pool.some((p) => p.openNow !== null);
    if (open.length) pool = [...open, ...pool.filter((p) => p.openNow === null)];
    if (!known) notes.push("None of these list their opening hours in the data, so check before you go.");
    else if (!open.length) notes.push("None of the places with known hours is open right now.");
  }
  if (intent.weekday !== null) {
    // "Open on Monday": the places whose hours open that day, then those with no hours; not those closed that day.
    const day = intent.weekday;
    const opens = new Map(pool.map((p) => [p.id, openOn(p.openingHours, day)]));
    const open = pool.filter((p) => opens.get(p.id) === true);
    const known = [...opens.values()].some((o) => o !== null);
    pool = [...open, ...pool.filter((p) => opens.get(p.id) === null)];
    const name = WEEKDAY_NAMES[day];
    const unknown = pool.slice(0, ANSWER_PLACES).some((p) => opens.get(p.id) === null);
    if (!known)
      notes.push(
        `None of these list their opening hours in the data, so I can't tell which open on ${name}; check before you go.`,
      );
    else if (!open.length)
      notes.push(
        `None of the places with opening hours in the data opens on ${name}${pool.length ? "; these list no hours, so check before you go" : ""}.`,
      );
    else if (unknown)
      notes.push(`Those with opening hours in the data open on ${name}; the others list none, so check before you go.`);
    else notes.push(`By the opening hours in the data, all of these open on ${name}.`);
  }
  // "The nearest pharmacy": nearest first, whatever list or search each came from.
  if (/\b(nearest|closest)\b/i.test(intent.text) && !anchor)
    pool = [...pool].sort((a, b) => (a.distance ?? 1e9) - (b.distance ?? 1e9));
  const places = once([...base.mentions, ...pool]).slice(0, ANSWER_PLACES * 2);
  const wantFound = want && !notes.some((n) => n.startsWith(`I couldn't find any ${want.label} in`));
  const listed = wantFound
    ? want.label
    : topics.length
      ? topics.map((t) => SUBJECT[t]).join(" and ")
      : intent.overview
        ? "best-known sights"
        : aboutFound
          ? "places"
          : "places worth a look";
  const subject = aboutFound ? `${listed} about ${about}` : listed;
  const [history, facts] = await Promise.all([
    topics.includes("history") ? sources.history(city).then((h) => h.slice(0, 8)) : Promise.resolve([]),
    // The town's facts answer what it is like, not what is near a place the question names.
    topics.length === 0 && !anchor ? sources.facts(city).then((f) => f.slice(0, 4)) : Promise.resolve([]),
  ]);
  return {
    ...base,
    kind: "list",
    asked: missing,
    subject: intent.kids ? `${subject} for families with kids` : intent.free && !priced ? `free ${subject}` : subject,
    places,
    anchor,
    history,
    facts,
    notes,
  };
}
