/**
 * The request log's writer thread (docs/decisions/022-traffic-log.md, "Cost"). Inserting the rows, upserting
 * the rollups and committing (the embedded libSQL client does all of it synchronously, fsync included) cost
 * the thread that answers requests 20–60 µs per logged request, 10–15 % of a fast route's throughput. In the
 * server the batches are written here instead, on this thread's own connection to the same database, and the
 * DB-IP table is loaded here only.
 *
 * The same file is both sides: `threadWriter()` (server side) starts a Worker on this file; in the Worker,
 * the code at the bottom answers its messages with a `BatchWriter`.
 */
import { openDatabase } from "../../db/client";
import { loadCountryTable } from "./geo";
import { BatchWriter, SinkUnavailable, type LogBatch, type LogSink } from "./service";

export interface WriterSettings {
  url: string;
  authToken?: string;
  hashIps: boolean;
  retentionDays: number;
}

type Message = { kind: "init"; settings: WriterSettings } | { kind: "write"; batch: LogBatch } | { kind: "maintain" };
type Request = Message & { id: number };
type Reply = { id: number; error?: string; unavailable?: boolean };

/** A sink whose batches are written by a Worker on this file. A Worker that fails makes every call reject with SinkUnavailable. */
export function threadWriter(settings: WriterSettings): LogSink {
  // Bundled into one file (the compiled binary), this module's URL is the whole server's: a Worker on it would
  // start a second server. There the log writes in the server's thread.
  if (!/writer-thread\.[jt]s$/.test(import.meta.path)) throw new SinkUnavailable(`the writer thread needs its own file (this build bundled it into ${import.meta.path})`);
  const worker = new Worker(new URL(import.meta.url).href);
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
    maintain: () => call({ kind: "maintain" }),
    close: () => {
      fail(new SinkUnavailable("the writer thread was closed"));
      worker.terminate();
    },
  };
}

// The Worker's side.
if (!Bun.isMainThread) {
  const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<Request>) => void) | null; postMessage(reply: Reply): void };
  const log = { error: (...args: unknown[]) => console.error(...args) };
  let writer: Promise<BatchWriter> = Promise.reject(new Error("the writer thread got no settings"));
  writer.catch(() => {});
  // One message at a time, in order (a write never overtakes the one before it).
  let queue = Promise.resolve();
  scope.onmessage = (event) => {
    const message = event.data;
    if (message.kind === "init") {
      const { url, authToken, hashIps, retentionDays } = message.settings;
      writer = openDatabase(url, authToken).then((database) => new BatchWriter({ client: database.client, countries: loadCountryTable, hashIps, retentionDays, log }));
    }
    queue = queue.then(async () => {
      let current: BatchWriter;
      try {
        current = await writer;
      } catch (error) {
        return scope.postMessage({ id: message.id, error: String(error), unavailable: true });
      }
      try {
        if (message.kind === "write") await current.write(message.batch);
        else if (message.kind === "maintain") await current.maintain();
        scope.postMessage({ id: message.id });
      } catch (error) {
        scope.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
      }
    });
  };
}
