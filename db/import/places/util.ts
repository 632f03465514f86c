import { parse } from "csv-parse/sync";
import { readText } from "../../../src/files";
import { collectWhenGrown } from "../release";
import { CSV_OPTIONS, csvFileRecords, csvRecords } from "./csv-records";

/** Shared helpers for dataset readers. */

const parsed = new Map<string, Promise<Record<string, string>[]>>();
/** Whether parsed files are kept (the per-state split's readers share one parse: decision 024). */
let keepParsed = false;

/**
 * Parse a whole (gzipped) CSV file with a header row, for readers that need every row at once (two passes;
 * small files). Kept only while `keepParsedFiles(true)` (the per-state split); otherwise dropped with the reader.
 */
export function readCsv(path: string, options: { header?: string[] } = {}): Promise<Record<string, string>[]> {
  const key = `${path}|${options.header?.join(",") ?? ""}`;
  const cached = parsed.get(key);
  if (cached) return cached;
  // The promise is what is kept: the split's readers ask at once and share one parse.
  const rows = readText(path).then((text) =>
    options.header
      ? (parse(text, { columns: options.header, ...CSV_OPTIONS }) as Record<string, string>[])
      : csvFileRecords(text),
  );
  if (keepParsed) parsed.set(key, rows);
  return rows;
}

/**
 * The rows of a (gzipped) CSV file one at a time. The file is read as a stream and parsed in slices of about
 * 1 MB of text that end between records (never inside a quoted field), with a collection after a slice when
 * memory grew (`collectWhenGrown`): a reader holds one slice, never the file's text or a parsed file
 * (docs/decisions/024-places-operations.md: steady RSS ≤ 256 MB, peak ≤ 512 MB; a parsed file is ~10× its text). During a shared pass (the per-state split) every
 * reader of the file gets the same slices (`shareCsvReads`).
 */
export async function* csvRows(path: string, keep?: (row: Row) => boolean): AsyncIterable<Row> {
  if (sharedPass) {
    yield* sharedPass.rows(path, keep);
    return;
  }
  for await (const rows of csvSlices(path)) {
    yield* kept(rows, keep);
    collectWhenGrown();
  }
}

type Row = Record<string, string>;
/**
 * The rows `keep` keeps (a reader's own state test), picked synchronously: during the split every state's
 * reader sees every row, and an asynchronous step per row and reader was much of the split's time.
 */
const kept = (rows: Row[], keep?: (row: Row) => boolean) => (keep ? rows.filter(keep) : rows);

/**
 * `compute` of a row, computed once per row object: the split's shared pass hands the same row to every
 * state's reader, and a reader placing rows by the state outlines would place each row once per state.
 */
export function oncePerRow<T>(compute: (row: Row) => T): (row: Row) => T {
  const memo = new WeakMap<Row, { value: T }>();
  return (row) => {
    let hit = memo.get(row);
    if (!hit) memo.set(row, (hit = { value: compute(row) }));
    return hit.value;
  };
}

/** Text of a (gzipped) file, chunk by chunk as it is read and gunzipped. */
export async function* textChunks(path: string): AsyncIterable<string> {
  let stream: ReadableStream<Uint8Array> = Bun.file(path).stream();
  if (path.endsWith(".gz"))
    stream = stream.pipeThrough(
      new DecompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>,
    );
  const decoder = new TextDecoder();
  for await (const chunk of stream) yield decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The parsed records of a CSV file with a header row, in slices of about SLICE_CHARS of text. */
export async function* csvSlices(path: string): AsyncIterable<Record<string, string>[]> {
  const chunks = textChunks(path)[Symbol.asyncIterator]();
  let buffer = "";
  let ended = false;
  const more = async () => {
    const next = await chunks.next();
    if (next.done) ended = true;
    else buffer += next.value;
  };
  let columns: string[] | undefined;
  for (;;) {
    while (!ended && buffer.length < SLICE_CHARS) await more();
    if (!buffer) return;
    // Cut after a line break with an even number of quotes before it (an odd number: the break is inside a
    // quoted value). The header row is cut on its own.
    let counted = 0;
    let quotes = 0;
    let end = lineEnd(buffer, columns ? Math.min(buffer.length, SLICE_CHARS) : 0);
    for (;;) {
      if (end < 0) {
        if (ended) {
          end = buffer.length;
          break;
        }
        await more();
        end = lineEnd(buffer, counted);
        continue;
      }
      quotes += countQuotes(buffer, counted, end);
      counted = end;
      if (quotes % 2 === 0) break;
      end = lineEnd(buffer, end);
    }
    const text = buffer.slice(0, end);
    buffer = buffer.slice(end);
    if (!columns) {
      columns = (parse(text, { bom: true }) as string[][])[0];
      if (!columns) return;
      continue;
    }
    yield csvRecords(text, columns);
  }
}
const SLICE_CHARS = 1 << 20;
/** The index just after the line break at or after `from`, or -1 when there is none. */
const lineEnd = (text: string, from: number) => {
  const nl = text.indexOf("\n", from);
  return nl < 0 ? -1 : nl + 1;
};
function countQuotes(text: string, from: number, to: number): number {
  let n = 0;
  for (let at = text.indexOf('"', from); at >= 0 && at < to; at = text.indexOf('"', at + 1)) n++;
  return n;
}

/**
 * One pass over each CSV file for many readers at once (the per-state split, decision 024): while `run`
 * runs, `readers` readers (one per state) call csvRows on the same files, and each file is parsed once,
 * slice by slice. A slice is parsed when no reader is still busy: each is waiting for the next slice (of
 * any file) or has finished (`finished()`, called once per reader). A reader that starts a file late (a
 * second pass over it) reads it on its own. Two-pass readers share one whole parse (readCsv) meanwhile.
 */
export async function shareCsvReads<T>(readers: number, run: (finished: () => void) => Promise<T>): Promise<T> {
  if (sharedPass) throw new Error("A shared CSV pass is already running");
  const pass = new SharedPass(readers);
  sharedPass = pass;
  keepParsedFiles(true);
  try {
    return await run(() => pass.finished());
  } finally {
    sharedPass = undefined;
    keepParsedFiles(false);
  }
}

let sharedPass: SharedPass | undefined;

/** What a waiting reader gets: the next slice's rows, null at the end, or the error that stopped the file. */
type Slice = Record<string, string>[] | null | { error: unknown };
interface Feed {
  slices: AsyncIterator<Record<string, string>[]>;
  /** Slices parsed so far, or being parsed (a reader that joins then reads the file on its own). */
  parsed: number;
  ended: boolean;
  /** Why the file stopped: every reader of it fails with it (a split must not pass for whole when it is not). */
  error?: unknown;
  waiters: Array<(slice: Slice) => void>;
}

class SharedPass {
  private readonly feeds = new Map<string, Feed>();
  private done = 0;
  private waiting = 0;
  private advancing = false;
  constructor(private readonly readers: number) {}

  async *rows(path: string, keep?: (row: Row) => boolean): AsyncIterable<Record<string, string>> {
    let feed = this.feeds.get(path);
    if (!feed)
      this.feeds.set(
        path,
        (feed = { slices: csvSlices(path)[Symbol.asyncIterator](), parsed: 0, ended: false, waiters: [] }),
      );
    else if (feed.parsed > 0 || feed.ended) {
      // Joined after the pass began: on its own.
      for await (const rows of csvSlices(path)) yield* kept(rows, keep);
      return;
    }
    for (;;) {
      const slice = await this.next(feed);
      if (!slice) return;
      if (!Array.isArray(slice)) throw slice.error;
      yield* kept(slice, keep);
    }
  }

  finished() {
    this.done++;
    void this.advance();
  }

  private next(feed: Feed): Promise<Slice> {
    if (feed.ended) return Promise.resolve(feed.error === undefined ? null : { error: feed.error });
    return new Promise((resolve) => {
      feed.waiters.push(resolve);
      this.waiting++;
      void this.advance();
    });
  }

  /** Every reader waits or has finished: parse the next slice of each file waited for and hand it out. */
  private async advance() {
    if (this.advancing || this.waiting + this.done < this.readers || this.waiting === 0) return;
    this.advancing = true;
    try {
      // The previous slices are dropped by every reader by now: collect them once they add up (a collection
      // after every slice was a fifth of the split's time; GNIS split: 98 MB peak then, ~160 MB never).
      collectWhenGrown();
      for (const feed of this.feeds.values()) {
        if (!feed.waiters.length) continue;
        const waiters = feed.waiters.splice(0);
        this.waiting -= waiters.length;
        let slice: Slice = null;
        // Counted before the parse: a reader that joins meanwhile must not wait for the next slice (it would
        // miss this one), it reads the file on its own.
        feed.parsed++;
        try {
          const next = await feed.slices.next();
          if (next.done) feed.ended = true;
          else slice = next.value;
        } catch (error) {
          // An unreadable file or a broken gzip: every reader of it fails, so the split fails and each state
          // reads the dataset itself (a quiet end would have written truncated splits as whole).
          feed.ended = true;
          feed.error = error;
          slice = { error };
        }
        for (const resolve of waiters) resolve(slice);
      }
    } finally {
      this.advancing = false;
    }
    // Readers that came back while a later file's slice was parsed.
    void this.advance();
  }
}

/** Keep parsed files until `keepParsedFiles(false)` (which forgets them). */
export function keepParsedFiles(on: boolean) {
  keepParsed = on;
  if (!on) parsed.clear();
}

/** Forget parsed files (after an import run) so their memory is released. */
export function clearCsvCache() {
  parsed.clear();
}

// The value helpers live in ./values.ts; readers import them from here as they always have.
export {
  text,
  coords,
  phone,
  website,
  titleCase,
  directoryName,
  year,
  shortHash,
  nameAndPosition,
  inBox,
  caps,
  geometryCentre,
  uniqueIds,
  datasetInfo,
} from "./values";
export type { Box } from "./values";
