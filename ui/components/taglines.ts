/**
 * The restaurant tagline on the food category page (docs/product.md): a keyword in the title or
 * description picks a phrase; otherwise one of 8 phrases chosen by the sum of the title's character codes.
 * Its own module, so only the food view carries the phrases.
 */
import type { Place } from "./places";

/** Restaurant taglines: a keyword in the title or description picks a phrase; otherwise one of 8 by the title's character codes. */
export const TAGLINE_KEYWORDS: Array<[RegExp, string]> = [
  [/pizz/i, "Hand-tossed and worth the detour"],
  [/sushi|ramen|izakaya|japanese/i, "Precise flavours from the Japanese kitchen"],
  [/taco|taqueria|mexican|burrito|cantina/i, "Tortillas, salsa and a little heat"],
  [/bbq|barbecue|barbeque|smokehouse/i, "Low, slow and smoky"],
  [/burger/i, "Stacked, juicy and made to order"],
  [/coffee|café|cafe|espresso|roaster/i, "Your next cup, brewed with care"],
  [/bakery|bakehouse|pastr|donut|doughnut|bagel/i, "Fresh from the oven every morning"],
  [/brew|beer|tap ?room|\bpub\b|tavern|saloon/i, "Local pours and good company"],
  [/steak|chophouse/i, "Seared, rested and served right"],
  [/seafood|oyster|fish|crab|lobster/i, "Straight from the water to your plate"],
  [/noodle|pho|dumpling|chinese|thai|vietnam/i, "Steaming bowls and bold spices"],
  [/vegan|vegetarian|plant-based/i, "Plant-powered and full of flavour"],
  [/ice cream|gelato|frozen yogurt|creamery/i, "A sweet scoop to end the day"],
  [/wine|bistro|brasserie/i, "A glass, a plate and time to linger"],
  [/diner|breakfast|pancake|waffle/i, "Breakfast classics any time of day"],
];
export const TAGLINE_PHRASES = [
  "A local favourite worth the stop",
  "Where the neighbourhood comes to eat",
  "Good food, no fuss",
  "A table waiting for you",
  "Come hungry, leave happy",
  "Flavours the locals swear by",
  "Made fresh, served warm",
  "A taste of the town",
] as const;
export function restaurantTagline(place: Pick<Place, "title" | "description">): string {
  const text = `${place.title} ${place.description ?? ""}`;
  for (const [pattern, phrase] of TAGLINE_KEYWORDS) if (pattern.test(text)) return phrase;
  let sum = 0;
  for (let i = 0; i < place.title.length; i++) sum += place.title.charCodeAt(i);
  return TAGLINE_PHRASES[sum % TAGLINE_PHRASES.length]!;
}
