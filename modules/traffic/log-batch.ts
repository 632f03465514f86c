// The request log's batches as the log hands them to a writer (docs/decisions/022-traffic-log.md): the raw
// entry, the columnar batch, the sink interface and the time units every part of the log shares.
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * One request as the log takes it (tests and `record`): raw fields only. The route template, country, bot
 * flag, device and visitor key are derived by the writer (`BatchWriter`), at flush, off the request's path.
 */
export interface PendingEntry {
  at: number;
  method: string;
  /**
   * The path as requested, or the whole request URL (the server's wrapper keeps `request.url` as it is: a
   * slice of it per request cost more at the flush than the rest of the row); the writer drops the origin and
   * the query string and collapses the path to a route template.
   */
  path: string;
  status: number;
  durationMs: number;
  userAgent: string;
  ip: string | undefined;
  /** The request, for "who was signed in" (resolved at flush through the auth module's per-request cache). */
  request?: Request;
}

/**
 * A batch as the writer gets it (docs/decisions/022-traffic-log.md, "Cost"): columns, not objects, so that
 * handing it to the writer thread copies two typed arrays and the batch's distinct strings (a structured
 * clone of 500 objects cost ~2–4 µs a row). Row i: `numbers[4i..4i+3]` = at (epoch ms), duration (ms),
 * status, user id (-1: nobody signed in); `indexes[4i..4i+3]` = method, path, user agent, address, each an
 * index into `strings` (an address that is unknown is null there).
 */
export interface LogBatch {
  count: number;
  numbers: Float64Array;
  indexes: Uint32Array;
  strings: Array<string | null>;
}

/** Build a batch from plain rows (tests, the seeding bench). */
export function batchOf(rows: Array<Omit<PendingEntry, "request"> & { userId?: number | null }>): LogBatch {
  const strings: Array<string | null> = [];
  const known = new Map<string | null, number>();
  const indexOf = (text: string | null) => {
    let i = known.get(text);
    if (i === undefined) known.set(text, (i = strings.push(text) - 1));
    return i;
  };
  const numbers = new Float64Array(rows.length * 4);
  const indexes = new Uint32Array(rows.length * 4);
  rows.forEach((row, i) => {
    numbers.set([row.at, row.durationMs, row.status, row.userId ?? -1], i * 4);
    indexes.set([indexOf(row.method), indexOf(row.path), indexOf(row.userAgent), indexOf(row.ip ?? null)], i * 4);
  });
  return { count: rows.length, numbers, indexes, strings };
}

/** Where batches go: a `BatchWriter` in this thread, or the writer thread (./writer-thread.ts). */
export interface LogSink {
  /** Write a batch, and everything handed over before it: resolves once written. */
  write(batch: LogBatch): Promise<void>;
  /**
   * Hand a batch over to be written within `WRITE_DELAY_MS` together with the others that arrive meanwhile
   * (one transaction for them all): resolves once taken. Sinks without it write each batch at once.
   */
  handOver?(batch: LogBatch): Promise<void>;
  /** Write what was handed over, then prune once a day. */
  maintain(): Promise<void>;
  close?(): void;
  /**
   * Handed-over batches the sink took but has not confirmed written (its thread died, or it was closed before
   * their write): taken out, for another sink to write. Nothing is lost when a writer thread fails.
   */
  unwritten?(): LogBatch[];
}

/** How long the writer thread collects handed-over batches before it writes them in one transaction. */
export const WRITE_DELAY_MS = 500;

/** Raised by a sink that cannot work at all (the writer thread did not start): the log falls back to writing in-thread. */
export class SinkUnavailable extends Error {}
