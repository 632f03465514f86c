import type { ReactNode } from "react";
import type { Day, Stop } from "../../modules/trips";
import { timesOutOfOrder } from "../../src/domain";

/** "View day N on map" for a day with stops (nothing for an empty day): `href` is the day's map page. */
export function DayMapLink(props: { day: Pick<Day, "number" | "stops">; href: string; className: string }) {
  if (props.day.stops.length === 0) return null;
  return (
    <a className={props.className} href={props.href}>
      View day {props.day.number} on map
    </a>
  );
}

/** The day's times disagree with its order (after a reorder): said on the day, never silently changed. */
export function TimesWarning(props: { stops: ReadonlyArray<{ time: string | null }> }) {
  const warning = timesOutOfOrder(props.stops);
  if (!warning) return null;
  return (
    <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="day-times-warning">
      {warning}
    </p>
  );
}

export const dayTitle = (day: Pick<Day, "number" | "date">) =>
  day.date
    ? `Day ${day.number} · ${new Date(`${day.date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" })}`
    : `Day ${day.number}`;

/** One stop as every trip view shows it: number, time, the place's title and address, note, hours warnings. */
export function StopBody(props: { stop: Stop; index: number; children?: ReactNode }) {
  const { stop, index } = props;
  return (
    <div className="flex min-w-0 flex-1 gap-3">
      <span
        className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-white"
        aria-hidden="true"
      >
        {index + 1}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">
          {stop.time && <span className="mr-2 text-ink-soft">{stop.time}</span>}
          {stop.place ? (
            <a className="hover:underline focus-ring" href={`/place/${stop.placeId}`}>
              {stop.place.title}
            </a>
          ) : (
            "This place is no longer listed"
          )}
        </p>
        {stop.place && (
          <p className="text-sm text-ink-soft" data-testid="stop-address">
            {[stop.place.address, stop.place.city && `${stop.place.city}, ${stop.place.stateCode}`]
              .filter(Boolean)
              .join(", ") || stop.place.category}
          </p>
        )}
        {stop.note && (
          <p className="mt-1 text-sm text-ink" data-testid="stop-note">
            {stop.note}
          </p>
        )}
        {stop.warnings.map((w) => (
          <p key={w} className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-300">
            {w}
          </p>
        ))}
        {stop.legMiles !== null && (
          <p className="mt-1 text-xs text-ink-soft">{stop.legMiles} mi from the previous stop</p>
        )}
        {props.children}
      </div>
    </div>
  );
}
