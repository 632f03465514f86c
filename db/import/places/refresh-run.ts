import type { Client } from "@libsql/client";

/**
 * A refresh of many states in one run (`import:osm -- --all`, `--states TX,NM`): the run's states and each
 * finished state's outcome are kept in data_imports (`refresh-run:<source>`), so a run interrupted (Ctrl-C, a
 * reboot) resumes where it stopped when started again with the same states; the record goes when the run ends.
 */

export interface StateOutcome {
  stateCode: string;
  added: number;
  replaced: number;
  removed: number;
  seconds: number;
  /** Why the state was not refreshed (refused, download failed); it is tried again on the next run. */
  error?: string;
}

interface RunRecord {
  states: string[];
  done: StateOutcome[];
}

const runKey = (source: string) => `refresh-run:${source}`;

/** The outcomes already recorded for this list of states (an earlier, interrupted run), else none. */
export async function resumeRun(client: Client, source: string, states: readonly string[]): Promise<StateOutcome[]> {
  const row = (
    await client.execute({ sql: "SELECT version FROM data_imports WHERE dataset = ?", args: [runKey(source)] })
  ).rows[0];
  if (!row) return [];
  try {
    const record = JSON.parse(String(row.version)) as RunRecord;
    return record.states.join(",") === states.join(",") ? record.done.filter((o) => !o.error) : [];
  } catch {
    return [];
  }
}

/** Record the run's progress after each state. */
export async function saveRun(client: Client, source: string, states: readonly string[], done: StateOutcome[]) {
  const record: RunRecord = { states: [...states], done };
  await client.execute({
    sql: `INSERT INTO data_imports (dataset, version, rows, imported_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (dataset) DO UPDATE SET version = excluded.version, rows = excluded.rows, imported_at = excluded.imported_at`,
    args: [runKey(source), JSON.stringify(record), done.length, Date.now()],
  });
}

/** The run is over: the next run starts afresh. */
export async function endRun(client: Client, source: string) {
  await client.execute({ sql: "DELETE FROM data_imports WHERE dataset = ?", args: [runKey(source)] });
}

/** "Run [######------------------]  25 % 1 of 4 states · TX" */
export function runBar(done: number, total: number, current: string | null, width = 24): string {
  const filled = Math.round((done / total) * width);
  return `Run [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.floor((done / total) * 100)).padStart(3)} % ${done} of ${total} states${current ? ` · ${current}` : ""}`;
}

/** The table printed at the end of a run: one row per state, then the totals. */
export function summaryTable(outcomes: readonly StateOutcome[]): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const rows = outcomes.map((o) => [
    o.stateCode,
    o.error ? "—" : n(o.added),
    o.error ? "—" : n(o.replaced),
    o.error ? "—" : n(o.removed),
    `${o.seconds.toFixed(1)} s`,
    o.error ?? "ok",
  ]);
  const sum = (k: "added" | "replaced" | "removed") =>
    n(outcomes.filter((o) => !o.error).reduce((t, o) => t + o[k], 0));
  const failed = outcomes.filter((o) => o.error).length;
  rows.push([
    "All",
    sum("added"),
    sum("replaced"),
    sum("removed"),
    `${outcomes.reduce((t, o) => t + o.seconds, 0).toFixed(1)} s`,
    failed ? `${failed} not refreshed` : "ok",
  ]);
  const header = ["State", "Added", "Replaced", "Removed", "Time", "Result"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
