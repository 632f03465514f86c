import type { Client } from "@libsql/client";

/**
 * A refresh shows at once (docs/decisions/054-a-refresh-shows-at-once.md): whichever process imports or
 * refreshes a state's places bumps the state's row in `data_versions`; every running server polls the table
 * (one indexed query every couple of seconds, the same through a libSQL server shared by several processes)
 * and drops the caches built on that state's places.
 */

/** Mark a state's places as changed. One statement: the new version is one above the highest of any state. */
export async function bumpDataVersion(client: Client, stateCode: string): Promise<void> {
  await client.execute({
    sql: `INSERT INTO data_versions (state_code, version, changed_at)
          VALUES (?, (SELECT coalesce(max(version), 0) + 1 FROM data_versions), ?)
          ON CONFLICT (state_code) DO UPDATE SET version = excluded.version, changed_at = excluded.changed_at`,
    args: [stateCode, Date.now()],
  });
}

/** The highest version so far (0 when nothing changed yet). */
export async function currentDataVersion(client: Client): Promise<number> {
  const result = await client.execute("SELECT coalesce(max(version), 0) AS v FROM data_versions");
  return Number(result.rows[0]?.v ?? 0);
}

/** States changed since `version`, and the highest version seen. */
export async function changedSince(client: Client, version: number): Promise<{ states: string[]; version: number }> {
  const result = await client.execute({
    sql: "SELECT state_code, version FROM data_versions WHERE version > ? ORDER BY version",
    args: [version],
  });
  let highest = version;
  const states: string[] = [];
  for (const row of result.rows) {
    states.push(String(row.state_code));
    highest = Math.max(highest, Number(row.version));
  }
  return { states, version: highest };
}

/** How often a server looks for changes another process made (the "within a few seconds" of a refresh). */
export const DATA_VERSION_POLL_MS = 1_500;

/**
 * Poll for changed states from now on; `onChanged` hears each batch of changed states. A failed poll (the
 * database busy or briefly away) is retried on the next tick. Returns `stop`.
 */
export async function watchDataVersions(
  client: Client,
  onChanged: (states: string[]) => void,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): Promise<() => void> {
  let seen = await currentDataVersion(client);
  let running = false;
  let stopped = false;
  const timer = setInterval(async () => {
    if (running || stopped) return;
    running = true;
    try {
      const changed = await changedSince(client, seen);
      if (!stopped && changed.states.length) {
        seen = changed.version;
        onChanged(changed.states);
      }
    } catch (error) {
      options.onError?.(error);
    } finally {
      running = false;
    }
  }, options.intervalMs ?? DATA_VERSION_POLL_MS);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
