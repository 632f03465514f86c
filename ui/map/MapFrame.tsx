import type { ReactNode, Ref } from "react";
import type { BasemapMode } from "./engine";
import type { MapStatus } from "./use-map-engine";

/** The map screen's two columns from 1024 px: the map (sticky) and its list beside it. */
export const MAP_COLUMNS = "mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-6";

/** A place chosen in the list is shown on the map: the map scrolls into view when it is not (below the header). */
export function showMapSection(section: HTMLElement | null) {
  if (!section) return;
  const box = section.getBoundingClientRect();
  if (box.top < 56 || box.bottom > window.innerHeight)
    section.scrollIntoView({
      block: "center",
      behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
}

/**
 * The map's frame: a named region holding MapLibre's container (which carries its basemap and status for
 * tests and styles) and what lies over the map (`children`: ./MapOverlays.tsx).
 */
export function MapFrame(props: {
  label: string;
  sectionRef?: Ref<HTMLElement>;
  containerRef: Ref<HTMLDivElement>;
  basemap: BasemapMode;
  status: MapStatus;
  children: ReactNode;
}) {
  return (
    <section
      ref={props.sectionRef}
      aria-label={props.label}
      className="relative h-[52vh] min-h-[300px] overflow-hidden rounded-2xl bg-line ring-1 ring-line lg:sticky lg:top-20 lg:h-[calc(100vh-14rem)] lg:min-h-[420px]"
    >
      <div
        ref={props.containerRef}
        className="h-full w-full"
        data-testid="map"
        data-basemap={props.basemap}
        data-map-status={props.status}
      />
      {props.children}
    </section>
  );
}
