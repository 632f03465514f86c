/**
 * A trip day map's legend (top left, over the map): what the numbered markers and the dashed line mean, and the
 * day's distance and estimated walking time, worded as every trip view words it (src/domain/walking.ts). One line each on a phone. The markers themselves are hidden from screen readers (the list
 * beside the map is their accessible form); the legend is read as a named group.
 */
export function RouteLegend(props: { totals: string }) {
  return (
    <div
      role="group"
      aria-label="Map legend"
      className="absolute left-3 top-3 z-10 max-w-[calc(100%-1.5rem)] rounded-xl bg-surface/95 px-3 py-2 text-xs text-ink shadow sm:max-w-xs"
      data-testid="map-legend"
      data-map-overlay="top"
    >
      <ul className="space-y-1">
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-primary text-[11px] font-bold text-white ring-2 ring-white"
          >
            1
          </span>
          A stop, numbered in the day's order
        </li>
        <li className="flex items-center gap-2">
          <svg aria-hidden="true" viewBox="0 0 20 6" className="h-1.5 w-5 shrink-0 text-primary">
            <line x1="1" y1="3" x2="19" y2="3" stroke="currentColor" strokeWidth="3" strokeDasharray="4 3" />
          </svg>
          Straight lines join the stops in order
        </li>
        <li className="font-semibold" data-testid="legend-totals">
          {props.totals}
        </li>
      </ul>
    </div>
  );
}
