import { Elysia } from "elysia";
import type { Database } from "../db/client";
import { storageReason, type Logger } from "./http";

/**
 * Process lifecycle (docs/decisions/019-request-hardening.md items 5 and 6): an honest /healthz and a graceful shutdown.
 *
 * Modules that buffer writes (the traffic log, analytics) register a flush with `onShutdown`; on SIGTERM or
 * SIGINT the server stops accepting connections, lets the requests in flight finish, runs every hook (each
 * bounded by a timeout), closes the database and exits.
 */

type Hook = { name: string; run: () => void | Promise<void> };
const hooks: Hook[] = [];
let draining = false;

/** Run `run` once when the process shuts down (after in-flight requests finished, before the database closes). */
export function onShutdown(name: string, run: () => void | Promise<void>): () => void {
  const hook = { name, run };
  hooks.push(hook);
  return () => {
    const at = hooks.indexOf(hook);
    if (at >= 0) hooks.splice(at, 1);
  };
}

export const isDraining = () => draining;
/** Tests only: serve again after a test drove `shutdown`. */
export const endDrainForTests = () => {
  draining = false;
};

/** Run every shutdown hook (in registration order), each for at most `timeoutMs`; failures are logged, never thrown. */
export async function runShutdownHooks(log: Logger, timeoutMs = 5_000): Promise<void> {
  for (const hook of [...hooks]) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        Promise.resolve().then(hook.run),
        new Promise(
          (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)),
        ),
      ]);
    } catch (error) {
      log.error(`[shutdown] ${hook.name} failed:`, error);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Stop serving gracefully: /healthz turns 503 at once (a load balancer stops sending), the listener closes,
 * requests in flight finish (at most `drainMs`), hooks run, the database closes.
 */
export async function shutdown(deps: {
  stop: (force: boolean) => Promise<unknown>;
  database: Database;
  log: Logger;
  drainMs?: number;
}): Promise<void> {
  if (draining) return;
  draining = true;
  const drainMs = deps.drainMs ?? 10_000;
  deps.log.info("[shutdown] draining requests…");
  const drained = await Promise.race([deps.stop(false).then(() => true), Bun.sleep(drainMs).then(() => false)]);
  if (!drained) {
    deps.log.warn(`[shutdown] requests still open after ${drainMs} ms; closing them`);
    await deps.stop(true).catch(() => {});
  }
  await runShutdownHooks(deps.log);
  deps.database.close();
  deps.log.info("[shutdown] done");
}

/** How long /healthz waits for the database write before it says 503. */
export const HEALTH_TIMEOUT_MS = 2_000;

/** A write proven this recently is not proven again: /healthz costs at most one tiny write a second. */
export const HEALTH_FRESH_MS = 1_000;

/**
 * GET /healthz: 200 {ok: true} when the database accepts a write (one tiny upsert of a single row), else 503
 * {ok: false, reason}. Also 503 while the server drains for shutdown. Callers within a second share one probe.
 */
export function health(deps: { database: Database }) {
  let last: { at: number; probe: Promise<string | null> } | undefined;
  const probe = async (): Promise<string | null> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        deps.database.client.execute({
          sql: "INSERT INTO health_probe (id, at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET at = excluded.at",
          args: [Date.now()],
        }),
        new Promise(
          (_, reject) =>
            (timer = setTimeout(
              () => reject(new Error(`the database did not answer within ${HEALTH_TIMEOUT_MS} ms`)),
              HEALTH_TIMEOUT_MS,
            )),
        ),
      ]);
      return null;
    } catch (error) {
      return storageReason(error) ?? (error as Error)?.message ?? String(error);
    } finally {
      clearTimeout(timer);
    }
  };
  return new Elysia({ name: "health" }).get("/healthz", async ({ set }) => {
    set.headers["cache-control"] = "no-store";
    if (draining) return jsonHealth(503, "The server is shutting down.");
    const now = Date.now();
    if (!last || now - last.at >= HEALTH_FRESH_MS) last = { at: now, probe: probe() };
    const reason = await last.probe;
    if (reason === null) return { ok: true };
    last = undefined; // a failure is re-checked on the next call
    return jsonHealth(503, `The database does not accept writes: ${reason.slice(0, 200)}`);
  });
}

const jsonHealth = (status: number, reason: string) =>
  new Response(JSON.stringify({ ok: false, reason }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
