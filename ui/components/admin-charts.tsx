/**
 * Small charts of the admin panel, drawn by uPlot. The library (and its stylesheet) is imported lazily from
 * the admin island only, so no other page ever downloads it (decision 021). Each chart is an image with a
 * text label for screen readers; the same figures are in the panel as text.
 */
import { useEffect, useRef, useState } from "react";

type UPlot = typeof import("uplot");
let loading: Promise<UPlot> | undefined;

function loadUPlot() {
  loading ??= Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css", { with: { type: "text" } })]).then(([lib, css]) => {
    if (!document.getElementById("uplot-css")) {
      const style = document.createElement("style");
      style.id = "uplot-css";
      style.textContent = (css as { default: string }).default;
      document.head.append(style);
    }
    return ((lib as unknown as { default?: UPlot }).default ?? lib) as UPlot;
  });
  return loading;
}

const cssVar = (element: Element, name: string, fallback: string) => getComputedStyle(element).getPropertyValue(name).trim() || fallback;

export interface ChartProps {
  /** What the chart shows, read by screen readers. */
  label: string;
  /** x labels (days or categories) and one series of values. */
  labels: string[];
  values: number[];
  kind: "line" | "bars";
  testId: string;
}

export function Chart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    loadUPlot()
      .then((UPlot) => {
        if (cancelled) return;
        const colour = cssVar(element, "--ls-primary", "#16a34a");
        const ink = cssVar(element, "--ls-ink-soft", "#6b7280");
        const width = Math.max(200, element.clientWidth);
        const xs = props.labels.map((_, i) => i);
        const plotOptions = {
          width,
          height: 160,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false } },
          axes: [
            {
              stroke: ink,
              grid: { show: false },
              values: (_u: unknown, ticks: number[]) => ticks.map((t) => (Number.isInteger(t) ? (props.labels[t] ?? "") : "")),
            },
            { stroke: ink, grid: { stroke: "rgba(128,128,128,0.15)" }, size: 40 },
          ],
          series: [
            {},
            props.kind === "bars"
              ? { stroke: colour, fill: colour, paths: UPlot.paths.bars!({ size: [0.6, 60] }), points: { show: false } }
              : { stroke: colour, width: 2, points: { show: false } },
          ],
        };
        plot = new UPlot(plotOptions as never, [xs, props.values] as never, element);
        element.dataset.rendered = "true";
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, element.clientWidth), height: 160 }));
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
      delete element.dataset.rendered;
    };
  }, [props.labels.join("|"), props.values.join("|"), props.kind]);
  return (
    <figure className="m-0">
      <div ref={box} role="img" aria-label={props.label} data-testid={props.testId} className="h-[160px] w-full overflow-hidden" />
      {failed && <p className="text-sm text-ink-soft">The chart could not be drawn.</p>}
    </figure>
  );
}
