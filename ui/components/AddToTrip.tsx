import { useState } from "react";
import type { Trip, TripSummary } from "../../modules/trips";
import { apiRequest } from "../api";

type Choice = { tripId: number; dayId: number; label: string };

/**
 * "Add to trip": opens a choice of the user's trips and days, then adds the place as the day's last stop.
 * Loaded on first use (one request); with no trip yet it links to /trips.
 */
export function AddToTrip(props: { placeId: number; className: string }) {
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const trips = await apiRequest<TripSummary[]>("GET", "/api/trips");
      const full = await Promise.all(trips.slice(0, 10).map((t) => apiRequest<Trip>("GET", `/api/trips/${t.id}`)));
      setChoices(
        full.flatMap((t) => t.days.map((d) => ({ tripId: t.id, dayId: d.id, label: `${t.title} — Day ${d.number}` }))),
      );
    } catch (e) {
      setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const add = async (value: string) => {
    const choice = choices?.find((c) => `${c.tripId}:${c.dayId}` === value);
    if (!choice) return;
    if (!navigator.onLine) return setMessage("You are offline: the stop cannot be added until the network is back.");
    setBusy(true);
    try {
      await apiRequest<Trip>("POST", `/api/trips/${choice.tripId}/days/${choice.dayId}/stops`, {
        placeId: props.placeId,
      });
      setMessage(`Added to ${choice.label}.`);
    } catch (e) {
      setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="contents">
      {choices === null ? (
        <button type="button" className={props.className} disabled={busy} onClick={() => void open()}>
          Add to trip
        </button>
      ) : choices.length === 0 ? (
        <a className={props.className} href="/trips">
          Start a trip
        </a>
      ) : (
        <select
          aria-label="Add to which trip and day"
          className={props.className}
          disabled={busy}
          defaultValue=""
          onChange={(e) => void add(e.currentTarget.value)}
        >
          <option value="" disabled>
            Add to…
          </option>
          {choices.map((c) => (
            <option key={`${c.tripId}:${c.dayId}`} value={`${c.tripId}:${c.dayId}`}>
              {c.label}
            </option>
          ))}
        </select>
      )}
      {message && (
        <p role="status" className="col-span-full text-sm text-primary">
          {message}
        </p>
      )}
    </div>
  );
}
