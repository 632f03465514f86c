/**
 * Extracts the US brand list from the `name-suggestion-index` devDependency (BSD-3-Clause) into
 * db/data/brands/nsi_us_brands.json.gz, so the product never needs the 95 MB package at run time.
 *
 *   node_modules/.bin/bun scripts/extract-brands.ts
 *
 * Kept: `brands/amenity|shop|tourism|leisure|craft/*` items whose locationSet covers the US (worldwide "001",
 * the Americas "019"/"021", "us" or a US state) and does not exclude it — their name, brand and match names,
 * normalised like place titles. `dissolved` lists the brands NSI's Wikidata check found dissolved (with the date).
 */
import { gzipSync } from "node:zlib";
import { titleKey } from "../db/import/places/titles";

const root = new URL("../node_modules/name-suggestion-index/", import.meta.url).pathname;
const nsi = (await Bun.file(`${root}dist/json/nsi.json`).json()) as {
  _meta: { version: string };
  nsi: Record<
    string,
    {
      items: Array<{
        id: string;
        displayName?: string;
        locationSet?: { include?: unknown[]; exclude?: unknown[] };
        matchNames?: string[];
        tags?: Record<string, string>;
      }>;
    }
  >;
};
const dissolved = (await Bun.file(`${root}dist/wikidata/dissolved.json`).json()) as {
  dissolved: Record<string, Array<{ date?: string }>>;
};

const US = (code: unknown) =>
  typeof code === "string" &&
  (code === "001" || code === "019" || code === "021" || code === "us" || /^us-[a-z]{2}(\.geojson)?$/.test(code));
const excludesUs = (code: unknown) => code === "us";

const brands = new Set<string>();
const closed: Record<string, string> = {};
let items = 0;
for (const [path, { items: list }] of Object.entries(nsi.nsi)) {
  if (!/^brands\/(amenity|shop|tourism|leisure|craft)\//.test(path)) continue;
  for (const item of list) {
    const set = item.locationSet ?? {};
    if (!(set.include ?? []).some(US) || (set.exclude ?? []).some(excludesUs)) continue;
    const tags = item.tags ?? {};
    const names = [
      tags.name,
      tags.brand,
      tags["name:en"],
      tags["brand:en"],
      item.displayName,
      ...(item.matchNames ?? []),
    ]
      .filter((n): n is string => !!n)
      .map(titleKey)
      .filter((k) => k.length >= 3 && /[a-z]/.test(k));
    if (!names.length) continue;
    items++;
    for (const key of names) brands.add(key);
    const gone = dissolved.dissolved[item.id]?.[0]?.date;
    if (gone) for (const key of names) closed[key] = gone.slice(0, 10);
  }
}
// A dissolved brand whose name another (living) brand also uses is not known to be closed.
const living = new Set<string>();
for (const [path, { items: list }] of Object.entries(nsi.nsi)) {
  if (!path.startsWith("brands/")) continue;
  for (const item of list) {
    if (dissolved.dissolved[item.id]) continue;
    for (const n of [item.tags?.name, item.tags?.brand]) if (n) living.add(titleKey(n));
  }
}
for (const key of Object.keys(closed)) if (living.has(key)) delete closed[key];

const out = {
  source: `name-suggestion-index ${nsi._meta.version} (BSD-3-Clause), https://github.com/osmlab/name-suggestion-index`,
  brands: [...brands].sort(),
  dissolved: Object.fromEntries(Object.entries(closed).sort()),
};
const target = new URL("../db/data/brands/nsi_us_brands.json.gz", import.meta.url).pathname;
await Bun.write(target, gzipSync(JSON.stringify(out), { level: 9 }));
console.log(
  `${items} US brand items → ${out.brands.length} names, ${Object.keys(out.dissolved).length} dissolved → ${target}`,
);
