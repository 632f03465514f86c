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
import { SinkUnavailable, type LogBatch, type LogSink } from "./service";

export interface WriterSettings {
  url: string;
  authToken?: string;
  hashIps: boolean;
  retentionDays: number;
}

export type Message = { kind: "init"; settings: WriterSettings } | { kind: "write"; batch: LogBatch; handOver?: boolean } | { kind: "maintain" };
/** The answer to message `id`; or (id 0) `lost` handed-over rows that could not be written, with the error. */
export type Reply = { id: number; error?: string; unavailable?: boolean; lost?: number };

/**
 * The Worker's file: next to this one when run from source. In the compiled binary (scripts/compile.ts lists it
 * as a second entry point) this module is part of the executable's main file at the root of its embedded file
 * system ($bunfs/root/localscope, or B:/~BUN/root/ on Windows) and the worker keeps its path from the repository root.
 */
const compiled = /[/\\](\$bunfs|~BUN)[/\\]/.test(import.meta.url);
export const WORKER_URL = new URL(compiled ? "./modules/traffic/writer-worker.ts" : "./writer-worker.ts", import.meta.url).href;

/** A sink whose batches are written by a Worker on this file. A Worker that fails makes every call reject with SinkUnavailable. */
export function threadWriter(settings: WriterSettings, lost: (rows: number, error: unknown) => void = () => {}): LogSink {
  const worker = new Worker(WORKER_URL);
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let next = 0;
  let broken: Error | undefined;
  const fail = (error: Error) => {
    broken ??= error;
    for (const call of waiting.values()) call.reject(broken);
    waiting.clear();
  };
  worker.addEventListener("message", (event: MessageEvent<Reply>) => {
    const { id, error, unavailable } = event.data;
    if (event.data.lost) return lost(event.data.lost, new Error(error));
    const call = waiting.get(id);
    waiting.delete(id);
    if (unavailable) {
      // This call is out of `waiting` already: reject it too, or a flush waiting on it never ends.
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
  };
}
