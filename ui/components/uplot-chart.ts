/**
 * One uPlot lifecycle for every chart (the admin panel's and the traffic screen's): load the library and
 * its stylesheet lazily (a chunk only the screens with charts download, decision 021), create the plot in
 * the element once it is mounted, follow the element's width, and destroy it when the inputs change or the
 * component goes. The caller only says what to draw.
 */
import { useEffect, useRef, useState, type DependencyList } from "react";
import type uPlot from "uplot";

export type UPlotLib = typeof uPlot;
let loading: Promise<UPlotLib> | undefined;

/** uPlot and its stylesheet, loaded once per page (a <style> element: the CSP allows inline styles). */
export function loadUPlot(): Promise<UPlotLib> {
  loading ??= Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css", { with: { type: "text" } })]).then(
    ([lib, css]) => {
      if (!document.getElementById("uplot-css")) {
        const style = document.createElement("style");
        style.id = "uplot-css";
        style.textContent = (css as { default: string }).default;
        document.head.append(style);
      }
      return ((lib as unknown as { default?: UPlotLib }).default ?? lib) as UPlotLib;
    },
  );
  loading.catch(() => {
    loading = undefined; // a failed chunk load may be retried by the next chart
  });
  return loading;
}

/** A CSS custom property of the element (a theme colour), or the fallback. */
export const cssVar = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

export interface UPlotSpec {
  /** Options without the size: the hook sets width (the element's) and height. */
  options: Omit<uPlot.Options, "width" | "height">;
  data: uPlot.AlignedData;
}

/**
 * Draw a uPlot chart into the returned ref's element. `make` builds the options and data (it gets the
 * library, for uPlot.paths or uPlot.tzDate, and the element, for theme colours); it runs again whenever
 * `deps` change. `failed` is true when the library could not be loaded or the chart not drawn. The element
 * gets data-rendered="true" while a chart is drawn (tests wait for it).
 */
export function useUPlot(
  make: (lib: UPlotLib, element: HTMLElement) => UPlotSpec | null,
  deps: DependencyList,
  size: { height: number; minWidth?: number },
) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    const width = () => Math.max(size.minWidth ?? 0, element.clientWidth || 300);
    loadUPlot()
      .then((UPlot) => {
        if (cancelled) return;
        const spec = make(UPlot, element);
        if (!spec) return;
        plot = new UPlot({ ...spec.options, width: width(), height: size.height }, spec.data, element);
        element.dataset.rendered = "true";
        setFailed(false);
        observer = new ResizeObserver(() => plot?.setSize({ width: width(), height: size.height }));
        observer.observe(element);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
      delete element.dataset.rendered;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when to redraw
  }, [...deps, size.height, size.minWidth]);
  return { ref, failed };
}
