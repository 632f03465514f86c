// The request log: the in-memory ring buffer the server's fetch wrapper pushes into, flushed to a sink (the
// writer thread in the server, a `BatchWriter` in this thread otherwise).
import type { Client } from "@libsql/client";
import type { CurrentUser } from "../../src/http";
import { BatchWriter, type Countries } from "./batch-writer";
import { type LogBatch, type LogSink, type PendingEntry, SinkUnavailable } from "./log-batch";

export interface TrafficOptions {
  client: Client;
  /** The DB-IP table, or a function that loads it (only called when batches are written in this thread). */
  countries: Countries;
  currentUser: CurrentUser;
  hashIps: boolean;
  includeAdmin: boolean;
  retentionDays: number;
  log: { error(...args: unknown[]): void };
  now?: () => number;
  /** Rows kept in memory at most (the oldest are dropped beyond it); rows per flush trigger; flush period. */
  capacity?: number;
  batchSize?: number;
  intervalMs?: number;
  /**
   * Started by `start()`: a sink writing batches in another thread (the server's); tests write in-thread.
   * `lost` is told about handed-over rows that could not be written.
   */
  thread?: (lost: (rows: number, error: unknown) => void) => LogSink;
}

/**
 * The request log: `push` only writes raw fields into a ring buffer of columns (never awaits, never blocks a
 * request, allocates no object per request and keeps no request alive: only the first request of each cookie
 * header, for the user lookup); a timer flushes every `intervalMs`, or sooner once `batchSize` rows wait; a
 * full buffer drops its oldest row and counts it (`dropped`). A flush resolves who was signed in (the
 * admin's own requests are left out) and hands the rows to the sink as columns: in the server, the writer
 * thread, so the derivation and the SQL run off the thread that answers requests. `stop()` flushes what is
 * left (SIGTERM).
 */
export class TrafficLog {
  // The ring buffer: row r lives at (head + r) % capacity.
  private readonly at: Float64Array;
  private readonly durationMs: Float64Array;
  private readonly status: Uint16Array;
  private readonly method: string[];
  private readonly path: string[];
  private readonly userAgent: string[];
  private readonly ip: Array<string | undefined>;
  private readonly cookie: Array<string | null>;
  /** The first request seen with each cookie header since the last flush (the auth module caches its user). */
  private cookieRequests = new Map<string, Request>();
  private head = 0;
  private size = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> | undefined;
  private soon = false;
  private readonly inline: BatchWriter;
  private sink: LogSink;
  /** Rows dropped because the buffer was full, or lost in a failed write. */
  dropped = 0;
  failed = 0;
  readonly capacity: number;
  readonly batchSize: number;
  constructor(private readonly options: TrafficOptions) {
    this.capacity = options.capacity ?? 10_000;
    this.batchSize = options.batchSize ?? 500;
    this.at = new Float64Array(this.capacity);
    this.durationMs = new Float64Array(this.capacity);
    this.status = new Uint16Array(this.capacity);
    this.method = new Array(this.capacity).fill("");
    this.path = new Array(this.capacity).fill("");
    this.userAgent = new Array(this.capacity).fill("");
    this.ip = new Array(this.capacity).fill(undefined);
    this.cookie = new Array(this.capacity).fill(null);
    this.inline = new BatchWriter({
      client: options.client,
      countries: options.countries,
      hashIps: options.hashIps,
      retentionDays: options.retentionDays,
      log: options.log,
      now: options.now,
    });
    this.sink = this.inline;
  }

  get pending() {
    return this.size;
  }

  /** Whether batches are written by the writer thread (false in tests, before start() and after a fallback). */
  get threaded() {
    return this.sink !== this.inline;
  }

  record(entry: PendingEntry): void {
    this.push(
      entry.at,
      entry.method,
      entry.path,
      entry.status,
      entry.durationMs,
      entry.userAgent,
      entry.ip,
      entry.request,
    );
  }

  /** One request (the fetch wrapper's call): its raw fields, and the request only if its cookie is new here. */
  push(
    at: number,
    method: string,
    path: string,
    status: number,
    durationMs: number,
    userAgent: string,
    ip: string | undefined,
    request: Request | undefined,
  ): void {
    if (this.size === this.capacity) {
      // Drop the oldest row.
      this.head = (this.head + 1) % this.capacity;
      this.size--;
      this.dropped++;
    }
    const slot = (this.head + this.size++) % this.capacity;
    this.at[slot] = at;
    this.durationMs[slot] = durationMs;
    this.status[slot] = status;
    this.method[slot] = method;
    this.path[slot] = path;
    this.userAgent[slot] = userAgent;
    this.ip[slot] = ip;
    const cookie = request ? request.headers.get("cookie") : null;
    this.cookie[slot] = cookie;
    // One request per distinct cookie, for the flush's user lookup; bounded like the ring (a stalled writer
    // and a flood of made-up cookies must not grow it without end: beyond it a row's user is unknown).
    if (cookie && request && this.cookieRequests.size < this.capacity && !this.cookieRequests.has(cookie))
      this.cookieRequests.set(cookie, request);
    if (this.size >= this.batchSize && !this.soon && this.timer) {
      this.soon = true;
      setTimeout(() => {
        this.soon = false;
        void this.drain(true);
      }, 0);
    }
  }

  start(): void {
    if (!this.timer && this.options.thread) {
      try {
        this.sink = this.options.thread((rows, error) => {
          this.failed += rows;
          this.options.log.error("[traffic] could not write the request log:", error);
        });
      } catch (error) {
        this.options.log.error(
          "[traffic] the writer thread could not start; writing in the server's thread:",
          error instanceof Error ? error.message : error,
        );
      }
    }
    this.timer ??= setInterval(() => void this.drain(true), this.options.intervalMs ?? 1000);
    (this.timer as { unref?: () => void }).unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    // A full batch's drain scheduled before stop() may still start after a flush: flush until nothing is left.
    do await this.flush();
    while (this.size || this.flushing || this.soon);
    if (this.sink !== this.inline) await this.replaceSink();
  }

  /** Close the writer thread's sink and write, in this thread, what it took but had not written. */
  private async replaceSink(): Promise<void> {
    const old = this.sink;
    old.close?.();
    this.sink = this.inline;
    for (const batch of old.unwritten?.() ?? []) {
      await this.inline.write(batch).catch((error) => {
        this.failed += batch.count;
        this.options.log.error("[traffic] could not write the request log:", error);
      });
    }
  }

  /** Run `work` on the sink; a sink that cannot work at all is replaced by the in-thread writer, which runs it. */
  private async onSink(work: (sink: LogSink) => Promise<void>): Promise<void> {
    const sink = this.sink;
    try {
      await work(sink);
    } catch (error) {
      if (!(error instanceof SinkUnavailable) || sink === this.inline) throw error;
      // Two calls can fail together (a maintain and a hand-over): the first replaces the sink, both rerun here.
      if (this.sink === sink) {
        this.options.log.error("[traffic] the writer thread failed; writing in the server's thread:", error.message);
        await this.replaceSink();
      }
      await work(this.inline);
    }
  }

  /** Write everything buffered: resolves once it is written (one flush at a time; a flush started meanwhile waits and runs after). */
  flush(): Promise<void> {
    return this.drain(false);
  }

  /**
   * Empty the buffer into the sink. The timer and a full batch only hand it over (`handOver`: the writer
   * thread writes the batches of about half a second in one transaction); `flush()` waits until it is written.
   */
  private async drain(handOver: boolean): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.size) {
      // Daily pruning also runs on quiet days; a database failure is logged, never thrown at the timer.
      return this.onSink((sink) => sink.maintain()).catch((error) =>
        this.options.log.error("[traffic] could not prune the request log:", error),
      );
    }
    const taken = this.take();
    this.flushing = this.withUsers(taken)
      .then((batch) => this.onSink((sink) => (handOver && sink.handOver ? sink.handOver(batch) : sink.write(batch))))
      .catch((error) => {
        this.failed += taken.count;
        this.options.log.error("[traffic] could not write the request log:", error);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  /** Empty the buffer into a batch (strings once each), with each row's cookie header and the requests to look them up. */
  private take() {
    const count = this.size;
    const strings: Array<string | null> = [];
    const known = new Map<string | undefined, number>();
    const indexOf = (text: string | undefined) => {
      let i = known.get(text);
      if (i === undefined) known.set(text, (i = strings.push(text ?? null) - 1));
      return i;
    };
    const numbers = new Float64Array(count * 4);
    const indexes = new Uint32Array(count * 4);
    const previous: Array<string | undefined> = [undefined, undefined, undefined, undefined];
    const cookies = new Array<string | null>(count);
    for (let row = 0, slot = this.head; row < count; row++, slot = slot + 1 === this.capacity ? 0 : slot + 1) {
      numbers[row * 4] = this.at[slot]!;
      numbers[row * 4 + 1] = this.durationMs[slot]!;
      numbers[row * 4 + 2] = this.status[slot]!;
      numbers[row * 4 + 3] = -1;
      // Most rows repeat the row before's strings: a comparison is cheaper than hashing them again.
      for (let field = 0; field < 4; field++) {
        const text =
          field === 0
            ? this.method[slot]
            : field === 1
              ? this.path[slot]
              : field === 2
                ? this.userAgent[slot]
                : this.ip[slot];
        indexes[row * 4 + field] = row && text === previous[field] ? indexes[(row - 1) * 4 + field]! : indexOf(text);
        previous[field] = text;
      }
      cookies[row] = this.cookie[slot]!;
      this.cookie[slot] = null;
    }
    const requests = this.cookieRequests;
    this.cookieRequests = new Map();
    this.head = 0;
    this.size = 0;
    return { count, numbers, indexes, strings, cookies, requests };
  }

  /** Who was signed in (one lookup per distinct cookie header, from the auth module's per-request cache); the admin's own requests left out. */
  private async withUsers(taken: ReturnType<TrafficLog["take"]>): Promise<LogBatch> {
    const { numbers, indexes, cookies, requests } = taken;
    if (!requests.size) return taken;
    const lookups = [...requests].map(
      async ([cookie, request]) => [cookie, await this.options.currentUser(request).catch(() => null)] as const,
    );
    const users = new Map(await Promise.all(lookups));
    let kept = 0;
    for (let row = 0; row < taken.count; row++) {
      const cookie = cookies[row];
      const user = cookie ? users.get(cookie) : null;
      if (user?.isAdmin && !this.options.includeAdmin) continue;
      if (kept !== row) {
        numbers.copyWithin(kept * 4, row * 4, row * 4 + 4);
        indexes.copyWithin(kept * 4, row * 4, row * 4 + 4);
      }
      numbers[kept * 4 + 3] = user ? user.id : -1;
      kept++;
    }
    return {
      count: kept,
      numbers: numbers.subarray(0, kept * 4),
      indexes: indexes.subarray(0, kept * 4),
      strings: taken.strings,
    };
  }
}
