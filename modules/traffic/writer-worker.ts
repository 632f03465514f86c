/**
 * The request log's writer thread, the Worker's side (see ./writer-thread.ts, which starts it): opens its own
 * connection to the database and answers each message with a `BatchWriter`, one message at a time, in order.
 * A file of its own, so the compiled binary can list it as an entry point (scripts/compile.ts).
 */
import { openDatabase } from "../../db/client";
import { loadCountryTable } from "./geo";
import { BatchWriter } from "./service";
import type { Message, Reply } from "./writer-thread";

type Request = Message & { id: number };

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
