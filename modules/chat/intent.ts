/** Step 1 of an answer: what the question asks (topics, open now, near X, with kids, free, a named place). */

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
