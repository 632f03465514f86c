import type { ChatMessage, Llm } from "../llm";
import type { ChatPlace, ChatTurnValue } from "./model";

/**
 * The travel assistant (issue 13, decision 018). Every answer is grounded in one city's real data:
 * 1. understand the question (intent: topics, open now, near X, with kids, free, a named place);
 * 2. retrieve matching places from the store around the city's centre, plus its history and facts;
 * 3. write: the model (when configured, available and quick to start) from that context only, else the
 *    data-grounded provider, which composes natural sentences from the same retrieval.
 * Either way a place is written as a marker `[[id]]`; the server replaces each marker by the place's name
 * from the context and drops any id that is not in it, so a name reaches the client only for a real place.
 */

// ---------- sources (injected by the app; other modules are reached only through their index) ----------

export interface ChatCity {
  id: number;
  name: string;
  stateCode: string;
  stateName: string;
  latitude: number;
  longitude: number;
}

/** A place as the places module answers it (only the fields chat reads). */
export interface SourcePlace {
  id: number;
  title: string;
  description: string;
  kind: string;
  category: string;
  categoryId: number;
  address: string | null;
  phone: string | null;
  distance: number | null;
  latitude: number;
  longitude: number;
  openingHours: string | null;
  openNow: boolean | null;
  since: string | null;
}

export interface ChatSources<C extends ChatCity> {
  /** "City, ST" → the city, or undefined. */
  resolve(location: string): C | undefined;
  /** A city's list, best first: "nearby" or a list category id 8–12. */
  list(city: C, list: "nearby" | number, count: number): Promise<SourcePlace[]>;
  /** Places of the city's area whose title contains `q`, nearest first. */
  search(city: C, q: string, limit: number): Promise<SourcePlace[]>;
  /** The city's history entries (id "place-{placeId}" where it is about a place). */
  history(city: C): Promise<Array<{ id: string; title: string; period: string; content: string }>>;
  facts(city: C): Promise<Array<{ title: string; summary: string }>>;
}

// ---------- 1. intent ----------

export type Topic = "food" | "cafe" | "bar" | "activities" | "history" | "shopping" | "lodging";

export interface Intent {
  topics: Topic[];
  openNow: boolean;
  today: boolean;
  kids: boolean;
  free: boolean;
  /** "near X": X as typed. */
  near: string | null;
  /** A place the question names ("tell me about X", "where is X"). */
  named: string | null;
}

const TOPIC_WORDS: Array<[Topic, RegExp]> = [
  [
    "cafe",
    /\b(caf[eé]s?|coffee|espresso|bakery|bakeries|breakfast|brunch|tea ?house|pastr(y|ies)|ice cream|dessert)\b/i,
  ],
  [
    "bar",
    /\b(bars?|pubs?|drinks?|beers?|brewer(y|ies)|wine|winer(y|ies)|cocktails?|nightlife|night ?clubs?|happy hour)\b/i,
  ],
  [
    "food",
    /\b(food|eat|eating|restaurants?|dining|dinner|lunch|meals?|hungry|cuisine|pizza|burgers?|tacos?|sushi|bbq|barbecue|diners?|steak|seafood|vegan|vegetarian)\b/i,
  ],
  ["history", /\b(histor(y|ic|ical)|heritage|landmarks?|monuments?|memorials?|old(est)?|founded|museums?|markers?)\b/i],
  ["shopping", /\b(shop|shops|shopping|stores?|boutiques?|markets?|buy|souvenirs?|gifts?|malls?|groceries|grocery)\b/i],
  [
    "lodging",
    /\b(hotels?|motels?|stay|sleep|lodging|inns?|hostels?|accommodations?|campgrounds?|camping|b ?& ?b|bed and breakfast)\b/i,
  ],
  [
    "activities",
    /\b(activit(y|ies)|things? to do|to do|fun|visit|see|sights?|attractions?|parks?|outdoors?|hik(e|es|ing)|trails?|tours?|theaters?|theatres?|museums?|entertainment|explore|weekend|today|tonight|kids?|children|family)\b/i,
  ],
];

const NEAR =
  /\b(?:near|close to|next to|around|by)\s+(?:the\s+)?([^?.!,]{2,60}?)(?:\s+(?:that|which|with|for|open)\b|[?.!,]|$)/i;
const NAMED =
  /\b(?:tell me about|what(?:'s| is)|where(?:'s| is)|info(?:rmation)? (?:on|about)|more about|directions to|hours (?:of|for))\s+(?:the\s+)?([^?.!,]{2,80}?)\s*(?:[?.!,]|$)/i;
const GENERIC_NEAR = /^(me|here|downtown|the centre|the center|the city|town|this city|my location|my hotel)$/i;

export function understand(query: string): Intent {
  const text = query.replace(/\s+/g, " ").trim();
  const nearMatch = text.match(NEAR);
  const namedMatch = text.match(NAMED);
  // Topics come from the question without the place it names ("coffee near the Neon Museum" is about coffee).
  const asked = text.replace(nearMatch?.[1] ?? "\u0000", " ").replace(namedMatch?.[1] ?? "\u0000", " ");
  const topics = TOPIC_WORDS.filter(([, words]) => words.test(asked)).map(([topic]) => topic);
  // "Activities" is the catch-all for things to do; it only stays when nothing more specific was asked.
  const specific = topics.filter((t) => t !== "activities");
  const keepActivities =
    topics.includes("activities") &&
    (specific.length === 0 ||
      /\b(activit(y|ies)|things? to do|today|tonight|attractions?|parks?|kids?|children|family)\b/i.test(asked));
  const near = nearMatch?.[1]?.trim() ?? null;
  const named = namedMatch?.[1]?.trim() ?? null;
  return {
    topics: [...specific, ...(keepActivities ? (["activities"] as Topic[]) : [])],
    openNow: /\b(open now|open right now|currently open|still open|open late|open tonight|open today)\b/i.test(text),
    today: /\b(today|tonight|right now|this (afternoon|evening|morning))\b/i.test(text),
    kids: /\b(kids?|children|child|family|families|toddlers?)\b/i.test(text),
    free: /\b(free|no cost|cheap|budget|without paying)\b/i.test(text),
    near: near && !GENERIC_NEAR.test(near) ? near : null,
    named:
      named &&
      !/^(there|here|to do|this|the best|good|popular|open|nearby|near|in)\b/i.test(named) &&
      !TOPIC_WORDS.some(([, w]) => w.test(named) && named.split(" ").length <= 3 && /^[a-z]/.test(named))
        ? named
        : null,
  };
}

// ---------- 2. retrieval ----------

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

const miles = (lat1: number, lng1: number, lat2: number, lng2: number) => {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return Math.round(3958.8 * 2 * Math.asin(Math.sqrt(a)) * 10) / 10;
};

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

// ---------- 3a. the data-grounded provider ----------

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");
const miText = (d: number | null) => (d === null ? null : d < 0.1 ? "right downtown" : `${d} mi`);
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function describe(p: SourcePlace, from: string): string {
  const bits = [p.kind.toLowerCase()];
  const d = miText(p.distance);
  if (d) bits.push(d === "right downtown" ? d : `${d} from ${from}`);
  if (p.openNow === true) bits.push("open now");
  else if (p.openNow === false) bits.push("closed right now");
  return `[[${p.id}]] (${bits.join(", ")})`;
}

/** A natural answer composed from the retrieval alone; places are `[[id]]` markers. */
export function groundedText(g: Grounding): string {
  const where = `${g.city.name}`;
  const from = g.anchor && g.intent.near ? g.anchor.title : "downtown";
  const parts: string[] = [];
  if (g.anchor && g.intent.named && g.places.length === 1 && g.places[0] === g.anchor) {
    const p = g.anchor;
    parts.push(
      `[[${p.id}]] is ${article(p.kind)} ${p.kind.toLowerCase()}${p.distance !== null ? ` ${p.distance} mi from downtown ${where}` : ` in ${where}`}.`,
    );
    if (p.description && !p.description.toLowerCase().startsWith(p.kind.toLowerCase()))
      parts.push(sentence(p.description.trim().replace(/\.?$/, ".")));
    if (p.address) parts.push(`You'll find it at ${p.address.replace(/\.+$/, "")}.`);
    if (p.phone) parts.push(`Phone: ${p.phone}.`);
    if (p.openingHours)
      parts.push(
        `Its listed hours are ${p.openingHours}${p.openNow === true ? ", so it's open now" : p.openNow === false ? ", so it's closed right now" : ""}.`,
      );
    else parts.push("The data has no opening hours for it.");
    if (p.since) parts.push(`The record dates it to ${p.since}.`);
    return parts.join(" ");
  }
  const shown = g.places.slice(0, ANSWER_PLACES);
  if (!shown.length) {
    parts.push(
      `I couldn't find any ${g.subject} near ${from === "downtown" ? `downtown ${where}` : from} in LocalScope's data.`,
    );
    parts.push("Try the map, or ask about something else nearby, like food, history or things to do.");
    return [...g.notes, ...parts].join(" ");
  }
  const count = NUMBER_WORDS[shown.length] ?? String(shown.length);
  const anchorText = from === "downtown" ? `downtown ${where}` : from;
  const items = shown.map((p) => describe(p, from));
  const listed = items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items[0];
  parts.push(`Here ${shown.length === 1 ? "is" : "are"} ${count} of the ${g.subject} near ${anchorText}: ${listed}.`);
  const withAddress = shown.find((p) => p.address);
  if (withAddress) parts.push(`[[${withAddress.id}]] is at ${withAddress.address!.replace(/\.+$/, "")}.`);
  const dated = g.places.filter((p) => p.since).slice(0, 2);
  if (g.intent.topics.includes("history") && dated.length)
    parts.push(`The records date ${dated.map((p) => `[[${p.id}]] to ${p.since}`).join(" and ")}.`);
  for (const f of g.facts.slice(0, 2)) parts.push(f.summary.trim().replace(/\.?$/, "."));
  parts.push("LocalScope has no ratings, so these are the best-documented ones nearby.");
  const missing = g.notes.filter((n) => n.startsWith("I couldn't"));
  return [...missing, ...parts, ...g.notes.filter((n) => !missing.includes(n))].join(" ");
}

/** Stream a text the way a model would: word by word. */
export async function* wordsOf(text: string): AsyncGenerator<string> {
  for (const chunk of text.match(/\S+\s*|\s+/g) ?? []) yield chunk;
}

// ---------- 3b. the model's prompt ----------

export function modelMessages(g: Grounding, query: string, history: ChatTurnValue[]): ChatMessage[] {
  const context = {
    city: `${g.city.name}, ${g.city.stateName}`,
    question: {
      topics: g.intent.topics,
      openNow: g.intent.openNow,
      kids: g.intent.kids,
      free: g.intent.free,
      near: g.anchor && g.intent.near ? g.anchor.id : null,
    },
    places: g.places.map((p) => ({
      id: p.id,
      name: p.title,
      kind: p.kind,
      category: p.category,
      miles: p.distance,
      address: p.address,
      hours: p.openingHours,
      openNow: p.openNow,
      since: p.since,
      about: p.description.slice(0, 200),
    })),
    history: g.history.map((h) => ({ title: h.title, period: h.period, text: h.content.slice(0, 400) })),
    facts: g.facts.map((f) => f.summary),
    notes: g.notes,
  };
  const system = [
    `You are LocalScope's travel assistant for ${g.city.name}, ${g.city.stateName}. Answer in 2 to 5 friendly plain sentences, no markdown, no lists.`,
    "Use ONLY the CONTEXT. Refer to a place ONLY by its marker, two square brackets around its id, like [[123]]: never write a place's name yourself, the app inserts it.",
    "Never invent places, addresses, phone numbers, prices, ratings or opening hours. LocalScope has no ratings. If the context does not answer the question, say so honestly.",
    `CONTEXT-JSON-START\n${JSON.stringify(context)}\nCONTEXT-JSON-END`,
  ].join("\n");
  return [
    { role: "system", content: system },
    ...history
      .slice(-10)
      .map((t) => ({ role: t.type === "ai" ? ("assistant" as const) : ("user" as const), content: t.content })),
    { role: "user", content: query },
  ];
}

// ---------- citations: markers → real names, checked against the context ----------

const MARKER = /\[\[\s*#?(\d{1,12})\s*\]\]/g;

/**
 * Turns a token stream with `[[id]]` markers into text with the places' names. A marker whose id is not in
 * the context is dropped (with the space before it); a marker split across chunks is held until complete.
 */
export class Citations {
  private buffer = "";
  readonly cited: SourcePlace[] = [];
  constructor(private readonly known: Map<number, SourcePlace>) {}

  push(chunk: string): string {
    this.buffer += chunk;
    // Hold back from an unfinished "[" (at most 24 characters: a marker is short).
    const open = this.buffer.lastIndexOf("[");
    let cut = this.buffer.length;
    if (open >= 0 && !this.buffer.slice(open).includes("]]") && this.buffer.length - open < 24) {
      cut = open > 0 && this.buffer[open - 1] === "[" ? open - 1 : open;
    }
    const ready = this.buffer.slice(0, cut);
    this.buffer = this.buffer.slice(cut);
    return this.render(ready);
  }

  flush(): string {
    const rest = this.render(this.buffer);
    this.buffer = "";
    return rest;
  }

  private render(text: string): string {
    return text.replace(/(\s?)\[\[\s*#?(\d{1,12})\s*\]\]/g, (_match, space: string, id: string) => {
      const place = this.known.get(Number(id));
      if (!place) return "";
      if (!this.cited.includes(place)) this.cited.push(place);
      return `${space}${place.title}`;
    });
  }
}
export { MARKER };

export const toChatPlace = (p: SourcePlace): ChatPlace => ({
  id: p.id,
  title: p.title,
  category: p.category,
  kind: p.kind,
  distance: p.distance,
  address: p.address,
  openNow: p.openNow,
});

// ---------- the orchestrator ----------

export interface AskEvents {
  token(text: string): void;
}

export interface ChatResult {
  response: string;
  location: string;
  places: ChatPlace[];
  model: string;
}

export class ChatLocationError extends Error {}

/** Whole-answer deadline for the non-streamed route (issue 16 item 6): past it, the grounded answer. */
export const ANSWER_DEADLINE_MS = 9_000;

export class ChatService<C extends ChatCity> {
  constructor(
    private readonly deps: {
      sources: ChatSources<C>;
      llm: Llm | null;
      log: { warn(...args: unknown[]): void };
    },
  ) {}

  resolve(location: string): C {
    const city = this.deps.sources.resolve(location);
    if (!city) throw new ChatLocationError(`We don't know the city “${location}”. Choose a city as “City, ST”.`);
    return city;
  }

  /**
   * Answer one question. Tokens go to `events.token` as they are ready (names already in place); the
   * result has the whole text, the cited places (in order) and the provider. `stream` = the caller shows
   * tokens as they come (a model that fails after its first token ends the answer there); otherwise the
   * model must finish within ANSWER_DEADLINE_MS or the grounded provider answers instead.
   */
  async ask(
    input: { query: string; location: string; history: ChatTurnValue[] },
    options: { signal?: AbortSignal; events?: AskEvents; stream?: boolean } = {},
  ): Promise<ChatResult> {
    const city = this.resolve(input.location);
    const grounding = await retrieve(this.deps.sources, city, input.query);
    const known = new Map(grounding.places.map((p) => [p.id, p]));
    if (grounding.anchor) known.set(grounding.anchor.id, grounding.anchor);
    const location = `${city.name}, ${city.stateCode}`;
    const { llm } = this.deps;
    if (llm?.available() && (grounding.places.length || grounding.history.length || grounding.facts.length)) {
      const written = await this.fromModel(llm, grounding, known, input, options);
      if (written) return { ...written, location };
    }
    options.signal?.throwIfAborted();
    const citations = new Citations(known);
    let response = "";
    for await (const chunk of wordsOf(groundedText(grounding))) {
      const text = citations.push(chunk);
      if (text) {
        response += text;
        options.events?.token(text);
      }
    }
    const tail = citations.flush();
    if (tail) {
      response += tail;
      options.events?.token(tail);
    }
    return { response: tidy(response), location, places: citations.cited.map(toChatPlace), model: "grounded" };
  }

  /** The model's answer, or null when it failed before anything was shown (the grounded provider takes over). */
  private async fromModel(
    llm: Llm,
    g: Grounding,
    known: Map<number, SourcePlace>,
    input: { query: string; history: ChatTurnValue[] },
    options: { signal?: AbortSignal; events?: AskEvents; stream?: boolean },
  ): Promise<Omit<ChatResult, "location"> | null> {
    const citations = new Citations(known);
    const signals = [options.signal, options.stream ? undefined : AbortSignal.timeout(ANSWER_DEADLINE_MS)].filter(
      (s): s is AbortSignal => Boolean(s),
    );
    const signal = signals.length ? AbortSignal.any(signals) : undefined;
    let response = "";
    const pending: string[] = [];
    try {
      for await (const chunk of llm.stream(modelMessages(g, input.query, input.history), signal)) {
        const text = citations.push(chunk);
        if (!text) continue;
        response += text;
        if (options.stream) options.events?.token(text);
        else pending.push(text);
      }
      const tail = citations.flush();
      response += tail;
      if (tail && options.stream) options.events?.token(tail);
      else if (tail) pending.push(tail);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      this.deps.log.warn(
        `Chat: the model could not answer (${error instanceof Error ? error.message : String(error)}); ${response ? "the answer ends here" : "using the data-grounded provider"}.`,
      );
      if (!response || !options.stream) return null;
    }
    if (!response.trim()) return null;
    for (const text of pending) options.events?.token(text);
    return { response: tidy(response), places: citations.cited.map(toChatPlace), model: llm.name };
  }
}

/** Spaces left by a dropped marker ("near  and") and before punctuation. */
const tidy = (text: string) =>
  text
    .replace(/ {2,}/g, " ")
    .replace(/ ([,.;:!?])/g, "$1")
    .trim();
