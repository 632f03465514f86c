import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Dataset, ReadResult } from "./types";
import { shareCsvReads, textChunks } from "./util";

/**
 * Nationwide datasets split per state once, for the background import (decision 024). Every nationwide
 * reader parses its whole file and keeps one state's rows, so importing 52 states would parse each file 52
 * times (about 20 s of CPU per state) or keep every parsed file in memory. Instead each file is read
 * once, as a stream, by every state's reader together; its rows for every state are written to a small
 * gzipped JSON-lines file in a temporary folder. State imports then read their slice.
 */
export class StateSplits {
  private readonly dir = mkdtempSync(join(tmpdir(), "localscope-splits-"));
  /** `lowPriority`: the split child lowers its scheduling priority (a server's: db/thread-priority.ts). */
  constructor(private readonly lowPriority = false) {}
  private readonly files = new Map<string, string>();
  /**
   * Datasets being split by the child process, with their states and outcome (true: the slices are written):
   * a state's import starts meanwhile and waits for each of these datasets' split when it comes to it
   * (docs/decisions/075-a-first-import-on-both-cores.md), instead of waiting for the whole split first.
   */
  private readonly pending = new Map<string, { states: Set<string>; outcome: Promise<boolean> }>();
  private readonly settle = new Map<string, (ok: boolean) => void>();

  /**
   * Split nationwide datasets for their states (the rows each state's import would read), one after another:
   * in one child process when the job script is on disk (a `bun src/server.ts` run: one start for every
   * dataset, and the parsed files' memory leaves with it); in the single compiled binary in `elsewhere` (the
   * import thread) when given, else here. `onSplit` hears each dataset's outcome as it comes; a dataset that
   * failed is read by each state itself. `onPlanned` is called once the child process has its datasets (the
   * states may start then: ./loader.ts); never when the split runs elsewhere (the import thread splits one
   * dataset after another between imports, so an import waiting there for a split would wait for itself).
   */
  async splitAll(
    jobs: ReadonlyArray<{ dataset: Dataset; states: readonly string[] }>,
    onSplit: (datasetKey: string, outcome: SplitOutcome) => void,
    /** Where to split when there is no job script (the import thread), else here. */
    elsewhere?: (dir: string, datasetKey: string, states: readonly string[]) => Promise<number>,
    onPlanned?: () => void,
  ): Promise<void> {
    const heard = (key: string, outcome: SplitOutcome) => {
      const job = jobs.find((j) => j.dataset.key === key);
      if (!job) return;
      if ("rows" in outcome)
        for (const stateCode of job.states) this.files.set(`${key}|${stateCode}`, sliceFile(this.dir, key, stateCode));
      // For an import thread waiting for it (splitOutcome), then for this thread's.
      writeFileSync(markerFile(this.dir, key, "rows" in outcome), "");
      this.settle.get(key)?.("rows" in outcome);
      this.settle.delete(key);
      onSplit(key, outcome);
    };
    if (!existsSync(JOB)) {
      for (const { dataset, states } of jobs) {
        const started = performance.now();
        try {
          const rows = elsewhere
            ? await elsewhere(this.dir, dataset.key, states)
            : await writeSplits(this.dir, dataset, states);
          heard(dataset.key, { rows, seconds: (performance.now() - started) / 1000 });
        } catch (error) {
          heard(dataset.key, { error: error instanceof Error ? error.message : String(error) });
        }
      }
      return;
    }
    for (const { dataset, states } of jobs) {
      const outcome = new Promise<boolean>((resolve) => this.settle.set(dataset.key, resolve));
      this.pending.set(dataset.key, { states: new Set(states), outcome });
    }
    onPlanned?.();
    const spec = JSON.stringify(jobs.map(({ dataset, states }) => ({ key: dataset.key, states })));
    const proc = Bun.spawn([process.execPath, JOB, this.dir, spec], {
      stdout: "pipe",
      stderr: "pipe",
      env: this.lowPriority ? { ...process.env, LOCALSCOPE_SPLIT_LOW_PRIORITY: "1" } : process.env,
    });
    const stderr = new Response(proc.stderr).text();
    const told = new Set<string>();
    // One JSON line per dataset as it is done: {key, rows, seconds} or {key, error}.
    let buffer = "";
    const decoder = new TextDecoder();
    for await (const chunk of proc.stdout) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line.startsWith("{")) continue;
        const { key, ...outcome } = JSON.parse(line) as { key: string } & SplitOutcome;
        told.add(key);
        heard(key, outcome);
      }
    }
    const [err, code] = await Promise.all([stderr, proc.exited]);
    for (const { dataset } of jobs)
      if (!told.has(dataset.key)) heard(dataset.key, { error: err.trim().split("\n").at(-1) || `exit code ${code}` });
  }

  /**
   * The rows of a dataset for a state, when split, or once split when its split is under way (`fallback`, the
   * dataset's own reader, when that split fails); else undefined (the dataset reads its own file).
   */
  rows(
    datasetKey: string,
    stateCode: string,
    fallback: () => AsyncIterable<ReadResult> | Iterable<ReadResult>,
  ): AsyncIterable<ReadResult> | undefined {
    if (this.files.has(`${datasetKey}|${stateCode}`)) return sliceRows(this.dir, datasetKey, stateCode);
    const pending = this.pending.get(datasetKey);
    if (!pending?.states.has(stateCode)) return undefined;
    return afterSplit(pending.outcome, this.dir, datasetKey, stateCode, fallback);
  }

  /** The datasets whose split for the state is under way (an import thread waits for them: splitOutcome). */
  splitting(stateCode: string): string[] {
    return [...this.pending].flatMap(([key, { states }]) =>
      states.has(stateCode) && !this.files.has(`${key}|${stateCode}`) && this.settle.has(key) ? [key] : [],
    );
  }

  /** The folder of the slices (a state-import child process reads them there). */
  get folder() {
    return this.dir;
  }

  /** Drop a state's slices once it is imported. */
  done(stateCode: string) {
    for (const [key, file] of this.files) {
      if (!key.endsWith(`|${stateCode}`)) continue;
      rmSync(file, { force: true });
      this.files.delete(key);
    }
  }

  dispose() {
    this.files.clear();
    for (const settle of this.settle.values()) settle(false);
    this.settle.clear();
    this.pending.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A dataset's split: its rows and seconds, or why it failed. */
export type SplitOutcome = { rows: number; seconds: number } | { error: string };

const JOB = join(import.meta.dir, "presplit-job.ts");
const sliceFile = (dir: string, key: string, stateCode: string) => join(dir, key, `${stateCode}.jsonl.gz`);
/** Written when a dataset's split is over: whether its slices were written (`ok`), or it failed. */
const markerFile = (dir: string, key: string, ok: boolean) => join(dir, `${key}.${ok ? "split" : "failed"}`);

/**
 * Whether a dataset's split under way in `dir` wrote its slices, once it is over (read from its marker file, by
 * an import thread, which does not hear the child process): false when it failed or the folder is gone.
 */
export async function splitOutcome(dir: string, datasetKey: string): Promise<boolean> {
  for (;;) {
    if (existsSync(markerFile(dir, datasetKey, true))) return true;
    if (existsSync(markerFile(dir, datasetKey, false)) || !existsSync(dir)) return false;
    await Bun.sleep(100);
  }
}

/** A state's slice once its dataset's split is over, or the dataset's own reader when the split failed. */
export async function* afterSplit(
  outcome: Promise<boolean>,
  dir: string,
  datasetKey: string,
  stateCode: string,
  fallback: () => AsyncIterable<ReadResult> | Iterable<ReadResult>,
): AsyncIterable<ReadResult> {
  const slice = (await outcome) ? sliceRows(dir, datasetKey, stateCode) : undefined;
  yield* slice ?? fallback();
}

/**
 * Write a dataset's rows per state as gzipped JSON lines under `dir/<dataset>/<state>.jsonl.gz`. Every
 * state's reader runs at once over one streamed pass of the file (`shareCsvReads`), and each state's lines go
 * to its file in gzip members of about 256 KB, so neither a parsed file nor a state's lines are held
 * (the GNIS split took 322 MB when each file was parsed whole and kept for the 52 readers).
 */
export async function writeSplits(dir: string, dataset: Dataset, states: readonly string[]): Promise<number> {
  mkdirSync(join(dir, dataset.key), { recursive: true });
  const written = await shareCsvReads(states.length, async (finished) => {
    const results = await Promise.allSettled(
      states.map(async (stateCode) => {
        const out = new SliceWriter(sliceFile(dir, dataset.key, stateCode));
        try {
          for await (const row of dataset.read(stateCode) as AsyncIterable<ReadResult>) out.add(JSON.stringify(row));
        } finally {
          finished();
        }
        out.close();
        return out.lines;
      }),
    );
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return results.reduce((sum, r) => sum + (r as PromiseFulfilledResult<number>).value, 0);
  });
  return written;
}

/** A state's slice file: lines gathered and written as one gzip member per ~256 KB (members concatenate). */
class SliceWriter {
  lines = 0;
  private pending: string[] = [];
  private size = 0;
  constructor(private readonly file: string) {
    writeFileSync(file, new Uint8Array(0));
  }
  add(line: string) {
    this.pending.push(line);
    this.lines++;
    this.size += line.length + 1;
    if (this.size >= 256 * 1024) this.flush();
  }
  private members = 0;
  private flush() {
    if (!this.pending.length) return;
    // The fastest level: a slice lives minutes in a temporary folder.
    appendFileSync(this.file, Bun.gzipSync(new TextEncoder().encode(`${this.pending.join("\n")}\n`), { level: 1 }));
    this.members++;
    this.pending = [];
    this.size = 0;
  }
  close() {
    this.flush();
    if (!this.members) appendFileSync(this.file, Bun.gzipSync(new Uint8Array(0))); // an empty state is a valid empty file
  }
}

/** A state's slice of a dataset, when one was written; else undefined. Read line by line. */
export function sliceRows(dir: string, datasetKey: string, stateCode: string): AsyncIterable<ReadResult> | undefined {
  const file = sliceFile(dir, datasetKey, stateCode);
  if (!existsSync(file)) return undefined;
  return (async function* () {
    let buffer = "";
    for await (const chunk of textChunks(file)) {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) if (line) yield JSON.parse(line) as ReadResult;
    }
    if (buffer) yield JSON.parse(buffer) as ReadResult;
  })();
}
