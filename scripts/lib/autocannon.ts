/** For the benchmarks in scripts/: one autocannon run as a table row, and the table. */
import autocannon from "autocannon";

export interface Target {
  name: string;
  url: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Transport errors plus non-2xx answers. */
  errors: number;
}

/** Drive one route with `connections` connections for `seconds` s (no pipelining) and read its figures. */
export async function measure(target: Target, options: { connections: number; seconds: number }): Promise<Row> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? "GET",
    body: target.body,
    headers: target.headers,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
  });
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The rows as a table: route, req/s, p50, p99, errors. */
export function printRows(rows: Row[], indent = "", width = 36) {
  console.log(
    `${indent}route`.padEnd(width),
    "req/s".padStart(10),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "errors".padStart(8),
  );
  for (const r of rows)
    console.log(
      `${indent}${r.name}`.padEnd(width),
      r.rps.toFixed(0).padStart(10),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.errors).padStart(8),
    );
}
