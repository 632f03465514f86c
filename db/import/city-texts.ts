import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { releaseNow } from "./release";
import { cityTexts, dataImports } from "../schema";
import wikipediaPath from "../data/city-texts/wikipedia_us_city_article_titles_2023.csv.gz" with { type: "file" };
import wikivoyagePath from "../data/city-texts/wikivoyage_bylines_us_cities.csv.gz" with { type: "file" };
import wordnetPath from "../data/city-texts/wordnet30_us_city_glosses.csv.gz" with { type: "file" };
import peoplePath from "../data/city-texts/pudding_people_map_most_viewed_person_by_city.csv.gz" with { type: "file" };
import geonamesPath from "../data/geonames_us_cities1000.csv.gz" with { type: "file" };
import { cities } from "../schema";
import { distanceMiles } from "../../src/geo";

/**
 * Per-city text (docs/decisions/028-city-stories.md), copied from four bundled datasets and joined on the SimpleMaps id:
 * - Wikipedia article titles and URLs of US cities (UW DATA 512 list, 2023): the "Read more" link;
 * - Wikivoyage bylines (CC BY-SA): one sentence and the article link;
 * - WordNet 3.0 glosses and lemmas (nicknames), with the WordNet notice kept on /about;
 * - The Pudding's people map (Wikipedia extracts, CC BY-SA): the most-viewed biography among people
 *   associated with the city, 2015–19.
 * Bump the version when a file or the mapping changes: the next start re-imports.
 */
export const CITY_TEXTS_DATASET = { name: "city-texts", version: "2026-11-2" } as const;

type CsvRow = Record<string, string>;
export type CityTextRow = typeof cityTexts.$inferInsert;

/** An associated person as stored in `city_texts.people` (JSON). */
export interface AssociatedPerson {
  person: string;
  url: string;
  extract: string;
  neighborhood: string | null;
  pageviews: number;
}

async function readCsv(path: string): Promise<CsvRow[]> {
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  return parse(new TextDecoder().decode(Bun.gunzipSync(bytes)), { columns: true, skip_empty_lines: true, bom: true });
}

const clean = (value: string | undefined) => {
  const v = (value ?? "").trim();
  return v.length ? v : null;
};

export interface CityPoint {
  id: number;
  name: string;
  stateCode: string;
  latitude: number;
  longitude: number;
}

/** GeoNames seats: capitals (PPLC, PPLA) and county seats (PPLA2). */
const SEATS = new Set(["PPLC", "PPLA", "PPLA2"]);
const SEAT_RADIUS_MILES = 25 / 1.609344;

const defaultPaths = {
  wikipedia: wikipediaPath,
  wikivoyage: wikivoyagePath,
  wordnet: wordnetPath,
  people: peoplePath,
  geonames: geonamesPath,
};

export async function readCityTexts(cityPoints: CityPoint[], paths = defaultPaths): Promise<CityTextRow[]> {
  const rows = new Map<number, CityTextRow & { cityId: number; peopleList?: AssociatedPerson[] }>();
  const row = (id: string | undefined) => {
    const cityId = Number.parseInt(id ?? "", 10);
    if (!Number.isFinite(cityId) || cityId <= 0) return null;
    let r = rows.get(cityId);
    if (!r) rows.set(cityId, (r = { cityId }));
    return r;
  };
  const [wikipedia, wikivoyage, wordnet, people, geonames] = await Promise.all([
    readCsv(paths.wikipedia),
    readCsv(paths.wikivoyage),
    readCsv(paths.wordnet),
    readCsv(paths.people),
    readCsv(paths.geonames),
  ]);
  // A GeoNames seat belongs to the SimpleMaps city of the same name and state within 25 km.
  const byName = new Map<string, CityPoint[]>();
  for (const c of cityPoints) {
    const key = `${c.name.toLowerCase()}|${c.stateCode}`;
    byName.set(key, [...(byName.get(key) ?? []), c]);
  }
  for (const g of geonames) {
    if (!SEATS.has(g.feature_code ?? "")) continue;
    const lat = Number(g.lat);
    const lng = Number(g.lon);
    const match = (byName.get(`${(g.name ?? "").toLowerCase()}|${g.state_code}`) ?? [])
      .map((c) => ({ c, d: distanceMiles(lat, lng, c.latitude, c.longitude) }))
      .filter((m) => m.d <= SEAT_RADIUS_MILES)
      .sort((a, b) => a.d - b.d)[0];
    const r = match && row(String(match.c.id));
    if (!r) continue;
    // The highest seat wins: national capital, then state capital, then county seat.
    const rank = (code: string | null | undefined) => ["PPLC", "PPLA", "PPLA2"].indexOf(code ?? "") + 1 || 9;
    if (rank(g.feature_code) < rank(r.seat)) r.seat = g.feature_code!;
  }
  for (const w of wikipedia) {
    const r = row(w.simplemaps_id);
    if (!r || !clean(w.wikipedia_url)) continue;
    r.wikipediaTitle = clean(w.wikipedia_title);
    r.wikipediaUrl = clean(w.wikipedia_url);
  }
  const voyageKm = new Map<number, number>();
  for (const v of wikivoyage) {
    const r = row(v.simplemaps_id);
    if (!r || !clean(v.wikivoyage_url)) continue;
    // Several pages can match one place; keep the nearest (smallest distance_km).
    const km = Number(v.distance_km);
    if (r.wikivoyageUrl && km >= (voyageKm.get(r.cityId) ?? Infinity)) continue;
    voyageKm.set(r.cityId, km);
    r.wikivoyageTitle = clean(v.wikivoyage_title);
    r.wikivoyageUrl = clean(v.wikivoyage_url);
    r.wikivoyageByline = clean(v.byline);
    r.wikivoyageNearby = clean(v.nearby_destinations);
  }
  for (const g of wordnet) {
    const r = row(g.simplemaps_id);
    if (!r || !clean(g.gloss)) continue;
    // A city with two synsets keeps both glosses.
    r.wordnetGloss = r.wordnetGloss ? `${r.wordnetGloss} | ${g.gloss!.trim()}` : g.gloss!.trim();
    r.wordnetLemmas = r.wordnetLemmas ? `${r.wordnetLemmas}; ${g.wordnet_lemmas!.trim()}` : clean(g.wordnet_lemmas);
  }
  for (const p of people) {
    const r = row(p.simplemaps_id);
    if (!r || !clean(p.person) || !clean(p.wikipedia_url) || !clean(p.person_extract)) continue;
    (r.peopleList ??= []).push({
      person: p.person!.trim(),
      url: p.wikipedia_url!.trim(),
      extract: p.person_extract!.trim(),
      neighborhood: clean(p.neighborhood),
      pageviews: Number(p.pageviews_total_2015_2019) || 0,
    });
  }
  return [...rows.values()].map(({ peopleList, ...r }) => ({
    ...r,
    people: peopleList ? JSON.stringify(peopleList.sort((a, b) => b.pageviews - a.pageviews)) : null,
  }));
}

/** Import the bundled city texts unless this version is already in the database (one transaction). */
export async function importCityTexts(
  database: Database,
  options: { log?: (line: string) => void } = {},
): Promise<{ imported: boolean; rows: number }> {
  const log = options.log ?? (() => {});
  const { db } = database;
  const existing = await db.select().from(dataImports).where(sql`${dataImports.dataset} = ${CITY_TEXTS_DATASET.name}`);
  if (existing[0]?.version === CITY_TEXTS_DATASET.version) return { imported: false, rows: existing[0].rows };
  const started = performance.now();
  const points = await db
    .select({
      id: cities.id,
      name: cities.name,
      stateCode: cities.stateCode,
      latitude: cities.latitude,
      longitude: cities.longitude,
    })
    .from(cities);
  const rows = await readCityTexts(points);
  const statements: any[] = [db.delete(cityTexts)];
  for (let i = 0; i < rows.length; i += 500) statements.push(db.insert(cityTexts).values(rows.slice(i, i + 500)));
  const mark = { version: CITY_TEXTS_DATASET.version, rows: rows.length, importedAt: new Date() };
  statements.push(
    db
      .insert(dataImports)
      .values({ dataset: CITY_TEXTS_DATASET.name, ...mark })
      .onConflictDoUpdate({ target: dataImports.dataset, set: mark }),
  );
  await db.batch(statements as [any, ...any[]]);
  await releaseNow();
  log(
    `Imported text for ${rows.length.toLocaleString("en-US")} cities (Wikipedia, Wikivoyage, WordNet, The Pudding) in ${Math.round(performance.now() - started)} ms.`,
  );
  return { imported: true, rows: rows.length };
}

/** Attribution for /about (each licence's own wording; CC BY-SA text is also linked where it is shown). */
export const CITY_TEXT_SOURCES = [
  {
    name: "Wikipedia",
    licence: "CC BY-SA 4.0",
    attribution:
      "Lead paragraphs of historic sites' articles and extracts of biographies, © Wikipedia contributors; each is linked to its article where it is shown.",
    url: "https://en.wikipedia.org/",
  },
  {
    name: "Wikivoyage",
    licence: "CC BY-SA 3.0",
    attribution:
      "City bylines and 'go next' destinations, © Wikivoyage contributors; each is linked to its article where it is shown.",
    url: "https://en.wikivoyage.org/",
  },
  {
    name: "WordNet 3.0",
    licence: "WordNet 3.0 licence",
    attribution:
      'WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED.',
    url: "https://wordnet.princeton.edu/",
  },
  {
    name: "The Pudding — A People Map of the US",
    licence: "MIT (data); Wikipedia extracts CC BY-SA",
    attribution:
      "The most-viewed Wikipedia biography among people associated with each place, 2015–19 (Russell Goldenberg, The Pudding, 2019).",
    url: "https://pudding.cool/2019/05/people-map/",
  },
  {
    name: "List of US city articles (UW DATA 512)",
    licence: "CC BY 4.0",
    attribution:
      "Each city's English Wikipedia article title and link (Dr. David W. McDonald, University of Washington, 2023).",
    url: "https://en.wikipedia.org/",
  },
] as const;
