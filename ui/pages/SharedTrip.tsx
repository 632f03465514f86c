import type { Trip } from "../../modules/trips";
import { Shell } from "../components/Shell";
import { dayTotals } from "../../src/domain";
import { DayMapLink, StopBody, TimesWarning, dayTitle } from "../components/TripDay";

/** /t/{token}: a shared trip, read-only, rendered on the server for anyone (no JavaScript needed). */
export function SharedTripPage(props: { trip: Trip; path: string }) {
  const { trip } = props;
  return (
    <Shell path={props.path}>
      <article className="mt-6" aria-labelledby="trip-heading">
        <p className="text-sm text-ink-soft">A shared trip · read-only</p>
        <h1 id="trip-heading" className="text-2xl font-bold text-ink">
          {trip.title}
        </h1>
        <p className="text-ink-soft">{trip.city}</p>
        {trip.days.map((day) => (
          <section key={day.id} className="card mt-4 p-4" aria-labelledby={`day-${day.id}`}>
            <h2 id={`day-${day.id}`} className="text-lg font-bold">
              {dayTitle(day)}
            </h2>
            <p className="text-sm text-ink-soft">{dayTotals(day, trip.walkingMph)}</p>
            <TimesWarning stops={day.stops} />
            <DayMapLink
              day={day}
              href={`${props.path}/map?day=${day.number}`}
              className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-primary underline focus-ring print:hidden"
            />
            {day.stops.length === 0 ? (
              <p className="mt-2 text-ink-soft">No stops on this day.</p>
            ) : (
              <ol className="mt-3 space-y-3">
                {day.stops.map((stop, i) => (
                  <li key={stop.id} className="flex">
                    <StopBody stop={stop} index={i} />
                  </li>
                ))}
              </ol>
            )}
          </section>
        ))}
        <p className="mt-4 text-xs text-ink-soft">
          Places and addresses come from the open datasets listed on the{" "}
          <a className="underline" href="/about">
            About
          </a>{" "}
          page. Walking times are estimates over straight lines.
        </p>
      </article>
    </Shell>
  );
}
