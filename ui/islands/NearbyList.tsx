import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest } from "../api";
import { NearbyRows, RowSkeletons, usePlaceDialog } from "../components/PlaceRows";
import { listCategoryLabel, type Place } from "../components/places";
import { QueryStates } from "../components/ui";
import { nearbyQuery, POLL_NEARBY_MS, seededList, useCity, useCitySync } from "../queries";
import type { SelectedCity } from "../state";
import { withQuery } from "../query-client";

export const NEARBY_PAGE_COUNT = 12;
export const NEARBY_SKELETONS = 8;
/** The API's deepest offset (modules/places/model.ts MAX_OFFSET). */
const MAX_OFFSET = 1000;

const CHIP = "shrink-0 whitespace-nowrap rounded-full px-3.5 py-1.5 text-sm font-semibold focus-ring";
const chipClass = (on: boolean) => `${CHIP} ${on ? "bg-primary text-white" : "bg-surface text-ink ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10"}`;

/**
 * /nearby: the Nearby Discoveries list (12, polling the city every second), then 12 more each time the end of
 * the list comes into view (or "Load more places" is pressed). Category chips and "Open now" filter what is
 * loaded; with "Open now", places whose hours are unknown are listed apart, never hidden (issue 17.10).
 */
function NearbyList(props: { city: SelectedCity; initial?: Place[] | null }) {
  const city = useCity(props.city);
  useCitySync(POLL_NEARBY_MS);
  const query = useQuery(seededList(nearbyQuery(city, NEARBY_PAGE_COUNT), props.city, city, props.initial));
  const { open, dialog } = usePlaceDialog(city);
  const [more, setMore] = useState<{ key: string; places: Place[]; done: boolean }>({ key: "", places: [], done: false });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [category, setCategory] = useState<number | null>(null);
  const [openNow, setOpenNow] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const cityKey = `${city.name}|${city.stateCode}`;
  const extra = more.key === cityKey ? more : { key: cityKey, places: [], done: false };
  const first = query.data ?? [];
  const all = dedupe([...first, ...extra.places]);
  const canLoad = query.isSuccess && first.length === NEARBY_PAGE_COUNT && !extra.done && all.length < MAX_OFFSET;

  const loadMore = useCallback(async () => {
    if (loading || !canLoad) return;
    setLoading(true);
    setFailed(false);
    const offset = NEARBY_PAGE_COUNT + extra.places.length;
    try {
      const params = new URLSearchParams({ city: city.name, state: city.stateCode, count: String(NEARBY_PAGE_COUNT), offset: String(offset) });
      const page = await apiRequest<Place[]>("GET", `/api/places/nearby?${params}`);
      setMore({ key: cityKey, places: [...extra.places, ...page], done: page.length < NEARBY_PAGE_COUNT });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [loading, canLoad, extra.places, city.name, city.stateCode, cityKey]);

  // Scrolling to the end of the list loads the next 12.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canLoad || failed || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), { rootMargin: "200px" });
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoad, failed, loadMore]);

  const categories = [...new Set(all.map((p) => p.categoryId))].sort((a, b) => a - b);
  const shown = category === null ? all : all.filter((p) => p.categoryId === category);
  const openPlaces = shown.filter((p) => p.openNow === true);
  const unknown = shown.filter((p) => p.openNow === null || p.openNow === undefined);
  const closed = shown.length - openPlaces.length - unknown.length;

  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="text-2xl font-bold">
        Nearby Discoveries
      </h1>
      <p className="mt-1 text-ink-soft">
        Around {city.name}, {city.stateCode}
      </p>
      {all.length > 0 && (
        <div role="group" aria-label="Filter places" className="mt-4 flex flex-wrap gap-2" data-testid="nearby-filters">
          <button type="button" aria-pressed={category === null} className={chipClass(category === null)} onClick={() => setCategory(null)}>
            All
          </button>
          {categories.map((id) => (
            <button key={id} type="button" aria-pressed={category === id} className={chipClass(category === id)} onClick={() => setCategory(category === id ? null : id)}>
              {listCategoryLabel(id)}
            </button>
          ))}
          <button type="button" aria-pressed={openNow} className={chipClass(openNow)} onClick={() => setOpenNow(!openNow)}>
            Open now
          </button>
        </div>
      )}
      <div className="mt-4">
        <QueryStates
          query={query}
          loading={<RowSkeletons count={NEARBY_SKELETONS} label="Loading nearby places…" />}
          error={{ title: "Unable to Load Discoveries", text: "There was an error loading nearby places." }}
          empty={{ title: "No Discoveries Found", text: `We're discovering amazing places near ${city.name}. Check back soon!` }}
        >
          {() =>
            !openNow ? (
              shown.length ? (
                <NearbyRows places={shown} onOpen={open} />
              ) : (
                <p className="card px-5 py-6 text-center text-ink-soft">No places of this kind loaded yet.</p>
              )
            ) : (
              <div className="flex flex-col gap-6">
                <div data-testid="open-now">
                  {openPlaces.length ? (
                    <NearbyRows places={openPlaces} onOpen={open} />
                  ) : (
                    <p className="card px-5 py-6 text-center text-ink-soft">None of the places loaded is known to be open now.</p>
                  )}
                  {closed > 0 && (
                    <p className="mt-2 text-sm text-ink-soft">
                      {closed} closed {closed === 1 ? "place" : "places"} not shown.
                    </p>
                  )}
                </div>
                {unknown.length > 0 && (
                  <section aria-labelledby="hours-unknown-heading" data-testid="hours-unknown">
                    <h2 id="hours-unknown-heading" className="text-lg font-bold">
                      Hours unknown
                    </h2>
                    <p className="mb-3 text-sm text-ink-soft">No source gives their opening hours: they may be open.</p>
                    <NearbyRows places={unknown} onOpen={open} />
                  </section>
                )}
              </div>
            )
          }
        </QueryStates>
      </div>
      {query.isSuccess && (canLoad || failed) && (
        <div ref={sentinel} className="mt-4 flex flex-col items-center gap-2" data-testid="load-more">
          {failed && <p className="text-sm text-ink-soft">More places could not be loaded.</p>}
          <button
            type="button"
            onClick={() => void loadMore()}
            disabled={loading}
            aria-busy={loading || undefined}
            className="rounded-full bg-surface px-5 py-2 text-sm font-semibold ring-1 ring-line hover:bg-black/5 focus-ring disabled:opacity-60 dark:hover:bg-white/10"
          >
            {loading ? "Loading more places…" : failed ? "Try again" : "Load more places"}
          </button>
        </div>
      )}
      {dialog}
    </section>
  );
}

/** The same place once, in the order first seen. */
function dedupe(places: Place[]): Place[] {
  const seen = new Set<number>();
  return places.filter((p) => !seen.has(p.id) && (seen.add(p.id), true));
}

export default withQuery(NearbyList);
