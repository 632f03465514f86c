import type { TrafficLogEntry } from "../../modules/traffic";
import { timeLabel } from "./format";
import { Country } from "./marks";

/** The Live Traffic tab: the latest logged requests, one table that stacks into cards below the lg breakpoint. */

const LIVE_COLUMNS = ["Method", "Path", "IP", "Country", "Status", "Time"] as const;

export function LiveTraffic(props: { entries: TrafficLogEntry[]; updatedAt: number }) {
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
