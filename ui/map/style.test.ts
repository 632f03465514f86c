import { describe, expect, test } from "bun:test";
import {
  baseStyle,
  OSM_ATTRIBUTION,
  OUTLINE_ATTRIBUTION,
  outlineLayers,
  outlineSources,
  PALETTES,
  rasterPaint,
  TILE_LAYER,
  TILE_SOURCE,
} from "./style";

describe("map style", () => {
  const style = baseStyle({ tileUrl: "https://tiles.example.test/{z}/{x}/{y}.png", dark: false });

  test("raster tiles come from the configured URL with the OpenStreetMap attribution", () => {
    expect(style.sources[TILE_SOURCE]).toMatchObject({
      type: "raster",
      tiles: ["https://tiles.example.test/{z}/{x}/{y}.png"],
      tileSize: 256,
    });
    expect(OSM_ATTRIBUTION).toContain("© ");
    expect(OSM_ATTRIBUTION).toContain("OpenStreetMap</a> contributors");
    expect((style.sources[TILE_SOURCE] as { attribution?: string }).attribution).toBe(OSM_ATTRIBUTION);
  });

  test("needs no glyphs or sprites (no text layers), so nothing else is fetched", () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.map((l) => l.type)).toEqual(["background", "raster"]);
  });

  test("dark mode inverts the tiles' lightness and turns the hue back; light mode leaves them alone", () => {
    const dark = rasterPaint(true);
    expect(dark["raster-brightness-min"]).toBeGreaterThan(dark["raster-brightness-max"]);
    expect(dark["raster-hue-rotate"]).toBe(180);
    expect(rasterPaint(false)).toMatchObject({
      "raster-brightness-min": 0,
      "raster-brightness-max": 1,
      "raster-hue-rotate": 0,
    });
    const darkStyle = baseStyle({ tileUrl: "https://t.test/{z}/{x}/{y}.png", dark: true });
    expect(darkStyle.layers[0]).toMatchObject({ paint: { "background-color": PALETTES.dark.background } });
  });

  test("under 'reduce motion' tiles appear without a fade and paint changes (dark mode) apply at once; otherwise MapLibre's own easing stays", () => {
    const still = baseStyle({ tileUrl: "https://t.test/{z}/{x}/{y}.png", dark: false, reducedMotion: true });
    expect(still.transition).toEqual({ duration: 0, delay: 0 });
    expect(still.layers.find((l) => l.id === TILE_LAYER)).toMatchObject({
      paint: { "raster-fade-duration": 0, "raster-brightness-max": 1 },
    });
    expect(style.transition).toBeUndefined();
    expect(
      (style.layers.find((l) => l.id === TILE_LAYER) as { paint: Record<string, unknown> }).paint,
    ).not.toHaveProperty("raster-fade-duration");
  });

  test("the outline basemap: land fill, county and state lines from our own server, credited to us-atlas / US Census", () => {
    const sources = outlineSources("http://localhost:3000");
    expect(Object.values(sources).map((s) => (s as { data: string }).data)).toEqual([
      "http://localhost:3000/basemap/us-land.geojson",
      "http://localhost:3000/basemap/us-counties.geojson",
      "http://localhost:3000/basemap/us-states.geojson",
    ]);
    expect(OUTLINE_ATTRIBUTION).toContain("us-atlas");
    expect(OUTLINE_ATTRIBUTION).toContain("US Census Bureau");
    expect(outlineLayers(false).map((l) => [l.id, l.type])).toEqual([
      ["outline-land", "fill"],
      ["outline-counties", "line"],
      ["outline-states", "line"],
    ]);
    expect(outlineLayers(true)[0]).toMatchObject({ paint: { "fill-color": PALETTES.dark.land } });
    expect(TILE_LAYER).toBe("osm-tiles");
  });
});
