import { lazy, Suspense } from "react";
import type { TrafficAnalytics } from "../../modules/traffic";
import { hourLabel, number, timeLabel } from "./format";
import { Country, DeviceIcon } from "./marks";

/** The Overview tab: the requests chart (uPlot, its own chunk), the busiest hours and the recent visitors. */

const TOP_HOURS = 6;

const TrafficChart = lazy(() => import("../components/TrafficChart"));

export function Overview(props: { data: TrafficAnalytics }) {
  const { data } = props;
  const topHours = [...data.hourlyTraffic]
    .filter((h) => h.requests > 0)
    .sort((a, b) => b.requests - a.requests || a.hour - b.hour)
    .slice(0, TOP_HOURS);
  const maxHour = topHours[0]?.requests ?? 0;
  return (
    <>
      <section className="card p-4">
        <h2 className="font-semibold">
          Requests per {data.range === "30d" || data.range === "all" ? "day" : "hour"} (UTC)
        </h2>
        <Suspense fallback={<p className="h-48 py-8 text-center text-sm text-ink-soft">Loading chart...</p>}>
          <TrafficChart points={data.timeline} />
        </Suspense>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="card p-4">
          <h2 className="font-semibold">Busiest hours (UTC)</h2>
          {topHours.length === 0 ? (
            <p className="py-4 text-sm text-ink-soft">No requests in this range yet.</p>
          ) : (
            <ol className="mt-2 flex flex-col gap-2" data-testid="top-hours">
              {topHours.map((h) => (
                <li key={h.hour} className="grid grid-cols-[3.5rem_1fr_auto] items-center gap-2 text-sm">
                  <span className="font-mono">{hourLabel(h.hour)}</span>
                  <span className="h-2.5 overflow-hidden rounded-full bg-black/5 dark:bg-white/10" aria-hidden="true">
                    <span
                      className="block h-full rounded-full bg-primary"
                      style={{ width: `${Math.min(100, (h.requests / maxHour) * 100)}%` }}
                    />
                  </span>
                  <span>{number(h.requests)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="card p-4">
          <h2 className="font-semibold">Recent Activity</h2>
          {data.recentVisitors.length === 0 ? (
            <p className="py-4 text-sm text-ink-soft">No visitors in this range yet.</p>
          ) : (
            <ul className="mt-2 flex flex-col divide-y divide-line" data-testid="recent-visitors">
              {data.recentVisitors.map((v, i) => (
                <li key={`${v.timestamp}-${i}`} className="flex items-center gap-3 py-2 text-sm">
                  <DeviceIcon device={v.device} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium">{v.path}</span>
                    <span className="truncate text-xs text-ink-soft">
                      {v.ipAddress} · <Country code={v.country} />
                    </span>
                  </span>
                  <time dateTime={v.timestamp} className="shrink-0 text-xs text-ink-soft">
                    {timeLabel(v.timestamp)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
