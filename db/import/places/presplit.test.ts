import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { sliceRows, splitOutcome, StateSplits, writeSplits } from "./presplit";
import { openBreweryDb } from "./sources/openbrewerydb";
import { imlsLibraries } from "./sources/imls-libraries";
import type { Dataset, ReadResult } from "./types";
import { csvRows, shareCsvReads } from "./util";
import { testDir } from "../../testing-template";

const dir = testDir("presplit-test-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const collect = async <T>(rows: AsyncIterable<T> | Iterable<T>) => {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
};

/** A gzipped CSV of ~3 MB (three read slices) whose quoted values hold commas, quotes and line breaks. */
let big: { path: string; expected: Record<string, string>[] } | undefined;
function bigCsv(): { path: string; expected: Record<string, string>[] } {
  if (big) return big;
  const lines = ["\uFEFFid,name,note,state"];
  for (let i = 0; i < 30_000; i++) {
    // Most line breaks are inside quoted values, so slice cuts would land in one unless they count quotes.
    const note =
      i % 5 === 0 ? `"a, b ${"x".repeat(i % 90)}"` : `"line one\nline two, with ""quotes"" ${i}\n\nline four\nfive"`;
    lines.push(`${i},Place ${i},${note},${["NV", "UT", "WY"][i % 3]}`);
  }
  const text = `${lines.join("\r\n")}\r\n`;
  const path = join(dir, "big.csv.gz");
  writeFileSync(path, Bun.gzipSync(new TextEncoder().encode(text)));
  return (big = { path, expected: parse(text, { columns: true, bom: true }) });
}

test("csvRows streams a gzipped file in slices and gives exactly the rows of a whole parse (quoted line breaks, BOM, CRLF)", async () => {
  const { path, expected } = bigCsv();
  const rows = await collect(csvRows(path));
  expect(rows.length).toBe(30_000);
  expect(rows).toEqual(expected);
  expect(rows[7]!.note).toBe('line one\nline two, with "quotes" 7\n\nline four\nfive');
}, 120_000);

test("a shared pass hands every reader the same rows, reading each file once, even when a reader stops early or fails", async () => {
  const { path, expected } = bigCsv();
  const results = await shareCsvReads(4, async (finished) =>
    Promise.allSettled(
      ["NV", "UT", "WY", "stop"].map(async (state) => {
        const seen: string[] = [];
        try {
          for await (const row of csvRows(path)) {
            if (state === "stop" && seen.length === 10) throw new Error("reader failed");
            if (row.state === state || state === "stop") seen.push(row.id!);
          }
        } finally {
          finished();
        }
        return seen;
      }),
    ),
  );
  for (const [i, state] of ["NV", "UT", "WY"].entries()) {
    expect(results[i]).toEqual({
      status: "fulfilled",
      value: expected.filter((r) => r.state === state).map((r) => r.id!),
    });
  }
  expect(results[3]!.status).toBe("rejected");
  // Outside a pass, csvRows reads on its own again.
  expect((await collect(csvRows(path))).length).toBe(30_000);
}, 120_000);

test("per-state splits hold exactly what each state's reader yields (one-pass and two-pass readers), empty states included", async () => {
  const states = ["NV", "DC", "PR"];
  for (const dataset of [openBreweryDb, imlsLibraries] as Dataset[]) {
    const written = await writeSplits(dir, dataset, states);
    let total = 0;
    for (const state of states) {
      const direct = await collect(dataset.read(state) as AsyncIterable<ReadResult>);
      const split = await collect(sliceRows(dir, dataset.key, state)!);
      expect(split).toEqual(JSON.parse(JSON.stringify(direct)));
      total += direct.length;
    }
    expect(written).toBe(total);
    expect(total).toBeGreaterThan(20);
  }
  // Puerto Rico has no brewery in the list: an empty slice, not a missing one (that would read the file).
  expect(await collect(sliceRows(dir, "openbrewerydb", "PR")!)).toEqual([]);
}, 120_000);

test("a file that breaks in the middle of a shared pass fails every reader of it (no split passes for whole)", async () => {
  const { path } = bigCsv();
  const whole = await Bun.file(path).arrayBuffer();
  const broken = join(dir, "broken.csv.gz");
  await Bun.write(broken, new Uint8Array(whole).slice(0, Math.floor(whole.byteLength * 0.6))); // a gzip cut short
  const results = await shareCsvReads(2, async (finished) =>
    Promise.allSettled(
      ["NV", "UT"].map(async () => {
        let rows = 0;
        try {
          for await (const _row of csvRows(broken)) rows++;
        } finally {
          finished();
        }
        return rows;
      }),
    ),
  );
  for (const result of results) expect(result.status).toBe("rejected");
}, 120_000);

test("a state's import can start once the split is planned: its rows wait for its dataset's split, or read the file when it failed", async () => {
  const splits = new StateSplits();
  const missing: Dataset = { ...openBreweryDb, key: "no-such-dataset", read: () => [{ skip: "read by the state" }] };
  const heard: string[] = [];
  let early: { nv?: AsyncIterable<ReadResult>; failed?: AsyncIterable<ReadResult>; splitting: string[] } | undefined;
  try {
    await splits.splitAll(
      [
        { dataset: openBreweryDb, states: ["NV", "DC"] },
        { dataset: missing, states: ["NV", "DC"] },
      ],
      (key, outcome) => heard.push(`${key} ${"rows" in outcome ? "split" : "failed"}`),
      undefined,
      () => {
        // Planned: nothing split yet, and the states may start.
        early = {
          nv: splits.rows("openbrewerydb", "NV", () => []),
          failed: splits.rows("no-such-dataset", "NV", () => missing.read("NV")),
          splitting: splits.splitting("NV"),
        };
        expect(heard).toEqual([]);
        expect(splits.rows("openbrewerydb", "UT", () => [])).toBeUndefined(); // not in the split: reads itself
      },
    );
    expect(heard).toEqual(["openbrewerydb split", "no-such-dataset failed"]);
    expect(early?.splitting).toEqual(["openbrewerydb", "no-such-dataset"]);
    expect(splits.splitting("NV")).toEqual([]);
    const direct = await collect(openBreweryDb.read("NV") as AsyncIterable<ReadResult>);
    expect(direct.length).toBeGreaterThan(10);
    expect(await collect(early!.nv!)).toEqual(JSON.parse(JSON.stringify(direct)));
    expect(await collect(early!.failed!)).toEqual([{ skip: "read by the state" }]);
    // An import thread, which does not hear the child, reads the outcome from the folder.
    expect(await splitOutcome(splits.folder, "openbrewerydb")).toBe(true);
    expect(await splitOutcome(splits.folder, "no-such-dataset")).toBe(false);
  } finally {
    splits.dispose();
  }
}, 120_000);
