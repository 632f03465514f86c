import { useUPlot } from "./uplot-chart";

const UTC_LABEL = { timeZone: "UTC", month: "short", day: "numeric", hour: "numeric" } as const;

/**
 * Requests per hour (or day) over the chosen range, drawn with uPlot through the shared lifecycle
 * (./uplot-chart). This module and uPlot are one lazy chunk that only the traffic screen loads. The time axis
 * is labelled in UTC, like every hour on the screen. The chart is an image with a text summary for screen readers.
 */
export default function TrafficChart(props: { points: Array<{ at: string; requests: number; bots: number }> }) {
  const { ref, failed } = useUPlot(
    (UPlot, element) => {
      if (props.points.length === 0) return null;
      const primary = getComputedStyle(element).getPropertyValue("--ls-primary").trim() || "#16a34a";
      const ink = getComputedStyle(element).color;
      const data: [number[], number[], number[]] = [
        props.points.map((p) => Date.parse(p.at) / 1000),
        props.points.map((p) => p.requests),
        props.points.map((p) => p.bots),
      ];
      const first = data[0][0]!;
      const last = data[0][data[0].length - 1]!;
      const axis = {
        stroke: ink,
        grid: { stroke: "rgba(127,127,127,0.2)" },
        ticks: { stroke: "rgba(127,127,127,0.3)" },
      };
      return {
        options: {
          legend: { show: false },
          cursor: { show: false },
          // Tick labels in UTC (uPlot formats in the browser's zone otherwise).
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          // One point alone would stretch the time axis over years: give it a day around it.
          scales: {
            x: {
              time: true,
              auto: false,
              range: () => (first === last ? [first - 43_200, last + 43_200] : [first, last]),
            },
          },
          axes: [
            { ...axis, label: "Time (UTC)", labelSize: 20, labelFont: "12px system-ui, sans-serif" },
            { ...axis, size: 56 },
          ],
          series: [
            {},
            { label: "Requests", stroke: primary, width: 2, fill: "rgba(127,127,127,0.08)" },
            { label: "Bots", stroke: "rgba(127,127,127,0.8)", width: 1, dash: [4, 4] },
          ],
        },
        data,
      };
    },
    [props.points],
    { height: 200 },
  );

  if (props.points.length === 0)
    return <p className="py-8 text-center text-sm text-ink-soft">No requests in this range yet.</p>;
  if (failed) return <p className="py-8 text-center text-sm text-ink-soft">The chart could not be drawn.</p>;
  const peak = props.points.reduce((best, p) => (p.requests > best.requests ? p : best));
  const total = props.points.reduce((n, p) => n + p.requests, 0);
  const summary = `Requests over time (UTC): ${total.toLocaleString("en-US")} in ${props.points.length} periods, most (${peak.requests.toLocaleString("en-US")}) at ${new Date(peak.at).toLocaleString("en-US", UTC_LABEL)} UTC. Dashed line: bots.`;
  return (
    <figure className="m-0 mt-2">
      <div
        ref={ref}
        role="img"
        aria-label={summary}
        className="min-h-[200px] w-full text-ink-soft"
        data-testid="traffic-chart"
      />
      <figcaption className="mt-1 flex flex-wrap gap-x-4 text-xs text-ink-soft" aria-hidden="true">
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 align-middle bg-primary" />
          Requests
        </span>
        <span>
          <span className="mr-1 inline-block w-4 border-t-2 border-dashed border-current align-middle" />
          Bots
        </span>
        <span>Times in UTC</span>
      </figcaption>
    </figure>
  );
}
