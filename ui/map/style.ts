import type { LayerSpecification, SourceSpecification, StyleSpecification } from "maplibre-gl";

/**
 * The map's style, built here so it can be tested without a browser: a raster tile layer from TILE_URL and,
 * when tiles cannot be reached, a locally served outline basemap (land, county and state lines from
 * us-atlas / US Census). Dark mode darkens the raster tiles (inverted lightness, hue turned back) and
 * uses dark outline colours. No text layers, so no glyphs or sprites are ever requested.
 */

export const TILE_SOURCE = "osm";
export const TILE_LAYER = "osm-tiles";
export const OSM_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a> contributors';
export const OUTLINE_ATTRIBUTION =
  'Outlines: <a href="https://github.com/topojson/us-atlas" target="_blank" rel="noopener">us-atlas</a>, US Census Bureau';

/** The outline basemap's GeoJSON files, served by src/basemap.ts. */
export const OUTLINE_FILES = {
  land: "/basemap/us-land.geojson",
  counties: "/basemap/us-counties.geojson",
  states: "/basemap/us-states.geojson",
} as const;

export interface Palette {
  background: string;
  land: string;
  county: string;
  state: string;
}

export const PALETTES: Record<"light" | "dark", Palette> = {
  light: { background: "#d7e6f2", land: "#f3efe6", county: "#c2b59b", state: "#7a6a4f" },
  dark: { background: "#0b1220", land: "#1c2533", county: "#3b4a60", state: "#8090a8" },
};

/** Raster paint: unchanged in light mode; in dark mode lightness inverted (white → near black) and hue turned back. */
export function rasterPaint(dark: boolean) {
  return dark
    ? {
        "raster-brightness-min": 0.92,
        "raster-brightness-max": 0.06,
        "raster-hue-rotate": 180,
        "raster-saturation": -0.35,
        "raster-contrast": 0.1,
      }
    : {
        "raster-brightness-min": 0,
        "raster-brightness-max": 1,
        "raster-hue-rotate": 0,
        "raster-saturation": 0,
        "raster-contrast": 0,
      };
}

/**
 * `reducedMotion` (the visitor's "reduce motion" setting): tiles appear at once instead of fading in over
 * 300 ms and dark mode switches at once, as every other animation of the app stops under that setting (ui/base.css); it also spares the
 * frames the fade repaints after each view change (a map start drew 13–14 frames with it, 4–5 without, in
 * software WebGL each frame is ~40 ms of CPU).
 */
export function baseStyle(options: { tileUrl: string; dark: boolean; reducedMotion?: boolean }): StyleSpecification {
  return {
    version: 8,
    // Paint changes (dark mode on and off) apply at once instead of easing over 300 ms.
    ...(options.reducedMotion ? { transition: { duration: 0, delay: 0 } } : {}),
    sources: {
      [TILE_SOURCE]: {
        type: "raster",
        tiles: [options.tileUrl],
        tileSize: 256,
        maxzoom: 19,
        attribution: OSM_ATTRIBUTION,
      },
    },
    layers: [
      {
        id: "background",
        type: "background",
        paint: { "background-color": PALETTES[options.dark ? "dark" : "light"].background },
      },
      {
        id: TILE_LAYER,
        type: "raster",
        source: TILE_SOURCE,
        paint: { ...rasterPaint(options.dark), ...(options.reducedMotion ? { "raster-fade-duration": 0 } : {}) },
      },
    ],
  };
}

/** Sources of the outline basemap; `origin` makes the paths absolute (the worker fetches them). */
export function outlineSources(origin: string): Record<string, SourceSpecification> {
  const url = (path: string) => new URL(path, origin).href;
  return {
    "us-land": { type: "geojson", data: url(OUTLINE_FILES.land), attribution: OUTLINE_ATTRIBUTION },
    "us-counties": { type: "geojson", data: url(OUTLINE_FILES.counties) },
    "us-states": { type: "geojson", data: url(OUTLINE_FILES.states) },
  };
}

export function outlineLayers(dark: boolean): LayerSpecification[] {
  const palette = PALETTES[dark ? "dark" : "light"];
  return [
    { id: "outline-land", type: "fill", source: "us-land", paint: { "fill-color": palette.land } },
    {
      id: "outline-counties",
      type: "line",
      source: "us-counties",
      paint: { "line-color": palette.county, "line-width": ["interpolate", ["linear"], ["zoom"], 8, 0.8, 14, 1.6] },
    },
    {
      id: "outline-states",
      type: "line",
      source: "us-states",
      paint: { "line-color": palette.state, "line-width": ["interpolate", ["linear"], ["zoom"], 8, 1.6, 14, 3] },
    },
  ];
}

/** Paint changes that switch the outline layers and the background between light and dark. */
export function outlinePaint(dark: boolean): Array<[layer: string, property: string, value: string]> {
  const palette = PALETTES[dark ? "dark" : "light"];
  return [
    ["background", "background-color", palette.background],
    ["outline-land", "fill-color", palette.land],
    ["outline-counties", "line-color", palette.county],
    ["outline-states", "line-color", palette.state],
  ];
}
