/**
 * What the caches hold after many cities: the server's RSS idle, after visiting the largest cities of the
 * imported states (the home page in four themes, the nearby, local-gems and category lists, two pages each, a
 * place search), and 20 s later; on this checkout's server and, with `--before DIR`, another checkout's, side
 * by side on copies of the same database, with the ratios. The caches answer every visit after the first from
 * memory, so what they keep is what stays resident: byte budgets bound it.
 *
 *   bun scripts/bench-cache-memory.ts --from .tmp/test-templates/e2e.db [--before DIR] [--cities 300]
 */
import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { THEMES } from "../ui/themes";
import { LIST } from "../src/domain/lists";
import { arg, option } from "./lib/args";
import { startSides, stopSides, type Side } from "./lib/before-after";
import { statusMiB } from "./lib/proc-memory";
import { cookieOf } from "./lib/server";

const from = option("--from", ".tmp/test-templates/e2e.db");
const before = option("--before", "") && resolve(option("--before", ""));
const count = arg("cities", 300);
/** How long the server is left idle before its memory is read again (its allocators hand pages back over seconds). */
const SETTLE_MS = 20_000;

const client = createClient({ url: `file:${from}` });
const { rows } = await client.execute({
  sql: `SELECT name, state_code FROM cities WHERE state_code IN (SELECT DISTINCT state_code FROM places)
        ORDER BY population DESC LIMIT ?`,
  args: [count],
});
client.close();
const cities = rows.map((r) => [String(r.name), String(r.state_code)] as const);
const themes = THEMES.slice(0, 4).map((t) => t.name);

const dir = mkdtempSync(join(tmpdir(), "localscope-bench-memory-"));
const report: string[] = [];
const figures = new Map<string, { idle: number; after: number; settled: number }>();
let sides: Side[] = [];
try {
  sides = await startSides({
    from,
    dir,
    before,
    env: {
      RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
      RATE_LIMIT_AUTH_PER_MINUTE: "1000000",
      RATE_LIMIT_SEARCHES_PER_MINUTE: "1000000",
    },
  });
  // One side at a time: the other waits idle (its memory is read after its own visits only).
  for (const { name, proc, base } of sides) {
    try {
      const session = cookieOf(await fetch(`${base}/api/auth/auto-login`, { method: "POST" }));
      const get = async (path: string, cookie = session) => {
        const response = await fetch(base + path, { headers: { cookie, "accept-encoding": "deflate" } });
        await response.arrayBuffer();
        return response.status;
      };
      await get("/");
      await Bun.sleep(3_000);
      const idle = statusMiB(proc.pid, "VmRSS");
      let failed = 0;
      for (const [city, state] of cities) {
        const q = `city=${encodeURIComponent(city)}&state=${state}`;
        const location = `localscope-location=${encodeURIComponent(`${city}, ${state}`)}`;
        const paths = [
          ...[0, 12].flatMap((offset) => [
            `/api/places/nearby?${q}&count=12&offset=${offset}`,
            `/api/places/local-gems?${q}&count=12&offset=${offset}`,
            `/api/places/category/${LIST.history}?${q}&count=12&offset=${offset}`,
          ]),
          `/api/places/search?q=museum&${q}`,
        ];
        for (const path of paths) if ((await get(path)) >= 400) failed++;
        for (const theme of themes)
          if ((await get("/", `${session}; ${location}; localscope-theme=${theme}`)) >= 400) failed++;
      }
      const after = statusMiB(proc.pid, "VmRSS");
      await Bun.sleep(SETTLE_MS);
      const settled = statusMiB(proc.pid, "VmRSS");
      figures.set(name, { idle, after, settled });
      report.push(
        `${name.padEnd(7)} RSS idle ${idle.toFixed(0)} MiB, after ${cities.length} cities ${after.toFixed(0)} MiB, ${SETTLE_MS / 1000} s later ${settled.toFixed(0)} MiB (anon ${statusMiB(proc.pid, "RssAnon").toFixed(0)} MiB) — ${(settled / idle).toFixed(2)}× idle; ${failed} failed requests`,
      );
    } finally {
      proc.kill();
      await proc.exited;
    }
  }
} finally {
  await stopSides(sides);
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `Cache memory — ${cities.length} largest cities of the imported states: home in ${themes.length} themes, 3 lists × 2 pages, a search each; Bun ${Bun.version}`,
);
for (const line of report) console.log(line);
const a = figures.get("after")!;
const b = figures.get("before");
if (b)
  console.log(
    `before / after, growth over idle: ${((b.settled - b.idle) / Math.max(1, a.settled - a.idle)).toFixed(2)}×`,
  );
console.log(`target: settled within 1.5× of idle → ${a.settled <= 1.5 * a.idle ? "meets" : "ABOVE"}`);
