/**
 * The offline outline basemap (docs/product.md#map): when map tiles cannot be reached, the map draws US land,
 * state and county lines from us-atlas (US Census cartographic boundaries, 2017). The TopoJSON files ship
 * in db/data/basemap/ (embedded in the binary); each layer is converted to GeoJSON with topojson-client on
 * its first request, coordinates rounded to 4 decimals (the files' own precision is about 0.004°), and kept
 * in memory, plain and gzipped.
 */
import { Elysia } from "elysia";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countiesFile from "../db/data/basemap/counties-10m.json.gz" with { type: "file" };
import statesFileImport from "../db/data/basemap/states-10m.json" with { type: "file" };
import { readText } from "./files";

// `type: "file"` gives the path; TypeScript types a .json import as its content, hence the cast.
const statesFile = statesFileImport as unknown as string;

export const BASEMAP_SOURCE = {
  name: "us-atlas (US Census Bureau cartographic boundaries)",
  licence: "ISC (us-atlas, © Mike Bostock); boundaries public domain (US Census Bureau)",
  attribution:
    "Offline map outlines of the US, its states and counties: us-atlas 3.0.1, from the US Census Bureau's 2017 cartographic boundary files.",
  url: "https://github.com/topojson/us-atlas",
};

export const BASEMAP_LAYERS = ["us-land", "us-states", "us-counties"] as const;
export type BasemapLayer = (typeof BASEMAP_LAYERS)[number];

type Objects = { states: GeometryCollection; nation: GeometryCollection; counties: GeometryCollection };

async function readTopology(path: string): Promise<Topology<Objects>> {
  const text = await readText(path);
  return JSON.parse(text) as Topology<Objects>;
}

/** Same-state neighbours only: county lines inside a state (state lines come from the states layer). */
const sameState = (a: { id?: string | number }, b: { id?: string | number }) =>
  a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2);

/** One layer as a GeoJSON FeatureCollection. */
export async function basemapGeoJson(layer: BasemapLayer): Promise<GeoJSON.FeatureCollection> {
  if (layer === "us-counties") {
    const counties = await readTopology(countiesFile);
    return collection([
      {
        type: "Feature",
        properties: { kind: "county" },
        geometry: mesh(counties, counties.objects.counties, sameState),
      },
    ]);
  }
  const states = await readTopology(statesFile);
  if (layer === "us-states") {
    return collection([
      {
        type: "Feature",
        properties: { kind: "state" },
        geometry: mesh(states, states.objects.states, (a, b) => a !== b),
      },
    ]);
  }
  const land = feature(states, states.objects.nation);
  return collection("features" in land ? land.features : [land]);
}

const collection = (features: GeoJSON.Feature[]): GeoJSON.FeatureCollection => ({
  type: "FeatureCollection",
  features,
});

/** JSON with every number rounded to 4 decimals. */
const compactJson = (value: unknown) =>
  JSON.stringify(value, (_key, v) => (typeof v === "number" ? Math.round(v * 1e4) / 1e4 : v));

/** GET /basemap/{us-land,us-states,us-counties}.geojson */
export function basemap() {
  const cache = new Map<BasemapLayer, Promise<{ plain: Uint8Array; gzip: Uint8Array; etag: string }>>();
  const build = (layer: BasemapLayer) => {
    let entry = cache.get(layer);
    if (!entry) {
      entry = basemapGeoJson(layer).then((geojson) => {
        const plain = new TextEncoder().encode(compactJson(geojson));
        return { plain, gzip: Bun.gzipSync(plain), etag: `"${layer}-${Bun.hash(plain).toString(16)}"` };
      });
      entry.catch(() => cache.delete(layer));
      cache.set(layer, entry);
    }
    return entry;
  };

  return new Elysia({ name: "basemap" }).get("/basemap/:file", async ({ params, request }) => {
    const layer = params.file.replace(/\.geojson$/, "") as BasemapLayer;
    if (!params.file.endsWith(".geojson") || !BASEMAP_LAYERS.includes(layer)) {
      return new Response(JSON.stringify({ message: "No such basemap layer.", errors: {} }), {
        status: 404,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    }
    const { plain, gzip, etag } = await build(layer);
    const headers: Record<string, string> = {
      "content-type": "application/geo+json; charset=utf-8",
      "cache-control": "public, max-age=86400",
      etag,
      vary: "accept-encoding",
    };
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
    if (/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) {
      return new Response(gzip as unknown as BodyInit, { headers: { ...headers, "content-encoding": "gzip" } });
    }
    return new Response(plain as unknown as BodyInit, { headers });
  });
}
