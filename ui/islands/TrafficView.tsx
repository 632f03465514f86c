import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { TabList } from "../components/tabs";
import type { Range, TrafficAnalytics, TrafficLogEntry } from "../../modules/traffic";
import { apiRequest } from "../api";
import { BUTTON, StateMessage } from "../components/ui";
import { TextBackLink } from "../components/back-link";
import { withQuery } from "../query-client";
import { LiveTraffic } from "../traffic/LiveTraffic";
import { Overview } from "../traffic/Overview";
import { RankedList } from "../traffic/RankedList";
import { Summary } from "../traffic/Summary";
import { Country } from "../traffic/marks";

/**
 * The traffic screen (docs/product.md "Traffic analytics", docs/product.md#traffic): 'Loading traffic data...',
 * four cards, tabs Overview / Top Pages / Geography / Live Traffic, analytics refetched every 30 s and the
 * live log every 10 s; plus a range switcher, the bots figure, a requests-per-hour chart (uPlot, its own
 * chunk, loaded only here) and the DB-IP attribution.
 */
const ANALYTICS_REFRESH_MS = 30_000;
const LOGS_REFRESH_MS = 10_000;
const RANGE_LABELS: Record<Range, string> = { "24h": "24 hours", "7d": "7 days", "30d": "30 days", all: "All time" };
const TABS = [
  { key: "overview", label: "Overview" },
  { key: "pages", label: "Top Pages" },
  { key: "geography", label: "Geography" },
  { key: "live", label: "Live Traffic" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

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
      <Summary data={data} />

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
        {tab === "overview" && <Overview data={data} />}
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

export default withQuery(TrafficView);
