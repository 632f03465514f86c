import type { Client } from "@libsql/client";
import { editDistance, townKey } from "../../../src/domain/spelling";
import { distanceMiles } from "../../../src/geo";
import { countyOfPoint } from "../county-of-point";
import { partsOfCities } from "../towns";
import { titleCase } from "./values";

/**
 * The point-in-area rule for a place whose source gives no town: the county whose outline holds the point, then
 * the nearest listed town of that county and state. It never crosses a state or a county line (the Empire State
 * Building's nearest listed point is Hoboken, NJ, across the Hudson), and a part of a city (New York's boroughs)
 * stands for that city. A point in a county with no listed town gets none.
 */
const GAP_MILES = 5;
/** A name's words, each as its town key ("Saint" as "st"). */
const wordKeys = (name: string) =>
  name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => townKey(word));
export interface Town {
  name: string;
  countyFips: string;
  latitude: number;
  longitude: number;
}

export class TownFinder {
  private readonly byCounty = new Map<string, Town[]>();
  /** Every name this state's listed towns bear, by its key (src/domain/spelling.ts): the first name of a key. */
  private readonly listed = new Map<string, string>();
  /**
   * `elsewhere`: names (lower case) of listed towns of other states that no town of this state bears. A record of
   * this state naming one gives a mailing address in another state (the museum census lists the September 11
   * Memorial at "46 Charles Street, Hagerstown" with Manhattan's point and ZIP code).
   */
  constructor(
    private readonly towns: readonly Town[],
    private readonly elsewhere: ReadonlySet<string> = new Set(),
    names: Iterable<string> = towns.map((t) => t.name),
  ) {
    for (const name of names) if (!this.listed.has(townKey(name))) this.listed.set(townKey(name), name);
    for (const t of towns)
      (this.byCounty.get(t.countyFips) ?? this.byCounty.set(t.countyFips, []).get(t.countyFips)!).push(t);
  }

  /** The state's listed towns from the cities table (empty when the cities are not imported). */
  static async forState(client: Client, stateCode: string): Promise<TownFinder> {
    const rows = (
      await client.execute({
        sql: "SELECT name, state_code, county_fips, latitude, longitude, population, zips FROM cities WHERE state_code = ?",
        args: [stateCode],
      })
    ).rows;
    const listed = rows.map((r) => ({
      name: String(r.name),
      stateCode: String(r.state_code),
      countyFips: String(r.county_fips),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      population: Number(r.population),
      zips: String(r.zips ?? ""),
    }));
    const parts = partsOfCities(listed);
    const elsewhere = (
      await client.execute({
        sql: "SELECT DISTINCT lower(name) AS name FROM cities WHERE state_code != ?1 EXCEPT SELECT lower(name) FROM cities WHERE state_code = ?1",
        args: [stateCode],
      })
    ).rows.map((r) => String(r.name));
    return new TownFinder(
      listed.map((c) => ({ ...c, name: parts.get(`${c.stateCode}|${c.name}`) ?? c.name })),
      new Set(elsewhere),
      listed.map((c) => c.name),
    );
  }

  /**
   * A place without a town takes the one the rule gives, marked as the rule's (`tags.townFrom`). So does a place
   * whose town is only another state's: its street address is that other town's, not the point's, and is dropped.
   * A town the source misspells or cuts short reads as the town of its point (`spelledAs`).
   */
  settle(p: {
    city?: string | null;
    address?: string | null;
    latitude: number;
    longitude: number;
    tags?: Record<string, string> | null;
  }) {
    // A town in capitals ("PHILADELPHIA": All the Places, the farmers-market and 2011 files) reads as the town does.
    if (p.city && /\p{Lu}{2}/u.test(p.city)) p.city = titleCase(p.city);
    const elsewhere = !!p.city && this.elsewhere.has(p.city.toLowerCase());
    if (p.city && !elsewhere) {
      p.city = this.spelledAs(p.city, p.latitude, p.longitude) ?? p.city;
      return;
    }
    const town = this.townOf(p.latitude, p.longitude);
    if (!town) return;
    if (elsewhere) p.address = null;
    p.city = town;
    p.tags = { ...(p.tags ?? {}), townFrom: "area" };
  }

  /**
   * A listed town's name as the list spells it when `city` is that name spelt another way (same key: "Salt Lake
   * Cty", "Canon City"). The town of the point when `city`, a name no listed town of this state bears, is that town
   * misspelt or cut short: one edit away ("Sante Fe", "Anchester"), two for a name of eight letters or more that begins alike
   * ("Daytona Bch", "Chicago IL"), or as many words as the town's, the last one cut mid-word, at twelve characters or
   * more ("Borrego Sprin", "Saint Augusti"; not "North Attleboro" for "North Attleborough Center"). A name that is
   * the town's with a word before it ("Fort Leavenworth", "N. Easton") is a place of its own, and a neighbourhood's
   * name is not near its town's: both stay. Null when the name stands.
   */
  spelledAs(city: string, latitude: number, longitude: number): string | null {
    const given = townKey(city);
    // A listed town spelt another way ("Salt Lake Cty", "Canon City"): as the list spells it.
    const listedAs = this.listed.get(given);
    if (listedAs !== undefined) return listedAs === city ? null : listedAs;
    if (given.length < 5) return null;
    const town = this.townOf(latitude, longitude);
    if (!town) return null;
    const key = townKey(town);
    if (given.endsWith(key)) return null;
    const edits = editDistance(given, key, 2);
    if (edits <= 1 || (edits === 2 && given.length >= 8 && given[0] === key[0])) return town;
    const words = wordKeys(city);
    const whole = wordKeys(town);
    const last = words.length - 1;
    const cut =
      city.length >= 12 &&
      words.length === whole.length &&
      words.slice(0, last).every((w, i) => w === whole[i]) &&
      whole[last]!.length > words[last]!.length &&
      whole[last]!.startsWith(words[last]!);
    return cut ? town : null;
  }

  /** The town of a point by the rule above, or null. */
  townOf(latitude: number, longitude: number): string | null {
    if (!this.byCounty.size) return null;
    const county = countyOfPoint(latitude, longitude);
    let best: Town | undefined;
    let bestMiles = Infinity;
    // A point in no outline (a small island the outlines simplify away: Liberty Island) takes the nearest town of
    // the state within GAP_MILES.
    for (const t of county ? (this.byCounty.get(county.fips) ?? []) : this.towns) {
      const miles = distanceMiles(latitude, longitude, t.latitude, t.longitude);
      if (miles < bestMiles && (county || miles <= GAP_MILES)) {
        best = t;
        bestMiles = miles;
      }
    }
    return best?.name ?? null;
  }
}

/** A town the area rule gave (town-of-point.ts) gives way to one a source's address names. */
export function yieldAreaTown(
  target: { city?: string | null; tags?: Record<string, string> | null },
  city?: string | null,
) {
  if (!city || target.tags?.townFrom !== "area") return;
  target.city = null;
  const { townFrom: _, ...rest } = target.tags;
  target.tags = Object.keys(rest).length ? rest : null;
}
