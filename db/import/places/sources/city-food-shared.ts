import { CATEGORY, type Dataset, type PlaceInput, type ReadResult } from "../types";
import { datasetInfo, type Box, coords, inBox, phone, readCsv, text, titleCase, uniqueIds } from "../util";

/**
 * City open-data food lists: inspection rolls and permit lists from seven cities, one dataset per file.
 *
 * These lists name every kitchen the city inspects, so most of the work is leaving out what a traveller
 * would not look for: school, hospital and prison kitchens, workplace cafeterias, caterers, food trucks,
 * stadium concession stands, hotel banquet rooms, grocery/convenience/drug stores. Where a file has a type
 * column (Seattle seating category, San Francisco permit code, Nashville permit subtype) that decides first;
 * then the name (`classifyFoodName`). `kind` comes from the name only when the name says so ("coffee" →
 * cafe, "tavern" → bar, "bakery" …), else the file's default. No ratings, prices or hours: none are in the data.
 *
 * Every reader yields exactly one result per row of its file, in file order (tests rely on it).
 */

export type Row = Record<string, string>;
export type Verdict = { kind: string } | { skip: string };

// ---------------------------------------------------------------------------------------------------------
// Names

/** Words that make a name a place to eat: they override the doubts in DOUBTFUL ("Market Street Grill" stays). */
export const EATING =
  /\b(restaurants?|rest\.|ristorante|restaurante|trattoria|osteria|bistro|brasserie|grill|grille|kitchen|cuisine|eatery|diner|steak ?house|chop ?house|sushi|pizza|pizzeria|taqueria|tacos?|bbq|barbecue|bar-b-q|burgers?|seafood|oysters?|noodles?|ramen|pho|dim sum|dumplings?|curry|kebabs?|falafel|gyros?|shawarma|sandwich(es)?|subs|bagels?|wings|chicken|crab|lobster|tapas|cocina|creperie|crepes?|poke|wok|buffet|salads?|soup|empanadas?|tamales?|burritos?|pupusas?|pupuseria|cafe|café|caffe|coffee|espresso|bar|pub|tavern|saloon|lounge|taproom|brew(ing|ery|pub|house)|winery|vineyards?|distillery|cidery|bakery|donuts?|ice cream|gelato|juice|smoothies?|tea ?house|starbucks)\b/i;

/** Always left out, whatever else the name says. Order matters only for which reason is reported. */
export const NOT_A_VENUE: [RegExp, string][] = [
  [/\b(spec(ial)? event|festival|temporary event|one[- ]day event)\b/i, "special event"],
  [
    /\b(elementary|middle school|high school|junior high|jr\.? high|(?<!old )school|isd|academy|montessori|pre-?school|day ?care|child ?care|child development|children'?s center|learning center|head start|kindercare|cacfp)\b/i,
    "school or childcare kitchen",
  ],
  [
    /\b(alpha|beta|gamma|delta|kappa|lambda|sigma|theta|omega|phi|chi|psi|tau|zeta)\s+(alpha|beta|gamma|delta|epsilon|kappa|lambda|sigma|theta|omega|phi|chi|psi|pi|tau|zeta|rho|xi|mu|nu|iota|eta)\b/i,
    "fraternity or sorority house",
  ],
  [
    /\b(hospital|medical (center|ctr)|health (center|ctr|services)|healthcare|health care|clinic|nursing|rehabilitation|rehab|assisted living|senior living|retirement|memory care|hospice|senior (center|ctr|community)|convalescent|care (center|home)|boarding care|adult day|recovery (center|unplugged))\b|^infinite recovery$/i,
    "hospital or care-home kitchen",
  ],
  [/\b(jail|detention|correctional|juvenile|prison)\b/i, "prison kitchen"],
  [
    /\b(caterers?|catering kitchen|commissary|food ?services?|vending|sodexo|aramark|compass group|guckenheimer|delaware north|centerplate|food sampling|meal prep|meals on wheels|ghost kitchen|gopuff|prime now|food (bank|pantry|program)|soup kitchen|meals? program)\b|\blevy (at|@|restaurants)\b|\bbon\s*-?\s*app?[eé]tit\s*(@|at\b|management)/i,
    "caterer or contract food service",
  ],
  [
    /(?<!luby'?s |piccadilly |k&w )\bcafeteria\b|\b(employee|amazon|boeing|microsoft|google|samsung|twitter|airbnb|salesforce)\b/i,
    "workplace or institutional cafeteria",
  ],
  [
    /\b(food truck|truck|trailer(?! park)|food cart|carts?|mobile|mfu|push ?cart)\b|\(kc\s*#?\d+\)|\bkc\s*#?\d{2,}\b/i,
    "mobile food vendor",
  ],
  [
    /\b(stadium|arena|ball ?park|concessions?|amphitheat(er|re)|circuit of the americas|cota|georgia dome|turner field|philips arena|suite level|club level|portable \d+)\b|^at&t\s*-/i,
    "stadium or venue concession",
  ],
  [
    /\b(7[- ]?eleven|7-11|circle k|quik ?trip|racetrac|chevron|exxon|valero|texaco|citgo|phillips 66|sunoco|walgreens|cvs|rite aid|duane reade|pharmacy|drug ?store|dollar (general|tree|store)|family dollar|wal-?mart|target store|costco|sam's club|safeway|kroger|publix|h-e-b|heb|albertsons|whole foods|trader joe'?s|sprouts farmers|randall'?s|aldi|qfc|fred meyer|food lion|piggly wiggly|winn-dixie|big lots|bed bath|cost plus|williams-sonoma|bevmo|beverages & more|tobacco|smoke shop|smokes|vape|travel (center|plaza)|truck stop)\b/i,
    "grocery, convenience or drug store",
  ],
  [
    /\b(fitness|gym|spa|(hair|nail|beauty) salon|car wash|country club|golf|yacht club|athletic club|racquet|ymca|ywca|boys (and|&) girls|elks|moose lodge|vfw|american legion|masonic)\b|24 hour fitness/i,
    "gym, club or private venue",
  ],
];

/**
 * Left out from inspection rolls unless the name also says it is a place to eat. Lists that hold only
 * restaurants and bars already (NYC outdoor dining, Chicago sidewalk cafés) skip these doubts.
 */
export const DOUBTFUL: [RegExp, string][] = [
  [
    /\b(grocery|groceries|grocer|supermarket|super market|supermercado|food (stores?|marts?|outlet)|foodmart|mini[- ]?mart|minimart|convenience|c-store|markets?|marketplace|mercado|mart|produce|liquors?|package store|meat market|carniceria|butcher|abarrotes|bodega|tienda|99 cents|kwik|quick stop|shop ?rite|trading post|general store|candies|candy|chocolates?|confection(s|ery)?)\b/i,
    "grocery, convenience or drug store",
  ],
  [/\bcatering\b/i, "caterer or contract food service"],
  [
    /\b(hotel|motel|suites|resort|hostel|(comfort|country|holiday|garden|residence|hampton|fairfield|quality|days|sleep|red roof|la quinta|drury|baymont|wingate|microtel|budget|econo) inns?|marriott|hilton|hyatt|sheraton|westin|doubletree|hampton|la quinta|courtyard|best western|extended stay|homewood|candlewood|springhill|fairfield|towneplace|staybridge|home2|drury|red roof|super 8|days inn|ritz-carlton|four seasons|omni|fairmont|kimpton|gaylord|ballroom|board ?rm|boardroom|banquet|foyer|meeting room|conference|mezzanine|room service)\b/i,
    "hotel or event space",
  ],
  [
    /\b(church|parish|temple|synagogue|mosque|fellowship|ministr(y|ies)|congregation|community (center|house|centre)|neighborhood center|youth (center|services)|shelter|apartments?|residence hall|dormitory|college|university|campus|theat(er|re)|cinema|movie|museum|library|zoo|aquarium|party|wedding|fundraiser)\b/i,
    "not a public restaurant",
  ],
];

/**
 * Name → kind, or a reason to leave it out. `fallback` is the kind when the name gives no hint. `strict`
 * (inspection rolls) applies NOT_A_VENUE always and DOUBTFUL unless the name says it is a place to eat;
 * otherwise (lists of restaurants) only NOT_A_VENUE, and only when the name does not say so
 * ("Amazon Restaurant & Bar", "Gym Sports Bar" are restaurants there).
 */
export function classifyFoodName(name: string, fallback = "restaurant", strict = true): Verdict {
  const eating = EATING.test(name);
  if (!strict && !/\s/.test(name.trim())) return { kind: foodKind(name, fallback) }; // a one-word name is a brand ("Cafeteria")
  if (strict || !eating) for (const [re, reason] of NOT_A_VENUE) if (re.test(name)) return { skip: reason };
  if (strict && !eating) for (const [re, reason] of DOUBTFUL) if (re.test(name)) return { skip: reason };
  return { kind: foodKind(name, fallback) };
}

/**
 * The kind a name announces. "cafe" only when the name says coffee / espresso, or café with no sign of a
 * full restaurant ("Oasis Pizza and Cafe" is a restaurant). "Sushi Bar", "Oyster Bar", "Bar & Grill" are
 * restaurants; "Tavern", "Lounge", "Wine Bar" are bars.
 */
export function foodKind(name: string, fallback = "restaurant"): string {
  if (
    /\b(coffee|espresso|starbucks|peet'?s|caribou|dutch bros|tim hortons|blue bottle|la colombe|dunkin'?)\b/i.test(name)
  )
    return "cafe";
  if (/\b(brewing|brewery|brewpub|brew ?works|beer ?works|brewhouse)\b/i.test(name)) return "brewery";
  if (/\b(juice|smoothies?)\b/i.test(name) && !/\b(grill|kitchen|restaurant|pizza|tacos?)\b/i.test(name))
    return "juice bar";
  if (/\b(tea ?house|boba|bubble tea)\b/i.test(name)) return "tea house";
  if (
    /\b(restaurants?|rest\.|ristorante|restaurante|trattoria|osteria|bistro|brasserie|grill|grille|kitchen|cuisine|eatery|diner|steak ?house|chop ?house|sushi|pizza|pizzeria|taqueria|tacos?|bbq|barbecue|bar-b-q|burgers?|seafood|oysters?|noodles?|ramen|pho|dim sum|dumplings?|curry|kebabs?|falafel|gyros?|shawarma|sandwich(es)?|subs|deli|bagels?|wings|chicken|crab|lobster|tapas|cocina|creperie|crepes?|poke|wok|buffet|salads?|soup|empanadas?|tamales?|burritos?|snack bar|breakfast|brunch|soul food|home cooking|mediterranean|mexican|tex-mex|italian|indian|thai|chinese|japanese|korean|vietnamese|asian|greek|cajun|creole|ethiopian|peruvian|cuban|fusion)\b/i.test(
      name,
    )
  )
    return "restaurant";
  if (
    /\b(bar|pub|tavern|saloon|taproom|tap ?room|tap ?house|beer ?garden|biergarten|beer ?hall|lounge|speakeasy|ale ?house|cocktails?|honky[- ]?tonk|night ?club|nightclub|winery|distillery|cidery|tasting room)\b/i.test(
      name,
    )
  )
    return "bar";
  if (
    /\b(bakery|bakeshop|bake shop|patisserie|pâtisserie|boulangerie|pastry|pastries|cupcakes?|panader[ií]a|donuts?|doughnuts?|kolaches?)\b/i.test(
      name,
    )
  )
    return "bakery";
  if (
    /\b(ice cream|gelato|gelateria|creamery|frozen yogurt|froyo|paleter[ií]a|never[ií]a|frozen custard)\b/i.test(name)
  )
    return "ice cream";
  if (/\b(caf[eé]|caffe|caffè)\b/i.test(name)) return "cafe";
  return fallback;
}

export const ACRONYMS = /\b(Bbq|Kfc|Ihop|Nyc|Ny|Byob|Atx|Sf|Dc|Tv|Dj|Usa|Ufc|Bk|Lgbt)\b/g;

/**
 * A display name: "dba" part kept, legal suffixes and store numbers dropped, "Vortex, The" → "The Vortex",
 * ALL-CAPS (and all-lower-case) names title-cased. Short all-caps words (KFC, BHL) are kept as written.
 */
export function cleanFoodName(raw: string | undefined | null): string | null {
  let name = text(raw);
  if (!name) return null;
  const dba = name.match(/\b(?:dba|d\/b\/a)\b\.?\s*(.+)$/i);
  if (dba?.[1]) name = dba[1];
  const unnumbered = name
    .replace(/\s*\((?:KC\s*#?\d+|\d+)\)$/i, "")
    .replace(/\s*[-–]?\s*(?:#|No\.\s*|Store\s*#?\s*)\s*\d[\w-]*$/i, "") // store numbers
    .replace(/^#\d+\s+/, "");
  if (/\p{L}{2}/u.test(unnumbered)) name = unnumbered; // "No. 7" is a name, not a store number
  name = name
    .replace(/^(PF|OOB|LW|BC|MN|WL|SV|RR)\s*(-\s*|\s+)/, "") // Austin Public Health jurisdiction prefixes
    .replace(/,?\s+(LLC|L\.L\.C\.|Inc\.?|Incorporated|Corp\.?|Corporation|Ltd\.?|Co\.,? Inc\.?)$/i, "")
    .replace(/,?\s+(LLC|Inc\.?|Corp\.?)$/i, "")
    .replace(/^(.+),\s*(The|A|An)$/i, (_, rest: string, article: string) => `${article} ${rest}`)
    .replace(/\s+/g, " ")
    .trim();
  if (!name || !/[\p{L}\d]/u.test(name)) return null;
  const letters = name.replace(/[^\p{L}]/gu, "");
  if (letters && letters === letters.toLowerCase() && /\s/.test(name)) name = name.toUpperCase(); // "bergen bagel"; one-word "&pizza" is a brand's own spelling
  if (name === name.toUpperCase() && (/\s/.test(name) || letters.length > 4)) {
    name = titleCase(name)
      .replace(ACRONYMS, (s) => s.toUpperCase())
      .replace(
        /(^|\s)([^\p{L}\d\s'’]+)(\p{Ll})/gu,
        (_, pre: string, mark: string, c: string) => pre + mark + c.toUpperCase(),
      ); // "+mas" → "+Mas"
  }
  return name.replace(/^(the|a|an) /, (s) => s[0]!.toUpperCase() + s.slice(1));
}

// ---------------------------------------------------------------------------------------------------------
// Shared reading

export { uniqueIds };

/** Phone numbers shared by three or more rows are head-office numbers, not the place's own. */
export function sharedPhones(rows: Row[], column: string): Set<string> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const p = phone(row[column]);
    if (p) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= 3).map(([p]) => p));
}

export interface CityFood {
  key: string;
  observedAt: string | null;
  name: string;
  licence: string;
  attribution: string;
  url: string;
  state: string;
  file: string;
  /** Rough bounds of the city/county: rows geocoded elsewhere are dropped. */
  box: Box;
  area: string;
  map(row: Row, ctx: { phones: Set<string> }): ReadResult;
  phoneColumn?: string;
}

export function cityFood(spec: CityFood): Dataset {
  return {
    ...datasetInfo(spec),
    states: [spec.state],
    async *read(stateCode: string): AsyncIterable<ReadResult> {
      if (stateCode !== spec.state) return;
      const rows = await readCsv(spec.file);
      const ctx = { phones: spec.phoneColumn ? sharedPhones(rows, spec.phoneColumn) : new Set<string>() };
      const results = rows.map((row) => {
        const r = spec.map(row, ctx);
        if ("skip" in r || inBox(r, spec.box)) return r;
        return { skip: `coordinates outside ${spec.area}` };
      });
      yield* uniqueIds(results);
    },
  };
}

export interface FoodFields {
  sourceId: string;
  name: string | null;
  kind?: string;
  fallbackKind?: string;
  /** false for lists that hold only restaurants and bars already: only the hard exclusions apply. */
  strict?: boolean;
  /** Rows of a mixed permit type (shops that may also serve food): kept only when the name says they serve it. */
  requireEating?: boolean;
  lat: string | undefined;
  lng: string | undefined;
  address?: string | null;
  city?: string | null;
  zip?: string | null;
  phone?: string | null;
  amenities?: string[] | null;
  tags?: Record<string, string> | null;
}

/** The common tail of every row mapping: name → kind or skip, coordinates, the PlaceInput itself. */
export function foodPlace(spec: { key: string; state: string }, f: FoodFields): ReadResult {
  if (!f.name) return { skip: "no name" };
  if (f.requireEating && !EATING.test(f.name)) return { skip: "grocery, convenience or drug store" };
  const verdict = classifyFoodName(f.name, f.fallbackKind, f.strict ?? true);
  if ("skip" in verdict) return verdict;
  const position = coords(f.lat, f.lng);
  if (!position) return { skip: "no coordinates" };
  const place: PlaceInput = {
    source: spec.key,
    sourceId: f.sourceId,
    categoryId: CATEGORY.food,
    kind: f.kind ?? verdict.kind,
    title: f.name,
    address: f.address ?? null,
    city: f.city ?? null,
    stateCode: spec.state,
    zip: f.zip?.match(/^\d{5}/)?.[0] ?? null,
    phone: f.phone ?? null,
    ...position,
    amenities: f.amenities ?? null,
    tags: f.tags && Object.keys(f.tags).length ? f.tags : null,
  };
  return place;
}
