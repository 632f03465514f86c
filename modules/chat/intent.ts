import { type Want, wantOf } from "./wants";
import { weekdayOf } from "./weekday";

/** Step 1 of an answer: what the question asks (topics, open now, near X, with kids, free, a named place). */

export type Topic = "food" | "cafe" | "bar" | "activities" | "history" | "shopping" | "lodging";

export interface Intent {
  /** The question, spaces collapsed. */
  text: string;
  topics: Topic[];
  openNow: boolean;
  today: boolean;
  /** A weekday the question names ("open on Monday"), 0 = Monday; null when none. */
  weekday: number | null;
  kids: boolean;
  free: boolean;
  /** "near X": X as typed. */
  near: string | null;
  /** A place the question names ("tell me about X", "the phone number of X", "is X worth it"). */
  named: string | null;
  /** The question says "the X" of the name: a place ("is the Alamo free"), not a town called X. */
  namedWithThe: boolean;
  /** What is asked for within a topic (a cuisine, live music, a view, indoors), when the question says. */
  want: Want | null;
  /** What is asked about the named place; "about" when nothing more precise. */
  asks: Ask;
  /** A city the question names ("in Chicago", "in Austin, TX"), as typed. */
  city: string | null;
  /** What a town is known for ("what is Savannah famous for?"): its best places and facts. */
  overview: boolean;
  /** What the places should be about ("a museum about civil rights", "the history of jazz"), as typed. */
  about: string | null;
}

export type Ask = "phone" | "address" | "hours" | "openNow" | "website" | "worth" | "distance" | "price" | "about";

/** What a question asks about a place, most precise first. */
const ASKS: Array<[Ask, RegExp]> = [
  ["phone", /\b(phone|telephone|call|contact number|number for|number of)\b/i],
  ["website", /\b(website|web site|web page|homepage|url)\b/i],
  ["openNow", /\b(is|are)\b.{2,80}\bopen\b(?!ing)|\bopen (now|right now|today|tonight)\b/i],
  ["hours", /\b(hours|opening times|when (does|do|is|are)\b.{2,80}\b(open|close)|what time)\b/i],
  ["address", /\b(address|where (is|are)|where's|located|location of|directions|how do i get to)\b/i],
  ["distance", /\b(how far|distance|far from|how close)\b/i],
  ["price", /\b(free|cost|costs|price|prices|admission|tickets?|entry fee|entrance fee|how much)\b/i],
  ["worth", /\b(worth|any good|recommend|should i (go|visit|see)|is it good|good place)\b/i],
];

/** Where a question names a place: the words between these and the end of the phrase. */
const NAME_PATTERNS = [
  /\b(?:phone(?: number)?|telephone(?: number)?|number|address|website|web site|hours|opening hours|opening times|location)\s+(?:of|for|at)\s+(?:the\s+)?(.{2,80}?)\s*(?:[?.!,]|$)/i,
  /\b(?:call|contact)\s+(?:the\s+)?(.{2,80}?)\s*(?:[?.!,]|$)/i,
  /\b(?:admission|tickets?|entry fee|entrance fee|prices?)\s+(?:for|to|of|at)\s+(?:the\s+)?(.{2,80}?)\s*(?:[?.!,]|$)/i,
  /\bhow much (?:is|are|does|do)\s+(?:it cost to (?:visit|enter|see|get into)\s+)?(?:the\s+)?(.{2,80}?)(?:\s+cost)?\s*(?:[?.!,]|$)/i,
  /\b(?:when|what time)\s+(?:does|do|is|are)\s+(?:the\s+)?(.{2,80}?)\s+(?:open|close|opening|closing)\b/i,
  /\b(?:is|are)\s+(?:the\s+)?(.{2,80}?)\s+(?:open|worth|any good|good|free|far|close)\b/i,
  /\bhow far (?:away )?(?:is|are)\s+(?:the\s+)?(.{2,80}?)(?:\s+from\b|\s*[?.!,]|$)/i,
  /\bshould i (?:go to|visit|see)\s+(?:the\s+)?(.{2,80}?)\s*(?:[?.!,]|$)/i,
  /\b(?:tell me about|what(?:'s| is| are)|where(?:'s| is| are)|info(?:rmation)? (?:on|about)|more about|directions to|how do i get to)\s+(?:the\s+)?(.{2,80}?)\s*(?:[?.!,]|$)/i,
  /^(?:the\s+)?(.{2,80}?)'s\s+(?:phone|address|website|hours|number)\b/i,
  /^(?:the\s+)?(.{2,80}?)\s+(?:phone(?: number)?|address|website|hours|opening hours)\s*[?.!]*$/i,
];
/** Where a question names a place only when the name is capitalised: "where can I see the Liberty Bell?" names one,
 * "where can I see live music?" asks for a kind of place. */
const PROPER_NAME_PATTERNS = [
  /\b(?:where|how) (?:can|could|do|should|would) (?:i|we|you|one) (?:see|find|visit|view)\s+(?:the\s+)?(.{2,80}?)\s*(?:[?.!,]|$)/i,
];
/** Words that are no place's name ("what is there to do", "where is good for lunch", "the oldest building"). */
const NOT_A_NAME =
  /^(a|an|there|here|it|this|that|the best|best|good|popular|open|nearby|near|in|to do|a good|some|any|fun|worth|the weather|weather|your name|you|up|new|happening|on|going on|the time|time|(?:the )?(?:most|oldest|biggest|largest|tallest|newest|cheapest|nicest|prettiest|coolest|top|famous|best-known|nearest|closest))\b/i;
/** "in Chicago", "in Austin, TX", "in New Orleans?": capitalised words after "in" (or "visit"), with an optional state. */
const CITY_NAMED =
  /\b(?:in|visit|visiting|to|(?:history|story|past) of)\s+((?:[A-Z][\w.'-]*)(?:\s+[A-Z][\w.'-]*){0,3}(?:,?\s+[A-Z]{2}\b)?)/;

/** A topic of a town ("history of Salt Lake City", "restaurants in Austin") is no place's name. */
const TOPIC_OF = /^(?:the\s+)?[a-z][\w\s]{0,30}?\s+(?:of|in)\s+\p{Lu}/u;
/** "What is Savannah famous for?": the town's best, not a place called "Savannah famous for". */
const OVERVIEW = /\b(?:famous|known|best known|popular|notable)\s+for\b/i;
/** The town whose fame is asked ("what is Savannah famous for", "why is Chicago known for …"). */
const OVERVIEW_OF =
  /\b(?:is|was)\s+((?:\p{Lu}[\w.'-]*)(?:\s+\p{Lu}[\w.'-]*){0,3}(?:,?\s+[A-Z]{2}\b)?)\s+(?:most\s+|best\s+)?(?:famous|known|popular|notable)\s+for\b/u;

/** "a museum about civil rights", "sites on the Civil War", "the history of jazz": what the places are about. */
const ABOUT =
  /\b(?:museums?|exhibits?|exhibitions?|history|tours?|sites?|places?|memorials?|monuments?|galler(?:y|ies))\s+(?:about|on|of|devoted to|dedicated to)\s+((?:the\s+)?[\p{L}][\p{L}' -]{2,40}?)\s*(?:[?.!,]|\s+(?:in|near|around|here|nearby|to|for)\b|$)/iu;
const NOT_ABOUT = /^(?:the\s+)?(it|this|that|here|there|them|area|town|city|this city|interest|note)$/i;

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
  /\b(?:near|close to|next to|around|by)\s+(?:the\s+)?([^?.!,]{2,60}?)(?:\s+(?:that|which|with|for|open|on|this|tonight|today)\b|[?.!,]|$)/i;
const NAMED =
  /\b(?:tell me about|what(?:'s| is)|where(?:'s| is)|info(?:rmation)? (?:on|about)|more about|directions to|hours (?:of|for))\s+(?:the\s+)?([^?.!,]{2,80}?)\s*(?:[?.!,]|$)/i;
const GENERIC_NEAR = /^(me|here|downtown|the centre|the center|the city|town|this city|my location|my hotel)$/i;

export function understand(query: string): Intent {
  const text = query.replace(/\s+/g, " ").trim();
  const nearMatch = text.match(NEAR);
  const namedMatch = text.match(NAMED);
  const typed = placeName(text) ?? namedMatch?.[1]?.trim() ?? null;
  // A topic in lowercase ("museums", "a coffee shop") is what is asked for, not a place's name.
  const named =
    typed &&
    !NOT_A_NAME.test(typed) &&
    !TOPIC_OF.test(typed) &&
    !OVERVIEW.test(typed) &&
    !TOPIC_WORDS.some(([, w]) => w.test(typed) && typed.split(" ").length <= 3 && /^[a-z]/.test(typed))
      ? typed
      : null;
  // Topics come from the question without the place it names ("coffee near the Neon Museum" is about coffee).
  const asked = text.replace(nearMatch?.[1] ?? "\u0000", " ").replace(named ?? "\u0000", " ");
  const want = wantOf(asked);
  const topics = TOPIC_WORDS.filter(([, words]) => words.test(asked)).map(([topic]) => topic);
  // A cuisine or an outing is asked within its topic ("where can I get Thai?" asks for food).
  if (want && !topics.includes(want.topic)) topics.push(want.topic);
  // "Activities" is the catch-all for things to do; it only stays when nothing more specific was asked.
  const specific = topics.filter((t) => t !== "activities");
  const keepActivities =
    topics.includes("activities") &&
    (specific.length === 0 ||
      want?.topic === "activities" ||
      /\b(activit(y|ies)|things? to do|today|tonight|attractions?|parks?|kids?|children|family)\b/i.test(asked));
  const near = nearMatch?.[1]?.trim() ?? null;
  const cityMatch = text.match(CITY_NAMED);
  // What the places are about, from the question without the place it names ("coffee near the Museum of Art").
  const about = asked.match(ABOUT)?.[1]?.trim() ?? null;
  return {
    text,
    topics: [...specific, ...(keepActivities ? (["activities"] as Topic[]) : [])],
    openNow: /\b(open now|open right now|currently open|still open|open late|open tonight|open today)\b/i.test(text),
    today: /\b(today|tonight|right now|this (afternoon|evening|morning))\b/i.test(text),
    weekday: weekdayOf(text),
    kids: /\b(kids?|children|child|family|families|toddlers?)\b/i.test(text),
    free: /\b(free|no cost|cheap|budget|without paying)\b/i.test(text),
    near: near && !GENERIC_NEAR.test(near) ? near : null,
    named,
    namedWithThe: named !== null && new RegExp(`\\bthe\\s+${escaped(named)}`, "i").test(text),
    want,
    asks: ASKS.find(([, words]) => words.test(text))?.[0] ?? "about",
    city: cityMatch?.[1]?.trim() ?? text.match(OVERVIEW_OF)?.[1]?.trim() ?? null,
    overview: OVERVIEW.test(text),
    about: about && !NOT_ABOUT.test(about) ? about : null,
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The place a question names, as typed (without a leading "the" or a trailing "in City"). */
function placeName(text: string): string | null {
  for (const pattern of [...NAME_PATTERNS, ...PROPER_NAME_PATTERNS]) {
    const found = text.match(pattern)?.[1]?.trim();
    // Of those, a capitalised kind of place is asked for, not named ("where can I find Italian food?").
    if (!found || (PROPER_NAME_PATTERNS.includes(pattern) && (!/^\p{Lu}/u.test(found) || wantOf(found)))) continue;
    const name = found
      .replace(/\s+(?:in|near|around)\s+[A-Z][\w .,'-]*$/, "")
      .replace(/\s+(?:now|today|tonight|right now|it|worth it|worth visiting)$/i, "")
      .trim();
    if (name.length >= 2 && !NOT_A_NAME.test(name)) return name;
  }
  return null;
}
