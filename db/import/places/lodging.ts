/**
 * What is lodging for a traveller, by the record's own name, kind and operator (rules, no list of places): the
 * import drops what is not (filters.ts junkReason), the showcase lists apply the same rule to records stored before
 * it (modules/places/showcase.ts lodgingClass).
 */

/**
 * Lodging rows that are not lodging: youth, church and equestrian camps, day-use sites, offices, housing. A ramada
 * is a picnic shelter, but Ramada is also a hotel brand: the word counts only when it does not open the name and no
 * hotel word follows it. A name that ends in "Building" names an office or apartment block (Chicago's Fisher Building,
 * apartments since 2001, filed as a hotel): a hotel in one says so ("Georgetown Suites Harbor Building").
 */
export const NOT_LODGING_NAME =
  /^(?!.*\b(hotel|inn|motel|suites?)\b).*\bbuilding(\s+[a-z0-9])?\s*$|\b(scouts?|boy scout|girl scout|cub scout|y\.?m\.?c\.?a|y\.?w\.?c\.?a|bible|4-h|pavilions?|(?<!^)ramadas?(?!\s+(inn|hotel|suites?|plaza|resort|limited|by|encore|conference))|picnic|day[- ]use|trail ?heads?|ranger (station|district|office)|district office|equestrian|housing|work center)\b|\b(church|christian|baptist|methodist|lutheran|catholic|presbyterian|ministr(y|ies))\b.*\b(camp|retreat|conference)\b|\b(camp|retreat)\b.*\b(church|christian|baptist|methodist|lutheran|catholic|presbyterian|ministr(y|ies))\b/i;

/**
 * Camps a traveller cannot book, by their words: an organised youth group's site ("Youth Camping Area", "Naval Live
 * Oaks Youth Group Camping"), a horse camp ("Horseman's Camp", "Graham Corral Horse Campground"), a church's camp
 * meeting ground, a Salvation Army or scouting camp ("Camp Herms BSA"), a military base's family camp ("Wright-Patterson
 * Air Force Base Famcamp", "NavyMWR Solomons RV Campground", "Destin Army Recreation Area": for holders of a military
 * ID).
 */
const CLOSED_CAMP_NAME =
  /\b(youth (group )?(camp\w*|areas?|sites?)|horsem[ae]n'?s?|horse ?camp\w*|camp ?meetings?|salvation army|bsa|scouting|fam ?camps?|(navy ?)?mwr|air force base|afb|naval (air )?station|army recreation(al)? area)\b/i;

/**
 * A camp whose name is only its kind ("Dispersed Camping", "Group Camp", "RV Park", "hunting camp": 195 records
 * nationwide) or an organisation's headquarters ("… Dragoons HQ"): a card a traveller cannot look up or book.
 */
/**
 * A booking line, an agency or a letting office filed as a hotel by the 2011 directory ("Accommodations Hotline-Santa",
 * "Santa Fe Central Reservations", "Exclusive Properties", "Fort Morgan Realty", "Paso Robles Vacation Rentals"):
 * no door to sleep behind. A park's "State Reservation" or a "Reservation Campground" is a place.
 */
const AGENCY_NAME =
  /\b(realty|realtors?|hotline|reservations|(rental )?properties|property management|vacation rentals)\b|\b(inn|motel|hotel|central) reservation$/i;

const KIND_ONLY_NAME =
  /^((hunting|hunt|deer|fish|group|primitive|overflow|dispersed|backcountry|tent) )?(camp( ?(ground|site))?s?|camping( area)?|campground area|rv (park|site)s?|group sites?|cabins?)$|\bhq$/i;

/**
 * An operator that runs camps for its own members (OSM's `operator` tag): scouting (a council of the Boy Scouts names
 * itself "Sioux Council"), the YMCA and kindred bodies, churches, schools and universities, a property owners'
 * association, a military base's recreation office. A trail's council or club runs public sites ("Yough River Trail
 * Council", "Appalachian Mountain Club").
 */
const MEMBERS_OPERATOR =
  /\b(scouts?|scouting|bsa|(?<!trails? )council|y\.?m\.?c\.?a|y\.?w\.?c\.?a|hebrew association|salvation army|church|bible|christian|baptist|methodist|lutheran|catholic|presbyter(y|ian)|episcopal|diocese|adventist|latter[- ]day|lds|holiness|ministr(y|ies)|synod|youth|school district|university|college|alumni|property owners|4-h|mwr|air force base)\b/i;

/**
 * "Camp Belzer", "Camp Stonybrook", "Camp Ho Mita Koda": a camp under a proper name, and nothing in the name of a
 * public campground (a campground, camp site or camping word, RV, park, resort, KOA, cabins, a lodging word, an area or
 * a group site), is an organisation's summer or youth camp (scout, church, YMCA, a charity's), not a campground a
 * traveller books. A number after "Camp" (Yosemite's "Camp 4") or a stream or place word ("Camp Creek Camp") names a
 * public site. Only a campground's record: an RV park under such a name takes travellers ("Camp Margaritaville"),
 * and Recreation.gov lists only public sites.
 */
const ORGANISATION_CAMP =
  /^camp\s+(?!(\d|one|two|three|four|five|six|seven|eight|nine|ten|creek|branch|run|brook|hollow|springs?|ground)\b)(?!.*\b(campgrounds?|camp ?grounds?|camp ?sites?|camping|rv|r\.v|resort|koa|park|trailer|cabins?|marina|motel|inn|hotel|lodge|jellystone|recreation|state|areas?|sites?|group)\b)/i;
/** An operator that is a public body: its camp under a proper name is a public site ("Camp Spearhead", county parks). */
const PUBLIC_OPERATOR =
  /\b(park|parks|forest|state|county|city|town|township|village|borough|parish|national|corps of engineers|department|district|authority|commission|bureau|service|recreation|government)\b/i;
const PUBLIC_CAMPGROUNDS = "ridb-campgrounds";

/** Why a lodging record is no lodging a traveller can book, or null. */
export function notLodgingReason(p: {
  title: string;
  kind: string;
  source?: string | null;
  tags?: Record<string, string> | null;
}): string | null {
  if (NOT_LODGING_NAME.test(p.title) || CLOSED_CAMP_NAME.test(p.title))
    return "not lodging (youth, church, horse or military camp, day-use site, office, housing)";
  if (KIND_ONLY_NAME.test(p.title.trim())) return "not lodging (a name that is only a kind of camp, or a headquarters)";
  if (AGENCY_NAME.test(p.title)) return "not lodging (a booking line, an agency or a letting office)";
  const operator = p.tags?.operator ?? "";
  if (MEMBERS_OPERATOR.test(operator))
    return "not lodging (a camp run for a scouting, church or school body's members)";
  if (
    /\bcamp/i.test(p.kind) &&
    !/\brv\b/i.test(p.kind) &&
    p.source !== PUBLIC_CAMPGROUNDS &&
    ORGANISATION_CAMP.test(p.title.trim()) &&
    !PUBLIC_OPERATOR.test(operator)
  )
    return "not lodging (an organisation's camp, not a public campground)";
  return null;
}

/**
 * A lodging's own name under its company's legal suffix ("Westmark Hotel Inc", "Lavender & Lace Inn Inc", "Anchorage
 * Midtown Motel Inc"): the name less the suffix, when it ends in a word for rooms; else null. A company that owns or
 * runs hotels says so in the plural or after the room word ("Extended Stay Hotels Inc", "Florence Hotel Company LLC",
 * "AAA Hospitality Group Inc"): no lodging's name.
 */
export function hotelOwnName(title: string): string | null {
  const own = title.replace(HOTEL_LEGAL_SUFFIX, "").trim();
  return ROOM_NAME_END.test(own) ? own : null;
}
const HOTEL_LEGAL_SUFFIX = /,?\s+(inc|incorporated|corp|corporation|co|llc|l\.l\.c|ltd)\.?$/i;
/** A name that ends in a word for rooms: "… Hotel", "… Motel", "… Inn", "… Resort & Lodge", "… Suites", "… B&B". */
const ROOM_NAME_END =
  /\b(hotel|motel|inn|lodge|resort|suites|hostel|b ?& ?b|bed (and|&) breakfast|guest ?house|motor (inn|lodge))$/i;

/** The lodging sub-kind (SIGNALS.md `lodgingType`), from the kind first, then the name. */
export function lodgingType(kind: string, title: string): string {
  const k = kind.toLowerCase();
  if (/\brv\b|caravan/.test(k)) return "rv park";
  if (/camp|lookout/.test(k)) return "campground";
  if (/cabin/.test(k)) return "cabin";
  const text = `${k} ${title}`.toLowerCase();
  if (/\bhostel\b/.test(text)) return "hostel";
  if (/\b(b ?& ?b|bed (and|&) breakfast|guest ?house)\b/.test(text)) return "bed and breakfast";
  if (/\bmotel|motor (inn|lodge)\b/.test(text)) return "motel";
  if (/\bresort|casino\b/.test(text)) return "resort";
  // A name that says rooms keeps them beside its pitches or cabins ("Cimarron Inn & RV Park", "Lake Side Inn & Cabins",
  // "Twin Pines Lodge & Cabins"): hotel-type.
  if (/\binn\b/.test(text)) return "inn";
  if (/\blodge\b/.test(text)) return "lodge";
  if (/\b(hotel|suites)\b/.test(title.toLowerCase())) return "hotel";
  if (/\b(rv|r\.v\.)\b|\brv park\b|trailer park/.test(text)) return "rv park";
  if (/\b(campground|campsite|camping|camp)\b/.test(text)) return "campground";
  if (/\bcabins?\b/.test(text)) return "cabin";
  return "hotel";
}

const HOTEL_TYPES = new Set(["hotel", "motel", "inn", "bed and breakfast", "hostel", "resort", "lodge"]);
/** Whether a lodging sub-kind is a roof and a bed (hotels to lodges), not a campsite or an RV pitch. */
export const isHotelType = (type: string | null | undefined) => !!type && HOTEL_TYPES.has(type);
