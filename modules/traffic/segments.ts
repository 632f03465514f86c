// The stored-row codec of the request log: a written batch as one `traffic_segments` row (JSON columns),
// and the entries read back from those rows, newest first.
import type { Client } from "@libsql/client";

/** Per-entry columns that may be stored as one value when every entry of the segment has it (see `Segment`). */
const CONSTANT_COLUMNS = ["ms", "status", "user", "m", "p", "a", "i", "v"] as const;

/** A segment with each per-entry column whose entries are all equal stored as that one value (a third of the bytes). */
export function compact(segment: Segment): Segment {
  for (const column of CONSTANT_COLUMNS) {
    const values = segment[column] as Array<number | null>;
    if (values.length > 1 && values.every((value) => value === values[0]))
      (segment as unknown as Record<string, unknown>)[column] = values[0];
  }
  return segment;
}

/**
 * A stored batch (`traffic_segments.data`, JSON): per entry `at` (ms after `t0`), `ms` (duration), `status`, `user`
 * (id or null) and indexes into the lists: `m` → methods, `p` → paths (route templates), `a` → agents (with
 * `devices` and `bots` per agent), `i` → ips (null with TRAFFIC_HASH_IPS=true) and `countries` per address,
 * `v` → visitors (keys). Entry k of the segment whose row id is N has id N + k. A per-entry column other than
 * `at` whose entries are all equal is stored as that single value instead of an array (segments written before
 * that have arrays only).
 */
export interface Segment {
  /** `at` holds each entry's time minus t0 (epoch ms). */
  t0: number;
  at: number[];
  ms: number[];
  status: number[];
  user: Array<number | null>;
  m: number[];
  p: number[];
  a: number[];
  i: number[];
  v: number[];
  methods: string[];
  paths: string[];
  agents: string[];
  devices: string[];
  bots: number[];
  ips: Array<string | null>;
  countries: string[];
  visitors: string[];
}

/** One logged request as stored (the columns of the former `traffic_log` table). */
export interface StoredEntry {
  id: number;
  at: number;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  user_agent: string;
  device: string;
  country: string;
  ip: string | null;
  visitor: string;
  user_id: number | null;
  bot: number;
}

/** The entries of a stored segment, oldest first. */
export function entriesOf(row: Record<string, unknown>): StoredEntry[] {
  const s = JSON.parse(String(row.data)) as Segment;
  const first = Number(row.id);
  // A column stored as one value (see `Segment`) is that value for every entry.
  const column = <T>(values: T[] | T) => (Array.isArray(values) ? (k: number) => values[k]! : () => values);
  const [ms, status, user, m, p, a, i, v] = [
    column(s.ms),
    column(s.status),
    column(s.user),
    column(s.m),
    column(s.p),
    column(s.a),
    column(s.i),
    column(s.v),
  ];
  return s.at.map((at, k) => ({
    id: first + k,
    at: s.t0 + at,
    method: s.methods[m(k)]!,
    path: s.paths[p(k)]!,
    status: status(k),
    duration_ms: ms(k),
    user_agent: s.agents[a(k)]!,
    device: s.devices[a(k)]!,
    country: s.countries[i(k)]!,
    ip: s.ips[i(k)] ?? null,
    visitor: s.visitors[v(k)]!,
    user_id: user(k) ?? null,
    bot: s.bots[a(k)]!,
  }));
}

/**
 * Stored entries, newest first (by id): those with id < `before` (if given) that `keep` keeps, from segments
 * with an entry at or after `minLastAt`, read a few segments at a time until `want` are found.
 */
export async function newestEntries(
  client: Client,
  options: { before?: number; minLastAt?: number; keep?: (entry: StoredEntry) => boolean; want: number },
): Promise<StoredEntry[]> {
  const out: StoredEntry[] = [];
  let below = options.before ?? Number.MAX_SAFE_INTEGER;
  for (let pageSize = 4; ; pageSize = Math.min(pageSize * 2, 64)) {
    const { rows } = await client.execute({
      sql: "SELECT id, data FROM traffic_segments WHERE id < ? AND last_at >= ? ORDER BY id DESC LIMIT ?",
      args: [below, options.minLastAt ?? -Number.MAX_SAFE_INTEGER, pageSize],
    });
    for (const row of rows) {
      const entries = entriesOf(row);
      for (let k = entries.length - 1; k >= 0; k--) {
        const entry = entries[k]!;
        if ((options.before === undefined || entry.id < options.before) && (!options.keep || options.keep(entry)))
          out.push(entry);
      }
      below = Number(row.id);
      if (out.length >= options.want) return out;
    }
    if (rows.length < pageSize) return out;
  }
}

/** Every stored entry, oldest first (tests and scripts: what the former `SELECT * FROM traffic_log ORDER BY id` gave). */
export async function logRows(client: Client): Promise<StoredEntry[]> {
  const { rows } = await client.execute("SELECT id, data FROM traffic_segments ORDER BY id");
  return rows.flatMap(entriesOf);
}
