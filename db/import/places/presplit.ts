import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Dataset, ReadResult } from "./types";
import { keepParsedFiles } from "./util";

/**
 * Nationwide datasets split per state once, for the background import (decision 024). Every nationwide
 * reader parses its whole file and keeps one state's rows, so importing 52 states would parse each file 52
 * times (about 20 s of CPU per state) or keep every parsed file in memory. Instead each file is parsed
 * once, its rows for every state are written to a small gzipped JSON-lines file in a temporary folder,
 * and the parsed file is dropped before the next one. State imports then read their slice.
 */
export class StateSplits {
  private readonly dir = mkdtempSync(join(tmpdir(), "localscope-splits-"));
  private readonly files = new Map<string, string>();

  /**
   * Split one dataset for the given states (the rows each state's import would read). Done in a child
   * process when the job script is on disk (a `bun src/server.ts` run), so the parsed file's memory leaves
   * with it; in the single compiled binary it runs here.
   */
  async split(dataset: Dataset, states: readonly string[]): Promise<number> {
    let rows: number;
    if (existsSync(JOB)) {
      const proc = Bun.spawn([process.execPath, JOB, this.dir, dataset.key, states.join(",")], { stdout: "pipe", stderr: "pipe", env: process.env });
      const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      if (code !== 0) throw new Error(err.trim() || `exit code ${code}`);
      rows = (JSON.parse(out.trim().split("\n").pop()!) as { rows: number }).rows;
    } else rows = await writeSplits(this.dir, dataset, states);
    for (const stateCode of states) this.files.set(`${dataset.key}|${stateCode}`, sliceFile(this.dir, dataset.key, stateCode));
    return rows;
  }

  /** The rows of a dataset for a state, when split; else undefined (the dataset reads its own file). */
  rows(datasetKey: string, stateCode: string): AsyncIterable<ReadResult> | undefined {
    return this.files.has(`${datasetKey}|${stateCode}`) ? sliceRows(this.dir, datasetKey, stateCode) : undefined;
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
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const JOB = join(import.meta.dir, "presplit-job.ts");
const sliceFile = (dir: string, key: string, stateCode: string) => join(dir, key, `${stateCode}.jsonl.gz`);

/** Write a dataset's rows per state as gzipped JSON lines under `dir/<dataset>/<state>.jsonl.gz`. */
export async function writeSplits(dir: string, dataset: Dataset, states: readonly string[]): Promise<number> {
  mkdirSync(join(dir, dataset.key), { recursive: true });
  let written = 0;
  keepParsedFiles(true);
  try {
    for (const stateCode of states) {
      const lines: string[] = [];
      for await (const row of dataset.read(stateCode) as AsyncIterable<ReadResult>) lines.push(JSON.stringify(row));
      await Bun.write(sliceFile(dir, dataset.key, stateCode), Bun.gzipSync(new TextEncoder().encode(lines.join("\n"))));
      written += lines.length;
    }
  } finally {
    keepParsedFiles(false);
  }
  return written;
}

/** A state's slice of a dataset, when one was written; else undefined. */
export function sliceRows(dir: string, datasetKey: string, stateCode: string): AsyncIterable<ReadResult> | undefined {
  const file = sliceFile(dir, datasetKey, stateCode);
  if (!existsSync(file)) return undefined;
  return (async function* () {
    const text = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await Bun.file(file).arrayBuffer())));
    for (const line of text.split("\n")) if (line) yield JSON.parse(line) as ReadResult;
  })();
}
