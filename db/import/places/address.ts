import { caps, text } from "./util";

/**
 * A street line as a traveller reads it: ALL-CAPS lines title-cased (mixed case kept), with directions and road
 * prefixes upper case ("1600 PENNSYLVANIA AVE NW" → "1600 Pennsylvania Ave NW", "IH 35", "FM 1960", "PO Box").
 */
export function addressCase(raw: string | undefined | null): string | null {
  const value = text(raw);
  if (!value) return null;
  const cased = value === value.toUpperCase() ? caps(value) : value;
  return cased.replace(/\b(Ne|Nw|Se|Sw|Ih|Fm|Rr|Us|Sh|Sr|Po)\b/g, (s) => s.toUpperCase());
}

/** A New York City borough as the city list names its town (Manhattan is "New York"; the other boroughs are listed). */
export const BOROUGH_CITY: Record<string, string> = {
  Manhattan: "New York",
  Brooklyn: "Brooklyn",
  Queens: "Queens",
  Bronx: "Bronx",
  "Staten Island": "Staten Island",
};
