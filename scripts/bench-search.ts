/**
 * City search benchmark: our in-memory index (the service the API calls) against a plain SQL
 * `name LIKE 'q%' ORDER BY population DESC LIMIT 10` over the same libSQL table, same queries, same run.
 * Prints p50/p99/mean per method and the ratios. Usage: npm run bench:search [-- --rounds 20]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootServices } from "../src/boot";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { searchCities } from "../modules/cities";

const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 15;
const dir = mkdtempSync(join(tmpdir(), "localscope-bench-"));
const quiet = { info() {}, warn() {}, error: console.error };
const { database, cityIndex, places } = await bootServices(
  { DATABASE_URL: `file:${join(dir, "bench.db")}`, DATABASE_AUTH_TOKEN: undefined },
  quiet,
);

// What people type: every prefix of common and tricky city names, plus "City, ST" forms, typos and ZIPs.
const typed = [
  "new york",
  "los angeles",
  "chicago",
  "houston",
  "phoenix",
  "philadelphia",
  "san antonio",
  "san diego",
  "dallas",
  "san jose",
  "austin",
  "jacksonville",
  "columbus",
  "springfield",
  "portland",
  "fort lauderdale",
  "st. louis",
  "saint paul",
  "west yellowstone",
  "abbeville",
  "sedalia",
  "boise",
  "honolulu",
  "albuquerque",
  "pittsburgh",
  "springfield, mo",
  "springfield il",
  "portland, or",
  "kansas city, ks",
  "washington, dc",
];
const queries = [
  ...new Set(
    typed.flatMap((w) => Array.from({ length: w.length }, (_, i) => w.slice(0, i + 1)).filter((q) => q.trim())),
  ),
];
queries.push("pittsburg", "albequerque", "pitsburgh", "cincinati", "sacremento", "90210", "15222", "60601");

const likeSql =
  "SELECT name, state_name, state_code, population, latitude, longitude FROM cities WHERE name LIKE ? ORDER BY population DESC LIMIT 10";
const app = createApp({
  config: loadConfig({ NODE_ENV: "production" }),
  database,
  cityIndex,
  places,
  assets: { manifest: { entry: "", preload: [], css: "" }, files: {} },
  log: quiet,
});

type Method = { name: string; run: (q: string) => unknown | Promise<unknown> };
const methods: Method[] = [
  {
    name: "baseline: SQL LIKE 'q%'",
    run: (q) => database.client.execute({ sql: likeSql, args: [`${q.replace(/[%_]/g, "")}%`] }),
  },
  { name: "city index (service)", run: (q) => searchCities(cityIndex, q, 10) },
  {
    name: "GET /api/cities/search (in-process)",
    run: async (q) =>
      (
        await app.handle(new Request(`http://localhost/api/cities/search?q=${encodeURIComponent(q)}&limit=10`))
      ).arrayBuffer(),
  },
];

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((s, x) => s + x, 0) / sorted.length, n: sorted.length };
};

const results: Record<string, ReturnType<typeof stats>> = {};
for (const method of methods) {
  for (const q of queries) await method.run(q); // warm-up
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const t0 = Bun.nanoseconds();
      await method.run(q);
      samples.push((Bun.nanoseconds() - t0) / 1e6);
    }
  }
  results[method.name] = stats(samples);
}

const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(3)} ms`);
console.log(
  `City search benchmark — ${cityIndex.size.toLocaleString("en-US")} cities, ${queries.length} queries × ${rounds} rounds, Bun ${Bun.version}`,
);
console.log("method".padEnd(38), "p50".padStart(12), "p99".padStart(12), "mean".padStart(12));
for (const [name, s] of Object.entries(results))
  console.log(name.padEnd(38), fmt(s.p50).padStart(12), fmt(s.p99).padStart(12), fmt(s.mean).padStart(12));
const base = results[methods[0]!.name]!;
const ours = results[methods[1]!.name]!;
console.log(
  `ratio (baseline / city index): p50 ${(base.p50 / ours.p50).toFixed(1)}×, p99 ${(base.p99 / ours.p99).toFixed(1)}×, mean ${(base.mean / ours.mean).toFixed(1)}×`,
);
console.log(
  `targets: p50 ≥ 20× faster than LIKE → ${base.p50 / ours.p50 >= 20 ? "met" : "NOT met"}; p99 < 1 ms in process → ${ours.p99 < 1 ? "met" : "NOT met"}`,
);
database.close();
rmSync(dir, { recursive: true, force: true });
