/**
 * How far the 20 largest cities' centres lie from their downtown (part 3 of scripts/bench-data.ts): city hall
 * from the bundled downtown file, else the GeoNames point; the lines to print, the summary first.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { parse } from "csv-parse/sync";
import { distanceMiles } from "../../src/geo";
import { median } from "./figures";
import { root } from "./server";

export async function downtownDistance(client: Client): Promise<string[]> {
  const geonamesFile = join(root, "db/data/geonames_us_cities1000.csv.gz");
  const downtownLines: string[] = [];
  if (existsSync(geonamesFile)) {
    const rows = parse(new TextDecoder().decode(Bun.gunzipSync(readFileSync(geonamesFile))), {
      columns: true,
    }) as Array<Record<string, string>>;
    const key = (name: string) =>
      name
        .normalize("NFD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase()
        .replace(/^(saint|st\.?) /, "st ")
        .replace(/[^a-z0-9]+/g, " ")
        .trim();
    const largest = (
      await client.execute("SELECT name, state_code, latitude, longitude FROM cities ORDER BY population DESC LIMIT 20")
    ).rows;
    // City hall (the bundled downtown file's reference point, decision 035) where it has one, else the GeoNames point.
    const downtownFile = join(root, "db/data/downtown_points_top50.csv.gz");
    const refs = existsSync(downtownFile)
      ? (parse(new TextDecoder().decode(Bun.gunzipSync(readFileSync(downtownFile))), { columns: true }) as Array<
          Record<string, string>
        >)
      : [];
    const distances: number[] = [];
    for (const c of largest) {
      const ref = refs.find((r) => r.state === c.state_code && key(r.city!) === key(String(c.name)) && r.ref_lat);
      if (ref) {
        const km =
          distanceMiles(Number(c.latitude), Number(c.longitude), Number(ref.ref_lat), Number(ref.ref_lon)) * 1.609344;
        distances.push(km);
        downtownLines.push(
          `  ${String(c.name).padEnd(16)} ${c.state_code} ${km.toFixed(2).padStart(6)} km (to ${ref.ref_label})`,
        );
        continue;
      }
      // A top-50 city without a city hall in the downtown file (Washington, DC; El Paso): that file's GeoNames point
      // (the cities1000 file has no row for a capital such as Washington, a PPLC).
      const inFile = refs.find(
        (r) => r.state === c.state_code && key(r.city!) === key(String(c.name)) && r.geonames_lat,
      );
      const candidates = inFile
        ? [{ lat: inFile.geonames_lat!, lon: inFile.geonames_lon!, population: "0" }]
        : rows.filter(
            (g) =>
              g.state_code === c.state_code &&
              (key(g.name!) === key(String(c.name)) || key(g.name!) === `${key(String(c.name))} city`),
          );
      const best = candidates.sort((a, b) => Number(b.population) - Number(a.population))[0];
      if (!best) {
        downtownLines.push(`  ${c.name}, ${c.state_code}: no GeoNames point`);
        continue;
      }
      const km = distanceMiles(Number(c.latitude), Number(c.longitude), Number(best.lat), Number(best.lon)) * 1.609344;
      distances.push(km);
      downtownLines.push(
        `  ${String(c.name).padEnd(16)} ${c.state_code} ${km.toFixed(2).padStart(6)} km${inFile ? " (to the downtown file's GeoNames point)" : ""}`,
      );
    }
    downtownLines.unshift(
      `downtown distance, 20 largest cities (centre → city hall, else the GeoNames point): median ${median(distances).toFixed(2)} km, max ${Math.max(...distances).toFixed(2)} km, ≤ 1.5 km: ${distances.filter((d) => d <= 1.5).length}/${distances.length}`,
    );
  } else
    downtownLines.push(
      "downtown distance, 20 largest cities: n/a (db/data/geonames_us_cities1000.csv.gz not bundled in this checkout)",
    );
  return downtownLines;
}
