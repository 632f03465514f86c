/**
 * The places import thread, the server's side (docs/decisions/060-imports-off-the-request-thread.md): a state's
 * import runs in a Worker (./import-worker.ts) on its own connection to the same database, and this thread only
 * waits for its outcome. The Worker starts with the first state and ends when the loader's queue is empty, so
 * the memory an import took goes with it.
 */
import { workerUrl } from "../../worker-url";
import { emptySummary, type ImportSummary } from "./summary";

export interface ImportRequest {
  id: number;
  databaseUrl: string;
  authToken?: string;
  /** The Worker lowers its scheduling priority (a server's imports give way to its requests: db/thread-priority.ts). */
  lowPriority?: boolean;
  stateCode: string;
  /** The background run's per-state splits of the nationwide datasets, when there are any. */
  splitsDir?: string;
  /** Datasets whose split for this state is under way there: the import waits for each (./presplit.ts). */
  splitting?: string[];
  /** Instead of an import: split a nationwide dataset per state into `dir` (`imported` is then its rows). */
  split?: { dir: string; datasetKey: string; states: readonly string[] };
}
/** A log line, progress, or the outcome (`imported`: how many datasets ran, or a split's rows; or `error`). */
export type ImportReply = { id: number; log?: string; fraction?: number; imported?: number; error?: string };

export const IMPORT_WORKER_URL = workerUrl(import.meta.url, "./import-worker.ts", "db/import/places/import-worker.ts");

export interface ImportThread {
  import(
    stateCode: string,
    splitsDir: string | undefined,
    log?: (line: string) => void,
    onProgress?: (fraction: number) => void,
    splitting?: string[],
  ): Promise<ImportSummary[]>;
  /** Split a nationwide dataset per state in the Worker (./presplit.ts `writeSplits`); resolves with its rows. */
  split(dir: string, datasetKey: string, states: readonly string[]): Promise<number>;
  /** End the Worker (the next import starts a new one). */
  close(): void;
  /** Whether no import or split waits for the Worker. */
  idle(): boolean;
}

export function importThread(database: {
  databaseUrl: string;
  authToken?: string;
  lowPriority?: boolean;
}): ImportThread {
  let worker: Worker | undefined;
  let next = 0;
  const waiting = new Map<
    number,
    {
      resolve(imported: number): void;
      reject(error: Error): void;
      log?: (line: string) => void;
      onProgress?: (fraction: number) => void;
    }
  >();
  const failAll = (error: Error) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
    worker?.terminate();
    worker = undefined;
  };
  const start = () => {
    const started = new Worker(IMPORT_WORKER_URL);
    started.addEventListener("message", ({ data }: MessageEvent<ImportReply>) => {
      const call = waiting.get(data.id);
      if (!call) return;
      if (data.log !== undefined) call.log?.(data.log);
      if (data.fraction !== undefined) call.onProgress?.(data.fraction);
      if (data.error !== undefined) {
        waiting.delete(data.id);
        call.reject(new Error(data.error));
      } else if (data.imported !== undefined) {
        waiting.delete(data.id);
        call.resolve(data.imported);
      }
    });
    started.addEventListener("error", (event) => {
      if (worker === started) failAll(new Error(`the import thread failed: ${event.message}`));
    });
    started.addEventListener("close", () => {
      if (worker === started) failAll(new Error("the import thread stopped"));
    });
    return started;
  };
  const send = (
    request: Omit<ImportRequest, "id" | "databaseUrl" | "authToken">,
    log?: (line: string) => void,
    onProgress?: (fraction: number) => void,
  ) =>
    new Promise<number>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject, log, onProgress });
      worker ??= start();
      worker.postMessage({ id, ...database, ...request } satisfies ImportRequest);
    });
  return {
    import: async (stateCode, splitsDir, log, onProgress, splitting) => {
      const imported = await send(
        { stateCode, ...(splitsDir ? { splitsDir } : {}), ...(splitting?.length ? { splitting } : {}) },
        log,
        onProgress,
      );
      // The caller only needs to know whether anything was written (to drop its caches).
      return Array.from({ length: imported }, () => emptySummary("", stateCode));
    },
    split: (dir, datasetKey, states) => send({ stateCode: "", split: { dir, datasetKey, states } }),
    idle: () => waiting.size === 0,
    close: () => {
      const stopping = worker;
      worker = undefined;
      for (const call of waiting.values()) call.reject(new Error("the import thread was closed"));
      waiting.clear();
      stopping?.terminate();
    },
  };
}
