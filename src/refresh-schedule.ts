import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import type { Logger } from "./http";

/**
 * REFRESH_SCHEDULE (off by default): the server runs `import:osm -- --all` itself, daily or weekly, as a child
 * process at the lowest CPU priority (nice 19), so the refresh never runs on the request thread. The run keeps
 * its progress in data_imports (`refresh-run:osm`, shown on the admin Data Health tab) and resumes after a
 * restart; each refreshed state reaches the server's lists through its data version (db/data-version.ts).
 */
export type RefreshSchedule = "off" | "daily" | "weekly";

const PERIOD_MS: Record<Exclude<RefreshSchedule, "off">, number> = {
  daily: 24 * 3_600_000,
  weekly: 7 * 24 * 3_600_000,
};
/** How often the server checks whether a run is due. */
const CHECK_MS = 3_600_000;

/** When the last OpenStreetMap refresh of any state ran (ms), or 0. */
async function lastRefresh(client: Client): Promise<number> {
  const row = (
    await client.execute("SELECT max(imported_at) AS t FROM data_imports WHERE dataset LIKE 'refresh:osm:%'")
  ).rows[0];
  return Number(row?.t ?? 0);
}

/** An unfinished run (a restart interrupted it): resume it at once. */
async function runPending(client: Client): Promise<boolean> {
  return (await client.execute("SELECT 1 FROM data_imports WHERE dataset = 'refresh-run:osm'")).rows.length > 0;
}

export function startRefreshSchedule(options: {
  schedule: RefreshSchedule;
  client: Client;
  log: Logger;
  env: Record<string, string | undefined>;
}): () => void {
  const { schedule, client, log } = options;
  if (schedule === "off") return () => {};
  const script = join(import.meta.dir, "../scripts/import-osm.ts");
  if (!existsSync(script)) {
    log.warn("[refresh] REFRESH_SCHEDULE needs the project's scripts (not in the single binary): no scheduled refresh");
    return () => {};
  }
  let child: ReturnType<typeof Bun.spawn> | undefined;
  const due = async () => (await runPending(client)) || Date.now() - (await lastRefresh(client)) >= PERIOD_MS[schedule];
  const tick = async () => {
    if (child) return;
    try {
      if (!(await due())) return;
    } catch (error) {
      log.warn("[refresh] schedule check:", error);
      return;
    }
    log.info(`[refresh] ${schedule} refresh of every state started (progress on Admin › Data Health)`);
    child = Bun.spawn(["nice", "-n", "19", process.execPath, script, "--all"], {
      env: { ...options.env, PLACES_BACKGROUND_IMPORT: "off" },
      stdout: "ignore",
      stderr: "pipe",
    });
    const code = await child.exited;
    const stderr = child.stderr instanceof ReadableStream ? (await new Response(child.stderr).text()).trim() : "";
    child = undefined;
    if (code === 0) log.info("[refresh] scheduled refresh finished");
    else
      log.warn(`[refresh] scheduled refresh ended with code ${code}${stderr ? `: ${stderr.split("\n").at(-1)}` : ""}`);
  };
  const timer = setInterval(() => void tick(), CHECK_MS);
  timer.unref?.();
  const first = setTimeout(() => void tick(), 60_000);
  first.unref?.();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
    child?.kill();
  };
}
