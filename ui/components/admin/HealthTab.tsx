import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { DataHealth, StateHealth } from "../../../modules/admin";
import { apiRequest } from "../../api";
import { date, dateTime, Empty, fmt, ON_FOCUS } from "./parts";

/** The admin panel's Data Health tab: nationwide figures and, per state, places, datasets and refresh commands. */
export function HealthTab() {
  const health = useQuery({
    queryKey: ["admin", "data-health"],
    queryFn: ({ signal }) => apiRequest<DataHealth>("GET", "/api/admin/data-health", undefined, signal),
    ...ON_FOCUS,
  });
  const [open, setOpen] = useState<string | null>(null);
  if (health.isPending) {
    return (
      <div aria-hidden="true" className="card ls-skeleton h-48" data-testid="health-loading">
        <span className="sr-only">Loading data health...</span>
      </div>
    );
  }
  if (health.isError) {
    return (
      <p role="alert" className="card p-4 text-red-700 dark:text-red-300">
        {`Failed to load data health: ${health.error.message}`}
      </p>
    );
  }
  const n = health.data.nationwide;
  return (
    <>
      <p className="card p-4" data-testid="health-nationwide">
        Nationwide: {fmt(n.places)} places in {n.importedStates} of {n.states} states imported; {fmt(n.thinCities)}{" "}
        incorporated cities with fewer than 8 places; {n.olderThanFiveYears}% of food, stores and lodging from data
        older than five years.
      </p>
      {health.data.refreshRun && (
        <p className="card p-4" role="status" data-testid="health-refresh-run">
          Refreshing from OpenStreetMap: {health.data.refreshRun.done} of {health.data.refreshRun.states} states done
          (last state finished {dateTime(health.data.refreshRun.updatedAt)}).
        </p>
      )}
      <ul className="flex flex-col gap-2" data-testid="health-states">
        {health.data.states.map((s) => (
          <li key={s.stateCode} className="card">
            <button
              type="button"
              aria-expanded={open === s.stateCode}
              onClick={() => setOpen((o) => (o === s.stateCode ? null : s.stateCode))}
              className="flex w-full items-center justify-between gap-2 rounded-2xl p-3 text-left focus-ring"
            >
              <span className="font-semibold">{s.stateCode}</span>
              <span className="text-sm text-ink-soft">
                {fmt(s.places)} places · {s.olderThanFiveYears}% old · {s.thinCities} thin cities ·{" "}
                {s.lastImportedAt ? `imported ${date(s.lastImportedAt)}` : "not imported"}
              </span>
            </button>
            {open === s.stateCode && <StateDetails state={s} />}
          </li>
        ))}
      </ul>
    </>
  );
}

function StateDetails({ state: s }: { state: StateHealth }) {
  return (
    <div className="flex flex-col gap-3 border-t border-line p-3 text-sm" data-testid={`health-${s.stateCode}`}>
      <div>
        <h2 className="font-semibold">Places by category</h2>
        {s.byCategory.length === 0 ? (
          <Empty text="No places yet." />
        ) : (
          <p>{s.byCategory.map((c) => `${c.category}: ${fmt(c.places)}`).join(" · ")}</p>
        )}
      </div>
      <p>
        Food, stores and lodging from data older than five years: {s.olderThanFiveYears}% of{" "}
        {fmt(s.perishablePlaces ?? 0)} · Newest source date: {s.newestSourceDate ?? "none"} · Last refresh:{" "}
        {s.lastRefresh ? dateTime(s.lastRefresh) : "never"}
      </p>
      <p>
        Incorporated cities: {fmt(s.incorporatedCities)}, with fewer than 8 places: {fmt(s.thinCities)}
        {s.thinCityNames.length > 0 &&
          ` (${s.thinCityNames.join(", ")}${s.thinCities > s.thinCityNames.length ? ", …" : ""})`}
      </p>
      <div>
        <h2 className="font-semibold">Datasets</h2>
        {s.datasets.length === 0 ? (
          <Empty text="Not imported yet." />
        ) : (
          <ul>
            {s.datasets.map((d) => (
              <li key={d.dataset}>
                {d.dataset}: {fmt(d.rows)} rows, {dateTime(d.importedAt)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2 className="font-semibold">Refresh</h2>
        <ul className="flex flex-col gap-1">
          {s.commands.map((c) => (
            <li key={c.command}>
              <code className="rounded bg-black/5 px-1.5 py-0.5 dark:bg-white/10">{c.command}</code> — last run:{" "}
              {c.lastRun ? dateTime(c.lastRun) : "not recorded"}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
