import { Elysia } from "elysia";
import type { ReactElement } from "react";
import type { Trip, TripsService } from "../modules/trips";
import { TripMapPage } from "../ui/pages/TripMap";
import { NotFoundPage } from "../ui/pages/NotFound";
import { SharedTripPage } from "../ui/pages/SharedTrip";
import { TripPage } from "../ui/pages/Trip";
import { TripsPage } from "../ui/pages/Trips";
import { signInGate, type ViewerOf } from "./gate";
import { themeFrom } from "./pages";
import { readCookie } from "./cookies";
import { LOCATION_COOKIE } from "../ui/state";
import type { Render, RenderOptions } from "./ssr";

/** A page and how to render it, for a route that renders through its own sign-in gate. */
export interface PageAnswer {
  page: ReactElement;
  options: RenderOptions;
}

/** Day `?day=N` (1 when absent) of a trip on the map; null when the trip has no such day. */
function dayOnMap(
  request: Request,
  trip: Trip,
  links: { path: string; dayHref: string; back: { href: string; label: string } },
  tileUrl: string,
): PageAnswer | null {
  const text = new URL(request.url).searchParams.get("day") ?? "1";
  const day = /^\d{1,3}$/.test(text) ? trip.days.find((d) => d.number === Number(text)) : undefined;
  if (!day) return null;
  return {
    page: (
      <TripMapPage
        path={links.path}
        trip={{ title: trip.title, city: trip.city, walkingMph: trip.walkingMph }}
        day={day}
        dayNumbers={trip.days.map((d) => d.number)}
        dayHref={links.dayHref}
        back={links.back}
        tileUrl={tileUrl}
      />
    ),
    options: { title: `${trip.title} · Day ${day.number} on the map · LocalScope`, theme: themeFrom(request) },
  };
}

const notFoundAnswer = (request: Request): PageAnswer => ({
  page: <NotFoundPage path={new URL(request.url).pathname} />,
  options: { title: "Page Not Found · LocalScope", status: 404, theme: themeFrom(request) },
});

/**
 * /map?trip={id}&day={n}: the owner's trip day on the map (src/pages.tsx asks here first); another user's or a
 * missing trip, or a missing day, is "not found". Null without `trip`: the city's map.
 */
export function tripMapPage(deps: { trips: TripsService; tileUrl: string }) {
  return async (request: Request, viewerOf: ViewerOf): Promise<PageAnswer | null> => {
    const id = new URL(request.url).searchParams.get("trip");
    if (id === null) return null;
    const viewer = await viewerOf(request);
    const trip = viewer && /^\d{1,15}$/.test(id) ? await deps.trips.get(viewer.id, Number(id)).catch(() => null) : null;
    const links = {
      path: "/map",
      dayHref: `/map?trip=${id}&day=`,
      back: { href: `/trips/${id}`, label: "Back to the trip" },
    };
    return (trip && dayOnMap(request, trip, links, deps.tileUrl)) ?? notFoundAnswer(request);
  };
}

/**
 * The trip pages: /trips and /trips/{id} for the signed-in owner (others: the landing page, or 404 for a
 * trip that is not theirs), and /t/{token}, a shared trip read-only for anyone, signed in or not.
 */
export function tripPages(deps: {
  render: Render;
  viewer: ViewerOf;
  trips: TripsService;
  cityCount: number;
  tileUrl: string;
}) {
  const gate = signInGate({
    render: deps.render,
    viewerOf: deps.viewer,
    themeOf: themeFrom,
    cityCount: deps.cityCount,
  });
  const render = (request: Request, answer: PageAnswer) => gate.renderNow(request, answer.page, answer.options);
  const sharedTrip = (token: string) =>
    /^[A-Za-z0-9_-]{20,64}$/.test(token) ? deps.trips.shared(token) : Promise.resolve(null);
  /** A share link's pages are never cached and never name the link to another site. */
  const privately = (response: Response) => {
    response.headers.set("cache-control", "no-store");
    response.headers.set("referrer-policy", "no-referrer");
    return response;
  };
  const shared = new Elysia({ name: "shared-trip-page" })
    .get("/t/:token", async ({ request, params }) => {
      const path = new URL(request.url).pathname;
      const trip = await sharedTrip(params.token);
      if (!trip) return privately(await render(request, notFoundAnswer(request)));
      return privately(
        await gate.renderNow(request, <SharedTripPage trip={trip} path={path} />, {
          title: `${trip.title} · LocalScope`,
          theme: themeFrom(request),
        }),
      );
    })
    // A shared trip's day on the map, for anyone with the link (read-only, like the trip).
    .get("/t/:token/map", async ({ request, params }) => {
      const trip = await sharedTrip(params.token);
      const back = `/t/${params.token}`;
      const links = {
        path: `${back}/map`,
        dayHref: `${back}/map?day=`,
        back: { href: back, label: "Back to the trip" },
      };
      const answer = (trip && dayOnMap(request, trip, links, deps.tileUrl)) ?? notFoundAnswer(request);
      return privately(await render(request, answer));
    });
  const owned = new Elysia({ name: "trip-pages" })
    .onBeforeHandle(gate.beforeHandle)
    .mapResponse(gate.mapResponse)
    // The list is rendered with the page (no "Loading trips…" first); the island refreshes it once hydrated.
    .get("/trips", async ({ request }) => {
      const viewer = (await gate.viewerOf(request))!;
      const trips = await deps.trips.list(viewer.id);
      return gate.render(<TripsPage city={readCookie(request, LOCATION_COOKIE) ?? ""} trips={trips} />, {
        title: "Trips · LocalScope",
        theme: themeFrom(request),
      });
    })
    .get("/trips/:id", async ({ request, params }) => {
      const viewer = (await gate.viewerOf(request))!;
      const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0;
      const trip = await deps.trips.get(viewer.id, id).catch(() => null);
      if (!trip) return render(request, notFoundAnswer(request));
      return gate.render(<TripPage trip={trip} />, {
        title: `${trip.title} · Trips · LocalScope`,
        theme: themeFrom(request),
      });
    });
  return new Elysia({ name: "trips-pages-all" }).use(shared).use(owned);
}
