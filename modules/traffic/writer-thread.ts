/**
 * The request log's writer thread (docs/decisions/022-traffic-log.md, "Cost"). Inserting the rows, upserting
 * the rollups and committing (the embedded libSQL client does all of it synchronously, fsync included) cost
 * the thread that answers requests 20–60 µs per logged request, 10–15 % of a fast route's throughput. In the
 * server the batches are written here instead, on this thread's own connection to the same database, and the
 * DB-IP table is loaded here only.
 *
 * `threadWriter()` (this file, the server's side) starts a Worker on ./writer-worker.ts, which answers its
 * messages with a `BatchWriter`. The compiled binary (scripts/compile.ts) has that file as a second entry point.
 */
import { workerUrl } from "../../db/worker-url";
import { SinkUnavailable, type LogBatch, type LogSink } from "./log-batch";

export interface WriterSettings {
  url: string;
  authToken?: string;
  hashIps: boolean;
  retentionDays: number;
  /** How long handed-over batches wait to be written together (WRITE_DELAY_MS; a test sets its own). */
  writeDelayMs?: number;
}

export type Message =
  | { kind: "init"; settings: WriterSettings }
  | { kind: "write"; batch: LogBatch; handOver?: boolean }
  | { kind: "maintain" };
/**
 * The answer to message `id`; or (id 0) `done`: every handed-over batch up to that message id is written, or,
 * with `lost`, could not be (that many rows, with the error).
 */
export type Reply = { id: number; error?: string; unavailable?: boolean; lost?: number; done?: number };

/** The Worker's file (in the compiled binary, by its path from the repository root). */
export const WORKER_URL = workerUrl(import.meta.url, "./writer-worker.ts", "modules/traffic/writer-worker.ts");

/** A sink whose batches are written by a Worker on this file. A Worker that fails makes every call reject with SinkUnavailable. */
export function threadWriter(
  settings: WriterSettings,
  lost: (rows: number, error: unknown) => void = () => {},
): LogSink {
  const worker = new Worker(WORKER_URL);
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  /** Handed-over batches taken but not yet written, by message id: written here instead if the thread dies. */
  const unconfirmed = new Map<number, LogBatch>();
  const settled = (upTo: number) => {
    for (const id of unconfirmed.keys()) if (id <= upTo) unconfirmed.delete(id);
  };
  let next = 0;
  let broken: Error | undefined;
  const fail = (error: Error) => {
    broken ??= error;
    // A rejected call's batch goes back to its caller (the server writes it itself): not one to salvage too.
    for (const id of waiting.keys()) unconfirmed.delete(id);
    for (const call of waiting.values()) call.reject(broken);
    waiting.clear();
  };
  worker.addEventListener("message", (event: MessageEvent<Reply>) => {
    const { id, error, unavailable } = event.data;
    if (event.data.done !== undefined) settled(event.data.done);
    if (event.data.lost) return lost(event.data.lost, new Error(error));
    if (id === 0) return;
    const call = waiting.get(id);
    waiting.delete(id);
    if (unavailable) {
      // This call is out of `waiting` already: reject it too, or a flush waiting on it never ends.
      unconfirmed.delete(id);
      fail(new SinkUnavailable(error ?? "the writer thread could not open the database"));
      call?.reject(broken!);
    } else if (error) call?.reject(new Error(error));
    else call?.resolve();
  });
  worker.addEventListener("error", (event) => fail(new SinkUnavailable(`the writer thread failed: ${event.message}`)));
  worker.addEventListener("close", () => fail(new SinkUnavailable("the writer thread stopped")));
  const call = (message: Message): Promise<void> =>
    broken
      ? Promise.reject(broken)
      : new Promise((resolve, reject) => {
          const id = ++next;
          waiting.set(id, { resolve, reject });
          if (message.kind === "write" && message.handOver) unconfirmed.set(id, message.batch);
          worker.postMessage({ ...message, id });
        });
  // Its first message opens the database; a failure there makes the server write in its own thread.
  call({ kind: "init", settings }).catch(() => {});
  return {
    write: (batch) => call({ kind: "write", batch }),
    handOver: (batch) => call({ kind: "write", batch, handOver: true }),
    maintain: () => call({ kind: "maintain" }),
    close: () => {
      fail(new SinkUnavailable("the writer thread was closed"));
      worker.terminate();
    },
    unwritten: () => {
      if (!broken) return [];
      const batches = [...unconfirmed.values()];
      unconfirmed.clear();
      return batches;
    },
  };
}
