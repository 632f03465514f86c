/**
 * Small charts of the admin panel, drawn by uPlot through the shared lifecycle (./uplot-chart: lazy library
 * and stylesheet, resize, destroy). The chunk is imported lazily from the admin island only, so no other page
 * ever downloads it (decision 021). Each chart is an image with a text label for screen readers; the same
 * figures are in the panel as text.
 */
import { cssVar, useUPlot } from "./uplot-chart";

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
  const { ref, failed } = useUPlot(
    (UPlot, element) => {
      const colour = cssVar(element, "--ls-primary", "#16a34a");
      const ink = cssVar(element, "--ls-ink-soft", "#6b7280");
      return {
        options: {
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false } },
          axes: [
            {
              stroke: ink,
              grid: { show: false },
              values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? (props.labels[t] ?? "") : "")),
            },
            { stroke: ink, grid: { stroke: "rgba(128,128,128,0.15)" }, size: 40 },
          ],
          series: [
            {},
            props.kind === "bars"
              ? { stroke: colour, fill: colour, paths: UPlot.paths.bars!({ size: [0.6, 60] }), points: { show: false } }
              : { stroke: colour, width: 2, points: { show: false } },
          ],
        },
        data: [props.labels.map((_, i) => i), props.values],
      };
    },
    [props.labels.join("|"), props.values.join("|"), props.kind],
    { height: 160, minWidth: 200 },
  );
  return (
    <figure className="m-0">
      <div
        ref={ref}
        role="img"
        aria-label={props.label}
        data-testid={props.testId}
        className="h-[160px] w-full overflow-hidden"
      />
      {failed && <p className="text-sm text-ink-soft">The chart could not be drawn.</p>}
    </figure>
  );
}
