import type { Topic } from "./intent";

/**
 * What a question asks for within a topic: a dish or cuisine ("barbecue", "vegetarian"), a kind of outing ("live
 * music", "a beach", "somewhere for my dog", "the sunset"), or "indoors" ("on a rainy day"). The answer lists only
 * places whose name or kind says it, or says plainly that the data lists none and gives the topic's places instead.
 * A place matches on its title and kind (a cuisine the source gives is part of the kind: "restaurant (sushi)").
 */
export interface Want {
  /** How the answer names the places ("barbecue places", "places with live music"). */
  label: string;
  topic: Topic;
  /** A place's "title kind" text that says it. */
  match: RegExp;
  /** Title words to look for beyond the topic's list (the store's title search). */
  search: string[];
  /** A place whose name or kind says this is not it, though it names the want (a music museum is no gig). */
  not?: RegExp;
}

type Rule = [asked: RegExp, want: Want];

/** A dish or cuisine named in the question and the words a place's name or kind uses for it. */
const food = (asked: RegExp, label: string, match: RegExp, search: string[]): Rule => [
  asked,
  { label, topic: "food", match, search },
];
const outing = (asked: RegExp, label: string, match: RegExp, search: string[], not?: RegExp): Rule => [
  asked,
  { label, topic: "activities", match, search, not },
];

const stay = (asked: RegExp, label: string, match: RegExp, search: string[], not?: RegExp): Rule => [
  asked,
  { label, topic: "lodging", match, search, not },
];
/** A campground or RV park: a pitch, not a room. */
const CAMP = /\b(camp(ground|site|ing)?s?|rv|caravan|tent|koa)\b/i;

const shop = (asked: RegExp, label: string, match: RegExp, search: string[], not?: RegExp): Rule => [
  asked,
  { label, topic: "shopping", match, search, not },
];
/** Chains and everyday stores are no place for a keepsake. */
const EVERYDAY =
  /\b(dollar|walmart|target|cvs|walgreens|rite aid|pharmacy|auto|tire|wireless|mobile|cellular|grocery|supermarket|lululemon|gap)\b/i;

const RULES: Rule[] = [
  food(
    /\b(bbq|barbecue|barbeque|bar-b-q|brisket|smokehouse)\b/i,
    "barbecue places",
    /\b(bbq|barbecue|barbeque|bar-?b-?q|smokehouse|smoke ?house)\b/i,
    ["BBQ", "Barbecue", "Smokehouse"],
  ),
  food(/\b(pizzas?|pizzerias?)\b/i, "places for pizza", /pizz/i, ["Pizza", "Pizzeria"]),
  food(
    /\b(vegan|vegetarian|plant[- ]based|veggie)\b/i,
    "vegetarian or vegan places",
    /\b(vegan|vegetarian|plant[- ]based|veggie)\b/i,
    ["Vegan", "Vegetarian", "Veggie"],
  ),
  food(
    /\b(tacos?|mexican|burritos?|tex-mex|taquerias?)\b/i,
    "Mexican places",
    /\b(mexican|tacos?|taqueria|tex-?mex|burrito|cantina)\b/i,
    ["Taco", "Taqueria", "Mexican", "Cantina"],
  ),
  food(/\b(sushi|japanese|ramen)\b/i, "Japanese places", /\b(sushi|japanese|ramen|izakaya)\b/i, [
    "Sushi",
    "Ramen",
    "Japanese",
  ]),
  food(/\b(burgers?|hamburgers?)\b/i, "burger places", /burger/i, ["Burger"]),
  food(/\bhot ?dogs?\b/i, "hot dog places", /\bhot ?dog/i, ["Hot Dog"]),
  food(
    /\b(seafood|fish|oysters?|crabs?|lobsters?|shrimp|crawfish)\b/i,
    "seafood places",
    /\b(sea ?foods?|fish|oysters?|crab|lobster|shrimp|crawfish)\b/i,
    ["Seafood", "Oyster", "Fish", "Crab"],
  ),
  food(/\b(steaks?|steakhouses?)\b/i, "steakhouses", /steak/i, ["Steak"]),
  food(/\b(italian|pasta)\b/i, "Italian places", /\b(italian|trattoria|osteria|pasta)\b/i, ["Italian", "Trattoria"]),
  food(
    /\b(chinese|dim sum|dumplings?)\b/i,
    "Chinese places",
    /\b(chinese|dim sum|dumpling|szechuan|sichuan|hunan|canton)/i,
    ["Chinese", "Dumpling", "Dim Sum"],
  ),
  food(/\bthai\b/i, "Thai places", /\bthai\b/i, ["Thai"]),
  food(/\b(indian|curry)\b/i, "Indian places", /\b(indian|curry|tandoor|masala)/i, ["Indian", "Curry", "Tandoor"]),
  food(/\b(korean)\b/i, "Korean places", /\bkorean\b/i, ["Korean"]),
  food(/\b(vietnamese|pho|banh mi)\b/i, "Vietnamese places", /\b(vietnamese|pho|banh mi)\b/i, ["Pho", "Vietnamese"]),
  food(/\b(greek|gyros?|mediterranean)\b/i, "Greek or Mediterranean places", /\b(greek|gyro|mediterranean)/i, [
    "Greek",
    "Gyro",
    "Mediterranean",
  ]),
  food(/\b(cajun|creole|gumbo|po'? ?boys?)\b/i, "Cajun or Creole places", /\b(cajun|creole|gumbo|po'? ?boy)/i, [
    "Cajun",
    "Creole",
    "Po Boy",
  ]),
  food(/\b(soul food|southern food|fried chicken)\b/i, "soul food places", /\b(soul|southern|chicken)\b/i, [
    "Soul",
    "Southern",
    "Chicken",
  ]),
  food(/\b(delis?|sandwich(es)?|subs)\b/i, "delis and sandwich shops", /\b(deli|sandwich|subs?|hoagie)\b/i, [
    "Deli",
    "Sandwich",
  ]),
  outing(
    /\b(live music|concerts?|gigs?|jazz|blues|bands?|music venues?)\b/i,
    "places for live music",
    /\b(music|concert|jazz|blues|honky|opry|amphitheat|auditorium|venue|dance hall|symphony|philharmonic)/i,
    ["Music", "Jazz", "Blues", "Amphitheater", "Hall"],
    /\b(museum|hall of fame|library|school|academy|store|shop)\b/i,
  ),
  outing(/\b(beach(es)?|swim|swimming)\b/i, "beaches and places to swim", /\b(beach|swim|pool|aquatic|water park)/i, [
    "Beach",
    "Pool",
  ]),
  outing(/\b(?<!hot )(dogs?|pupp(y|ies))\b/i, "places for dogs", /\bdog\b/i, ["Dog"]),
  outing(
    /\b(sunsets?|sunrises?|views?|viewpoints?|lookouts?|overlooks?|skyline|scenic|panoram\w*)\b/i,
    "places with a view",
    /\b(viewpoint|overlook|lookout|observation|observatory|vista|scenic|summit|pier|bluff)\b/i,
    ["Overlook", "Lookout", "Observation", "Vista"],
  ),
  outing(
    /\b(rain|rainy|raining|indoors?|bad weather|wet day|cold day|too hot)\b/i,
    "indoor things to do",
    /\b(museum|gallery|aquarium|theat(er|re)|cinema|movie|library|planetarium|bowling|arcade|science|observatory|conservatory|mall|escape room|indoor|arts? cent(er|re)|playhouse|opera|comedy|ice rink|skating)/i,
    [],
  ),
  outing(
    /\b(shows|(?:a|an|the|broadway|comedy|live|magic|drag|evening|night) show|broadway|theat(er|re)s?|plays|musicals?|comedy|stand-up|opera|ballet)\b/i,
    "theatres and shows",
    /\b(theat(er|re)|playhouse|opera|comedy|ballet|performing arts|auditorium|symphony)/i,
    ["Theater", "Theatre", "Playhouse", "Opera", "Comedy"],
  ),
  outing(/\b(golf(ing)?)\b/i, "places to golf", /\bgolf/i, ["Golf"]),
  outing(
    /\b(hik(e|es|ing)|trails?|nature walks?|backpacking|trekking)\b/i,
    "places to hike",
    /\b(trails?|trailhead|greenway|forest|canyon|peak|summit|mountain|mount|butte|ridge|hill|preserve|wilderness|falls|nature|state park|national park|recreation area)\b/i,
    ["Trail", "Canyon", "Peak", "Preserve"],
    /\b(museum|school|store|shop|mall|library|church|restaurant|hotel|inn|motel|golf|gym(nastics)?|fitness|yoga|pilates|movement|dance|studio|martial|karate|crossfit|salon|spa|apartments?|realty|bowling|arcade|casino|theat(er|re)|cinema)\b/i,
  ),
  outing(/\b(zoos?|aquariums?|animals?)\b/i, "zoos and aquariums", /\b(zoo|aquarium|wildlife|safari)/i, [
    "Zoo",
    "Aquarium",
  ]),
  outing(/\b(museums?|galler(y|ies)|exhibits?|exhibitions?)\b/i, "museums", /\b(museum|galler(y|ies))\b/i, [
    "Museum",
    "Gallery",
  ]),
];

RULES.push(
  // A room asks for a hotel, motel, inn or B&B, never a campground; a pitch asks for the campgrounds. Not an escape
  // room, a tea room, a ski resort or a day camp.
  stay(
    /\b(camping|campgrounds?|campsites?|(?:i|we|to) camp|rv|rvs|motor ?homes?|caravans?|glamping)\b/i,
    "campgrounds and RV parks",
    CAMP,
    ["Campground", "RV Park", "Camp"],
  ),
  stay(
    /\b(hotels?|motels?|inns?|b ?& ?bs?|bed and breakfasts?|hostels?|(?:a|hotel|motel) room (?:for|to stay|tonight))\b/i,
    "hotels, motels and inns",
    /\b(hotels?|motels?|inns?|b ?& ?b|bed (and|&) breakfast|hostels?|resorts?|lodges?|suites|guest ?houses?|guest ranch)\b/i,
    ["Hotel", "Motel", "Inn", "Suites", "Lodge"],
    CAMP,
  ),
  shop(
    /\b(souvenirs?|gifts?|keepsakes?|mementos?|local crafts?)\b/i,
    "gift, craft and souvenir shops",
    /\b(gifts?|souvenirs?|crafts?|antiques?|galler(y|ies)|boutique|candy|candies|pralines?|trading post|general store|books?(store|shop|s)?|art|artisans?|makers?|(?:farmers|flea|craft|artisan|city|public) market)\b/i,
    ["Gift", "Souvenir", "Craft", "Antique", "Gallery", "Candy", "Books"],
    EVERYDAY,
  ),
  shop(/\b(books?|bookstores?|bookshops?)\b/i, "bookshops", /\bbook/i, ["Book"]),
  shop(
    /\b(pharmac(y|ies)|drug ?stores?|chemists?|prescriptions?)\b/i,
    "pharmacies",
    /\b(pharmac(y|ies)|drug|cvs|walgreens|rite aid|apothecary)/i,
    ["Pharmacy", "Drug", "CVS", "Walgreens"],
  ),
  shop(
    /\b(grocer(y|ies)|supermarkets?|food stores?|convenience stores?|food shopping)\b/i,
    "grocery and convenience stores",
    /\b(grocer|supermarket|convenience|food ?mart|(?:food|fresh|super|mini|corner|meat|fish|international|asian|latin) ?market|deli|bodega|whole foods|trader joe|aldi|kroger|safeway|publix|7-eleven)/i,
    ["Grocery", "Market", "Supermarket", "Foods"],
    /\b(flea|antique|art|craft|farmers|stock|super ?cuts)\b/i,
  ),
  shop(/\b(antiques?|vintage|thrift)\b/i, "antique, vintage and thrift shops", /\b(antique|vintage|thrift|resale)/i, [
    "Antique",
    "Vintage",
    "Thrift",
  ]),
);

/** The first thing the question asks for that a place's name or kind can show, or null. */
export function wantOf(question: string): Want | null {
  return RULES.find(([asked]) => asked.test(question))?.[1] ?? null;
}

/** Whether a place's name or kind says it is what the question wants. */
export function isWanted(want: Want, p: { title: string; kind: string }): boolean {
  const text = `${p.title} ${p.kind}`;
  return want.match.test(text) && !want.not?.test(text);
}
