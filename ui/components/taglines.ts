/**
 * The restaurant tagline on the food category page (docs/product.md): a keyword in the title or
 * description picks a phrase; otherwise one of 8 phrases chosen by the sum of the title's character codes.
 * Its own module, so only the food view carries the phrases.
 */
import type { Place } from "./places";

/** Restaurant taglines: a keyword in the title or description picks a phrase; otherwise one of 8 by the title's character codes. */
export const TAGLINE_KEYWORDS: Array<[RegExp, string]> = [
  [/pizz/i, "For when only pizza will do"],
  [/sushi|ramen|izakaya|japanese/i, "For a taste of Japan"],
  [/taco|taqueria|mexican|burrito|cantina/i, "For tacos, salsa and a little heat"],
  [/bbq|barbecue|barbeque|smokehouse/i, "For a barbecue craving"],
  [/burger/i, "For a burger stop"],
  [/coffee|café|cafe|espresso|roaster/i, "For your next cup"],
  [/bakery|bakehouse|pastr|donut|doughnut|bagel/i, "For something from the bakery"],
  [/brew|beer|tap ?room|\bpub\b|tavern|saloon/i, "For a pint and good company"],
  [/steak|chophouse/i, "For a steak night"],
  [/seafood|oyster|fish|crab|lobster/i, "For a seafood craving"],
  [/noodle|pho|dumpling|chinese|thai|vietnam/i, "For a bowl of something warm"],
  [/vegan|vegetarian|plant-based/i, "For a plant-based meal"],
  [/ice cream|gelato|frozen yogurt|creamery/i, "For a sweet scoop to end the day"],
  [/wine|bistro|brasserie/i, "For a glass and time to linger"],
  [/diner|breakfast|pancake|waffle/i, "For a diner breakfast"],
];
/**
 * Phrases that invite, never vouch: the data has no ratings, menus, hours or popularity, so no phrase says a
 * place is good, popular with locals, fresh or open at any time.
 */
export const TAGLINE_PHRASES = [
  "One for your food map",
  "Somewhere new to try",
  "A stop on your way",
  "A table to try in town",
  "Come hungry",
  "A place to refuel",
  "Worth a look at the menu",
  "A taste of the town",
] as const;
export function restaurantTagline(place: Pick<Place, "title" | "description">): string {
  const text = `${place.title} ${place.description ?? ""}`;
  for (const [pattern, phrase] of TAGLINE_KEYWORDS) if (pattern.test(text)) return phrase;
  let sum = 0;
  for (let i = 0; i < place.title.length; i++) sum += place.title.charCodeAt(i);
  return TAGLINE_PHRASES[sum % TAGLINE_PHRASES.length]!;
}
