import type { Map as MapLibreMap, Marker, Popup } from "maplibre-gl";
import { markerElement, popupContent, type MapPoint } from "./markers";
import { beneathRoute, drawRoute, recolourRoute, routePadding } from "./route-line";
import { MAP_RULES, placePosition } from "./state";
import { baseStyle, outlineLayers, outlinePaint, outlineSources, rasterPaint, TILE_LAYER, TILE_SOURCE } from "./style";

/**
 * Everything that touches MapLibre. maplibre-gl (~300 KB gzip plus its worker) is imported here with a
 * dynamic import, so it is its own chunk and only /map ever loads it. The island drives this engine with
 * plain values and gets user actions back through callbacks.
 */

export type BasemapMode = "tiles" | "outline";

export interface EngineCallbacks {
  onMarkerClick(id: number): void;
  onPopupDetails(id: number): void;
  /** The user dragged, zoomed, rotated or touched the map. */
  onUserMove(): void;
  onBasemap(mode: BasemapMode): void;
}

export interface EngineOptions {
  container: HTMLElement;
  tileUrl: string;
  /** [longitude, latitude] of the city, or null for the fallback centre. */
  centre: [number, number] | null;
  dark: boolean;
  /**
   * The places the first view fits (the list is there before the map starts): the map opens on them at once
   * instead of on the city centre, whose tiles would be requested and drawn only to be left at once.
   */
  fit?: readonly MapPoint[];
  /** The place the first view shows up close (/map?place=ID, whose popup opens at once): neither the city nor the places' view is drawn first. */
  place?: MapPoint | null;
  /** A trip's day: the points are its stops in order, numbered (their `label`) and joined by a line. */
  route?: boolean;
}

export interface MapEngine {
  /** Re-centre on a city at the initial zoom (a city change). */
  centreOn(centre: [number, number] | null): void;
  /** Draw one marker per place with a numeric position; mark the selected one. */
  setPlaces(places: readonly MapPoint[], selectedId: number | null): void;
  /** Fit the view to the markers (padding 30, at most zoom 14). */
  fitToPlaces(places: readonly MapPoint[]): void;
  /** Centre a place at zoom 16 and open its popup. */
  showPlace(place: MapPoint): void;
  closePopup(): void;
  setDark(dark: boolean): void;
  basemap(): BasemapMode;
  destroy(): void;
}

/** How long without any tile (neither loaded nor failed) before the outline basemap is used. */
const TILE_SILENCE_MS = 10_000;
/** Failed tiles since the last good one that switch to the outline basemap (any failure before the first good tile does). */
const TILE_FAILURES = 3;
/**
 * After the switch to the outline basemap the raster source is removed, so panning asks for no tiles; they
 * are tried again after this long, doubling after each failed try up to TILE_RETRY_MAX_MS (and at once
 * when the browser reports `online`).
 */
export const TILE_RETRY_MS = 60_000;
const TILE_RETRY_MAX_MS = 15 * 60_000;

/** Where the build put maplibre's worker and stylesheet (scripts/build.ts defines both; see decision 011). */
const WORKER_URL = process.env.MAP_WORKER_URL;
const MAP_CSS_URL = process.env.MAP_CSS_URL;

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** MapLibre's stylesheet (and ours for markers and popups), added to the page once, only on /map. */
function loadMapCss(): Promise<void> {
  if (!MAP_CSS_URL || document.querySelector(`link[data-map-css]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = MAP_CSS_URL;
    link.dataset.mapCss = "";
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

/** The bounds of the places that have a position, or null when none has. */
function placeBounds(maplibre: typeof import("maplibre-gl"), places: readonly MapPoint[]) {
  const positions = places.map(placePosition).filter((p): p is [number, number] => p !== null);
  if (positions.length === 0) return null;
  const bounds = new maplibre.LngLatBounds(positions[0], positions[0]);
  for (const position of positions) bounds.extend(position);
  return bounds;
}

/**
 * MapLibre draws its sky on every frame, as a pass over the whole canvas, even for a style without one (its
 * default sky is transparent): on this flat map, never pitched, that pass draws nothing. Where WebGL runs in
 * software (a browser without a usable GPU, and the browser tests) it was ~40 % of every frame (45 → 27 ms
 * of CPU at 712×496). So the sky is drawn only when the style has one. This reaches into MapLibre's painter,
 * which is not public API: when it is not there as expected, nothing changes; a restored WebGL context gets a
 * new painter, which is wrapped again.
 */
export function drawSkyOnlyWhenStyled(map: MapLibreMap) {
  const wrap = () => {
    const painter = (map as unknown as { painter?: { drawFunctions?: Record<string, unknown> } }).painter;
    const drawSky = painter?.drawFunctions?.sky;
    if (!painter || typeof drawSky !== "function") return;
    painter.drawFunctions = {
      ...painter.drawFunctions,
      sky: (...args: unknown[]) => (map.getSky() ? drawSky(...args) : undefined),
    };
  };
  wrap();
  map.on("webglcontextrestored", wrap);
}

export async function createMapEngine(options: EngineOptions, callbacks: EngineCallbacks): Promise<MapEngine> {
  const [maplibre] = await Promise.all([import("maplibre-gl"), loadMapCss()]);
  if (WORKER_URL) maplibre.setWorkerUrl(new URL(WORKER_URL, location.href).href);

  let dark = options.dark;
  const still = reducedMotion();
  const close = options.place ? placePosition(options.place) : null;
  const fit = close ? null : placeBounds(maplibre, options.fit ?? []);
  const fitPadding = () => (options.route ? routePadding(options.container) : MAP_RULES.fitPadding);
  const map: MapLibreMap = new maplibre.Map({
    container: options.container,
    style: baseStyle({ tileUrl: options.tileUrl, dark, reducedMotion: still }),
    center: close ?? options.centre ?? MAP_RULES.fallbackCentre,
    zoom: close ? MAP_RULES.placeZoom : options.centre ? MAP_RULES.initialZoom : MAP_RULES.minZoom,
    ...(fit ? { bounds: fit, fitBoundsOptions: { padding: fitPadding(), maxZoom: MAP_RULES.fitMaxZoom } } : {}),
    // No fade of newly placed features under "reduce motion" (the raster tiles' own fade is in the style).
    ...(still ? { fadeDuration: 0 } : {}),
    minZoom: MAP_RULES.minZoom,
    maxZoom: MAP_RULES.maxZoom,
    // Tiles load through <img> (allowed by the CSP's img-src for the tile origin) instead of fetch.
    refreshExpiredTiles: false,
    attributionControl: false,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
  });
  // The live map instance on its container, for browser tests (rendered-feature queries) and for
  // debugging from the console; nothing in the app reads it.
  Object.defineProperty(options.container, "maplibreMap", { value: map, configurable: true });
  drawSkyOnlyWhenStyled(map);
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), "bottom-right");
  map.addControl(new maplibre.AttributionControl({ compact: true }), "bottom-left");

  // --- user movement stops auto-fit
  const userEvent = (event: { originalEvent?: unknown }) => {
    if (event.originalEvent) callbacks.onUserMove();
  };
  map.on("dragstart", userEvent);
  map.on("zoomstart", userEvent);
  const onTouch = () => callbacks.onUserMove();
  map.getCanvasContainer().addEventListener("touchstart", onTouch, { passive: true });

  // --- basemap: raster tiles, or the outline basemap when tiles cannot be loaded
  let mode: BasemapMode = "tiles";
  let styleLoaded = false;
  const whenLoaded: Array<() => void> = [];
  let outlineAdded = false;
  let tileFailures = 0;
  let anyTileLoaded = false;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = TILE_RETRY_MS;

  const afterLoad = (fn: () => void) => (styleLoaded ? fn() : whenLoaded.push(fn));
  map.once("load", () => {
    styleLoaded = true;
    for (const fn of whenLoaded.splice(0)) fn();
  });

  function useOutline() {
    if (mode === "outline") return;
    mode = "outline";
    clearTimeout(silenceTimer);
    afterLoad(() => {
      if (!outlineAdded) {
        for (const [id, source] of Object.entries(outlineSources(location.origin))) map.addSource(id, source);
        for (const layer of outlineLayers(dark)) map.addLayer(layer, TILE_LAYER);
        outlineAdded = true;
      }
      if (mode !== "outline") return;
      if (map.getLayer(TILE_LAYER)) map.removeLayer(TILE_LAYER);
      if (map.getSource(TILE_SOURCE)) map.removeSource(TILE_SOURCE);
    });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(retryTiles, retryDelay);
    retryDelay = Math.min(retryDelay * 2, TILE_RETRY_MAX_MS);
    callbacks.onBasemap("outline");
  }

  function retryTiles() {
    if (mode !== "outline") return;
    mode = "tiles";
    tileFailures = 0;
    anyTileLoaded = false;
    clearTimeout(retryTimer);
    afterLoad(() => {
      if (mode !== "tiles") return;
      const style = baseStyle({ tileUrl: options.tileUrl, dark, reducedMotion: still });
      if (!map.getSource(TILE_SOURCE)) map.addSource(TILE_SOURCE, style.sources[TILE_SOURCE]!);
      // On top of the outline layers, as in the initial style.
      if (!map.getLayer(TILE_LAYER))
        map.addLayer(style.layers.find((layer) => layer.id === TILE_LAYER)!, beneathRoute(map));
    });
    armSilenceTimer();
    callbacks.onBasemap("tiles");
  }

  function armSilenceTimer() {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => {
      if (!anyTileLoaded) useOutline();
    }, TILE_SILENCE_MS);
  }

  map.on("error", (event) => {
    const detail = event as unknown as { sourceId?: string; tile?: unknown; error?: { message?: string } };
    if (detail.sourceId === TILE_SOURCE || detail.tile) {
      tileFailures += 1;
      if (!anyTileLoaded || tileFailures >= TILE_FAILURES || !navigator.onLine) useOutline();
      return;
    }
    // Logged, not thrown: the list keeps working whatever the map does.
    console.warn("LocalScope map:", detail.error?.message ?? "map error");
  });
  map.on("sourcedata", (event) => {
    if (event.sourceId === TILE_SOURCE && event.tile && mode === "tiles") {
      anyTileLoaded = true;
      tileFailures = 0;
      retryDelay = TILE_RETRY_MS;
    }
  });
  const onOffline = () => useOutline();
  const onOnline = () => retryTiles();
  window.addEventListener("offline", onOffline);
  window.addEventListener("online", onOnline);
  if (!navigator.onLine) useOutline();
  else armSilenceTimer();

  // --- markers and the popup
  const markers = new Map<number, { marker: Marker; element: HTMLElement; place: MapPoint }>();
  /** The positions the route line was last asked to join, as JSON ("" before the first). */
  let routeKey = "";
  const popup: Popup = new maplibre.Popup({
    offset: 20,
    closeButton: true,
    closeOnClick: true,
    focusAfterOpen: false,
    maxWidth: "260px",
  });

  function setPlaces(places: readonly MapPoint[], selectedId: number | null) {
    const wanted = new Set<number>();
    for (const place of places) {
      const position = placePosition(place);
      if (!position) continue;
      wanted.add(place.id);
      let entry = markers.get(place.id);
      if (!entry) {
        const element = markerElement(place, () => callbacks.onMarkerClick(place.id));
        const marker = new maplibre.Marker({ element, anchor: "center" }).setLngLat(position).addTo(map);
        entry = { marker, element, place };
        markers.set(place.id, entry);
      }
      const selected = place.id === selectedId;
      entry.element.dataset.selected = String(selected);
      entry.element.style.zIndex = selected ? "2" : "";
    }
    for (const [id, entry] of markers) {
      if (wanted.has(id)) continue;
      entry.marker.remove();
      markers.delete(id);
    }
    if (options.route) {
      // Drawn only when the stops' positions change (a selection changes none), the latest positions only.
      const line = places.map(placePosition).filter((p): p is [number, number] => p !== null);
      const key = JSON.stringify(line);
      if (key !== routeKey) {
        routeKey = key;
        afterLoad(() => {
          if (key === routeKey) drawRoute(map, line);
        });
      }
    }
  }

  function fitToPlaces(places: readonly MapPoint[]) {
    const bounds = placeBounds(maplibre, places);
    if (bounds)
      map.fitBounds(bounds, {
        padding: fitPadding(),
        maxZoom: MAP_RULES.fitMaxZoom,
        duration: reducedMotion() ? 0 : 500,
      });
  }

  function showPlace(place: MapPoint) {
    const position = placePosition(place);
    if (!position) return;
    if (reducedMotion()) map.jumpTo({ center: position, zoom: MAP_RULES.placeZoom });
    else map.flyTo({ center: position, zoom: MAP_RULES.placeZoom, duration: 800 });
    popup
      .setLngLat(position)
      .setDOMContent(popupContent(place, () => callbacks.onPopupDetails(place.id)))
      .addTo(map);
  }

  return {
    centreOn(centre) {
      popup.remove();
      map.jumpTo({
        center: centre ?? MAP_RULES.fallbackCentre,
        zoom: centre ? MAP_RULES.initialZoom : MAP_RULES.minZoom,
      });
    },
    setPlaces,
    fitToPlaces,
    showPlace,
    closePopup: () => popup.remove(),
    setDark(next) {
      if (next === dark) return;
      dark = next;
      afterLoad(() => {
        if (map.getLayer(TILE_LAYER))
          for (const [property, value] of Object.entries(rasterPaint(dark)))
            map.setPaintProperty(TILE_LAYER, property as "raster-opacity", value);
        for (const [layer, property, value] of outlinePaint(dark))
          if (map.getLayer(layer)) map.setPaintProperty(layer, property as "fill-color", value);
        recolourRoute(map);
      });
    },
    basemap: () => mode,
    destroy() {
      clearTimeout(silenceTimer);
      clearTimeout(retryTimer);
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      map.getCanvasContainer().removeEventListener("touchstart", onTouch);
      popup.remove();
      map.remove();
    },
  };
}
