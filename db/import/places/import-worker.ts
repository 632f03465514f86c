/**
 * The places import thread, the Worker's side (./import-thread.ts starts it): imports one state at a time on
 * its own connection to the database, so the parse, the deduplication and SQLite's synchronous writes never
 * hold up the thread that answers requests. Posts the import's log lines and progress, then its outcome. It also
 * splits a nationwide dataset per state when no child process can (the compiled binary, ./presplit.ts).
 * A file of its own, so the compiled binary can list it as an entry point (scripts/compile.ts).
 */
import { existsSync } from "node:fs";
import { openDatabase, type Database } from "../../client";
import { DATASETS, importState, readerOf } from ".";
import { afterSplit, sliceRows, splitOutcome, writeSplits } from "./presplit";
import type { ImportReply, ImportRequest } from "./import-thread";
import { clearCsvCache } from "./util";
import { lowerThreadPriority } from "../../thread-priority";

if (!Bun.isMainThread) {
  const scope = globalThis as unknown as {
    onmessage: ((event: MessageEvent<ImportRequest>) => void) | null;
    postMessage(reply: ImportReply): void;
  };
  let database: Promise<Database> | undefined;
  let opened = "";
  let lowered = false;
  // One state at a time, in order.
  let queue = Promise.resolve();
  scope.onmessage = ({ data: request }) => {
    queue = queue.then(async () => {
      const { id, stateCode, splitsDir } = request;
      // A server's imports give way to the thread that answers requests (docs/decisions/075-a-first-import-on-both-cores.md).
      if (request.lowPriority && !lowered) {
        lowerThreadPriority();
        lowered = true;
      }
      try {
        if (request.split) {
          const dataset = DATASETS.find((d) => d.key === request.split!.datasetKey);
          if (!dataset) throw new Error(`no dataset ${request.split.datasetKey}`);
          const rows = await writeSplits(request.split.dir, dataset, request.split.states);
          scope.postMessage({ id, imported: rows });
          return;
        }
        const key = `${request.databaseUrl} ${request.authToken ?? ""}`;
        if (!database || opened !== key) {
          if (database) (await database).close();
          database = openDatabase(request.databaseUrl, request.authToken);
          opened = key;
        }
        const { client } = await database;
        const summaries = await importState(
          client,
          stateCode,
          (line) => scope.postMessage({ id, log: line }),
          (fraction) => scope.postMessage({ id, fraction }),
          splitsDir && existsSync(splitsDir)
            ? (key, code) =>
                request.splitting?.includes(key)
                  ? afterSplit(splitOutcome(splitsDir, key), splitsDir, key, code, () => readerOf(key)(code))
                  : sliceRows(splitsDir, key, code)
            : undefined,
        );
        scope.postMessage({ id, imported: summaries.length });
      } catch (error) {
        // The next state opens the database again.
        void database?.then((d) => d.close()).catch(() => {});
        database = undefined;
        scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
      } finally {
        clearCsvCache(); // parsed files are not kept between states
      }
    });
  };
}
