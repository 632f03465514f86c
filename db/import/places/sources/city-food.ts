import { CATEGORY, type Dataset, type PlaceInput, type ReadResult } from "../types";
import { type Box, coords, datasetInfo, inBox, phone, readCsv, shortHash, text, titleCase, uniqueIds } from "../util";
import atlantaFile from "../../../data/places/atlanta_fulton_county_food_service_2014_2015.csv.gz" with {
  type: "file",
};
import austinFile from "../../../data/places/austin_food_establishments_2020_2023.csv.gz" with { type: "file" };
import chicagoFile from "../../../data/places/chicago_sidewalk_cafe_permits_2018.csv.gz" with { type: "file" };
import nashvilleFile from "../../../data/places/nashville_beer_permit_locations_2022.csv.gz" with { type: "file" };
import nycFile from "../../../data/places/nyc_open_restaurants_2020_2021.csv.gz" with { type: "file" };
import seattleFile from "../../../data/places/seattle_kc_food_establishments_2023.csv.gz" with { type: "file" };
import sfFile from "../../../data/places/sf_food_businesses_2016.csv.gz" with { type: "file" };

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

type Row = Record<string, string>;
type Verdict = { kind: string } | { skip: string };

// ---------------------------------------------------------------------------------------------------------
// Names

/** Words that make a name a place to eat: they override the doubts in DOUBTFUL ("Market Street Grill" stays). */
const EATING =
  /\b(restaurants?|rest\.|ristorante|restaurante|trattoria|osteria|bistro|brasserie|grill|grille|kitchen|cuisine|eatery|diner|steak ?house|chop ?house|sushi|pizza|pizzeria|taqueria|tacos?|bbq|barbecue|bar-b-q|burgers?|seafood|oysters?|noodles?|ramen|pho|dim sum|dumplings?|curry|kebabs?|falafel|gyros?|shawarma|sandwich(es)?|subs|bagels?|wings|chicken|crab|lobster|tapas|cocina|creperie|crepes?|poke|wok|buffet|salads?|soup|empanadas?|tamales?|burritos?|pupusas?|pupuseria|cafe|café|caffe|coffee|espresso|bar|pub|tavern|saloon|lounge|taproom|brew(ing|ery|pub|house)|winery|vineyards?|distillery|cidery|bakery|donuts?|ice cream|gelato|juice|smoothies?|tea ?house|starbucks)\b/i;

/** Always left out, whatever else the name says. Order matters only for which reason is reported. */
const NOT_A_VENUE: [RegExp, string][] = [
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
const DOUBTFUL: [RegExp, string][] = [
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

const ACRONYMS = /\b(Bbq|Kfc|Ihop|Nyc|Ny|Byob|Atx|Sf|Dc|Tv|Dj|Usa|Ufc|Bk|Lgbt)\b/g;

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

/** ALL-CAPS street lines title-cased, keeping directions (NE, SW …) and highway prefixes upper case. */
export function addressCase(raw: string | undefined | null): string | null {
  const value = text(raw);
  if (!value) return null;
  if (value !== value.toUpperCase()) return value;
  return titleCase(value).replace(/\b(Ne|Nw|Se|Sw|Ih|Fm|Rr|Us|Sh|Sr|Po)\b/g, (s) => s.toUpperCase());
}

// ---------------------------------------------------------------------------------------------------------
// Shared reading

export { uniqueIds };

/** Phone numbers shared by three or more rows are head-office numbers, not the place's own. */
function sharedPhones(rows: Row[], column: string): Set<string> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const p = phone(row[column]);
    if (p) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= 3).map(([p]) => p));
}

interface CityFood {
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

function cityFood(spec: CityFood): Dataset {
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

interface FoodFields {
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
function foodPlace(spec: { key: string; state: string }, f: FoodFields): ReadResult {
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

// ---------------------------------------------------------------------------------------------------------
// New York City: Open Restaurant applications (outdoor dining, 2020–21)

const BOROUGH_CITY: Record<string, string> = {
  Manhattan: "New York",
  Brooklyn: "Brooklyn",
  Queens: "Queens",
  Bronx: "Bronx",
  "Staten Island": "Staten Island",
};

const NYC = { key: "nyc-restaurants", observedAt: "2021-11-29", state: "NY" };
export const nycRestaurants: Dataset = cityFood({
  ...NYC,
  name: "NYC Open Restaurant Applications (2020–2021)",
  licence: "NYC Open Data Terms of Use",
  attribution: "NYC Open Data / NYC DOT",
  url: "https://data.cityofnewyork.us/Transportation/Open-Restaurant-Applications/pitm-atqc",
  file: nycFile,
  box: [40.49, 40.92, -74.27, -73.68],
  area: "New York City",
  map(row) {
    const number = text(row.building_number);
    const street = number ? `${number} ${text(row.street) ?? ""}`.trim() : text(row.business_address?.split(",")[0]);
    return foodPlace(NYC, {
      sourceId: row.objectid!,
      name: cleanFoodName(row.restaurant_name) ?? cleanFoodName(row.dba),
      strict: false,
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(street),
      city: BOROUGH_CITY[row.borough ?? ""] ?? null,
      zip: row.postcode,
      tags: row.qualify_alcohol === "yes" ? { alcohol: "yes" } : null,
    });
  },
});

// ---------------------------------------------------------------------------------------------------------
// Austin / Travis County: food establishment inspections (2020–23)

const AUSTIN = { key: "austin-food", observedAt: "2023-02-17", state: "TX" };
export const austinFood: Dataset = cityFood({
  ...AUSTIN,
  name: "City of Austin Food Establishment Inspection Scores (2020–2023)",
  licence: "Public domain (City of Austin open data)",
  attribution: "City of Austin Open Data / Austin Public Health",
  url: "https://data.austintexas.gov/",
  file: austinFile,
  box: [29.9, 30.75, -98.3, -97.3],
  area: "the Austin area",
  map(row) {
    // "ABIA-…" are outlets at Austin-Bergstrom airport: the prefix becomes a tag. "OOB"/"PF"/… prefixes are
    // inspection jurisdictions (dropped by cleanFoodName).
    const raw = text(row.name) ?? "";
    const airport = /^ABIA\s*-\s*/i.test(raw);
    return foodPlace(AUSTIN, {
      sourceId: row.facility_id!,
      name: cleanFoodName(raw.replace(/^ABIA\s*-\s*/i, "")),
      tags: airport ? { airport: "Austin-Bergstrom International Airport" } : null,
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: text(row.city),
      zip: row.zip,
    });
  },
});

// ---------------------------------------------------------------------------------------------------------
// Seattle: King County food establishment inspections (2023)

const SEATTLE_SKIP: Record<string, string> = {
  "Grocery Store-no seating": "grocery, convenience or drug store",
  "Meat/Sea Food": "grocery, convenience or drug store",
  "Mobile Food Unit": "mobile food vendor",
  "School Lunch Program": "school or childcare kitchen",
  Caterer: "caterer or contract food service",
  "Non-Profit Institution": "not a public restaurant",
  "Bed and Breakfast": "hotel or event space",
};
const SEATTLE_CITY: Box = [47.49, 47.74, -122.44, -122.22];

const SEATTLE = { key: "seattle-kc-food", observedAt: "2023", state: "WA" };
export const seattleKcFood: Dataset = cityFood({
  ...SEATTLE,
  name: "King County Food Establishment Inspections, Seattle (2023)",
  licence: "King County open data terms",
  attribution: "King County Public Health",
  url: "https://data.kingcounty.gov/",
  file: seattleFile,
  box: [47.0, 47.8, -122.6, -121.0],
  area: "King County",
  phoneColumn: "phone",
  map(row, ctx) {
    const seating = text(row.seating_category) ?? "";
    if (SEATTLE_SKIP[seating]) return { skip: SEATTLE_SKIP[seating]! };
    const name = cleanFoodName(row.name);
    const seats = seating.match(/^Seating\s+(.+)$/)?.[1];
    const tel = phone(row.phone);
    const place = foodPlace(SEATTLE, {
      // No id column: the name (unique in this file) and the point.
      sourceId: shortHash(`${text(row.name)}|${row.latitude}|${row.longitude}`),
      name,
      fallbackKind: seating === "Bakery-no seating" ? "bakery" : "restaurant",
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      zip: row.zip,
      phone: tel && !ctx.phones.has(tel) ? tel : null,
      tags: seats ? { seats: seats.replace(/\s+/g, "") } : null,
    });
    // The file says "Seattle" for every row, but some points are elsewhere in King County.
    if (!("skip" in place)) place.city = inBox(place, SEATTLE_CITY) ? "Seattle" : null;
    return place;
  },
});

// ---------------------------------------------------------------------------------------------------------
// San Francisco: DPH restaurant scores, businesses (about 2016)

/**
 * DPH permit codes, read from what each code's businesses are (the file has no code list): H24–H26
 * restaurants by floor area, H29 fast food, H86–H87 bars, H88–H89 bakeries. H03, H07 and H28 mix shops,
 * markets and coffee counters: kept only when the name says café/coffee/grill … Everything else is a shop,
 * caterer, truck, institution or stadium stand.
 */
const SF_KEEP: Record<string, string> = {
  H24: "restaurant",
  H25: "restaurant",
  H26: "restaurant",
  H29: "restaurant",
  H86: "bar",
  H87: "bar",
  H88: "bakery",
  H89: "bakery",
};
const SF_IF_NAMED = new Set(["H03", "H07", "H28"]);
const SF_SKIP: [RegExp, string][] = [
  [/^H(0[1-9]|10|8[0-3])$/, "grocery, convenience or drug store"],
  [/^H(13|14)$/, "produce stand or farmers market"],
  [/^H(21|22|33|34|61)$/, "wholesale, commissary or vending"],
  [/^H(30|7[4-9]|98|99)$/, "caterer, mobile or home-based vendor"],
  [/^(AA|H23|H38|H40|H84|H90|H91)$/, "institutional kitchen"],
  [/^H36$/, "stadium or venue concession"],
  [/^H37$/, "hotel or event space"],
];

const SF = { key: "sf-food", observedAt: "2016", state: "CA" };
export const sfFood: Dataset = cityFood({
  ...SF,
  name: "San Francisco DPH Restaurant Scores — businesses (about 2016)",
  licence: "PDDL-1.0",
  attribution: "San Francisco Department of Public Health / DataSF",
  url: "https://data.sfgov.org/",
  file: sfFile,
  box: [37.7, 37.84, -122.52, -122.35],
  area: "San Francisco",
  phoneColumn: "phone",
  map(row, ctx) {
    const code = text(row.dph_permit_code) ?? "";
    const kind = SF_KEEP[code];
    const ifNamed = SF_IF_NAMED.has(code);
    if (!kind && !ifNamed) {
      for (const [re, reason] of SF_SKIP) if (re.test(code)) return { skip: reason };
      return { skip: code ? "not a restaurant permit" : "no permit type (special event)" };
    }
    const tel = phone(row.phone);
    return foodPlace(SF, {
      sourceId: row.business_id!,
      name: cleanFoodName(row.name),
      fallbackKind: kind ?? "restaurant",
      // A restaurant or bar permit says what the place is: "Foreign Cinema", "Church Key" are restaurants.
      strict: ifNamed,
      requireEating: ifNamed,
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: "San Francisco",
      zip: row.postal_code,
      phone: tel && !ctx.phones.has(tel) ? tel : null,
    });
  },
});

// ---------------------------------------------------------------------------------------------------------
// Nashville: beer permit locations (about 2022)

const NASHVILLE = { key: "nashville-beer", observedAt: "2022", state: "TN" };
export const nashvilleBeer: Dataset = cityFood({
  ...NASHVILLE,
  name: "Metro Nashville Beer Permit Locations (about 2022)",
  licence: "Metro Nashville open data (public records)",
  attribution: "Metro Nashville Beer Permit Board / data.nashville.gov",
  url: "https://data.nashville.gov/",
  file: nashvilleFile,
  box: [35.9, 36.45, -87.1, -86.35],
  area: "Davidson County",
  map(row) {
    // ISSUED and TEMPORARY (issued pending the board's hearing) are the file's two statuses; both are in force.
    const status = (text(row.status) ?? "").toUpperCase();
    if (status !== "ISSUED" && status !== "TEMPORARY") return { skip: "permit not active" };
    const subtype = text(row.permit_subtype) ?? "";
    const name = cleanFoodName(row.business_name);
    if (/Wholesale|Distributor/i.test(subtype)) {
      // Breweries and cideries hold wholesale permits too, and have taprooms; distributors do not.
      if (!name || !/\b(brew\w*|beer works|cider\w*|distill\w*)\b/i.test(name))
        return { skip: "wholesaler or distributor" };
    } else if (!/\bOn\b/i.test(subtype)) return { skip: "off-premises beer sales only" };
    return foodPlace(NASHVILLE, {
      sourceId: row.permit_number!,
      name,
      fallbackKind: "bar",
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: text(row.city),
      zip: row.zip,
    });
  },
});

// ---------------------------------------------------------------------------------------------------------
// Chicago: sidewalk café permits (2018)

const CHICAGO = { key: "chicago-sidewalk-cafes", observedAt: "2018", state: "IL" };
export const chicagoSidewalkCafes: Dataset = cityFood({
  ...CHICAGO,
  name: "City of Chicago Sidewalk Cafe Permits (2018)",
  licence: "City of Chicago Data Portal Terms of Use",
  attribution: "City of Chicago Data Portal / Department of Business Affairs and Consumer Protection",
  url: "https://data.cityofchicago.org/",
  file: chicagoFile,
  box: [41.64, 42.03, -87.95, -87.52],
  area: "Chicago",
  map(row) {
    return foodPlace(CHICAGO, {
      sourceId: row.permit_number!,
      name: cleanFoodName(row.doing_business_as),
      strict: false,
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: "Chicago",
      zip: row.zip,
      amenities: ["sidewalk seating"],
      tags: { seating: "sidewalk" },
    });
  },
});

// ---------------------------------------------------------------------------------------------------------
// Atlanta: Fulton County food service inspections (2014–15)

/** Stadiums, arenas and the convention centre: dozens of concession stands each ("Bar 12", "BBQ North"). */
const ATLANTA_VENUES =
  /^(1 GEORGIA DOME DR|755 HANK AARON DR|(ONE|1) PHILIPS DR|285 ANDREW YOUNG INTERNATIONAL BLVD|2002 LAKEWOOD WAY)\b/i;
const ATLANTA_CITY_FIX: Record<string, string> = {
  Alphareatta: "Alpharetta",
  Altanta: "Atlanta",
  "College Pk": "College Park",
  Eastpoint: "East Point",
};

const ATLANTA = { key: "atlanta-food", observedAt: "2015", state: "GA" };
export const atlantaFood: Dataset = cityFood({
  ...ATLANTA,
  name: "Fulton County Food Service Inspections (2014–2015)",
  licence: "Public records",
  attribution: "Fulton County Board of Health / Code for Atlanta",
  url: "https://github.com/CivicTechAtlanta/georgia-restaurant-inspections",
  file: atlantaFile,
  box: [33.45, 34.2, -84.9, -84.05],
  area: "the Atlanta area",
  map(row) {
    if (ATLANTA_VENUES.test(text(row.address) ?? "")) return { skip: "stadium or venue concession" };
    const city = text(row.city);
    return foodPlace(ATLANTA, {
      sourceId: row.business_id!,
      name: cleanFoodName(row.name),
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: city ? (ATLANTA_CITY_FIX[city] ?? city) : null,
      zip: row.zip,
    });
  },
});

/** Every city food dataset in this module. */
export const cityFoodDatasets: Dataset[] = [
  nycRestaurants,
  austinFood,
  seattleKcFood,
  sfFood,
  nashvilleBeer,
  chicagoSidewalkCafes,
  atlantaFood,
];
