/**
 * The MapLibre map inside the island: created once (MapLibre loads here, lazily: ./engine.ts), following
 * dark mode, its markers following the list, and the view fitting the places until the user moves it.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import { pageIsDark, watchDarkMode } from "./dark";
import { createMapEngine, type BasemapMode, type MapEngine } from "./engine";
import type { MapPoint } from "./markers";

/** "idle": not started yet (waiting for the first sign of use); "loading": MapLibre is on its way. */
export type MapStatus = "idle" | "loading" | "ready" | "failed";

/**
 * Signs of use that start the map: a pointer moving or pressed, a touch, a key, a wheel or a scroll anywhere on
 * the page. A phone shows the list and the map's placeholder until then (docs/decisions/027-lighthouse-every-screen-and-a-map-that-starts-on-use.md: MapLibre is seconds of
 * main-thread work on a phone, and a page that only shows it must not pay for them before anyone looks).
 */
const FIRST_USE = ["pointermove", "pointerdown", "touchstart", "keydown", "wheel", "scroll"] as const;

export interface MapEngineEvents {
  onMarkerClick: (id: number) => void;
  onPopupDetails: (id: number) => void;
  onUserMove: () => void;
}

export function useMapEngine(options: {
  container: RefObject<HTMLDivElement | null>;
  tileUrl: string;
  centre: [number, number] | null;
  places: readonly MapPoint[];
  selectedId: number | null;
  /** Fit the view to every place (until the user moved the map). */
  autoFit: boolean;
  /** Start after the load event without waiting for use (/map?place=ID: the visitor asked to see a place on it). */
  startAtOnce: boolean;
  /** That place (/map?place=ID): the map opens on it. */
  focus?: MapPoint | null;
  /** A trip's day: `places` are its stops in order, numbered and joined by a line (./engine.ts). */
  route?: boolean;
  events: MapEngineEvents;
}) {
  const engineRef = useRef<MapEngine | null>(null);
  const [status, setStatus] = useState<MapStatus>("idle");
  const startRef = useRef<() => void>(() => {});
  const [basemap, setBasemap] = useState<BasemapMode>("tiles");
  const events = useRef(options.events);
  events.current = options.events;
  const centre = useRef(options.centre);
  centre.current = options.centre;
  const fit = useRef(options.autoFit ? options.places : []);
  fit.current = options.autoFit ? options.places : [];

  useEffect(() => {
    let disposed = false;
    const container = options.container.current;
    if (!container) return;
    const stopDark = watchDarkMode((dark) => engineRef.current?.setDark(dark));
    let started = false;
    const start = () => {
      if (disposed || started) return;
      started = true;
      for (const type of FIRST_USE) window.removeEventListener(type, onFirstUse, true);
      setStatus("loading");
      createMapEngine(
        {
          container,
          tileUrl: options.tileUrl,
          centre: centre.current,
          dark: pageIsDark(),
          fit: fit.current,
          place: options.focus,
          route: options.route,
        },
        {
          onMarkerClick: (id) => events.current.onMarkerClick(id),
          onPopupDetails: (id) => events.current.onPopupDetails(id),
          onUserMove: () => events.current.onUserMove(),
          onBasemap: setBasemap,
        },
      ).then(
        (engine) => {
          if (disposed) return engine.destroy();
          engineRef.current = engine;
          setStatus("ready");
        },
        (error) => {
          if (disposed) return;
          console.warn("LocalScope map: the map could not start:", (error as Error)?.message ?? error);
          setStatus("failed");
        },
      );
    };
    // MapLibre (290 KB gzip) loads on the first sign of use (or the placeholder's button), never before the page's
    // load event and a paint, so the server-rendered list paints and answers first (docs/decisions/019-request-hardening.md).
    const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
    const startAfterLoad = () => {
      if (document.readyState === "complete") afterPaint();
      else window.addEventListener("load", afterPaint, { once: true });
    };
    function onFirstUse() {
      startAfterLoad();
    }
    startRef.current = startAfterLoad;
    if (options.startAtOnce) startAfterLoad();
    else for (const type of FIRST_USE) window.addEventListener(type, onFirstUse, { capture: true, passive: true });
    return () => {
      disposed = true;
      window.removeEventListener("load", afterPaint);
      for (const type of FIRST_USE) window.removeEventListener(type, onFirstUse, true);
      stopDark();
      engineRef.current?.destroy();
      engineRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Markers follow the list; the view fits them until the user moves the map.
  useEffect(() => {
    engineRef.current?.setPlaces(options.places, options.selectedId);
  }, [options.places, options.selectedId, status]);
  useEffect(() => {
    if (status === "ready" && options.autoFit && options.places.length > 0)
      engineRef.current?.fitToPlaces(options.places);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.places, status]);

  /** Start now (the placeholder's "Show the map" button). */
  const start = () => startRef.current();
  return { engine: engineRef, status, basemap, start };
}

/** Tapping the Map tab while on the map scrolls back to the top. */
export function useMapTabScrollsUp() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link || link.getAttribute("href") !== "/map" || location.pathname !== "/map") return;
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
}
