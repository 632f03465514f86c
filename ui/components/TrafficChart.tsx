import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";

/**
 * Requests per hour (or day) over the chosen range, drawn with uPlot. This module and uPlot are one lazy
 * chunk that only the traffic screen loads. The chart is an image with a text summary for screen readers.
 */
export default function TrafficChart(props: { points: Array<{ at: string; requests: number; bots: number }> }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || props.points.length === 0) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    import("uplot")
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const primary = getComputedStyle(element).getPropertyValue("--ls-primary").trim() || "#16a34a";
        const ink = getComputedStyle(element).color;
        const data: uPlot.AlignedData = [
          props.points.map((p) => Date.parse(p.at) / 1000),
          props.points.map((p) => p.requests),
          props.points.map((p) => p.bots),
        ];
        const first = data[0][0]!;
        const last = data[0][data[0].length - 1]!;
        const axis = { stroke: ink, grid: { stroke: "rgba(127,127,127,0.2)" }, ticks: { stroke: "rgba(127,127,127,0.3)" } };
        plot = new UPlot(
          {
            width: element.clientWidth || 300,
            height: 200,
            legend: { show: false },
            cursor: { show: false },
            // One point alone would stretch the time axis over years: give it a day around it.
            scales: { x: { time: true, auto: false, range: (): uPlot.Range.MinMax => (first === last ? [first - 43_200, last + 43_200] : [first, last]) } },
            axes: [axis, { ...axis, size: 56 }],
            series: [
              {},
              { label: "Requests", stroke: primary, width: 2, fill: "rgba(127,127,127,0.08)" },
              { label: "Bots", stroke: "rgba(127,127,127,0.8)", width: 1, dash: [4, 4] },
            ],
          },
          data,
          element,
        );
        // uPlot's own stylesheet is not shipped: the few layout rules it needs, set through the CSSOM (CSP-safe).
        Object.assign(plot.root.querySelector<HTMLElement>(".u-wrap")!.style, { position: "relative", userSelect: "none" });
        for (const layer of plot.root.querySelectorAll<HTMLElement>(".u-under, .u-over, .u-axis, .u-select")) Object.assign(layer.style, { position: "absolute" });
        for (const hidden of plot.root.querySelectorAll<HTMLElement>(".u-off, .u-select")) hidden.style.display = "none";
        plot.root.querySelector<HTMLElement>(".u-under")!.style.overflow = "hidden";
        Object.assign(plot.root.querySelector<HTMLElement>("canvas")!.style, { display: "block", position: "relative", width: "100%", height: "100%" });
        observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth || 300, height: 200 }));
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [props.points]);

  if (props.points.length === 0) return <p className="py-8 text-center text-sm text-ink-soft">No requests in this range yet.</p>;
  if (failed) return <p className="py-8 text-center text-sm text-ink-soft">The chart could not be drawn.</p>;
  const peak = props.points.reduce((best, p) => (p.requests > best.requests ? p : best));
  const total = props.points.reduce((n, p) => n + p.requests, 0);
  const summary = `Requests over time: ${total.toLocaleString("en-US")} in ${props.points.length} periods, most (${peak.requests.toLocaleString("en-US")}) at ${new Date(peak.at).toLocaleString("en-US", { timeZone: "UTC", month: "short", day: "numeric", hour: "numeric" })} UTC. Dashed line: bots.`;
  return <div ref={box} role="img" aria-label={summary} className="mt-2 min-h-[200px] w-full text-ink-soft" data-testid="traffic-chart" />;
}
