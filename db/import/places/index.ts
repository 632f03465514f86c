import { AddressPoints, checksAddresses, flagLate } from "./address-point";
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
import { npsUnits } from "./sources/nps";
import { allThePlaces } from "./sources/alltheplaces";
import { wofSimplegeo } from "./sources/wof";
import { importDatasetState } from "./store";
import { formatSummary, type ImportSummary } from "./summary";
import type { StateCarry } from "./carry";
import type { Dataset, ReadResult } from "./types";
import { releaseNow } from "../release";

/**
 * Every bundled places dataset, best first: when two records merge, the earlier dataset stays the
 * place's primary source (OSM has hours and websites; the 2011 SimpleGeo dump comes last).
 */
export const DATASETS: Dataset[] = [
  osmSamples,
  osmCityExtracts,
  npsUnits,
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
  allThePlaces,
  wofSimplegeo,
];

/** Rows read from a dataset for one state after which the import collects garbage before the next dataset. */
const BIG_DATASET = 2_000;

/** Bump to re-import every state at next use. */
export const PLACES_VERSION = "23";

/** A dataset's own reader (a state reads a dataset itself when its split failed). */
export const readerOf = (datasetKey: string) => {
  const dataset = DATASETS.find((d) => d.key === datasetKey);
  if (!dataset) throw new Error(`no dataset ${datasetKey}`);
  return (stateCode: string) => dataset.read(stateCode);
};

export const datasetsFor = (stateCode: string) =>
  DATASETS.filter((d) => d.states === "all" || d.states.includes(stateCode));

/** The markers (`places:<dataset>:<state>`) of the state's datasets imported by this PLACES_VERSION. */
async function importedDatasets(client: Client, stateCode: string): Promise<Set<string>> {
  const result = await client.execute({
    sql: "SELECT dataset FROM data_imports WHERE dataset LIKE ? AND version = ?",
    args: [`places:%:${stateCode}`, PLACES_VERSION],
  });
  return new Set(result.rows.map((r) => String(r.dataset)));
}

/** Whether every dataset of the state is imported by this PLACES_VERSION (a read: nothing is queued or imported). */
export async function stateImported(client: Client, stateCode: string): Promise<boolean> {
  const done = await importedDatasets(client, stateCode);
  return datasetsFor(stateCode).every((d) => done.has(`places:${d.key}:${stateCode}`));
}

/** Import one state from every dataset that covers it, unless already done. Returns the summaries of what ran. */
export async function importState(
  client: Client,
  stateCode: string,
  log: (line: string) => void = () => {},
  onProgress?: (fraction: number) => void,
  /** A dataset's rows for the state from elsewhere (the background run's per-state splits), else undefined. */
  rowsFor?: (datasetKey: string, stateCode: string) => AsyncIterable<ReadResult> | undefined,
): Promise<ImportSummary[]> {
  const done = await importedDatasets(client, stateCode);
  const summaries: ImportSummary[] = [];
  const datasets = datasetsFor(stateCode);
  // The state's places go from one dataset to the next in memory (store.ts StateCarry), not read back each time.
  const carry: StateCarry = {};
  let finished = 0;
  for (const dataset of datasets) {
    const marker = `places:${dataset.key}:${stateCode}`;
    if (!done.has(marker)) {
      const rows = rowsFor?.(dataset.key, stateCode);
      // Bundled files are complete for their state: records gone from them (or now filtered) leave the store.
      // The OSM samples share the "osm" source with operator imports, so they never prune.
      const summary = await importDatasetState(client, dataset, stateCode, {
        prune: dataset !== osmSamples,
        carry,
        ...(rows ? { rows } : {}),
      });
      await client.execute({
        sql: "INSERT INTO data_imports (dataset, version, rows, imported_at) VALUES (?, ?, ?, ?) ON CONFLICT (dataset) DO UPDATE SET version = excluded.version, rows = excluded.rows, imported_at = excluded.imported_at",
        args: [marker, PLACES_VERSION, summary.inserted + summary.merged + summary.updated, Date.now()],
      });
      log(formatSummary(summary));
      summaries.push(summary);
      // The dataset's rows and the places it held are garbage now (the carry keeps the state's places once):
      // collect before the next dataset, or the two pile up (decision 030). Small datasets skip it (a
      // collection is ~30 ms, and there are 52 states × ~14 datasets).
      if (summary.read + summary.updated >= BIG_DATASET) await releaseNow();
    }
    onProgress?.(++finished / datasets.length);
  }
  // The census's address check needs the ZIP codes of the datasets after it (./address-point.ts).
  if (carry.current?.stateCode === stateCode && summaries.some((s) => checksAddresses(s.dataset))) {
    const { places } = carry.current;
    const flagged = flagLate(await AddressPoints.forState(client, stateCode, () => places), places);
    const sql = "UPDATE places SET tags = ? WHERE id = ?";
    if (flagged.length)
      await client.batch(
        flagged.map((p) => ({ sql, args: [JSON.stringify(p.tags), p.id!] })),
        "write",
      );
  }
  carry.current = undefined;
  carry.towns = undefined;
  return summaries;
}

export { createStateLoader, type StateLoader, type StateStatus } from "./loader";
