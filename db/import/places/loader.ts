import type { Client } from "@libsql/client";
import { DATASETS, importState, PLACES_VERSION, readerOf, stateImported } from ".";
import { StateSplits } from "./presplit";
import { releaseNow } from "../release";
import { importThread, type ImportThread } from "./import-thread";
import { clearCsvCache } from "./util";

/**
 * Resident memory of the process past which an import lane's Worker ends after its state, when two lanes run
 * (docs/decisions/075-a-first-import-on-both-cores.md): peak RSS must stay ≤ 512 MB.
 */
const RECYCLE_RSS = 400 * 1024 * 1024;

/** The background run's queue entry that splits the nationwide datasets per state (before the states). */
const SPLIT_JOB = "split:nationwide";

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
   * Queue every state (after `delayMs`), behind any state a visitor asks for. `before`, when given, is awaited
   * before each of these states is imported, and no other state starts meanwhile (nothing is written but what
   * the imports already running write): the test templates copy the database between two groups of states that
   * share one split of the nationwide files, once the first group is in.
   */
  startBackground(states: readonly string[], delayMs?: number, before?: (stateCode: string) => Promise<void>): void;
  /** Stop taking states from the background queue (the running import finishes). */
  stop(): void;
}

/**
 * Per-state loading (decision 006, 024). `lanes` imports run at a time (one, or one per Worker: see `thread`):
 * a state a request asks for goes first, then the background queue (every state, after start) continues. Concurrent requests for a state wait for
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
    thread?: { databaseUrl: string; authToken?: string; lowPriority?: boolean };
    /**
     * Imports at a time (default 1; with `thread`, one Worker each, on their own connections). Two use both
     * cores of a small machine for the first background import (docs/decisions/075-a-first-import-on-both-cores.md).
     */
    lanes?: number;
    /** Stands in for the split of the nationwide datasets that the background run queues first (tests). */
    split?: () => Promise<void>;
  } = {},
): StateLoader {
  const lanes = Math.max(1, options.lanes ?? 1);
  const threads: ImportThread[] =
    options.thread && !options.importer ? Array.from({ length: lanes }, () => importThread(options.thread!)) : [];
  const importerOf = (lane: number): typeof importState => {
    const thread = threads[lane];
    return thread
      ? async (_client, stateCode, log, onProgress) => {
          // A state already in (every start of a server that imported it before) starts no Worker.
          if (await stateImported(client, stateCode)) return [];
          return thread.import(stateCode, splits?.folder, log, onProgress, splits?.splitting(stateCode));
        }
      : (options.importer ?? importState);
  };
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
  /** The lanes taking states from the queue now. */
  const busyLanes = new Set<number>();
  /** A background state's `before` hook while it runs: no lane starts another state until it is done. */
  let gate: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The background run's per-state splits of the nationwide datasets (made by the split job). */
  let splits: StateSplits | undefined;
  /**
   * The split job while it runs (`planned` once the split child has its datasets: the background states start
   * then and wait for each dataset's split as they come to it), and the waiting lanes' wake-ups (the split
   * ended or was planned, or a visitor asked).
   */
  let splitting: Promise<void> | undefined;
  let planned = false;
  let waiting: Array<() => void> = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resume of woken) resume();
  };
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

  /** Start lanes while there are states for them. */
  function work() {
    for (let lane = 0; lane < lanes && busyLanes.size < Math.min(lanes, queue.length); lane++)
      if (!busyLanes.has(lane)) void runLane(lane);
  }

  /** One lane: states from the queue, one after another, until it is empty. */
  async function runLane(lane: number) {
    busyLanes.add(lane);
    const importer = importerOf(lane);
    try {
      for (;;) {
        // Another lane's `before` hook: wait for it (and for one that started meanwhile).
        for (let open = gate; ; open = gate) {
          await open;
          if (open === gate) break;
        }
        // The first lane takes the queue's front (the most populous states first); the others take its back
        // (the smallest), so two large states are not held in memory at once. A visitor's state (and the
        // split) is at the front: any lane takes it first. With a `before` hook the queue's order is kept.
        const front = queue[0];
        const fromBack = lane > 0 && !backgroundBefore && front !== SPLIT_JOB && !entries.get(front ?? "")?.wanted;
        const stateCode = fromBack ? queue.pop() : queue.shift();
        if (!stateCode) break;
        if (stateCode === SPLIT_JOB) {
          // The split runs beside the queue: a state a visitor asks for meanwhile imports at once (reading
          // what is not split for it itself); the background states wait for it, or for its plan.
          planned = false;
          splitting = (options.split ?? splitJob)()
            .catch(() => {})
            .finally(() => {
              splitting = undefined;
              wake();
            });
          continue;
        }
        const entry = entryFor(stateCode);
        if (entry.ready) {
          backgroundDone(stateCode);
          continue;
        }
        // Background states wait for the split's plan; then, with two lanes or more, the first lane imports
        // beside the split child and the others wait for the split's end (two cores: the child and one import;
        // and the memory of two). A single lane waits for the split's end (the memory of one, decision 075).
        if (splitting && (!planned || lane > 0 || lanes === 1) && !entry.wanted) {
          if (fromBack) queue.push(stateCode);
          else queue.unshift(stateCode);
          await new Promise<void>((resolve) => waiting.push(resolve));
          continue;
        }
        entry.running = true;
        try {
          // A failing hook fails this state like a failed import (logged; the queue goes on).
          // Called before any await since the state left the queue: no other lane starts a state meanwhile.
          if (backgroundBefore && backgroundLeft.has(stateCode)) {
            const hook = backgroundBefore(stateCode);
            gate = hook.catch(() => {});
            await hook;
          }
          const summaries = await importer(
            client,
            stateCode,
            options.log,
            (fraction) => (entry.fraction = fraction),
            splits ? (key, code) => splits?.rows(key, code, () => readerOf(key)(code)) : undefined,
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
          // Two Workers' heaps grow apart over many states: past RECYCLE_RSS, this lane's Worker ends after
          // its state (the next state starts a new one), so the process stays within its memory budget.
          if (lanes > 1 && threads[lane]?.idle() && process.memoryUsage.rss() > RECYCLE_RSS) threads[lane]!.close();
          if (entry.ready) backgroundDone(stateCode);
        }
      }
    } finally {
      busyLanes.delete(lane);
      // Nothing left for this lane: its Worker ends, and the memory its imports took with it.
      if (!queue.length) threads[lane]?.close();
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
      threads[0]?.split,
      () => {
        planned = true;
        wake();
      },
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
      wake();
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
      if (!options.importer) splits ??= new StateSplits(options.thread?.lowPriority);
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
