/**
 * The request log's writer thread, the Worker's side (see ./writer-thread.ts, which starts it): opens its own
 * connection to the database and answers each message with a `BatchWriter`, one message at a time, in order.
 * Handed-over batches are answered at once and written together, WRITE_DELAY_MS after the first of them (or
 * sooner: at 10,000 rows, or before any other message): a transaction costs ~0.3–0.5 ms whatever its size,
 * which at 500 rows a batch was most of the thread's cost per row (decision 022).
 * A file of its own, so the compiled binary can list it as an entry point (scripts/compile.ts).
 */
import { openDatabase } from "../../db/client";
import { loadCountryTable } from "./geo";
import { BatchWriter } from "./batch-writer";
import { WRITE_DELAY_MS, type LogBatch } from "./log-batch";
import type { Message, Reply } from "./writer-thread";

type Request = Message & { id: number };

/** Handed-over rows written at once beyond this many. */
const MAX_PENDING_ROWS = 10_000;
/**
 * Rows taken but not yet written beyond which a hand-over is answered only once written: the server's buffer
 * then fills and drops its oldest rows with a counter (docs/decisions/022-traffic-log.md) instead of this thread's memory growing while
 * the database is slow.
 */
const MAX_BACKLOG_ROWS = 20_000;

if (!Bun.isMainThread) {
  const scope = globalThis as unknown as {
    onmessage: ((event: MessageEvent<Request>) => void) | null;
    postMessage(reply: Reply): void;
  };
  const log = { error: (...args: unknown[]) => console.error(...args) };
  let writer: Promise<BatchWriter> = Promise.reject(new Error("the writer thread got no settings"));
  // Batches are taken on trust only once the database is open: before, a write is answered when written, so
  // that a thread that cannot open it gives its batches back to the server's thread (nothing is lost).
  let ready = false;
  writer.catch(() => {});
  // One message at a time, in order (a write never overtakes the one before it).
  let queue = Promise.resolve();
  let pending: LogBatch[] = [];
  let pendingRows = 0;
  /** The id of the last handed-over message in `pending`. */
  let pendingId = 0;
  /** Rows taken for a write that has not finished. */
  let writingRows = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writeDelayMs = WRITE_DELAY_MS;
  /** Take the handed-over batches (with `also` after them) to write them now. */
  const takePending = (also?: LogBatch) => {
    clearTimeout(timer);
    timer = undefined;
    const batches = also ? [...pending, also] : pending;
    pending = [];
    pendingRows = 0;
    return batches;
  };
  /** Write the handed-over batches (queued after the messages before): a failure is reported as lost rows. */
  const writePending = () => {
    const upTo = pendingId;
    const batches = takePending();
    if (!batches.length) return;
    const rows = batches.reduce((n, b) => n + b.count, 0);
    writingRows += rows;
    queue = queue.then(async () => {
      try {
        await (await writer).writeMany(batches);
        scope.postMessage({ id: 0, done: upTo });
      } catch (error) {
        scope.postMessage({
          id: 0,
          done: upTo,
          lost: rows,
          error: error instanceof Error ? error.message : String(error),
        });
      } finally {
        writingRows -= rows;
      }
    });
  };
  scope.onmessage = (event) => {
    const message = event.data;
    if (message.kind === "init") {
      const { url, authToken, hashIps, retentionDays } = message.settings;
      writeDelayMs = message.settings.writeDelayMs ?? WRITE_DELAY_MS;
      writer = openDatabase(url, authToken).then((database) => {
        ready = true;
        return new BatchWriter({ client: database.client, countries: loadCountryTable, hashIps, retentionDays, log });
      });
    }
    if (message.kind === "write" && message.handOver && ready && pendingRows + writingRows < MAX_BACKLOG_ROWS) {
      pending.push(message.batch);
      pendingRows += message.batch.count;
      pendingId = message.id;
      scope.postMessage({ id: message.id });
      if (pendingRows >= MAX_PENDING_ROWS) writePending();
      else timer ??= setTimeout(writePending, writeDelayMs);
      return;
    }
    // Any other message comes after what was handed over: a write takes those batches along, maintain writes them first.
    const batches = message.kind === "write" ? takePending(message.batch) : takePending();
    const answer = async () => {
      let current: BatchWriter;
      try {
        current = await writer;
      } catch (error) {
        return scope.postMessage({ id: message.id, error: String(error), unavailable: true });
      }
      // `done`: every batch handed over up to this message is written now (or reported lost).
      try {
        if (batches.length) await current.writeMany(batches);
      } catch (error) {
        // The server counts this message's own batch as lost; the handed-over ones before it are reported here.
        const handed = message.kind === "write" ? batches.slice(0, -1) : batches;
        const text = error instanceof Error ? error.message : String(error);
        if (handed.length) scope.postMessage({ id: 0, lost: handed.reduce((n, b) => n + b.count, 0), error: text });
        return scope.postMessage({ id: message.id, error: text, done: message.id });
      }
      try {
        if (message.kind === "maintain") await current.maintain();
        scope.postMessage({ id: message.id, done: message.id });
      } catch (error) {
        scope.postMessage({
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
          done: message.id,
        });
      }
    };
    // Rows taken and not yet written count toward the back-pressure bound until their write ends.
    const rows = batches.reduce((n, b) => n + b.count, 0);
    writingRows += rows;
    queue = queue.then(async () => {
      try {
        await answer();
      } finally {
        writingRows -= rows;
      }
    });
  };
}
