/**
 * One job: a museum census record whose point contradicts its own street address. The census geocodes some records
 * miles from the address it gives (Miami's "Historical Museum of Southern Florida", 101 W Flagler St, ZIP 33130,
 * downtown, sits 7.4 mi out by the airport). Its point then lies far from every listed town its address names (by
 * name or by ZIP code), beyond where the other datasets' places of that ZIP code reach, and among another ZIP code's
 * places. Such a record is flagged (`pointOff`, read by the showcase lists), never moved: no coordinate is made up.
 * A record whose namesake in another dataset lies near its point is not checked (the store asks first): the point is
 * corroborated and the address is a mailing one.
 */
import type { Client } from "@libsql/client";
import { distanceMiles } from "../../../src/geo";
import type { Held } from "./held";
import { Namesakes } from "./mailing-only";
import type { PlaceInput } from "./types";

/** The datasets whose points are checked against their addresses (the museum census). */
const CHECKED = new Set(["imls-museums"]);
/** Whether a dataset's records are checked (only those build the state's ZIP middles). */
export const checksAddresses = (datasetKey: string) => CHECKED.has(datasetKey);
/** Farther than this from its address's towns and from its ZIP code's places, a point contradicts its address. */
export const ADDRESS_POINT_MILES = 6;
/** How far a ZIP code's places reach: the distance from its middle within which this share of them lie. */
const REACH_SHARE = 0.9;
/** A point beyond twice that reach lies outside its ZIP code. */
const REACH_TIMES = 2;
/** Places of other datasets a ZIP code needs before its middle is trusted. */
const ZIP_PLACES = 5;

export interface AddressTown {
  name: string;
  latitude: number;
  longitude: number;
  zips: string;
}

export class AddressPoints {
  private zipMiddles?: Map<string, { latitude: number; longitude: number; reach: number } | null>;
  private readonly byName = new Map<string, AddressTown[]>();
  private readonly byZip = new Map<string, AddressTown[]>();

  /** `places`: the state's places so far (read when a checked record first asks); `towns`: its listed towns. */
  constructor(
    private readonly places: () => Iterable<Held>,
    towns: readonly AddressTown[],
  ) {
    for (const t of towns) {
      const name = t.name.toLowerCase();
      (this.byName.get(name) ?? this.byName.set(name, []).get(name)!).push(t);
      for (const zip of t.zips.split(/\s+/))
        if (zip) (this.byZip.get(zip) ?? this.byZip.set(zip, []).get(zip)!).push(t);
    }
  }

  /** The state's listed towns from the cities table. */
  static async forState(client: Client, stateCode: string, places: () => Iterable<Held>): Promise<AddressPoints> {
    const rows = (
      await client.execute({
        sql: "SELECT name, latitude, longitude, zips FROM cities WHERE state_code = ?",
        args: [stateCode],
      })
    ).rows;
    const towns = rows.map((r) => ({
      name: String(r.name),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      zips: String(r.zips ?? ""),
    }));
    return new AddressPoints(places, towns);
  }

  /** Why a checked record's point contradicts its address ("7.4 mi from its address, ZIP 33130"), or null. */
  contradiction(p: PlaceInput): string | null {
    if (!CHECKED.has(p.source)) return null;
    const zip = String(p.zip ?? "").slice(0, 5);
    if (!/^\d{5}$/.test(zip)) return null;
    const towns = [...(this.byZip.get(zip) ?? []), ...(this.byName.get(String(p.city ?? "").toLowerCase()) ?? [])];
    if (!towns.length) return null;
    const fromTowns = Math.min(...towns.map((t) => distanceMiles(p.latitude, p.longitude, t.latitude, t.longitude)));
    if (fromTowns <= ADDRESS_POINT_MILES) return null;
    const middle = this.zipMiddle(zip);
    if (!middle) return null;
    // A rural ZIP code reaches miles out of town (a plantation up the highway): the point must lie beyond where
    // the code's other places reach, twice over.
    const fromZip = distanceMiles(p.latitude, p.longitude, middle.latitude, middle.longitude);
    if (fromZip <= Math.max(ADDRESS_POINT_MILES, REACH_TIMES * middle.reach)) return null;
    // …and among another ZIP code's places (a town's streets): a point out in the country between towns stands.
    if (!this.otherZipHolds(zip, p.latitude, p.longitude)) return null;
    return `${Math.min(fromTowns, fromZip).toFixed(1)} mi from its address, ZIP ${zip}`;
  }

  /** Whether the point lies within another ZIP code's reach of its middle. */
  private otherZipHolds(zip: string, latitude: number, longitude: number): boolean {
    for (const [z, middle] of this.zipMiddles ?? [])
      if (
        z !== zip &&
        middle &&
        distanceMiles(latitude, longitude, middle.latitude, middle.longitude) <= Math.max(middle.reach, 0.5)
      )
        return true;
    return false;
  }

  /**
   * The middle (median latitude and longitude) of other datasets' places of a ZIP code and how far they reach, when
   * enough hold it.
   */
  private zipMiddle(zip: string): { latitude: number; longitude: number; reach: number } | null {
    if (!this.zipMiddles) {
      const points = new Map<string, Array<[number, number]>>();
      for (const h of this.places()) {
        const z = String(h.zip ?? "").slice(0, 5);
        if (h.gone || !/^\d{5}$/.test(z) || h.sources.some((s) => CHECKED.has(s.source))) continue;
        (points.get(z) ?? points.set(z, []).get(z)!).push([h.latitude, h.longitude]);
      }
      const share = (values: number[], q: number) => values.sort((a, b) => a - b)[Math.floor(values.length * q)]!;
      this.zipMiddles = new Map(
        [...points].map(([z, list]) => {
          if (list.length < ZIP_PLACES) return [z, null];
          const latitude = share(
            list.map((x) => x[0]),
            0.5,
          );
          const longitude = share(
            list.map((x) => x[1]),
            0.5,
          );
          const reach = share(
            list.map(([a, b]) => distanceMiles(latitude, longitude, a, b)),
            REACH_SHARE,
          );
          return [z, { latitude, longitude, reach }];
        }),
      );
    }
    return this.zipMiddles.get(zip) ?? null;
  }
}

/**
 * The check again once every dataset of the state is in. At the census's own turn only the datasets before it had
 * given the ZIP codes their places, so a first import flagged none (Miami's two census records 7.4 mi out reached
 * the featured list of every fresh deployment); a re-import found them. A census record not flagged yet, with no
 * namesake of another dataset near its point, is checked against the whole state. Returns the places it flagged
 * (their tags set; the caller writes them).
 */
export function flagLate(points: AddressPoints, places: Held[]): Held[] {
  const namesakes = new Namesakes(() => places);
  const flagged: Held[] = [];
  for (const p of places) {
    if (p.gone || p.id === undefined || !CHECKED.has(p.source) || p.tags?.pointOff) continue;
    // The namesakes' index is built on its first question: only for a record its address contradicts.
    const pointOff = points.contradiction(p);
    if (!pointOff || namesakes.find(p)) continue;
    p.tags = { ...(p.tags ?? {}), pointOff };
    flagged.push(p);
  }
  return flagged;
}
