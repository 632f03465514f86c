import type { Client, Row } from "@libsql/client";
import { isCasinoResort } from "../../db/import/places/filters";
import { distanceMiles } from "../../src/geo";
import type { IndexedCity } from "../cities";
import { isStale } from "./answers";
import {
  corroborated,
  EPONYM_MILES,
  eponyms,
  FEATURED_TARGET,
  featuredRadii,
  nearBeforeFar,
  orderFeatured,
} from "./ranking";
import { oneOfEachArticle } from "./same-article";
import { foldDuplicates, junkInList } from "./showcase";
import { placesWithin } from "./store";

/**
 * A city's featured list (docs/decisions/023 and 043): its sights by fame within a radius scaled by the city's
 * size, the smallest of featuredRadii that holds FEATURED_TARGET of them; old data and scores below 1 never feature.
 */
export async function rankFeatured(client: Client, city: IndexedCity): Promise<Array<{ r: Row; d: number }>> {
  const dist = (r: Row) => distanceMiles(city.latitude, city.longitude, Number(r.latitude), Number(r.longitude));
  let rows: Row[] = [];
  let within = 0;
  for (const radius of featuredRadii(city.population)) {
    within = radius;
    rows = currentSights(
      (await placesWithin(client, city, radius, { minNotability: 1, orLegalName: true })).filter(
        (r) => !junkInList(r, "featured"),
      ),
    );
    if (rows.length >= FEATURED_TARGET) break;
  }
  if (within < NPS_REACH_MILES) {
    const kept = new Set(rows.map((r) => Number(r.id)));
    // Only the rows that carry a park unit's code are read, not every notable place of the wider circle.
    for (const r of await placesWithin(client, city, NPS_REACH_MILES, { minNotability: 1, tagsHolding: NPS_TAG }))
      if (isParkServiceUnit(r) && !junkInList(r, "featured") && !kept.has(Number(r.id))) rows.push(r);
  }
  const sights = corroborated(rows);
  // Every name around (any place, any date) for the eponym signal; names only, never kept.
  const names = (
    await placesWithin(client, city, within + EPONYM_MILES, {
      columns: "p.title_key AS key, p.latitude, p.longitude, p.source",
    })
  ).map((r) => ({
    key: String(r.key),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    source: String(r.source),
  }));
  const borrowed = eponyms(
    sights.map(({ r, key }) => ({ key, latitude: Number(r.latitude), longitude: Number(r.longitude) })),
    names,
  );
  return nearBeforeFar(
    foldDuplicates(oneOfEachArticle(orderFeatured(sights, borrowed, dist).filter(({ n }) => n >= 1))),
    city.population,
  );
}

/**
 * A National Park Service unit a little beyond the city's first circle is its sight too (San Antonio's Missions,
 * 9 mi out): units within this many miles are candidates whatever circle held enough sights.
 */
export const NPS_REACH_MILES = 25;
/** The tag the import gives a National Park Service unit's record (its park code). */
const NPS_TAG = '"npsCode"';
const isParkServiceUnit = (r: Row) => String(r.tags ?? "").includes(NPS_TAG);

/**
 * Old data never features (docs/product.md#data-rules), with one exception: a casino resort known only from
 * old data (labelled so) stands in while no current record of note (notability ≥ 6; a brand's locator row is
 * not one) lists a casino resort around — Las Vegas's Strip is known mostly from 2011's file.
 */
export function currentSights(rows: Row[]): Row[] {
  const stale = (r: Row) => isStale(Number(r.category_id), r.observed_at as string | null, String(r.kind));
  const resort = (r: Row) =>
    isCasinoResort({ categoryId: Number(r.category_id), title: String(r.title), kind: String(r.kind) });
  const currentResort = rows.some((r) => resort(r) && !stale(r) && Number(r.notability) >= 6);
  return rows.filter((r) => !stale(r) || (!currentResort && resort(r)));
}
