/**
 * Convert the DB-IP "IP to Country Lite" CSV files (range_start, range_end, country_code; CC BY 4.0) into the
 * compact file the server loads at start: db/data/ip_country/dbip-country-lite.bin.gz (decision 022).
 * Adjacent ranges of the same country are merged. IPv6 ranges are kept at /64 precision (the upper 64 bits).
 * Usage: bun scripts/import-ip-country.ts DIR   (DIR holds dbip-country-lite-ipv4.csv.gz and -ipv6.csv.gz)
 */
import { gunzipSync, gzipSync } from "node:zlib";
import { join } from "node:path";
import { parseAddress } from "../src/proxies";
import { encodeCountryTable } from "../modules/traffic/geo";

const dir = process.argv[2];
if (!dir) throw new Error("usage: bun scripts/import-ip-country.ts DIR");

function read(name: string, version: 4 | 6) {
  const text = gunzipSync(Buffer.from(require("node:fs").readFileSync(join(dir!, name)))).toString("utf8");
  const rows: Array<{ start: bigint; end: bigint; code: string }> = [];
  let unaligned = 0;
  for (const line of text.split("\n")) {
    if (!line) continue;
    const [a, b, code] = line.split(",");
    const start = parseAddress(a!);
    const end = parseAddress(b!);
    if (!start || !end || start.version !== version || end.version !== version || !/^[A-Z]{2}$/.test(code!))
      throw new Error(`${name}: bad row ${line}`);
    let s = start.value;
    let e = end.value;
    if (version === 6) {
      if ((s & 0xffffffffffffffffn) !== 0n || (e & 0xffffffffffffffffn) !== 0xffffffffffffffffn) unaligned++;
      s >>= 64n;
      e >>= 64n;
    }
    const last = rows.at(-1);
    if (last && last.code === code && last.end + 1n >= s) last.end = e > last.end ? e : last.end;
    else if (last && s <= last.end)
      continue; // a sub-/64 range inside the previous one: the first wins
    else rows.push({ start: s, end: e, code: code! });
  }
  console.log(
    `${name}: ${text.split("\n").filter(Boolean).length} rows → ${rows.length} ranges${version === 6 ? ` (${unaligned} not /64-aligned)` : ""}`,
  );
  return rows;
}

const v4 = read("dbip-country-lite-ipv4.csv.gz", 4);
const v6 = read("dbip-country-lite-ipv6.csv.gz", 6);
const out = join(import.meta.dir, "../db/data/ip_country/dbip-country-lite.bin.gz");
const bytes = gzipSync(encodeCountryTable(v4, v6), { level: 9 });
await Bun.write(out, bytes);
console.log(`wrote ${out} (${(bytes.length / 1024).toFixed(0)} KB)`);
