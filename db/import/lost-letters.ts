import { distanceMiles } from "../../src/geo";

/**
 * The SimpleMaps file lost every letter outside ASCII to "??" ("Espa??ola", "Ca??on City", 76 city and 86 county
 * names, most in Puerto Rico and New Mexico). Each "??" stands for one letter, so a name is restored from
 * GeoNames' spelling of the same place: a name of the same state with the same letters around each gap ("Española");
 * for a city, the nearest such point within 25 km. A city GeoNames does not know keeps the file's ASCII spelling;
 * a county takes the restored name of a city of the state spelled the same way, else GeoNames'.
 */

const MATCH_MILES = 25 / 1.609344;
const LOST = /\?\?/;

interface Named {
  name: string;
  stateCode: string;
  latitude: number;
  longitude: number;
}

/** A pattern for a name whose gaps are one letter each ("Mayag??ez" → Mayagüez). */
function gapsPattern(name: string): RegExp {
  const parts = name.split("??").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("\\p{L}")}$`, "u");
}

/** Restores the names in place; returns how many city and county names changed. */
export function restoreLostLetters(
  list: Array<Named & { nameAscii?: string | null; countyName?: string | null }>,
  points: Named[],
): { cities: number; counties: number } {
  const byState = new Map<string, Named[]>();
  for (const p of points) {
    if (LOST.test(p.name)) continue;
    const bucket = byState.get(p.stateCode);
    if (bucket) bucket.push(p);
    else byState.set(p.stateCode, [p]);
  }
  let cities = 0;
  for (const city of list) {
    if (!LOST.test(city.name)) continue;
    const pattern = gapsPattern(city.name);
    let best: Named | undefined;
    let bestMiles = MATCH_MILES;
    for (const p of byState.get(city.stateCode) ?? []) {
      if (!pattern.test(p.name)) continue;
      const miles = distanceMiles(city.latitude, city.longitude, p.latitude, p.longitude);
      if (miles <= bestMiles) {
        best = p;
        bestMiles = miles;
      }
    }
    const restored = best?.name ?? (city.nameAscii && !LOST.test(city.nameAscii) ? city.nameAscii : null);
    if (restored) {
      city.name = restored;
      cities++;
    }
  }
  let counties = 0;
  for (const city of list) {
    const county = city.countyName;
    if (!county || !LOST.test(county)) continue;
    const pattern = gapsPattern(county);
    const same = (named: Named[]) => named.find((c) => c.stateCode === city.stateCode && pattern.test(c.name));
    const restored = same(list) ?? same(byState.get(city.stateCode) ?? []);
    if (restored) {
      city.countyName = restored.name;
      counties++;
    }
  }
  return { cities, counties };
}
