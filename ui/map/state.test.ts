import { describe, expect, test } from "bun:test";
import {
  canStartLoad,
  cityKeyOf,
  coordinateKey,
  dedupePlaces,
  distanceText,
  initialMapState,
  legendCategories,
  MAP_RULES,
  mapReducer,
  normaliseTitle,
  placePosition,
  showDiscoverMore,
  showHeaderLoadMore,
  sortPlaces,
  wantsBackgroundRound,
  type MapAction,
  type MapLoadState,
  type Place,
} from "./state";

const CITY = "Las Vegas|NV";

/** A place with a unique title and position unless given. */
function place(id: number, extra: Partial<Place> = {}): Place {
  return {
    id,
    title: `Place ${id}`,
    description: "",
    address: null,
    city: null,
    town: null,
    stateCode: "NV",
    zip: null,
    categoryId: 10,
    category: "",
    kind: "",
    imageUrl: null,
    distance: null,
    latitude: 36 + id / 1000,
    longitude: -115 - id / 1000,
    rating: "0",
    phone: null,
    website: null,
    priceRange: null,
    amenities: [],
    openingHours: null,
    hoursWeek: null,
    openNow: null,
    source: "test",
    sourceId: String(id),
    licence: "test",
    sources: [],
    wikidata: null,
    since: null,
    observedAt: null,
    stale: false,
    wikipedia: null,
    local: false,
    ...extra,
  };
}
const places = (from: number, count: number) => Array.from({ length: count }, (_, i) => place(from + i));

function run(state: MapLoadState, ...actions: MapAction[]) {
  return actions.reduce(mapReducer, state);
}
const loaded = (batch: Place[]) => run(initialMapState(CITY), { type: "initial-loaded", cityKey: CITY, batch });
const background = (state: MapLoadState, batch: Place[]) =>
  run(
    state,
    { type: "more-started", cityKey: CITY, mode: "background" },
    { type: "more-loaded", cityKey: CITY, mode: "background", batch },
  );
const manual = (state: MapLoadState, batch: Place[]) =>
  run(
    state,
    { type: "more-started", cityKey: CITY, mode: "manual" },
    { type: "more-loaded", cityKey: CITY, mode: "manual", batch },
  );

describe("de-duplication (docs/product.md#validation)", () => {
  test("a place whose id was already seen is dropped", () => {
    expect(dedupePlaces([place(1, { title: "Other name", latitude: 40, longitude: -100 })], [place(1)])).toEqual([]);
  });

  test("a place whose normalised title was already seen is dropped (case, spaces and punctuation ignored)", () => {
    const existing = [place(1, { title: "Lily's Bistro" })];
    expect(dedupePlaces([place(2, { title: "  LILYS BISTRO! " })], existing)).toEqual([]);
  });

  test("the title is normalised as lower-case, trimmed, non-alphanumerics removed", () => {
    expect(normaliseTitle("  Joe's Café & Bar #2 ")).toBe("joescafbar2");
  });

  test("a place whose coordinates round to the same 4 decimals is dropped", () => {
    const existing = [place(1, { latitude: 36.17001, longitude: -115.14001 })];
    expect(dedupePlaces([place(2, { latitude: 36.170014, longitude: -115.140009 })], existing)).toEqual([]);
  });

  test("coordinates that differ in the 4th decimal are different places", () => {
    const existing = [place(1, { latitude: 36.17, longitude: -115.14 })];
    expect(dedupePlaces([place(2, { latitude: 36.1701, longitude: -115.14 })], existing).map((p) => p.id)).toEqual([2]);
  });

  test("coordinate keys are the 4-decimal rounding of latitude and longitude", () => {
    expect(coordinateKey({ latitude: 36.123456, longitude: -115.987654 })).toBe("36.1235,-115.9877");
  });

  test("duplicates inside one batch (nearby and featured overlapping) are dropped too; the first one wins", () => {
    const batch = [place(1), place(2), place(1), place(3, { title: "Place 2" })];
    expect(dedupePlaces(batch).map((p) => p.id)).toEqual([1, 2]);
  });

  test("a place new in id, title and position is kept", () => {
    expect(dedupePlaces([place(2)], [place(1)]).map((p) => p.id)).toEqual([2]);
  });

  test("an empty normalised title is not a key: two places titled '!!!' both stay", () => {
    expect(dedupePlaces([place(1, { title: "!!!" }), place(2, { title: "—" })]).map((p) => p.id)).toEqual([1, 2]);
  });

  test("a missing position is not a key: two places without coordinates both stay", () => {
    expect(
      dedupePlaces([place(1, { latitude: NaN, longitude: NaN }), place(2, { latitude: NaN, longitude: NaN })]).map(
        (p) => p.id,
      ),
    ).toEqual([1, 2]);
  });
});

describe("marker positions (docs/product.md#validation: markers only for numeric coordinates)", () => {
  test("numeric latitude and longitude give [longitude, latitude]", () => {
    expect(placePosition({ latitude: 36.17, longitude: -115.14 })).toEqual([-115.14, 36.17]);
  });
  test("numeric strings are accepted", () => {
    expect(placePosition({ latitude: "36.17", longitude: "-115.14" })).toEqual([-115.14, 36.17]);
  });
  test("missing, empty, non-numeric or infinite values give no marker", () => {
    for (const [latitude, longitude] of [
      [null, -115],
      [36, undefined],
      ["", "-115"],
      ["abc", "-115"],
      [Number.NaN, -115],
      [Number.POSITIVE_INFINITY, -115],
    ] as const) {
      expect(placePosition({ latitude, longitude })).toBeNull();
    }
  });
  test("out-of-range coordinates give no marker", () => {
    expect(placePosition({ latitude: 91, longitude: 0 })).toBeNull();
    expect(placePosition({ latitude: 0, longitude: -181 })).toBeNull();
  });
});

describe("list order (docs/product.md#validation and docs/product.md#data-rules)", () => {
  test("highest rating first", () => {
    const sorted = sortPlaces([place(1, { rating: "0" }), place(2, { rating: "4.5" }), place(3, { rating: "3" })]);
    expect(sorted.map((p) => p.id)).toEqual([2, 3, 1]);
  });
  test("equal rating: higher quality first (address, phone, website, hours, wikidata)", () => {
    const sorted = sortPlaces([
      place(1, { rating: "0" }),
      place(2, { rating: "0", address: "1 Main St", phone: "555", website: "https://x.test" }),
    ]);
    expect(sorted.map((p) => p.id)).toEqual([2, 1]);
  });
  test("equal rating and quality: nearest first", () => {
    const sorted = sortPlaces([place(1, { distance: 2.5 }), place(2, { distance: 0.3 }), place(3, { distance: null })]);
    expect(sorted.map((p) => p.id)).toEqual([2, 1, 3]);
  });
  test("all equal: arrival order is kept", () => {
    expect(sortPlaces([place(3), place(1), place(2)]).map((p) => p.id)).toEqual([3, 1, 2]);
  });
});

describe("map loading state machine (docs/product.md#screens-and-routes)", () => {
  test("the initial batch is merged and de-duplicated", () => {
    const state = loaded([place(1), place(2), place(1)]);
    expect(state.places.map((p) => p.id)).toEqual([1, 2]);
    expect(state.status).toBe("ready");
  });

  test("after the initial batch the next offset is 12", () => {
    expect(loaded(places(1, 6)).offset).toBe(12);
  });

  test("an initial batch of at least 6 places starts background loading (about 100 ms later)", () => {
    const state = loaded(places(1, 6));
    expect(state.hasMore).toBe(true);
    expect(wantsBackgroundRound(state)).toBe(true);
    expect(MAP_RULES.backgroundDelayMs).toBe(100);
  });

  test("an initial batch under 6 places loads nothing more and has no more", () => {
    const state = loaded(places(1, 5));
    expect(state.hasMore).toBe(false);
    expect(wantsBackgroundRound(state)).toBe(false);
  });

  test("a failed initial fetch is an error state with nothing more to load", () => {
    const state = run(initialMapState(CITY), { type: "initial-failed", cityKey: CITY });
    expect(state.status).toBe("error");
    expect(state.hasMore).toBe(false);
  });

  test("each background batch advances the offset by 12", () => {
    const state = background(loaded(places(1, 6)), places(100, 6));
    expect(state.offset).toBe(24);
  });

  test("a background batch appends only places not seen yet", () => {
    const state = background(loaded(places(1, 6)), [place(1), place(2), ...places(100, 6)]);
    expect(state.places.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 100, 101, 102, 103, 104, 105]);
  });

  test("background loading runs at most 3 rounds", () => {
    // Batches of 6 with 2 new places each: neither the 13-new target nor the 25 total is reached.
    let state = loaded(places(1, 6));
    for (let round = 0; round < 3; round++)
      state = background(state, [...places(100 + round * 10, 2), place(1), place(2), place(3), place(4)]);
    expect(state.rounds).toBe(3);
    expect(state.places.length).toBe(12);
    expect(state.hasMore).toBe(true);
    expect(wantsBackgroundRound(state)).toBe(false);
  });

  test("background loading aims for up to 13 new places: the 13th ends it and extra ones are not added", () => {
    let state = loaded(places(1, 6));
    state = background(state, places(100, 12)); // 12 new → 18
    expect(state.backgroundAdded).toBe(12);
    expect(wantsBackgroundRound(state)).toBe(true);
    state = background(state, places(200, 12)); // only 1 more fits the target of 13
    expect(state.backgroundAdded).toBe(13);
    expect(state.places.length).toBe(19);
    expect(wantsBackgroundRound(state)).toBe(false);
  });

  test("background loading stops at 25 places in total and then has no more", () => {
    let state = loaded(places(1, 12));
    state = background(state, places(100, 12)); // 24
    expect(state.hasMore).toBe(true);
    state = background(state, places(200, 12)); // room for 1 (total 25)
    expect(state.places.length).toBe(25);
    expect(state.hasMore).toBe(false);
    expect(wantsBackgroundRound(state)).toBe(false);
  });

  test("a background batch with nothing new turns has-more off", () => {
    const state = background(loaded(places(1, 6)), places(1, 6));
    expect(state.hasMore).toBe(false);
    expect(wantsBackgroundRound(state)).toBe(false);
  });

  test("a background batch of fewer than 6 places turns has-more off", () => {
    const state = background(loaded(places(1, 6)), places(100, 5));
    expect(state.places.length).toBe(11);
    expect(state.hasMore).toBe(false);
  });

  test("a background batch of at least 6 with the total under 25 keeps has-more on", () => {
    const state = background(loaded(places(1, 6)), places(100, 6));
    expect(state.hasMore).toBe(true);
  });

  test("a failed background fetch turns has-more off and clears the loading flag", () => {
    const state = run(
      loaded(places(1, 6)),
      { type: "more-started", cityKey: CITY, mode: "background" },
      { type: "more-failed", cityKey: CITY, mode: "background" },
    );
    expect(state.hasMore).toBe(false);
    expect(state.loadingMore).toBeNull();
    expect(wantsBackgroundRound(state)).toBe(false);
  });

  test("the loading flag is set while a batch loads and blocks another one", () => {
    const started = run(loaded(places(1, 6)), { type: "more-started", cityKey: CITY, mode: "background" });
    expect(started.loadingMore).toBe("background");
    expect(canStartLoad(started, "manual")).toBe(false);
    expect(wantsBackgroundRound(started)).toBe(false);
    expect(run(started, { type: "more-started", cityKey: CITY, mode: "manual" })).toBe(started);
  });

  test("manual load-more with fewer than 3 new places turns has-more off", () => {
    const state = manual(loaded(places(1, 6)), [...places(100, 2), ...places(1, 4)]);
    expect(state.places.length).toBe(8);
    expect(state.hasMore).toBe(false);
  });

  test("manual load-more with 3 or more new places keeps has-more on", () => {
    const state = manual(loaded(places(1, 6)), places(100, 3));
    expect(state.hasMore).toBe(true);
  });

  test("manual load-more adds every new place (no 25 cap) and advances the offset by 12", () => {
    let state = loaded(places(1, 12));
    state = manual(state, places(100, 12));
    state = manual(state, places(200, 12));
    expect(state.places.length).toBe(36);
    expect(state.offset).toBe(36);
    expect(state.hasMore).toBe(true);
  });

  test("a failed manual load-more turns has-more off", () => {
    const state = run(
      loaded(places(1, 6)),
      { type: "more-started", cityKey: CITY, mode: "manual" },
      { type: "more-failed", cityKey: CITY, mode: "manual" },
    );
    expect(state.hasMore).toBe(false);
  });

  test("manual load-more cannot start when there is nothing more", () => {
    expect(canStartLoad(loaded(places(1, 5)), "manual")).toBe(false);
  });

  test("header 'Load More' shows at 24 or more places with more available, not at 23", () => {
    const at24 = { ...loaded(places(1, 6)), places: places(1, 24), hasMore: true };
    expect(showHeaderLoadMore(at24)).toBe(true);
    expect(showHeaderLoadMore({ ...at24, places: places(1, 23) })).toBe(false);
    expect(showHeaderLoadMore({ ...at24, hasMore: false })).toBe(false);
  });

  test("the 'Discover More Places' block shows at 15 or more places with more available, not at 14", () => {
    const at15 = { ...loaded(places(1, 6)), places: places(1, 15), hasMore: true };
    expect(showDiscoverMore(at15)).toBe(true);
    expect(showDiscoverMore({ ...at15, places: places(1, 14) })).toBe(false);
    expect(showDiscoverMore({ ...at15, hasMore: false })).toBe(false);
  });

  test("a whole session like Las Vegas: 10 → 16 → 22 → 23 in the background, then a manual load", () => {
    // Nearby 6 + featured 6 overlapping by 2; later offsets have 6 nearby and no featured.
    let state = loaded([...places(1, 6), place(5), place(6), ...places(7, 4)]);
    expect(state.places.length).toBe(10);
    state = background(state, places(100, 6));
    state = background(state, places(200, 6));
    state = background(state, places(300, 6));
    expect(state.places.length).toBe(23);
    expect(state.rounds).toBe(3);
    expect(state.hasMore).toBe(true);
    expect(showDiscoverMore(state)).toBe(true);
    expect(showHeaderLoadMore(state)).toBe(false);
    state = manual(state, places(400, 6));
    expect(state.places.length).toBe(29);
    expect(state.offset).toBe(60);
    expect(showHeaderLoadMore(state)).toBe(true);
  });
});

describe("city change (docs/product.md#screens-and-routes)", () => {
  const busy = (): MapLoadState => {
    let state = background(loaded(places(1, 6)), places(100, 6));
    state = run(state, { type: "user-moved" }, { type: "more-started", cityKey: CITY, mode: "background" });
    return state;
  };

  test("resets the list", () => {
    expect(run(busy(), { type: "city-changed", cityKey: "Chicago|IL" }).places).toEqual([]);
  });
  test("resets the offset", () => {
    expect(run(busy(), { type: "city-changed", cityKey: "Chicago|IL" }).offset).toBe(0);
  });
  test("resets has-more", () => {
    expect(run(busy(), { type: "city-changed", cityKey: "Chicago|IL" }).hasMore).toBe(false);
  });
  test("resets the loading flags (back to the initial loading state)", () => {
    const state = run(busy(), { type: "city-changed", cityKey: "Chicago|IL" });
    expect(state.loadingMore).toBeNull();
    expect(state.status).toBe("loading");
    expect(state.rounds).toBe(0);
    expect(state.backgroundAdded).toBe(0);
  });
  test("re-enables automatic fit-to-markers", () => {
    const before = busy();
    expect(before.autoFit).toBe(false);
    expect(run(before, { type: "city-changed", cityKey: "Chicago|IL" }).autoFit).toBe(true);
  });
  test("answers for the city the user left are ignored", () => {
    const state = run(busy(), { type: "city-changed", cityKey: "Chicago|IL" });
    expect(run(state, { type: "initial-loaded", cityKey: CITY, batch: places(1, 6) })).toBe(state);
    expect(run(state, { type: "more-loaded", cityKey: CITY, mode: "background", batch: places(1, 6) })).toBe(state);
  });
  test("the city key is name and state code", () => {
    expect(cityKeyOf({ name: "Portland", stateCode: "OR" })).not.toBe(cityKeyOf({ name: "Portland", stateCode: "ME" }));
  });
});

describe("auto-fit", () => {
  test("is on for a new city and turns off once the user moves the map", () => {
    const state = loaded(places(1, 6));
    expect(state.autoFit).toBe(true);
    expect(run(state, { type: "user-moved" }).autoFit).toBe(false);
  });
});

describe("map details", () => {
  test("the legend lists at most 5 categories present, most frequent first", () => {
    const mixed = [7, 8, 8, 9, 9, 9, 10, 11, 12, 12, 12, 12].map((categoryId, i) => place(i + 1, { categoryId }));
    expect(legendCategories(mixed)).toEqual([12, 9, 8, 7, 10]);
  });
  test("distance reads 'N.N mi away'; none without a number", () => {
    expect(distanceText(0.4)).toBe("0.4 mi away");
    expect(distanceText("2")).toBe("2.0 mi away");
    expect(distanceText(null)).toBeNull();
  });
  test("constants match the product rules (docs/product.md) (docs/product.md)", () => {
    expect(MAP_RULES).toMatchObject({
      pageSize: 6,
      offsetStep: 12,
      minZoom: 8,
      maxZoom: 18,
      initialZoom: 14,
      placeZoom: 16,
      fitPadding: 30,
      fitMaxZoom: 14,
      cityPollMs: 1000,
      cacheFreshMs: 300_000,
      cacheKeptMs: 600_000,
      skeletons: 5,
      headerLoadMoreAt: 24,
      blockLoadMoreAt: 15,
    });
    expect(MAP_RULES.fallbackCentre[1]).toBeCloseTo(39.83, 2);
    expect(MAP_RULES.fallbackCentre[0]).toBeCloseTo(-98.58, 2);
  });
});

describe('"View on map" (/map?place=ID)', () => {
  const ready = () => mapReducer(initialMapState(CITY), { type: "initial-loaded", cityKey: CITY, batch: places(1, 6) });
  test("a place not in the list joins it and auto-fit stops, so the view stays on it", () => {
    const next = mapReducer(ready(), { type: "place-focused", cityKey: CITY, place: place(99) });
    expect(next.places.map((p) => p.id)).toContain(99);
    expect(next.places).toHaveLength(7);
    expect(next.autoFit).toBe(false);
  });
  test("a place already in the list is not added twice; offset and has-more are unchanged", () => {
    const before = ready();
    const next = mapReducer(before, { type: "place-focused", cityKey: CITY, place: place(3) });
    expect(next.places).toHaveLength(6);
    expect(next.offset).toBe(before.offset);
    expect(next.hasMore).toBe(before.hasMore);
  });
  test("before the first batch, or for another city, nothing changes", () => {
    const loading = initialMapState(CITY);
    expect(mapReducer(loading, { type: "place-focused", cityKey: CITY, place: place(99) })).toBe(loading);
    const before = ready();
    expect(mapReducer(before, { type: "place-focused", cityKey: "Boston|MA", place: place(99) })).toBe(before);
  });
});
