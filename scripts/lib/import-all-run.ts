/**
 * One first background import of every state, as a server's first start runs it (bootServices, then the state
 * loader's background queue at once), in the tree this file is in; for scripts/bench-import.ts `--all`, which
 * copies it into an older tree to measure that build the same way.
 *   bun scripts/lib/import-all-run.ts DATABASE_FILE
 * Prints the server's log lines, then one JSON line: {"seconds": s, "peakMB": VmHWM of this process}.
 */
import { readFileSync } from "node:fs";
import { bootServices } from "../../src/boot";

const file = process.argv[2];
if (!file) {
  console.error("Usage: bun scripts/lib/import-all-run.ts DATABASE_FILE");
  process.exit(2);
}
const lines: string[] = [];
const began = performance.now();
const say = (...a: unknown[]) => {
  const line = a.map(String).join(" ");
  lines.push(line);
  console.log(`${((performance.now() - began) / 1000).toFixed(1).padStart(6)} ${line}`);
};
const booted = await bootServices(
  {
    DATABASE_URL: `file:${file}`,
    DATABASE_AUTH_TOKEN: undefined,
    OVERPASS_URL: undefined,
    PLACES_BACKGROUND_IMPORT: "off",
  },
  { info: say, warn: say, error: say },
);
const states = (
  await booted.database.client.execute(
    "SELECT state_code FROM cities GROUP BY state_code ORDER BY sum(population) DESC",
  )
).rows.map((r) => String(r.state_code));
const started = performance.now();
booted.states.startBackground(states, 0);
while (!lines.some((l) => l.startsWith("Background import: every state"))) await Bun.sleep(100);
const seconds = (performance.now() - started) / 1000;
// Every state's Data Health row is written after its import (boot's onImported): wait for the last ones.
for (const state of states) {
  const health = { sql: "SELECT 1 FROM admin_data_health WHERE state_code = ?", args: [state] };
  while (!(await booted.database.client.execute(health)).rows.length) await Bun.sleep(50);
}
const peakMB = Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) / 1024;
booted.database.close();
console.log(JSON.stringify({ seconds, peakMB, states: states.length }));
process.exit(0);
