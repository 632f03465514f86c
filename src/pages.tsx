import { Elysia } from "elysia";
import { AboutPage } from "../ui/pages/About";
import { CITY_TEXT_SOURCES } from "../db/import/city-texts";
import { HomePage } from "../ui/pages/Home";
import { MapPage } from "../ui/pages/Map";
import { MAP_RULES } from "../ui/map/state";
import { BASEMAP_SOURCE } from "./basemap";
import { DATASETS } from "../db/import/places";
import { OVERTURE_ATTRIBUTION, OVERTURE_SOURCE } from "../db/import/places/overture-source";
import { NotFoundPage } from "../ui/pages/NotFound";
import { CategoryPage } from "../ui/pages/Category";
import { FeaturedPage, LocalGemsPage, LodgingPage, NearbyPage } from "../ui/pages/Lists";
import { PlacePage } from "../ui/pages/Place";
import { CATEGORIES, categoryBySlug, publicCategory } from "./domain/categories";
import { LIST_PAGE_COUNT } from "./domain";
import { HOME_GEMS_COUNT, HOME_NEARBY_COUNT } from "../ui/components/home-lists";
import type { Place } from "../modules/places";
import { OVERPASS_SOURCE, type PlacesService } from "../modules/places";
import { LOCATION_COOKIE } from "../ui/state";
import { DEFAULT_LOCATION, resolveLocation, type CityIndex } from "../modules/cities";
import type { Render } from "./ssr";
import type { PageAnswer } from "./trip-pages";
import { readCookie } from "./cookies";
import { distanceMiles } from "./geo";
// Accounts and the signed-in shell (docs/decisions/013-signed-in-shell.md).
import { signInGate, type ViewerOf } from "./gate";
import { LANDING_PATH } from "../ui/components/viewer";
import { ProfilePage } from "../ui/pages/Profile";
import { FavoritesPage } from "../ui/pages/Favorites";
import { ChatPage } from "../ui/pages/Chat";
import { AdminPlaceholderPage } from "../ui/pages/AdminPlaceholder";
import { TrafficPage } from "../ui/pages/Traffic";
import { AdminPage } from "../ui/pages/Admin";
import { DEFAULT_THEME, THEME_NAMES } from "../ui/themes";
import type { AuthGuard } from "../modules/auth";
import { NONCE_PLACEHOLDER, type PageCache } from "./page-cache";
import { NEARBY_PAGE_COUNT } from "../ui/islands/NearbyList";
import { LOCAL_GEMS_PAGE_COUNT } from "../ui/islands/LocalGemsList";

/** Every dataset the app shows, with the attribution its licence asks for. */
export const DATA_SOURCES = [
  {
    name: "SimpleMaps US Cities Database",
    licence: "CC BY 4.0",
    attribution: "US city names, locations and populations: SimpleMaps (simplemaps.com).",
    url: "https://simplemaps.com/data/us-cities",
  },
  {
    name: "GeoNames (cities1000)",
    licence: "CC BY 4.0",
    attribution:
      "City centres (downtown points), state capitals, county seats, and the towns the SimpleMaps list lacks (New England towns that are not census places): GeoNames (geonames.org).",
    url: "https://www.geonames.org/",
  },
  {
    name: "Downtown points of the 50 largest US cities",
    licence: "CC BY 4.0",
    attribution:
      "Downtown centres of the 50 largest cities: derived from GeoNames and SimpleMaps (both CC BY 4.0), with city-hall reference points where GeoNames lies more than 1.5 km from downtown (Chicago, Fort Worth).",
    url: "https://www.geonames.org/",
  },
  {
    name: "name-suggestion-index",
    licence: "BSD-3-Clause",
    attribution: "Chain and brand names (to tell local places from chains): the OpenStreetMap name-suggestion-index.",
    url: "https://github.com/osmlab/name-suggestion-index",
  },
  ...DATASETS.map((d) => ({ name: d.name, licence: d.licence, attribution: d.attribution, url: d.url })),
  {
    name: OVERPASS_SOURCE.name,
    licence: OVERPASS_SOURCE.licence,
    attribution: OVERPASS_SOURCE.attribution,
    url: OVERPASS_SOURCE.url,
  },
  BASEMAP_SOURCE,
  ...CITY_TEXT_SOURCES,
];

export const themeFrom = (request: Request) => readCookie(request, "localscope-theme");

/** Server-rendered pages. */
export function pages(deps: {
  render: Render;
  cityIndex: CityIndex;
  tileUrl: string;
  places?: PlacesService;
  viewer: ViewerOf;
  guard: AuthGuard;
  adminClaimable?: (request: Request) => Promise<boolean>;
  homeCache?: PageCache;
  /** /map?trip={id}&day={n}: a trip's day on the map (src/trip-pages.tsx); null for the city's map. */
  tripMap?: (request: Request, viewerOf: ViewerOf) => Promise<PageAnswer | null>;
}) {
  const { cityIndex } = deps;
  // Signed out → the landing page at any path; signed in → the routes below, rendered with the viewer (src/gate.tsx).
  const gate = signInGate({
    render: deps.render,
    viewerOf: deps.viewer,
    themeOf: themeFrom,
    cityCount: cityIndex.size,
  });
  const render = gate.render;
  /** The city a place is in: its own city when the index knows it near the place, else the nearest city. */
  const placeCity = (place: Place) => {
    const latitude = Number(place.latitude);
    const longitude = Number(place.longitude);
    const named = place.city ? cityIndex.find(place.city, place.stateCode) : undefined;
    if (
      named &&
      Number.isFinite(latitude) &&
      Number.isFinite(longitude) &&
      distanceMiles(named.latitude, named.longitude, latitude, longitude) <= PLACE_AWAY_MILES
    )
      return named;
    return Number.isFinite(latitude) && Number.isFinite(longitude) ? cityIndex.nearest(latitude, longitude) : named;
  };
  const cityOf = (request: Request) =>
    resolveLocation(cityIndex, readCookie(request, LOCATION_COOKIE)) ?? resolveLocation(cityIndex, DEFAULT_LOCATION)!;
  /** The admin screens' page for everyone but the admin (403), and the landing page (401) when signed out. */
  const adminPage = (path: string, title: string, allowed: boolean) => (
    <AdminPlaceholderPage path={path} title={title} allowed={allowed} />
  );
  /**
   * The first page of a list for a page rendered on the server, when the city's places are ready within
   * HOME_LIST_WAIT_MS (else null: the browser loads it). The list is then the first and largest paint
   * instead of waiting for the island's code and a fetch (decision 033).
   */
  const firstPage = (
    city: { name: string; stateCode: string },
    kind: Parameters<PlacesService["pageIfReady"]>[1],
    count: number,
  ) => {
    const indexed = cityIndex.find(city.name, city.stateCode);
    return deps.places && indexed
      ? deps.places.pageIfReady(indexed, kind, count, HOME_LIST_WAIT_MS)
      : Promise.resolve(null);
  };
  const adminTitle = (path: string) => (path === "/admin/traffic" ? "Traffic Analytics" : "Admin Panel");
  const adminGuard = deps.guard({
    denied: (request, status) => {
      if (status === 401) return gate.landing(request, 401);
      const path = new URL(request.url).pathname;
      return gate.renderNow(request, adminPage(path, adminTitle(path), false), {
        title: `${path === "/admin" ? "Admin" : adminTitle(path)} · LocalScope`,
        status: 403,
        theme: themeFrom(request),
      });
    },
  });
  return (
    new Elysia({ name: "pages" })
      .use(adminGuard)
      .onBeforeHandle(gate.beforeHandle)
      .mapResponse(gate.mapResponse)
      // Accounts (docs/decisions/013-signed-in-shell.md): the landing page's own address, the profile, favorites, admin placeholders.
      .get(
        LANDING_PATH,
        () => new Response(null, { status: 303, headers: { location: "/", "cache-control": "no-store" } }),
      )
      .get("/profile", async ({ request }) => {
        const user = (await gate.viewerOf(request))!;
        const theme = themeFrom(request);
        // docs/product.md#accounts: the unclaimed ADMIN_EMAIL account gets the setup-code form.
        const adminClaimable = (await deps.adminClaimable?.(request)) ?? false;
        return render(
          <ProfilePage
            user={user}
            city={cityOf(request)}
            theme={theme && THEME_NAMES.has(theme) ? theme : DEFAULT_THEME}
            adminClaimable={adminClaimable}
          />,
          { title: "Profile · LocalScope", theme },
        );
      })
      .get("/favorites", ({ request }) =>
        render(<FavoritesPage />, { title: "Favorites · LocalScope", theme: themeFrom(request) }),
      )
      // The admin screens: the auth guard (anonymous → the landing page with 401, others → 403 'Access denied').
      .get(
        "/admin",
        ({ request }) => render(<AdminPage />, { title: "Admin · LocalScope", theme: themeFrom(request) }),
        { auth: "admin" },
      )
      .get(
        "/admin/traffic",
        ({ request }) =>
          render(<TrafficPage />, { title: "Traffic Analytics · LocalScope", theme: themeFrom(request) }),
        {
          auth: "admin",
        },
      )
      // Discovery screens (docs/decisions/010-discovery-screens.md): the city from the cookie; lists load in islands with skeletons.
      .get("/nearby", async ({ request }) => {
        const city = cityOf(request);
        const initial = await firstPage(city, "nearby", NEARBY_PAGE_COUNT);
        return render(<NearbyPage city={city} initial={initial} />, {
          title: `Nearby Discoveries in ${city.name}, ${city.stateCode} · LocalScope`,
          theme: themeFrom(request),
        });
      })
      .get("/local-gems", async ({ request }) => {
        const city = cityOf(request);
        const initial = await firstPage(city, "local-gems", LOCAL_GEMS_PAGE_COUNT);
        return render(<LocalGemsPage city={city} initial={initial} />, {
          title: `Local Gems in downtown ${city.name}, ${city.stateCode} · LocalScope`,
          theme: themeFrom(request),
        });
      })
      .get("/featured", ({ request }) => {
        const city = cityOf(request);
        return render(<FeaturedPage city={city} />, {
          title: `Discoveries in ${city.name}, ${city.stateCode} · LocalScope`,
          theme: themeFrom(request),
        });
      })
      .get("/lodging", ({ request }) => {
        const city = cityOf(request);
        return render(<LodgingPage city={city} />, {
          title: `Lodging in ${city.name}, ${city.stateCode} · LocalScope`,
          theme: themeFrom(request),
        });
      })
      .get("/category/:slug", async ({ request, params }) => {
        const city = cityOf(request);
        let slug = params.slug;
        try {
          slug = decodeURIComponent(slug);
        } catch {
          // Keep the raw text; it will not match a category.
        }
        const found = categoryBySlug(slug);
        const category = found ? { id: found.id, slug: found.slug, name: found.name } : null;
        // Place categories (not facts or history) come with their first 12, as the API's first page.
        const initial =
          found && found.slug !== "facts" && found.slug !== "historical"
            ? await firstPage(city, `category-${found.listId}`, LIST_PAGE_COUNT)
            : null;
        return render(<CategoryPage slug={slug} category={category} city={city} initial={initial} />, {
          title: category
            ? `${category.name} in ${city.name}, ${city.stateCode} · LocalScope`
            : "Category Not Found · LocalScope",
          status: category ? 200 : 404,
          theme: themeFrom(request),
        });
      })
      .get("/place/:id", async ({ request, params }) => {
        const id = /^\d{1,12}$/.test(params.id) ? Number(params.id) : NaN;
        let place = null;
        if (Number.isFinite(id) && deps.places) {
          // Distance from the visitor's city when the place is in its area, else from the nearest city centre.
          const chosen = cityOf(request);
          const near = cityIndex.find(chosen.name, chosen.stateCode);
          try {
            place = await deps.places.get(id);
            const fromCity = near ? await deps.places.get(id, near) : null;
            if (fromCity && fromCity.distance !== null && fromCity.distance <= PLACE_AWAY_MILES) place = fromCity;
          } catch {
            place = null;
          }
        }
        const notFound = !Number.isFinite(id) || (deps.places !== undefined && place === null);
        return render(<PlacePage id={Number.isFinite(id) ? id : 0} place={place} notFound={notFound} />, {
          title: place
            ? `${place.title} · LocalScope`
            : notFound
              ? "Place Not Found · LocalScope"
              : "Place Details · LocalScope",
          status: notFound ? 404 : 200,
          theme: themeFrom(request),
        });
      })
      .get("/map", async ({ request }) => {
        const tripDay = await deps.tripMap?.(request, gate.viewerOf);
        if (tripDay) return render(tripDay.page, tripDay.options);
        const fromCookie = resolveLocation(cityIndex, readCookie(request, LOCATION_COOKIE));
        const city = fromCookie ?? resolveLocation(cityIndex, DEFAULT_LOCATION)!;
        // "View on map" (/map?place=ID): that place is shown first; an unknown id just shows the city.
        const placeId = new URL(request.url).searchParams.get("place") ?? "";
        let focus: Place | null = null;
        // A place far from the chosen city (docs/decisions/026-traveller-polish.md): the map opens around the place's own city, says so, and
        // the chosen city (the cookie) stays as it is.
        let away: { city: NonNullable<typeof fromCookie>; miles: number | null } | null = null;
        if (/^\d{1,12}$/.test(placeId) && deps.places) {
          focus = await deps.places.get(Number(placeId), cityIndex.find(city.name, city.stateCode)).catch(() => null);
          if (focus && (focus.distance === null || focus.distance > PLACE_AWAY_MILES)) {
            const own = placeCity(focus);
            const ownCity = own ? resolveLocation(cityIndex, `${own.name}, ${own.stateCode}`) : undefined;
            if (own && ownCity && !(own.name === city.name && own.stateCode === city.stateCode)) {
              away = { city: ownCity, miles: focus.distance };
              const far: Place = focus;
              focus = await deps.places.get(far.id, own).catch(() => far);
            }
          }
        }
        const mapCity = away?.city ?? city;
        // The first batch (nearby + featured, as the island asks) comes with the page when it is ready, as on
        // home: the list is then the first and largest paint, and MapLibre loads after it (docs/decisions/027-lighthouse-every-screen-and-a-map-that-starts-on-use.md).
        const indexed = cityIndex.find(mapCity.name, mapCity.stateCode);
        const first = (kind: "nearby" | "featured") =>
          deps.places && indexed
            ? deps.places.pageIfReady(indexed, kind, MAP_RULES.pageSize, HOME_LIST_WAIT_MS)
            : Promise.resolve(null);
        const [nearby, featured] = await Promise.all([first("nearby"), first("featured")]);
        const initial = nearby && featured ? [...nearby, ...featured] : null;
        return render(
          <MapPage
            city={city}
            fromCookie={Boolean(fromCookie)}
            tileUrl={deps.tileUrl}
            focus={focus}
            initial={initial}
            away={away}
          />,
          {
            title: `Map of ${mapCity.name}, ${mapCity.stateCode} · LocalScope`,
            theme: themeFrom(request),
          },
        );
      })
      // The AI travel assistant (docs/decisions/018-chat.md): the chat starts in the visitor's city.
      .get("/chat", ({ request }) => {
        const city = cityOf(request);
        return render(<ChatPage city={city} />, {
          title: `AI Travel Assistant · ${city.name}, ${city.stateCode} · LocalScope`,
          theme: themeFrom(request),
        });
      })
      .get("/about", async ({ request }) => {
        // Overture Places is listed once an operator has imported it (decision 024), with its release.
        const overture = (await deps.places?.refreshedSources())?.find((s) => s.source === OVERTURE_SOURCE.key);
        const sources = overture
          ? [
              ...DATA_SOURCES,
              { ...OVERTURE_ATTRIBUTION, name: `${OVERTURE_ATTRIBUTION.name} (release ${overture.version})` },
            ]
          : DATA_SOURCES;
        return render(<AboutPage sources={sources} />, {
          title: "About and data sources · LocalScope",
          theme: themeFrom(request),
        });
      })
      .get("/", async ({ request }) => {
        const fromCookie = resolveLocation(cityIndex, readCookie(request, LOCATION_COOKIE));
        const city = fromCookie ?? resolveLocation(cityIndex, DEFAULT_LOCATION)!;
        const requestedTheme = themeFrom(request);
        const theme = requestedTheme && THEME_NAMES.has(requestedTheme) ? requestedTheme : DEFAULT_THEME;
        // The page depends only on these (the shell shows the admin button to the admin): a cached copy is sent
        // with a fresh nonce (src/page-cache.ts). Signed-out visitors never get here (the gate).
        const viewer = await gate.viewerOf(request);
        const cacheKey = `${city.name}|${city.stateCode}|${fromCookie ? 1 : 0}|${theme}|${viewer?.isAdmin ? "admin" : viewer?.isGuest ? "guest" : "user"}`;
        const acceptEncoding = request.headers.get("accept-encoding");
        const cached = deps.homeCache?.get(cacheKey, deps.render.policy, acceptEncoding);
        if (cached) return cached;
        // The lists come with the page when the city's places are ready (a state already imported: milliseconds);
        // otherwise (a state still to import, a slow live fetch) the page goes out at once and the browser loads them.
        const indexed = cityIndex.find(city.name, city.stateCode);
        const list = (kind: "nearby" | "local-gems", count: number) =>
          deps.places && indexed
            ? (deps.places.pageIfReady(indexed, kind, count, HOME_LIST_WAIT_MS) as Promise<Place[] | null>)
            : Promise.resolve(null);
        const [nearby, gems] = await Promise.all([
          list("nearby", HOME_NEARBY_COUNT),
          list("local-gems", HOME_GEMS_COUNT),
        ]);
        const page = (
          <HomePage
            city={city}
            fromCookie={Boolean(fromCookie)}
            cityCount={cityIndex.size}
            categories={CATEGORIES.map(publicCategory)}
            nearby={nearby}
            gems={gems}
          />
        );
        const options = { title: `Exploring ${city.name}, ${city.stateCode} · LocalScope`, theme: requestedTheme };
        // Only a complete page is kept (lists that were not ready in time are loaded by the browser instead).
        if (!deps.homeCache || !deps.places || !indexed || nearby === null || gems === null)
          return render(page, options);
        const rendered = await gate.renderNow(request, page, { ...options, nonce: NONCE_PLACEHOLDER });
        return deps.homeCache.put(cacheKey, rendered, deps.render.policy, acceptEncoding);
      })
  );
}

/** How long home waits for its lists before it goes out without them. */
export const HOME_LIST_WAIT_MS = 250;
/** A place further than this from the chosen city is "away": its page measures from its own city, and "View on map" opens around it (docs/decisions/026-traveller-polish.md). */
export const PLACE_AWAY_MILES = 50;

export function notFoundPage(render: Render, viewer?: ViewerOf, cityCount = 0) {
  // Signed out → the landing page (with 404) unless the path names a file (docs/decisions/013-signed-in-shell.md).
  const gate = viewer ? signInGate({ render, viewerOf: viewer, themeOf: themeFrom, cityCount }) : null;
  return (request: Request) => {
    const path = new URL(request.url).pathname;
    const options = { title: "Page Not Found · LocalScope", status: 404, theme: themeFrom(request) };
    return gate
      ? gate.notFound(request, <NotFoundPage path={path} />, options)
      : render(<NotFoundPage path={path} />, options);
  };
}
