/**
 * Country of an IP address from the DB-IP "IP to Country Lite" data (CC BY 4.0, decision 022): ranges kept
 * in sorted typed arrays (IPv4 as 32-bit numbers, IPv6 at /64 precision as 64-bit numbers) and found by
 * binary search. Private, reserved and unmatched addresses are "Unknown". Pure code, no I/O but `loadCountryTable`.
 */
import { gunzipSync } from "node:zlib";
import { parseAddress } from "../../src/proxies";

export const UNKNOWN_COUNTRY = "Unknown";
export const DBIP_ATTRIBUTION = { text: "IP Geolocation by DB-IP", url: "https://db-ip.com" } as const;

const MAGIC = 0x4343534c; // "LSCC"
type Range = { start: bigint; end: bigint; code: string };

/** The binary layout (little-endian): header, v6 starts/ends (u64), v4 starts/ends (u32), v6 codes, v4 codes (u16). */
export function encodeCountryTable(v4: Range[], v6: Range[]): Uint8Array {
  const n4 = v4.length;
  const n6 = v6.length;
  const size = 16 + n6 * 16 + n4 * 8 + n6 * 2 + n4 * 2;
  const buffer = new ArrayBuffer(size);
  new Uint32Array(buffer, 0, 4).set([MAGIC, 1, n4, n6]);
  let offset = 16;
  const code = (c: string) => (c.charCodeAt(0) << 8) | c.charCodeAt(1);
  new BigUint64Array(buffer, offset, n6).set(v6.map((r) => r.start));
  offset += n6 * 8;
  new BigUint64Array(buffer, offset, n6).set(v6.map((r) => r.end));
  offset += n6 * 8;
  new Uint32Array(buffer, offset, n4).set(v4.map((r) => Number(r.start)));
  offset += n4 * 4;
  new Uint32Array(buffer, offset, n4).set(v4.map((r) => Number(r.end)));
  offset += n4 * 4;
  new Uint16Array(buffer, offset, n6).set(v6.map((r) => code(r.code)));
  offset += n6 * 2;
  new Uint16Array(buffer, offset, n4).set(v4.map((r) => code(r.code)));
  return new Uint8Array(buffer);
}

export interface CountryTable {
  v4Starts: Uint32Array;
  v4Ends: Uint32Array;
  v4Codes: Uint16Array;
  v6Starts: BigUint64Array;
  v6Ends: BigUint64Array;
  v6Codes: Uint16Array;
}

export function decodeCountryTable(bytes: Uint8Array): CountryTable {
  // The bytes' own buffer when they fill it (a gunzipped table does: no second 9 MB copy), else an aligned copy.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole
    ? bytes.buffer
    : bytes.byteOffset % 8 === 0
      ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
      : new Uint8Array(bytes).buffer;
  const [magic, version, n4, n6] = new Uint32Array(buffer, 0, 4);
  if (magic !== MAGIC || version !== 1) throw new Error("not a LocalScope country table");
  let offset = 16;
  const take = <T>(make: (o: number) => T, bytesEach: number, n: number) => {
    const array = make(offset);
    offset += bytesEach * n;
    return array;
  };
  const v6Starts = take((o) => new BigUint64Array(buffer, o, n6!), 8, n6!);
  const v6Ends = take((o) => new BigUint64Array(buffer, o, n6!), 8, n6!);
  const v4Starts = take((o) => new Uint32Array(buffer, o, n4!), 4, n4!);
  const v4Ends = take((o) => new Uint32Array(buffer, o, n4!), 4, n4!);
  const v6Codes = take((o) => new Uint16Array(buffer, o, n6!), 2, n6!);
  const v4Codes = take((o) => new Uint16Array(buffer, o, n4!), 2, n4!);
  return { v4Starts, v4Ends, v4Codes, v6Starts, v6Ends, v6Codes };
}

/** Read the bundled (gzipped) table: db/data/ip_country/dbip-country-lite.bin.gz, embedded in the single binary. */
export async function loadCountryTable(): Promise<CountryTable> {
  const { default: path } = await import("../../db/data/ip_country/dbip-country-lite.bin.gz", {
    with: { type: "file" },
  });
  return decodeCountryTable(gunzipSync(new Uint8Array(await Bun.file(path as unknown as string).arrayBuffer())));
}

/** Index of the last start ≤ value, or -1. */
function floorIndex<T extends number | bigint>(starts: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

const codeText = (code: number) => String.fromCharCode(code >> 8, code & 255);
/** DB-IP marks reserved ranges "ZZ". */
const RESERVED = ("Z".charCodeAt(0) << 8) | "Z".charCodeAt(0);

/** ISO alpha-2 country code of an address, or "Unknown" (private, reserved, unmatched, not an address). */
export function countryOf(table: CountryTable, address: string | undefined): string {
  if (!address) return UNKNOWN_COUNTRY;
  const parsed = parseAddress(address);
  if (!parsed) return UNKNOWN_COUNTRY;
  let code = -1;
  if (parsed.version === 4) {
    const value = Number(parsed.value);
    const i = floorIndex(table.v4Starts, value);
    if (i >= 0 && value <= table.v4Ends[i]!) code = table.v4Codes[i]!;
  } else {
    const value = parsed.value >> 64n;
    const i = floorIndex(table.v6Starts, value);
    if (i >= 0 && value <= table.v6Ends[i]!) code = table.v6Codes[i]!;
  }
  return code < 0 || code === RESERVED ? UNKNOWN_COUNTRY : codeText(code);
}
