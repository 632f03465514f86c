import type { TrafficAnalytics } from "../../modules/traffic";
import { countryName, hourLabel, number } from "./format";

/** The four summary cards: total requests (and bots), unique visitors, top countries and the peak hour. */
export function Summary(props: { data: TrafficAnalytics }) {
  const { data } = props;
  const peak = data.hourlyTraffic.reduce((best, h) => (h.requests > best.requests ? h : best), {
    hour: -1,
    requests: 0,
  });
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
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Summary">
      {cards.map((c) => (
        <li key={c.label} className="card flex flex-col gap-1 p-4" data-testid="traffic-card">
          <span className="text-sm text-ink-soft">{c.label}</span>
          <span className="text-2xl font-bold">{c.value}</span>
          <span className="text-xs text-ink-soft">{c.note}</span>
        </li>
      ))}
    </ul>
  );
}
