/**
 * The MapLibre map inside the island: created once (MapLibre loads here, lazily: ./engine.ts), following
 * dark mode, its markers following the list, and the view fitting the places until the user moves it.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import { pageIsDark, watchDarkMode } from "./dark";
import { createMapEngine, type BasemapMode, type MapEngine } from "./engine";
import type { Place } from "./state";

export type MapStatus = "loading" | "ready" | "failed";

export interface MapEngineEvents {
  onMarkerClick: (id: number) => void;
  onPopupDetails: (id: number) => void;
  onUserMove: () => void;
}

export function useMapEngine(options: {
  container: RefObject<HTMLDivElement | null>;
  tileUrl: string;
  centre: [number, number] | null;
  places: readonly Place[];
  selectedId: number | null;
  /** Fit the view to every place (until the user moved the map). */
  autoFit: boolean;
  events: MapEngineEvents;
}) {
  const engineRef = useRef<MapEngine | null>(null);
  const [status, setStatus] = useState<MapStatus>("loading");
  const [basemap, setBasemap] = useState<BasemapMode>("tiles");
  const events = useRef(options.events);
  events.current = options.events;
  const centre = useRef(options.centre);
  centre.current = options.centre;

  useEffect(() => {
    let disposed = false;
    const container = options.container.current;
    if (!container) return;
    const stopDark = watchDarkMode((dark) => engineRef.current?.setDark(dark));
    const start = () => {
      if (disposed) return;
      createMapEngine(
        { container, tileUrl: options.tileUrl, centre: centre.current, dark: pageIsDark() },
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
    // MapLibre (290 KB gzip) loads after the page's first paint and its load event, so the server-rendered
    // list paints and answers first (issue 16).
    const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
    if (document.readyState === "complete") afterPaint();
    else window.addEventListener("load", afterPaint, { once: true });
    return () => {
      disposed = true;
      window.removeEventListener("load", afterPaint);
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
    if (status === "ready" && options.autoFit && options.places.length > 0) engineRef.current?.fitToPlaces(options.places);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.places, status]);

  return { engine: engineRef, status, basemap };
}

/** Tapping the Map tab while on the map scrolls back to the top. */
export function useMapTabScrollsUp() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link || link.getAttribute("href") !== "/map" || location.pathname !== "/map") return;
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
}
