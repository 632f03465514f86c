import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { apiRequest } from "../api";
import { NearbyRows, RowSkeletons, usePlaceDialog } from "../components/PlaceRows";
import { listCategoryLabel, type Place } from "../components/places";
import { QueryStates } from "../components/ui";
import { FilteredPlaces, PlaceFilterChips, useLoadOnView, usePlaceFilters } from "../components/place-filters";
import { nearbyQuery, POLL_NEARBY_MS, seededList, useCity, useCitySync } from "../queries";
import type { SelectedCity } from "../state";
import { LIST_PAGE_COUNT, MAX_OFFSET } from "../../src/domain";
import { withQuery } from "../query-client";

export const NEARBY_PAGE_COUNT = LIST_PAGE_COUNT;
export const NEARBY_SKELETONS = 8;

/**
 * /nearby: the Nearby Discoveries list (12, polling the city every second), then 12 more each time the end of
 * the list comes into view (or "Load more places" is pressed). Category chips and "Open now" filter what is
 * loaded, "Nearest first" sorts it; with "Open now", places whose hours are unknown are listed apart, never
 * hidden (docs/decisions/026-traveller-polish.md; the same parts as /map: ../components/place-filters.tsx).
 */
function NearbyList(props: { city: SelectedCity; initial?: Place[] | null }) {
  const city = useCity(props.city);
  useCitySync(POLL_NEARBY_MS);
  const query = useQuery(seededList(nearbyQuery(city, NEARBY_PAGE_COUNT), props.city, city, props.initial));
  const { open, dialog } = usePlaceDialog(city);
  // What was loaded beyond the first page, for one city: another city starts over (its paging, its failure).
  const [more, setMore] = useState<{ key: string; places: Place[]; done: boolean; failed: boolean }>({
    key: "",
    places: [],
    done: false,
    failed: false,
  });
  const [loading, setLoading] = useState(false);
  const cityKey = `${city.name}|${city.stateCode}`;
  const extra = more.key === cityKey ? more : { key: cityKey, places: [], done: false, failed: false };
  const failed = extra.failed;
  const first = query.data ?? [];
  // Pages are slices of one ranked list (the server folds a place's records and names into one): a place is
  // dropped only when a page repeats its id. Places at one point are distinct places (the map merges by point).
  const all = [...first, ...extra.places].filter((p, i, list) => list.findIndex((q) => q.id === p.id) === i);
  const canLoad = query.isSuccess && first.length === NEARBY_PAGE_COUNT && !extra.done && all.length < MAX_OFFSET;

  const loadMore = useCallback(async () => {
    if (loading || !canLoad) return;
    setLoading(true);
    const offset = NEARBY_PAGE_COUNT + extra.places.length;
    try {
      const params = new URLSearchParams({
        city: city.name,
        state: city.stateCode,
        count: String(NEARBY_PAGE_COUNT),
        offset: String(offset),
      });
      const page = await apiRequest<Place[]>("GET", `/api/places/nearby?${params}`);
      setMore({
        key: cityKey,
        places: [...extra.places, ...page],
        done: page.length < NEARBY_PAGE_COUNT,
        failed: false,
      });
    } catch {
      setMore({ ...extra, failed: true });
    } finally {
      setLoading(false);
    }
  }, [loading, canLoad, extra.places, city.name, city.stateCode, cityKey]);

  // Scrolling to the end of the list loads the next 12.
  const sentinel = useLoadOnView<HTMLDivElement>(canLoad && !failed, () => void loadMore(), all.length);
  const filters = usePlaceFilters(all);

  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="text-2xl font-bold">
        Nearby Discoveries
      </h1>
      <p className="mt-1 text-ink-soft">
        Around {city.name}, {city.stateCode}
      </p>
      {/* One line of chips (scrolling sideways on a phone), shown while loading too: the list never jumps under them. */}
      {(all.length > 0 || query.isPending) && (
        <PlaceFilterChips filters={filters} label={listCategoryLabel} testId="nearby-filters" className="mt-4" />
      )}
      <div className="mt-4">
        <QueryStates
          query={query}
          loading={<RowSkeletons count={NEARBY_SKELETONS} label="Loading nearby places…" />}
          error={{ title: "Unable to Load Discoveries", text: "There was an error loading nearby places." }}
          empty={{
            title: "No Discoveries Found",
            text: `We're discovering amazing places near ${city.name}. Check back soon!`,
          }}
        >
          {() => <FilteredPlaces filters={filters} rows={(places) => <NearbyRows places={places} onOpen={open} />} />}
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

export default withQuery(NearbyList);
