import { useEffect, useState, type FormEvent } from "react";
import type { Trip, TripSummary } from "../../modules/trips";
import { ApiError, apiRequest } from "../api";

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; trips: TripSummary[] };

/** /trips: the user's trips (newest change first), an empty state, and a form that starts one (and plans day 1). */
export default function TripList(props: { city: string; trips?: TripSummary[] }) {
  const [state, setState] = useState<State>(
    props.trips ? { status: "ready", trips: props.trips } : { status: "loading" },
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  // A refresh that fails keeps the list the page came with (offline, a cached page), else says why.
  const load = () =>
    apiRequest<TripSummary[]>("GET", "/api/trips").then(
      (trips) => setState({ status: "ready", trips }),
      (e: Error) => setState((now) => (now.status === "ready" ? now : { status: "error", message: e.message })),
    );
  useEffect(() => {
    void load();
  }, []);
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!navigator.onLine)
      return setErrors({ _: ["You are offline: a trip cannot be started until the network is back."] });
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const trip = await apiRequest<Trip>("POST", "/api/trips", { title: form.get("title"), city: form.get("city") });
      if (form.get("plan")) await apiRequest<Trip>("POST", `/api/trips/${trip.id}/plan`, {});
      location.assign(`/trips/${trip.id}`);
    } catch (e) {
      setErrors(e instanceof ApiError && Object.keys(e.errors).length ? e.errors : { _: [(e as Error).message] });
      setBusy(false);
    }
  };
  return (
    <div className="mt-6 space-y-6">
      <h1 className="text-2xl font-bold text-ink">Trips</h1>
      <form className="card space-y-3 p-4" onSubmit={create} aria-labelledby="new-trip-heading" noValidate>
        <h2 id="new-trip-heading" className="text-lg font-bold">
          Plan a trip
        </h2>
        <label className="block text-sm font-medium">
          Title
          <input
            name="title"
            required
            maxLength={120}
            className="mt-1 h-11 w-full rounded-lg border border-line bg-surface px-3 text-ink focus-ring"
            defaultValue=""
            aria-describedby="trip-title-error"
          />
        </label>
        {errors.title && (
          <p id="trip-title-error" className="text-sm text-red-700 dark:text-red-300">
            {errors.title[0]}
          </p>
        )}
        <label className="block text-sm font-medium">
          City (City, ST)
          <input
            name="city"
            required
            className="mt-1 h-11 w-full rounded-lg border border-line bg-surface px-3 text-ink focus-ring"
            defaultValue={props.city}
            aria-describedby="trip-city-error"
          />
        </label>
        {errors.city && (
          <p id="trip-city-error" className="text-sm text-red-700 dark:text-red-300">
            {errors.city[0]}
          </p>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="plan" defaultChecked /> Plan my day: propose a day of the city's best sights
          close together, with a food stop near midday
        </label>
        {(errors._ ?? errors.trips) && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {(errors._ ?? errors.trips)![0]}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-primary px-5 py-2 font-medium text-white hover:bg-primary-dark focus-ring"
        >
          {busy ? "Planning…" : "Start trip"}
        </button>
      </form>
      <section aria-labelledby="your-trips-heading">
        <h2 id="your-trips-heading" className="text-lg font-bold">
          Your trips
        </h2>
        {state.status === "loading" && <p className="mt-2 text-ink-soft">Loading trips…</p>}
        {state.status === "error" && (
          <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
            Could not load your trips: {state.message}
          </p>
        )}
        {state.status === "ready" && state.trips.length === 0 && (
          <p className="mt-2 text-ink-soft" data-testid="trips-empty">
            No trips yet. Start one above: pick a city and we propose a day from its real places.
          </p>
        )}
        {state.status === "ready" && state.trips.length > 0 && (
          <ul className="mt-2 space-y-2" data-testid="trip-list">
            {state.trips.map((t) => (
              <li key={t.id} className="card p-4">
                <a href={`/trips/${t.id}`} className="font-semibold text-primary hover:underline focus-ring">
                  {t.title}
                </a>
                <p className="text-sm text-ink-soft">
                  {t.city} · {t.days} day{t.days === 1 ? "" : "s"} · {t.stops} stop{t.stops === 1 ? "" : "s"}
                  {t.shared ? " · shared" : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
