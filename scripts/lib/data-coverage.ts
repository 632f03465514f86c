/**
 * What the places data gives a traveller, over every imported state (part 3 of scripts/bench-data.ts): the
 * incorporated cities with enough places and with lodging near them, the share of old data, and the duplicates
 * left after the imports.
 */
import type { Client } from "@libsql/client";
import { lodgingKey } from "../../db/import/places/merge";
import { LIST } from "../../src/domain/lists";
import { boxAround, distanceMiles } from "../../src/geo";
import { fmt, pct } from "./figures";

export async function dataCoverage(client: Client) {
  const one = async (sql: string, args: Array<string | number> = []) => (await client.execute({ sql, args })).rows[0]!;
  const totals = await one("SELECT count(*) AS n, count(DISTINCT state_code) AS states FROM places");
  const cities = (
    await client.execute("SELECT name, state_code, latitude, longitude, population FROM cities WHERE incorporated = 1")
  ).rows;
  const box = (lat: number, miles: number, lng: number) => {
    const b = boxAround(lat, lng, miles);
    return [b.minLat, b.maxLat, b.minLng, b.maxLng];
  };
  let with8 = 0;
  let with24 = 0;
  let with200 = 0;
  let withLodging = 0;
  for (const c of cities) {
    const lat = Number(c.latitude);
    const lng = Number(c.longitude);
    const near = (
      await client.execute({
        sql: "SELECT p.latitude, p.longitude FROM places_rtree r JOIN places p ON p.id = r.id WHERE r.min_lat >= ? AND r.max_lat <= ? AND r.min_lng >= ? AND r.max_lng <= ?",
        args: box(lat, 5, lng),
      })
    ).rows.filter((p) => distanceMiles(lat, lng, Number(p.latitude), Number(p.longitude)) <= 5).length;
    if (near >= 8) with8++;
    if (near >= 24) with24++;
    if (near >= 200) with200++;
    const lodging = (
      await client.execute({
        sql: "SELECT p.latitude, p.longitude FROM places_rtree r JOIN places p ON p.id = r.id WHERE r.min_lat >= ? AND r.max_lat <= ? AND r.min_lng >= ? AND r.max_lng <= ? AND p.category_id = ?",
        args: [...box(lat, 10, lng), LIST.lodging],
      })
    ).rows.some((p) => distanceMiles(lat, lng, Number(p.latitude), Number(p.longitude)) <= 10);
    if (lodging) withLodging++;
  }
  const columns = new Set((await client.execute("PRAGMA table_info(places)")).rows.map((r) => String(r.name)));
  let staleLine =
    "share of food/store/lodging from data older than five years: n/a (no observed_at column: a database from before migration 0007)";
  if (columns.has("observed_at")) {
    const cutoff = String(new Date().getUTCFullYear() - 5);
    const s = await one(
      `SELECT count(*) AS n, sum(CASE WHEN observed_at IS NOT NULL AND substr(observed_at, 1, 4) < ? THEN 1 ELSE 0 END) AS old,
              sum(CASE WHEN observed_at IS NULL THEN 1 ELSE 0 END) AS undated
         FROM places WHERE category_id IN (?, ?, ?)`,
      [cutoff, LIST.food, LIST.stores, LIST.lodging],
    );
    staleLine = `share of food/store/lodging from data older than five years (before ${cutoff}): ${pct(Number(s.old), Number(s.n))} of ${fmt(Number(s.n))} (${fmt(Number(s.undated))} undated)`;
  }
  // docs/decisions/023-places-a-traveller-wants.md's duplicate count, run again over every imported state: places of the same normalised name under
  // 100 m apart, and lodging sharing an address and a phone (the import's own keys: title_key, lodgingKey).
  let sameName = 0;
  let acrossStates = 0;
  {
    const rows = (
      await client.execute("SELECT title_key, state_code, latitude, longitude FROM places ORDER BY title_key, latitude")
    ).rows;
    const DEG = 100 / 111_000; // 100 m of latitude, the window within a name's places sorted by latitude
    for (let start = 0; start < rows.length; ) {
      let end = start + 1;
      while (end < rows.length && rows[end]!.title_key === rows[start]!.title_key) end++;
      // A name of no Latin letters has an empty key (the import never merges by it either).
      for (let i = start; i < end && rows[start]!.title_key; i++) {
        const a = rows[i]!;
        for (let j = i + 1; j < end && Number(rows[j]!.latitude) - Number(a.latitude) <= DEG; j++) {
          if (
            distanceMiles(
              Number(a.latitude),
              Number(a.longitude),
              Number(rows[j]!.latitude),
              Number(rows[j]!.longitude),
            ) *
              1609.344 >=
            100
          )
            continue;
          if (a.state_code === rows[j]!.state_code) sameName++;
          else acrossStates++;
        }
      }
      start = end;
    }
  }
  const lodgingKeys = new Map<string, string[]>();
  for (const r of (
    await client.execute({
      sql: "SELECT address, phone, state_code FROM places WHERE category_id = ? AND address IS NOT NULL AND phone IS NOT NULL",
      args: [LIST.lodging],
    })
  ).rows) {
    const key = lodgingKey({ categoryId: LIST.lodging, address: String(r.address), phone: String(r.phone) });
    if (key) lodgingKeys.set(key, [...(lodgingKeys.get(key) ?? []), String(r.state_code)]);
  }
  const pairs = (n: number) => (n * (n - 1)) / 2;
  let lodgingPairs = 0;
  let lodgingAcross = 0;
  for (const states of lodgingKeys.values()) {
    if (states.length < 2) continue;
    const within = [...Map.groupBy(states, (s) => s).values()].reduce((n, list) => n + pairs(list.length), 0);
    lodgingPairs += within;
    lodgingAcross += pairs(states.length) - within;
  }
  // A state's import merges within that state; two datasets that file one place under two states near their border
  // (a Georgetown restaurant: Virginia in OpenStreetMap's extract, DC in DC's open data) leave a pair the lists fold.
  const duplicateLine = `duplicates: ${fmt(sameName)} same-name pairs under 100 m apart in one state, ${fmt(acrossStates)} across a state line (filed under two states by two datasets; a list shows one); ${fmt(lodgingPairs)} lodging pairs sharing an address and a phone in one state, ${fmt(lodgingAcross)} across a state line`;
  return { totals, cities, with8, with24, with200, withLodging, staleLine, duplicateLine };
}
