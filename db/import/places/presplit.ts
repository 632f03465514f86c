import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Dataset, ReadResult } from "./types";
import { clearCsvCache } from "./util";

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

  /** Split one dataset for the given states (the rows each state's import would read). */
  async split(dataset: Dataset, states: readonly string[]): Promise<number> {
    mkdirSync(join(this.dir, dataset.key), { recursive: true });
    let written = 0;
    try {
      for (const stateCode of states) {
        const lines: string[] = [];
        for await (const row of dataset.read(stateCode) as AsyncIterable<ReadResult>) lines.push(JSON.stringify(row));
        const file = join(this.dir, dataset.key, `${stateCode}.jsonl.gz`);
        await Bun.write(file, Bun.gzipSync(new TextEncoder().encode(lines.join("\n"))));
        this.files.set(`${dataset.key}|${stateCode}`, file);
        written += lines.length;
      }
    } finally {
      clearCsvCache();
    }
    return written;
  }

  /** The rows of a dataset for a state, when split; else undefined (the dataset reads its own file). */
  rows(datasetKey: string, stateCode: string): AsyncIterable<ReadResult> | undefined {
    const file = this.files.get(`${datasetKey}|${stateCode}`);
    if (!file) return undefined;
    return (async function* () {
      const text = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await Bun.file(file).arrayBuffer())));
      for (const line of text.split("\n")) if (line) yield JSON.parse(line) as ReadResult;
    })();
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
