import { sentences } from "./text";

// Checking a model's rewrite against its grounded material

const STOP_NAMES = new Set([
  "The",
  "A",
  "An",
  "In",
  "On",
  "At",
  "Of",
  "And",
  "But",
  "Its",
  "It",
  "This",
  "That",
  "These",
  "Those",
  "Today",
  "Here",
  "There",
  "Visitors",
  "You",
  "Your",
  "Locals",
  "Travelers",
  "Travellers",
  "Explore",
  "Discover",
  "Did",
  "Fun",
  "Fact",
  "History",
  "Built",
  "Designated",
  "Listed",
  "Also",
  "Known",
  "With",
  "From",
  "For",
  "As",
  "By",
  "When",
  "While",
  "Some",
  "Many",
  "Most",
  "One",
  "LocalScope",
  "Wikipedia",
  "Wikivoyage",
  "WordNet",
  "GeoNames",
  "SimpleMaps",
  "National",
  "Register",
  "Historic",
  "Places",
  "Landmark",
  "Museum",
  "Park",
  "City",
  "County",
  "State",
  "North",
  "South",
  "East",
  "West",
  "American",
  "US",
  "U.S.",
]);

/** Names (runs of capitalised words) and numbers (years, counts) a text states. */
export function claims(text: string): { names: string[]; numbers: string[] } {
  const numbers = [...text.matchAll(/\b\d[\d,]*(?:\.\d+)?\b/g)].map((m) => m[0].replace(/,/g, ""));
  const names: string[] = [];
  for (const sentence of sentences(text)) {
    const words = sentence
      .replace(/[“”"'’(),:;!?[\]{}]/g, " ")
      .split(/\s+/)
      .filter(Boolean);
    words.forEach((w, i) => {
      if (i === 0 || !/^\p{Lu}[\p{L}.-]+$/u.test(w) || STOP_NAMES.has(w.replace(/\.$/, ""))) return;
      names.push(w.replace(/\.$/, ""));
    });
  }
  return { names, numbers };
}

/**
 * What a model wrote that its context does not contain: each name word and each number must appear in the
 * grounded material it was given. An empty list means the rewrite may be shown.
 */
export function ungrounded(output: string, material: string): string[] {
  const haystack = material.toLowerCase().replace(/,(?=\d{3}\b)/g, "");
  const { names, numbers } = claims(output);
  const missing = [
    ...names.filter((n) => !haystack.includes(n.toLowerCase())),
    ...numbers.filter((n) => !new RegExp(`(^|[^\\d])${n.replace(".", "\\.")}([^\\d]|$)`).test(haystack)),
  ];
  return [...new Set(missing)];
}
