/**
 * City stories coverage (issue 12): over the 1,000 largest cities (by SimpleMaps population), how many have a
 * history entry with narrative text (a Wikipedia paragraph), how many facts each city gets, and whether a bare
 * statistic ever stands among the first five while better facts exist. Imports every state first (minutes).
 *
 *   npm run bench:stories                 # all states, the 1,000 largest cities
 *   npm run bench:stories -- --top 200    # fewer cities
 *   npm run bench:stories -- --db FILE    # reuse a database that already has the states imported
 *   npm run bench:stories -- --spread 1000  # 1,000 cities spread evenly over all 31,254 (small towns too)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createContentService } from "../modules/content";
import { bootServices } from "../src/boot";
import { silentLog } from "../src/testing";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const top = Number(arg("top") ?? 1000);
const spread = arg("spread") ? Number(arg("spread")) : undefined;
const scratch = arg("db") ? undefined : mkdtempSync(join(tmpdir(), "localscope-stories-"));
const file = arg("db") ?? join(scratch!, "stories.db");
const log = silentLog();
const started = performance.now();
const { database, cityIndex, places, states } = await bootServices(
  { DATABASE_URL: `file:${file}`, DATABASE_AUTH_TOKEN: undefined },
  log,
);
const all = spread !== undefined;
const ranked = (
  await database.client.execute({
    sql: "SELECT name, state_code FROM cities ORDER BY population DESC, id LIMIT ?",
    args: [all ? 1_000_000 : top],
  })
).rows;
// --spread N: every k-th city by population rank, so towns of every size are in the sample.
const rows = all
  ? ranked.filter((_, i) => i % Math.max(1, Math.floor(ranked.length / spread!)) === 0).slice(0, spread)
  : ranked;
const stateCodes = [...new Set(rows.map((r) => String(r.state_code)))];
for (const code of stateCodes) await states(code);
console.log(
  `imported ${stateCodes.length} states in ${((performance.now() - started) / 1000).toFixed(0)} s (database ${file})`,
);

const content = createContentService({ client: database.client, places, llm: null, log });
const STATISTIC = /ZIP codes|° north|most common kind|urban area of/;
let narrative = 0;
let withFacts5 = 0;
let statisticLeads = 0;
let withData = 0;
const factCounts: number[] = [];
const sources = new Map<string, number>();
const thin: string[] = [];
for (const r of rows) {
  const city = cityIndex.find(String(r.name), String(r.state_code))!;
  const facts = await content.batch("facts", city, 100, { more: false });
  const history = await content.batch("history", city, 60, { more: false });
  factCounts.push(facts.length);
  if (facts.length) withData++;
  if (facts.length >= 5) withFacts5++;
  else thin.push(`${city.name}, ${city.stateCode} (${facts.length})`);
  if (history.some((h) => h.source?.name === "Wikipedia")) narrative++;
  if (facts.slice(0, 5).some((f) => STATISTIC.test(`${f.title} ${f.summary}`)) && facts.length > 5) statisticLeads++;
  for (const f of facts.slice(0, 5))
    sources.set(f.source?.name ?? "none", (sources.get(f.source?.name ?? "none") ?? 0) + 1);
}
factCounts.sort((a, b) => a - b);
const pct = (n: number) => `${((n / rows.length) * 100).toFixed(1)} %`;
console.log(
  all
    ? `cities: ${rows.length} spread evenly over all ${ranked.length} by population`
    : `cities: the ${rows.length} largest`,
);
console.log(
  `  with a history entry with narrative text (Wikipedia):  ${narrative} (${pct(narrative)}) — target ≥ 50 %`,
);
console.log(
  `  with ≥ 5 facts:                                        ${withFacts5} of ${withData} with any data (${pct(withFacts5)})`,
);
console.log(
  `  facts per city: min ${factCounts[0]}, median ${factCounts[Math.floor(factCounts.length / 2)]}, max ${factCounts.at(-1)}`,
);
console.log(
  `  cities whose first five facts include a statistic (they have fewer than five better facts): ${statisticLeads}`,
);
console.log(
  `  sources of the first five facts: ${[...sources]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join("; ")}`,
);
if (thin.length)
  console.log(
    `  fewer than 5 facts: ${thin.slice(0, 20).join(", ")}${thin.length > 20 ? ` and ${thin.length - 20} more` : ""}`,
  );
database.close();
// A scratch database (not one named with --db) goes.
if (scratch) rmSync(scratch, { recursive: true, force: true });
