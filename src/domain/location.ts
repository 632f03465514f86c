/**
 * The "City, ST" location text, as stored in local storage and the location cookie. Pure: the browser
 * (ui/state.ts) and the server (service.ts) both read locations through this one function.
 */

/** Stored locations known to be wrong, and what they should read. */
export const LOCATION_CORRECTIONS: Record<string, string> = { "West Yellowstone, MO": "West Yellowstone, MT" };

/** Accepted only if it splits on ", " into exactly two parts with a two-letter state code; corrections applied. */
export function parseLocation(text: string | null | undefined): { city: string; stateCode: string } | null {
  if (!text) return null;
  const fixed = LOCATION_CORRECTIONS[text.trim()] ?? text.trim();
  const parts = fixed.split(", ");
  if (parts.length !== 2 || !parts[0] || !/^[A-Z]{2}$/.test(parts[1]!)) return null;
  return { city: parts[0], stateCode: parts[1]! };
}
