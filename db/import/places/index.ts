import { LRUCache } from "lru-cache";
import type { Client } from "@libsql/client";
import { osmCampgrounds, ridbCampgrounds } from "./sources/campgrounds";
import { cityFoodDatasets } from "./sources/city-food";
import { historicWikipedia } from "./sources/historic-wikipedia";
import { dcOpenData } from "./sources/dc-open-data";
import { historicDatasets } from "./sources/historic";
import { gnisNature } from "./sources/gnis-nature";
import { imlsLibraries } from "./sources/imls-libraries";
import { imlsMuseums } from "./sources/imls-museums";
import { openBreweryDb } from "./sources/openbrewerydb";
import { osmCityExtracts } from "./sources/osm-city-extracts";
import { osmMonuments } from "./sources/osm-monuments";
import { usdaFarmersMarkets } from "./sources/usda-farmers-markets";
import { wikivoyageDo } from "./sources/wikivoyage-do";
import { osmSamples } from "./sources/osm-geojson";
import { wofSimplegeo } from "./sources/wof";
import { formatSummary, importDatasetState, type ImportSummary } from "./store";
import type { Dataset } from "./types";
import { clearCsvCache } from "./util";

/**
 * Every bundled places dataset, best first: when two records merge, the earlier dataset stays the
 * place's primary source (OSM has hours and websites; the 2011 SimpleGeo dump comes last).
 */
export const DATASETS: Dataset[] = [
  osmSamples,
  osmCityExtracts,
  osmMonuments,
  historicWikipedia,
  ...historicDatasets,
  ridbCampgrounds,
  osmCampgrounds,
  dcOpenData,
  imlsMuseums,
  openBreweryDb,
  ...cityFoodDatasets,
  usdaFarmersMarkets,
  imlsLibraries,
  wikivoyageDo,
  gnisNature,
  wofSimplegeo,
];

/** Bump to re-import every state at next use. */
export const PLACES_VERSION = "2";

export const datasetsFor = (stateCode: string) => DATASETS.filter((d) => d.states === "all" || d.states.includes(stateCode));

/** Import one state from every dataset that covers it, unless already done. Returns the summaries of what ran. */
export async function importState(client: Client, stateCode: string, log: (line: string) => void = () => {}): Promise<ImportSummary[]> {
  const done = new Set(
    (await client.execute({ sql: "SELECT dataset FROM data_imports WHERE dataset LIKE ? AND version = ?", args: [`places:%:${stateCode}`, PLACES_VERSION] })).rows.map((r) =>
      String(r.dataset),
    ),
  );
  const summaries: ImportSummary[] = [];
  for (const dataset of datasetsFor(stateCode)) {
    const marker = `places:${dataset.key}:${stateCode}`;
    if (done.has(marker)) continue;
    // Bundled files are complete for their state: records gone from them (or now filtered) leave the store.
    // The OSM samples share the "osm" source with operator imports, so they never prune.
    const summary = await importDatasetState(client, dataset, stateCode, { prune: dataset !== osmSamples });
    await client.execute({
      sql: "INSERT INTO data_imports (dataset, version, rows, imported_at) VALUES (?, ?, ?, ?) ON CONFLICT (dataset) DO UPDATE SET version = excluded.version, rows = excluded.rows, imported_at = excluded.imported_at",
      args: [marker, PLACES_VERSION, summary.inserted + summary.merged + summary.updated, Date.now()],
    });
    log(formatSummary(summary));
    summaries.push(summary);
  }
  return summaries;
}

/**
 * Lazy per-state loading: the first request for a city in a state imports that state's places (a few
 * seconds for the largest); concurrent requests wait for the same import. Keeps the first start fast.
 * `onImported` runs once per state whose import wrote something (callers drop their caches there).
 * Parsed dataset files are released as soon as no import is running.
 */
export function createStateLoader(
  client: Client,
  options: { log?: (line: string) => void; onImported?: (stateCode: string) => void } = {},
) {
  let running = 0;
  // One import per state, shared by concurrent callers and remembered; a failed one is dropped (a later request retries).
  const loaded = new LRUCache<string, true>({
    max: 1000,
    fetchMethod: async (stateCode) => {
      running++;
      try {
        const summaries = await importState(client, stateCode, options.log);
        if (summaries.length) options.onImported?.(stateCode);
        return true as const;
      } finally {
        if (--running === 0) clearCsvCache();
      }
    },
  });
  return async function ensureState(stateCode: string): Promise<void> {
    await loaded.fetch(stateCode);
  };
}
