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
import { StateSplits } from "./presplit";
import { releaseNow } from "../release";
import { importThread } from "./import-thread";

import { clearCsvCache } from "./util";

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

/** The background run's queue entry that splits the nationwide datasets per state (before the states). */
const SPLIT_JOB = "split:nationwide";

/** Rows read from a dataset for one state after which the import collects garbage before the next dataset. */
const BIG_DATASET = 2_000;

/** Bump to re-import every state at next use. */
export const PLACES_VERSION = "16";

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
  carry.current = undefined;
  carry.towns = undefined;
  return summaries;
}

/** Where a state's places stand: imported, or being prepared (`percent` of its datasets done). */
export interface StateStatus {
  stateCode: string;
  ready: boolean;
  percent: number;
}

export interface StateLoader {
  /** Import the state now (ahead of the background queue) unless done; resolves when its places are in. */
  (stateCode: string): Promise<void>;
  /** The state's status; asking for a state not yet started puts it first in the queue. */
  status(stateCode: string): StateStatus;
  /**
   * Queue every state (after `delayMs`), one at a time, behind any state a visitor asks for. `before`, when
   * given, is awaited before each of these states is imported (nothing is written meanwhile): the test
   * templates copy the database between two groups of states that share one split of the nationwide files.
   */
  startBackground(states: readonly string[], delayMs?: number, before?: (stateCode: string) => Promise<void>): void;
  /** Stop taking states from the background queue (the running import finishes). */
  stop(): void;
}

/**
 * Per-state loading (decision 006, 024). One import runs at a time: a state a request asks for goes first,
 * then the background queue (every state, after start) continues. Concurrent requests for a state wait for
 * the same import. Parsed dataset files are released after every state, so memory stays low while the
 * background import walks the country. `onImported` runs once per state whose import wrote something.
 */
export function createStateLoader(
  client: Client,
  options: {
    log?: (line: string) => void;
    onImported?: (stateCode: string) => void;
    importer?: typeof importState;
    /**
     * Import in a Worker on its own connection to this database (the server: its request thread only waits
     * for the outcome, ./import-thread.ts). Not for an in-memory database, which a second connection cannot see.
     */
    thread?: { databaseUrl: string; authToken?: string };
    /** Stands in for the split of the nationwide datasets that the background run queues first (tests). */
    split?: () => Promise<void>;
  } = {},
): StateLoader {
  const thread = options.thread && !options.importer ? importThread(options.thread) : undefined;
  const importer: typeof importState = thread
    ? async (_client, stateCode, log, onProgress) => {
        // A state already in (every start of a server that imported it before) starts no Worker.
        if (await stateImported(client, stateCode)) return [];
        return thread.import(stateCode, splits?.folder, log, onProgress);
      }
    : (options.importer ?? importState);
  type Entry = {
    promise: Promise<void>;
    resolve: () => void;
    reject: (error: unknown) => void;
    fraction: number;
    ready: boolean;
    running: boolean;
    wanted: boolean;
  };
  const entries = new Map<string, Entry>();
  const queue: string[] = [];
  let working = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The background run's per-state splits of the nationwide datasets (made by the split job). */
  let splits: StateSplits | undefined;
  /** The split job while it runs, and the waiting queue's wake-up (the split ended, or a visitor asked). */
  let splitting: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let backgroundStates: readonly string[] = [];
  let backgroundBefore: ((stateCode: string) => Promise<void>) | undefined;
  /** States the background run still has to finish, and when it began (for its one summary line). */
  const backgroundLeft = new Set<string>();
  let backgroundStarted = 0;
  const backgroundDone = (stateCode: string) => {
    if (!backgroundLeft.delete(stateCode) || backgroundLeft.size > 0 || !backgroundStarted) return;
    options.log?.(
      `Background import: every state's places are ready (${((performance.now() - backgroundStarted) / 1000).toFixed(0)} s)`,
    );
    backgroundStarted = 0;
    splits?.dispose();
    splits = undefined;
  };

  const entryFor = (stateCode: string): Entry => {
    let entry = entries.get(stateCode);
    if (!entry) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      promise.catch(() => {}); // a failure reaches the callers that wait; the queue itself goes on
      entry = { promise, resolve, reject, fraction: 0, ready: false, running: false, wanted: false };
      entries.set(stateCode, entry);
    }
    return entry;
  };

  async function work() {
    if (working) return;
    working = true;
    try {
      for (let stateCode = queue.shift(); stateCode; stateCode = queue.shift()) {
        if (stateCode === SPLIT_JOB) {
          // The split runs beside the queue: a state a visitor asks for meanwhile imports at once (reading
          // what is not split yet itself); the background states wait for it.
          splitting = (options.split ?? splitJob)()
            .catch(() => {})
            .finally(() => {
              splitting = undefined;
              wake?.();
            });
          continue;
        }
        const entry = entryFor(stateCode);
        if (entry.ready) {
          backgroundDone(stateCode);
          continue;
        }
        if (splitting && !entry.wanted) {
          queue.unshift(stateCode);
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        entry.running = true;
        try {
          // A failing hook fails this state like a failed import (logged; the queue goes on).
          if (backgroundBefore && backgroundLeft.has(stateCode)) await backgroundBefore(stateCode);
          const summaries = await importer(
            client,
            stateCode,
            options.log,
            (fraction) => (entry.fraction = fraction),
            splits ? (key, code) => splits?.rows(key, code) : undefined,
          );
          entry.ready = true;
          entry.fraction = 1;
          if (summaries.length) options.onImported?.(stateCode);
          entry.resolve();
        } catch (error) {
          entries.delete(stateCode); // a later request retries
          backgroundLeft.delete(stateCode);
          options.log?.(
            `Importing the places of ${stateCode} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
          entry.reject(error);
        } finally {
          entry.running = false;
          clearCsvCache(); // parsed files are not kept between states
          splits?.done(stateCode);
          // Hand their memory back before the next state (db/import/release.ts); not awaited, so the queue's
          // timing stays as it was.
          void releaseNow();
          if (entry.ready) backgroundDone(stateCode);
        }
      }
    } finally {
      working = false;
      // Nothing left to import: the Worker ends, and the memory the imports took with it.
      if (!queue.length) thread?.close();
    }
  }

  /**
   * Split every nationwide dataset for the background states that still need it (one parse of each file instead
   * of one per state), in one job (./presplit.ts splitAll).
   */
  async function splitJob() {
    if (!splits) return;
    const done = new Set(
      (
        await client.execute({
          sql: "SELECT dataset FROM data_imports WHERE dataset LIKE 'places:%' AND version = ?",
          args: [PLACES_VERSION],
        })
      ).rows.map((r) => String(r.dataset)),
    );
    const jobs = DATASETS.filter((d) => d.states === "all").flatMap((dataset) => {
      const states = backgroundStates.filter(
        (code) =>
          !done.has(`places:${dataset.key}:${code}`) && !entries.get(code)?.ready && !entries.get(code)?.running,
      );
      return states.length < 2 ? [] : [{ dataset, states }];
    });
    if (!jobs.length) return;
    await splits.splitAll(
      jobs,
      (key, outcome) =>
        options.log?.(
          "error" in outcome
            ? `${key}: split failed (${outcome.error}); states read it themselves`
            : `${key}: split for ${jobs.find((j) => j.dataset.key === key)!.states.length} states once (${outcome.rows.toLocaleString("en-US")} rows, ${outcome.seconds.toFixed(1)} s)`,
        ),
      thread?.split,
    );
  }

  /** Put a state in the queue: `first` moves it to the front (a visitor waits for it). */
  const enqueue = (stateCode: string, first: boolean): Entry => {
    const entry = entryFor(stateCode);
    if (entry.ready || entry.running) return entry;
    const at = queue.indexOf(stateCode);
    if (first) {
      // Asked for by a visitor (a list or its status): it goes first, split job or not.
      entry.wanted = true;
      if (at >= 0) queue.splice(at, 1);
      queue.unshift(stateCode);
      wake?.();
    } else if (at < 0) queue.push(stateCode);
    void work();
    return entry;
  };

  const loader = ((stateCode: string) => {
    const entry = enqueue(stateCode, true);
    entry.wanted = true;
    return entry.promise;
  }) as StateLoader;
  loader.status = (stateCode) => {
    const known = entries.get(stateCode);
    const entry = known?.ready ? known : enqueue(stateCode, true);
    return { stateCode, ready: entry.ready, percent: Math.floor(entry.fraction * 100) };
  };
  loader.startBackground = (states, delayMs = 0, before) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      backgroundStarted = performance.now();
      backgroundStates = states;
      backgroundBefore = before;
      // Nationwide datasets first, split per state once (decision 024); a visitor's state still goes first.
      if (!options.importer) splits ??= new StateSplits();
      if (!options.importer || options.split) queue.push(SPLIT_JOB);
      for (const stateCode of states) {
        if (entries.get(stateCode)?.ready) continue;
        backgroundLeft.add(stateCode);
        enqueue(stateCode, false);
      }
      if (backgroundLeft.size === 0) {
        // Every state was in already: nothing to split.
        backgroundStarted = 0;
        for (let i = queue.length - 1; i >= 0; i--) if (queue[i] === SPLIT_JOB) queue.splice(i, 1);
        splits?.dispose();
        splits = undefined;
      }
      void work();
    }, delayMs);
    timer.unref?.();
  };
  loader.stop = () => {
    clearTimeout(timer);
    // Background states nobody waits for leave the queue; the running import finishes.
    for (let i = queue.length - 1; i >= 0; i--) if (!entries.get(queue[i]!)?.wanted) queue.splice(i, 1);
    backgroundLeft.clear();
    backgroundStarted = 0;
    splits?.dispose();
    splits = undefined;
  };
  return loader;
}
