/**
 * An Overpass-protocol server of ours, on 127.0.0.1, for tests and for trying OVERPASS_URL offline.
 *
 * It answers `POST /api/interpreter` (form field `data=`, or `GET ?data=`) with Overpass JSON
 * (`{version, generator, elements: [{type, id, lat, lon | center, tags}]}`) built from the OSM samples in
 * the repository: the Chicago Loop and Boston Back Bay extracts (db/data/places) and the Las Vegas fixture
 * (fixtures/las-vegas-sample.osm). It evaluates the subset of Overpass QL that LocalScope sends: statements
 * `node|way|relation|nwr` with tag filters `["k"]`, `["k"="v"]`, `["k"~"regex"]` and an area
 * `(around:R,lat,lon)` or a bounding box `(s,w,n,e)`. `mode` simulates a slow, hanging or failing server.
 *
 *   bun modules/places/overpass-test-server.ts [port]   → prints the OVERPASS_URL to use
 */
import { distanceMiles } from "../../src/geo";
import type { OverpassElement } from "./overpass-query";

export type OverpassTestMode = "ok" | "slow" | "hang" | "error" | "garbage" | "remark";

export interface OverpassTestRequest {
  method: string;
  contentType: string | null;
  userAgent: string | null;
  query: string;
  startedAt: number;
  endedAt?: number;
}

export interface OverpassTestServer {
  /** The OVERPASS_URL to configure: http://127.0.0.1:PORT/api/interpreter */
  url: string;
  port: number;
  /** How the next answers behave; change it between requests. */
  mode: OverpassTestMode;
  /** Delay of "slow" answers. */
  delayMs: number;
  /** Every interpreter request received, in order. */
  requests: OverpassTestRequest[];
  /** The most requests that were ever being answered at the same time. */
  maxInFlight: number;
  /** Resolves once `count` requests have come in (at once when they have). */
  received(count: number): Promise<void>;
  stop(): Promise<void>;
}

const here = `${import.meta.dir}/../../db/import/places`;

type Sample = OverpassElement & { tags: Record<string, string> };

async function geojsonElements(path: string): Promise<Sample[]> {
  const json = JSON.parse(
    new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await Bun.file(path).arrayBuffer()))),
  ) as {
    features: Array<{ geometry: { type: string; coordinates: [number, number] }; properties: Record<string, unknown> }>;
  };
  const out: Sample[] = [];
  for (const f of json.features) {
    const { osm_type, osm_id, ...rest } = f.properties;
    if (
      f.geometry?.type !== "Point" ||
      typeof osm_id !== "number" ||
      !["node", "way", "relation"].includes(String(osm_type))
    )
      continue;
    const tags: Record<string, string> = {};
    for (const [k, v] of Object.entries(rest)) if (typeof v === "string" || typeof v === "number") tags[k] = String(v);
    const [lon, lat] = f.geometry.coordinates;
    const type = osm_type as Sample["type"];
    out.push(type === "node" ? { type, id: osm_id, lat, lon, tags } : { type, id: osm_id, center: { lat, lon }, tags });
  }
  return out;
}

/** The tiny .osm XML fixture: tagged nodes, and ways with the average of their nodes as centre. */
async function osmXmlElements(path: string): Promise<Sample[]> {
  const xml = await Bun.file(path).text();
  const unescapeXml = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const tagsOf = (body: string) =>
    Object.fromEntries(
      [...body.matchAll(/<tag k="([^"]*)" v="([^"]*)"\s*\/>/g)].map((m) => [unescapeXml(m[1]!), unescapeXml(m[2]!)]),
    );
  const coords = new Map<number, { lat: number; lon: number }>();
  const out: Sample[] = [];
  for (const m of xml.matchAll(
    /<node id="(\d+)"[^>]*?lat="(-?[\d.]+)" lon="(-?[\d.]+)"\s*(?:\/>|>([\s\S]*?)<\/node>)/g,
  )) {
    const id = Number(m[1]);
    const point = { lat: Number(m[2]), lon: Number(m[3]) };
    coords.set(id, point);
    const tags = tagsOf(m[4] ?? "");
    if (Object.keys(tags).length) out.push({ type: "node", id, ...point, tags });
  }
  for (const m of xml.matchAll(/<way id="(\d+)"[^>]*>([\s\S]*?)<\/way>/g)) {
    const refs = [...new Set([...m[2]!.matchAll(/<nd ref="(\d+)"\s*\/>/g)].map((r) => Number(r[1])))].flatMap(
      (r) => coords.get(r) ?? [],
    );
    if (!refs.length) continue;
    const center = {
      lat: refs.reduce((s, p) => s + p.lat, 0) / refs.length,
      lon: refs.reduce((s, p) => s + p.lon, 0) / refs.length,
    };
    out.push({ type: "way", id: Number(m[1]), center, tags: tagsOf(m[2]!) });
  }
  return out;
}

let samples: Promise<Sample[]> | undefined;
/** Every sample element the server knows (loaded once per process). */
export function overpassSamples(): Promise<Sample[]> {
  samples ??= Promise.all([
    geojsonElements(`${here}/../../data/places/osm_pois_chicago_loop.geojson.gz`),
    geojsonElements(`${here}/../../data/places/osm_pois_boston_back_bay.geojson.gz`),
    osmXmlElements(`${here}/fixtures/las-vegas-sample.osm`),
  ]).then((lists) => lists.flat());
  return samples;
}

type Filter = { key: string; op?: "=" | "!=" | "~"; value?: string };
type Statement = { types: Set<string>; filters: Filter[]; area: ((p: { lat: number; lon: number }) => boolean) | null };

/** The statements of a query this server understands; anything else is a syntax error (HTTP 400, like Overpass). */
export function parseQuery(query: string): Statement[] {
  const statements: Statement[] = [];
  for (const m of query.matchAll(/\b(node|way|relation|nwr)((?:\[[^\]]*\])*)(?:\(([^)]*)\))?\s*;/g)) {
    const types = new Set(m[1] === "nwr" ? ["node", "way", "relation"] : [m[1]!]);
    const filters: Filter[] = [];
    for (const f of m[2]!.matchAll(/\["([^"]+)"(?:(=|!=|~)"((?:[^"\\]|\\.)*)")?\]/g))
      filters.push({ key: f[1]!, op: f[2] as Filter["op"], value: f[3] });
    let area: Statement["area"] = null;
    const spec = m[3]?.trim();
    const around = spec?.match(/^around:([\d.]+),(-?[\d.]+),(-?[\d.]+)$/);
    const bbox = spec?.match(/^(-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)$/);
    if (around) {
      const [r, lat, lon] = [Number(around[1]), Number(around[2]), Number(around[3])];
      area = (p) => distanceMiles(lat, lon, p.lat, p.lon) * 1609.344 <= r;
    } else if (bbox) {
      const [s, w, n, e] = bbox.slice(1).map(Number) as [number, number, number, number];
      area = (p) => p.lat >= s && p.lat <= n && p.lon >= w && p.lon <= e;
    } else if (spec) {
      throw new Error(`unsupported area "${spec}"`);
    }
    statements.push({ types, filters, area });
  }
  if (!statements.length) throw new Error("no statement found");
  return statements;
}

const matches = (el: Sample, st: Statement) => {
  if (!st.types.has(el.type)) return false;
  const point = el.type === "node" ? { lat: el.lat!, lon: el.lon! } : el.center!;
  if (st.area && !st.area(point)) return false;
  return st.filters.every((f) => {
    const v = el.tags[f.key];
    if (f.op === undefined) return v !== undefined;
    if (f.op === "=") return v === f.value;
    if (f.op === "!=") return v !== f.value;
    return v !== undefined && new RegExp(f.value!.replace(/\\(.)/g, "$1")).test(v);
  });
};

export async function startOverpassTestServer(
  options: { port?: number; mode?: OverpassTestMode; delayMs?: number } = {},
): Promise<OverpassTestServer> {
  const elements = await overpassSamples();
  const hanging = new Set<() => void>();
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  let inFlight = 0;
  const state: OverpassTestServer = {
    url: "",
    port: 0,
    mode: options.mode ?? "ok",
    delayMs: options.delayMs ?? 500,
    requests: [],
    maxInFlight: 0,
    received: (count) =>
      state.requests.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    stop: async () => {
      for (const release of hanging) release();
      server.stop(true);
    },
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: options.port ?? 0,
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname !== "/api/interpreter") return new Response("not found", { status: 404 });
      const record: OverpassTestRequest = {
        method: request.method,
        contentType: request.headers.get("content-type"),
        userAgent: request.headers.get("user-agent"),
        query: "",
        startedAt: Date.now(),
      };
      state.requests.push(record);
      for (const w of waiting.splice(0)) {
        if (state.requests.length >= w.count) w.resolve();
        else waiting.push(w);
      }
      state.maxInFlight = Math.max(state.maxInFlight, ++inFlight);
      try {
        if (request.method === "POST") record.query = new URLSearchParams(await request.text()).get("data") ?? "";
        else if (request.method === "GET") record.query = url.searchParams.get("data") ?? "";
        else return new Response("method not allowed", { status: 405 });

        if (state.mode === "hang") {
          // Never answer; the client has to give up. Released when the client goes away or the server stops.
          await new Promise<void>((resolve) => {
            const release = () => {
              hanging.delete(release);
              resolve();
            };
            hanging.add(release);
            request.signal.addEventListener("abort", release);
          });
          return new Response("", { status: 504 });
        }
        if (state.mode === "slow") await Bun.sleep(state.delayMs);
        if (state.mode === "error")
          return new Response(
            "<html><body><p>The server is probably too busy to handle your request.</p></body></html>",
            { status: 500, headers: { "content-type": "text/html" } },
          );
        if (state.mode === "garbage")
          return new Response("<?xml version='1.0'?><osm>not json", {
            headers: { "content-type": "application/json" },
          });

        let statements: Statement[];
        try {
          statements = parseQuery(record.query);
        } catch (error) {
          return new Response(
            `<html><body><p><strong>Error</strong>: line 1: parse error: ${(error as Error).message}</p></body></html>`,
            { status: 400, headers: { "content-type": "text/html" } },
          );
        }
        const found = elements.filter((el) => statements.some((st) => matches(el, st)));
        const body = {
          version: 0.6,
          generator: "LocalScope Overpass test server",
          osm3s: {
            timestamp_osm_base: "2024-01-01T00:00:00Z",
            copyright:
              "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.",
          },
          elements: state.mode === "remark" ? found.slice(0, 1) : found,
          ...(state.mode === "remark"
            ? { remark: 'runtime error: Query timed out in "query" at line 3 after 2 seconds.' }
            : {}),
        };
        return Response.json(body);
      } finally {
        inFlight--;
        record.endedAt = Date.now();
      }
    },
  });
  state.port = server.port!;
  state.url = `http://127.0.0.1:${server.port}/api/interpreter`;
  return state;
}

if (import.meta.main) {
  const server = await startOverpassTestServer({ port: Number(process.argv[2] ?? 0) });
  console.log(`Overpass test server: OVERPASS_URL=${server.url} (${(await overpassSamples()).length} sample elements)`);
}
