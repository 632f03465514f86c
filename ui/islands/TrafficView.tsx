import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { TabList } from "../components/tabs";
import type { Range, TrafficAnalytics, TrafficLogEntry } from "../../modules/traffic";
import { apiRequest } from "../api";
import { BUTTON, StateMessage } from "../components/ui";
import { TextBackLink } from "../components/back-link";
import { withQuery } from "../query-client";

/**
 * The traffic screen (docs/product.md "Traffic analytics", docs/product.md#traffic): 'Loading traffic data...',
 * four cards, tabs Overview / Top Pages / Geography / Live Traffic, analytics refetched every 30 s and the
 * live log every 10 s; plus a range switcher, the bots figure, a requests-per-hour chart (uPlot, its own
 * chunk, loaded only here) and the DB-IP attribution.
 */
const ANALYTICS_REFRESH_MS = 30_000;
const LOGS_REFRESH_MS = 10_000;
const TOP_HOURS = 6;
const RANGE_LABELS: Record<Range, string> = { "24h": "24 hours", "7d": "7 days", "30d": "30 days", all: "All time" };
const TABS = [
  { key: "overview", label: "Overview" },
  { key: "pages", label: "Top Pages" },
  { key: "geography", label: "Geography" },
  { key: "live", label: "Live Traffic" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

const TrafficChart = lazy(() => import("../components/TrafficChart"));

const number = (n: number) => n.toLocaleString("en-US");
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
/** Every time on the screen is UTC, like the hours of the rollups and the chart's axis. */
const timeLabel = (iso: string) =>
  `${new Date(iso).toLocaleString("en-US", { timeZone: "UTC", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" })} UTC`;
let regionNames: Intl.DisplayNames | undefined;
/** "US" → "United States" (from the browser's own locale data); "Unknown" stays. */
function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function Country(props: { code: string }) {
  const known = /^[A-Z]{2}$/.test(props.code);
  return (
    <span className="inline-flex items-center gap-1.5">
      {known && (
        <abbr
          title={countryName(props.code)}
          className="rounded px-1 font-mono text-xs font-semibold no-underline ring-1 ring-line"
        >
          {props.code}
        </abbr>
      )}
      <span>{known ? countryName(props.code) : "Unknown"}</span>
    </span>
  );
}

function DeviceIcon(props: { device: "mobile" | "desktop" }) {
  return (
    <svg
      role="img"
      aria-label={props.device === "mobile" ? "Mobile" : "Desktop"}
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0 text-ink-soft"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {props.device === "mobile" ? (
        <>
          <rect x="7" y="2" width="10" height="20" rx="2" />
          <path d="M11 18h2" />
        </>
      ) : (
        <>
          <rect x="2" y="4" width="20" height="13" rx="2" />
          <path d="M8 21h8M12 17v4" />
        </>
      )}
    </svg>
  );
}

function TrafficView() {
  const [range, setRange] = useState<Range>("all");
  const [tab, setTab] = useState<TabKey>("overview");
  const analytics = useQuery({
    queryKey: ["admin", "traffic-analytics", range],
    queryFn: ({ signal }) =>
      apiRequest<TrafficAnalytics>("GET", `/api/admin/traffic-analytics?range=${range}`, undefined, signal),
    refetchInterval: ANALYTICS_REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const logs = useQuery({
    queryKey: ["admin", "traffic-logs"],
    queryFn: ({ signal }) => apiRequest<TrafficLogEntry[]>("GET", "/api/admin/traffic-logs", undefined, signal),
    refetchInterval: LOGS_REFRESH_MS,
    staleTime: 0,
  });

  const header = (
    <div className="flex flex-wrap items-center gap-2">
      <TextBackLink href="/profile" label="Back to Profile" />
      <h1 className="text-xl font-bold">Traffic Analytics</h1>
    </div>
  );
  const attribution = (
    <p className="text-center text-xs text-ink-soft">
      Countries:{" "}
      <a href="https://db-ip.com" className="text-primary underline">
        IP Geolocation by DB-IP
      </a>{" "}
      (CC BY 4.0). Hours and times are UTC.
    </p>
  );

  if (analytics.isPending || logs.isPending) {
    // At least a screen tall, as the loaded tab panel is: the footer below must not move when data lands (CLS).
    return (
      <div className="flex min-h-screen flex-col gap-4">
        {header}
        <p role="status" className="card px-5 py-8 text-center text-ink-soft" data-testid="traffic-loading">
          Loading traffic data...
        </p>
      </div>
    );
  }
  if (analytics.isError || logs.isError) {
    const error = analytics.error ?? logs.error;
    const fetching = analytics.isFetching || logs.isFetching;
    return (
      <div className="flex flex-col gap-4">
        {header}
        <StateMessage
          kind="error"
          title="Something went wrong"
          text={`Failed to load traffic data: ${error?.message ?? "unknown error"}`}
          action={
            <button
              type="button"
              className={BUTTON}
              disabled={fetching}
              onClick={() => void Promise.all([analytics.refetch(), logs.refetch()])}
            >
              {fetching ? "Trying again..." : "Try again"}
            </button>
          }
        />
      </div>
    );
  }

  const data = analytics.data;
  const peak = data.hourlyTraffic.reduce((best, h) => (h.requests > best.requests ? h : best), {
    hour: -1,
    requests: 0,
  });
  const topHours = [...data.hourlyTraffic]
    .filter((h) => h.requests > 0)
    .sort((a, b) => b.requests - a.requests || a.hour - b.hour)
    .slice(0, TOP_HOURS);
  const maxHour = topHours[0]?.requests ?? 0;
  const cards = [
    { label: "Total Requests", value: number(data.totalRequests), note: `${number(data.bots)} from bots` },
    { label: "Unique Visitors", value: number(data.uniqueVisitors), note: "bots left out" },
    {
      label: "Top Countries",
      value: number(data.topCountries.length),
      note: data.topCountries[0] ? `most: ${countryName(data.topCountries[0].country)}` : "none yet",
    },
    {
      label: "Peak Hour",
      value: peak.hour < 0 ? "—" : hourLabel(peak.hour),
      note: peak.hour < 0 ? "no requests yet" : `${number(peak.requests)} requests (UTC)`,
    },
  ];

  return (
    <div className="flex flex-col gap-4" data-testid="traffic-loaded">
      {header}
      <div role="group" aria-label="Time range" className="flex flex-wrap gap-2">
        {(Object.keys(RANGE_LABELS) as Range[]).map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={r === range}
            onClick={() => setRange(r)}
            className={`rounded-full px-3.5 py-1.5 text-sm font-semibold focus-ring ${r === range ? "bg-primary text-white" : "bg-surface text-ink ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10"}`}
          >
            {RANGE_LABELS[r]}
          </button>
        ))}
      </div>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Summary">
        {cards.map((c) => (
          <li key={c.label} className="card flex flex-col gap-1 p-4" data-testid="traffic-card">
            <span className="text-sm text-ink-soft">{c.label}</span>
            <span className="text-2xl font-bold">{c.value}</span>
            <span className="text-xs text-ink-soft">{c.note}</span>
          </li>
        ))}
      </ul>

      <TabList
        label="Traffic views"
        idPrefix="traffic-tab"
        panelId="traffic-panel"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
      />
      {/* At least a screen tall: the footer stays below the fold while the tab's data loads (CLS). */}
      <div
        role="tabpanel"
        id="traffic-panel"
        aria-labelledby={`traffic-tab-${tab}`}
        tabIndex={0}
        className="flex min-h-screen flex-col gap-4 rounded-xl outline-none focus-ring"
      >
        {tab === "overview" && (
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
                        <span
                          className="h-2.5 overflow-hidden rounded-full bg-black/5 dark:bg-white/10"
                          aria-hidden="true"
                        >
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
        )}
        {tab === "pages" && (
          <section className="card p-4">
            <h2 className="font-semibold">Top Pages</h2>
            <RankedList
              items={data.topPages.map((p) => ({
                key: p.path,
                label: <span className="break-all font-mono">{p.path}</span>,
                visits: p.visits,
              }))}
              empty="No page visits in this range yet."
            />
          </section>
        )}
        {tab === "geography" && (
          <section className="card p-4">
            <h2 className="font-semibold">Countries</h2>
            <RankedList
              items={data.topCountries.map((c) => ({
                key: c.country,
                label: <Country code={c.country} />,
                visits: c.visits,
              }))}
              empty="No visits in this range yet."
            />
          </section>
        )}
        {tab === "live" && <LiveTraffic entries={logs.data} updatedAt={logs.dataUpdatedAt} />}
      </div>
      {attribution}
    </div>
  );
}

function RankedList(props: { items: Array<{ key: string; label: React.ReactNode; visits: number }>; empty: string }) {
  if (props.items.length === 0) return <p className="py-4 text-sm text-ink-soft">{props.empty}</p>;
  const max = props.items[0]!.visits || 1;
  return (
    <ol className="mt-2 flex flex-col gap-2">
      {props.items.map((item, i) => (
        <li
          key={item.key}
          className="grid grid-cols-[2rem_1fr_auto] items-center gap-2 text-sm"
          data-testid="ranked-item"
        >
          <span className="text-ink-soft">#{i + 1}</span>
          <span className="flex min-w-0 flex-col gap-1">
            {item.label}
            <span className="h-1.5 overflow-hidden rounded-full bg-black/5 dark:bg-white/10" aria-hidden="true">
              <span
                className="block h-full rounded-full bg-primary"
                style={{ width: `${Math.min(100, (item.visits / max) * 100)}%` }}
              />
            </span>
          </span>
          <span>
            {number(item.visits)} <span className="sr-only">visits</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

const LIVE_COLUMNS = ["Method", "Path", "IP", "Country", "Status", "Time"] as const;

function LiveTraffic(props: { entries: TrafficLogEntry[]; updatedAt: number }) {
  return (
    <section className="card p-4" aria-labelledby="live-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="live-heading" className="font-semibold">
          Live Traffic
        </h2>
        <p className="text-xs text-ink-soft">
          {props.entries.length} latest requests · refreshes every 10 s · updated{" "}
          {new Date(props.updatedAt).toLocaleTimeString("en-US", { timeZone: "UTC" })} UTC
        </p>
      </div>
      {props.entries.length === 0 ? (
        <p className="py-4 text-sm text-ink-soft">No requests logged yet.</p>
      ) : (
        // One table; below the lg breakpoint each row is a stacked card (no sideways scrolling on a phone or a
        // tablet) that keeps every column, with a small label where a value alone is ambiguous (IP, status).
        // The explicit roles keep the table semantics when rows are laid out as grids.
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Latest requests">
          <table role="table" className="block w-full text-left text-sm lg:table" data-testid="live-traffic">
            <caption className="sr-only">Latest requests, newest first</caption>
            <thead role="rowgroup" className="sr-only text-xs text-ink-soft lg:not-sr-only lg:table-header-group">
              <tr role="row">
                {LIVE_COLUMNS.map((c) => (
                  <th key={c} role="columnheader" scope="col" className="py-1 pr-2 last:pr-0">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup" className="flex flex-col gap-2 lg:table-row-group lg:divide-y lg:divide-line">
              {props.entries.map((e) => (
                <tr
                  key={e.id}
                  role="row"
                  data-testid="live-row"
                  className="grid grid-cols-[auto_1fr_auto] items-baseline gap-x-2 gap-y-0.5 rounded-lg p-2 ring-1 ring-line lg:table-row lg:rounded-none lg:p-0 lg:ring-0"
                >
                  <td role="cell" className="font-mono font-semibold lg:py-1.5 lg:pr-2 lg:font-normal">
                    {e.method}
                  </td>
                  <td role="cell" className="min-w-0 break-all font-mono lg:max-w-[16rem] lg:py-1.5 lg:pr-2">
                    {e.path}
                    {e.bot && <span className="ml-1 rounded bg-black/5 px-1 text-xs dark:bg-white/10">bot</span>}
                  </td>
                  <td role="cell" className="col-span-3 break-all font-mono text-xs lg:col-auto lg:py-1.5 lg:pr-2">
                    <span className="mr-1 font-sans text-ink-soft lg:hidden" aria-hidden="true">
                      IP
                    </span>
                    {e.ipAddress}
                  </td>
                  <td role="cell" className="col-span-3 lg:col-auto lg:py-1.5 lg:pr-2">
                    <Country code={e.country} />
                  </td>
                  <td
                    role="cell"
                    className={`col-start-3 row-start-1 text-right font-mono lg:col-auto lg:row-auto lg:py-1.5 lg:pr-2 lg:text-left ${e.statusCode >= 500 ? "text-red-700 dark:text-red-300" : e.statusCode >= 400 ? "text-amber-800 dark:text-amber-300" : ""}`}
                  >
                    <span className="mr-1 text-xs font-sans text-ink-soft lg:hidden" aria-hidden="true">
                      Status
                    </span>
                    {e.statusCode}
                  </td>
                  <td role="cell" className="col-span-3 text-xs text-ink-soft lg:col-auto lg:py-1.5 lg:text-ink">
                    <time dateTime={e.timestamp}>{timeLabel(e.timestamp)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default withQuery(TrafficView);
