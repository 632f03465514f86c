import { useEffect, useState, type DragEvent } from "react";
import type { Stop, Trip } from "../../modules/trips";
import { apiRequest } from "../api";
import { StopBody, dayTitle, dayTotals } from "../components/TripDay";
import { TextBackLink } from "../components/back-link";

const OFFLINE = "You are offline: changes cannot be saved until the network is back.";
const button =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-full border border-line px-3 text-sm text-ink hover:bg-black/5 focus-ring disabled:opacity-40 print:hidden";

/**
 * /trips/{id}: the trip's days and stops. Reorder by drag or with the Up/Down buttons, move to another day,
 * remove, note and time (saved when the time field is left); plan another day; share (read-only link,
 * revocable); export; print. Edits need the network: offline they are refused with a message (nothing is queued).
 */
export default function TripEditor(props: { trip: Trip }) {
  const [trip, setTrip] = useState(props.trip);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const base = `/api/trips/${trip.id}`;
  const change = async (method: string, path: string, body?: unknown, done?: string) => {
    if (!navigator.onLine) return setMessage(OFFLINE);
    setBusy(true);
    try {
      setTrip(await apiRequest<Trip>(method, `${base}${path}`, body));
      setMessage(done ?? null);
    } catch (e) {
      setMessage(navigator.onLine ? (e as Error).message : OFFLINE);
    } finally {
      setBusy(false);
    }
  };
  // A keyboard move keeps the focus on the moved stop: the same control, else its other move control.
  const [refocus, setRefocus] = useState<{ stopId: number; controls: string[] } | null>(null);
  useEffect(() => {
    if (busy || !refocus) return;
    const stop = document.querySelector(`[data-testid="trip-stop"][data-stop-id="${refocus.stopId}"]`);
    const target = refocus.controls
      .map((control) => stop?.querySelector<HTMLButtonElement | HTMLSelectElement>(`[data-move="${control}"]`))
      .find((control) => control && !control.disabled);
    target?.focus();
    setRefocus(null);
  }, [busy, refocus]);
  const move = (stop: Stop, dayId: number, position: number, control?: "up" | "down" | "day") => {
    if (control) setRefocus({ stopId: stop.id, controls: [control, "up", "down", "day"] });
    return change("PATCH", `/stops/${stop.id}`, { dayId, position }, "Stop moved.");
  };
  const drop = (event: DragEvent, dayId: number, position: number) => {
    event.preventDefault();
    const stop = trip.days.flatMap((d) => d.stops).find((s) => s.id === dragging);
    setDragging(null);
    if (stop) void move(stop, dayId, position);
  };
  const shareUrl = trip.shareToken ? `/t/${trip.shareToken}` : null;
  return (
    <div className="mt-6 space-y-4">
      <header>
        <div className="print:hidden">
          <TextBackLink href="/trips" label="All trips" />
        </div>
        <h1 className="text-2xl font-bold text-ink">{trip.title}</h1>
        <p className="text-ink-soft">
          {trip.city}
          {trip.startDate ? ` · from ${trip.startDate}` : ""}
        </p>
      </header>
      <p
        role="status"
        aria-live="polite"
        className="min-h-6 text-sm font-medium text-primary"
        data-testid="trip-message"
      >
        {message}
      </p>
      <div className="flex flex-wrap gap-2 print:hidden">
        <label className="flex items-center gap-2 text-sm">
          Start date
          <input
            type="date"
            defaultValue={trip.startDate ?? ""}
            className="h-9 rounded-lg border border-line bg-surface px-2 text-ink focus-ring"
            onChange={(e) => change("PATCH", "", { startDate: e.currentTarget.value || null }, "Date saved.")}
          />
        </label>
        <button
          type="button"
          className={button}
          disabled={busy}
          onClick={() => change("POST", "/plan", {}, "A new day was planned.")}
        >
          Plan a day
        </button>
        <button
          type="button"
          className={button}
          disabled={busy}
          onClick={() => change("POST", "/days", undefined, "Day added.")}
        >
          Add a day
        </button>
        <a className={button} href={`${base}/export.ics`} download>
          Calendar (.ics)
        </a>
        <a className={button} href={`${base}/export.gpx`} download>
          GPX
        </a>
        <button type="button" className={button} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <section className="card p-4 print:hidden" aria-labelledby="share-heading">
        <h2 id="share-heading" className="font-bold">
          Share
        </h2>
        {shareUrl ? (
          <>
            <p className="mt-1 text-sm text-ink-soft">Anyone with this link can read the trip (not change it):</p>
            <a
              href={shareUrl}
              data-testid="share-link"
              className="mt-1 block break-all text-sm text-primary underline focus-ring"
            >
              {shareUrl}
            </a>
            <button
              type="button"
              className={`${button} mt-2`}
              disabled={busy}
              onClick={() => change("DELETE", "/share", undefined, "The link no longer works.")}
            >
              Stop sharing
            </button>
          </>
        ) : (
          <button
            type="button"
            className={`${button} mt-2`}
            disabled={busy}
            onClick={() => change("POST", "/share", undefined, "Share link ready.")}
          >
            Create a share link
          </button>
        )}
      </section>
      {trip.days.map((day) => (
        <section key={day.id} className="card p-4" aria-labelledby={`day-${day.id}`} data-testid="trip-day">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`day-${day.id}`} className="text-lg font-bold">
              {dayTitle(day)}
            </h2>
            {day.stops.length > 0 && (
              <a className={button} href={`/map?trip=${trip.id}&day=${day.number}`}>
                View day {day.number} on map
              </a>
            )}
            {trip.days.length > 1 && (
              <button
                type="button"
                className={button}
                disabled={busy}
                onClick={() => change("DELETE", `/days/${day.id}`, undefined, "Day removed.")}
              >
                Remove day {day.number}
              </button>
            )}
          </div>
          <p className="text-sm text-ink-soft" data-testid="day-totals">
            {dayTotals(day, trip.walkingMph)}
          </p>
          {day.stops.length === 0 ? (
            <p
              className="mt-2 rounded-lg border border-dashed border-line p-4 text-ink-soft"
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => drop(e, day.id, 0)}
            >
              No stops yet. Add places from a place's page (“Add to trip”) or plan a day.
            </p>
          ) : (
            <ol className="mt-3 space-y-3">
              {day.stops.map((stop, i) => (
                <li
                  key={stop.id}
                  draggable
                  onDragStart={() => setDragging(stop.id)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => drop(e, day.id, i)}
                  className={`flex flex-col gap-2 rounded-lg p-2 sm:flex-row ${dragging === stop.id ? "opacity-50" : ""}`}
                  data-testid="trip-stop"
                  data-stop-id={stop.id}
                >
                  <StopBody stop={stop} index={i} />
                  <div className="flex flex-wrap items-start gap-1 print:hidden">
                    <button
                      type="button"
                      className={button}
                      disabled={busy || i === 0}
                      onClick={() => move(stop, day.id, i - 1, "up")}
                      data-move="up"
                      aria-label={`Move ${stop.place?.title ?? "stop"} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={button}
                      disabled={busy || i === day.stops.length - 1}
                      onClick={() => move(stop, day.id, i + 1, "down")}
                      data-move="down"
                      aria-label={`Move ${stop.place?.title ?? "stop"} down`}
                    >
                      ↓
                    </button>
                    {trip.days.length > 1 && (
                      <select
                        aria-label={`Move ${stop.place?.title ?? "stop"} to another day`}
                        className="h-9 rounded-full border border-line bg-surface px-2 text-sm focus-ring"
                        value={day.id}
                        onChange={(e) => move(stop, Number(e.currentTarget.value), 999, "day")}
                        data-move="day"
                      >
                        {trip.days.map((d) => (
                          <option key={d.id} value={d.id}>
                            Day {d.number}
                          </option>
                        ))}
                      </select>
                    )}
                    <input
                      type="time"
                      aria-label={`Time for ${stop.place?.title ?? "this stop"}`}
                      defaultValue={stop.time ?? ""}
                      className="h-9 rounded-full border border-line bg-surface px-2 text-sm text-ink focus-ring"
                      onBlur={(e) => {
                        const time = e.currentTarget.value || null;
                        if (time !== stop.time) void change("PATCH", `/stops/${stop.id}`, { time }, "Time saved.");
                      }}
                    />
                    <button
                      type="button"
                      className={button}
                      disabled={busy}
                      onClick={() => {
                        const note = window.prompt("Note for this stop", stop.note ?? "");
                        if (note !== null) void change("PATCH", `/stops/${stop.id}`, { note }, "Note saved.");
                      }}
                    >
                      Note
                    </button>
                    <button
                      type="button"
                      className={button}
                      disabled={busy}
                      onClick={() => change("DELETE", `/stops/${stop.id}`, undefined, "Stop removed.")}
                      aria-label={`Remove ${stop.place?.title ?? "stop"}`}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}
