import { Elysia } from "elysia";
import type { TripsService } from "../modules/trips";
import { NotFoundPage } from "../ui/pages/NotFound";
import { SharedTripPage } from "../ui/pages/SharedTrip";
import { TripPage } from "../ui/pages/Trip";
import { TripsPage } from "../ui/pages/Trips";
import { signInGate, type ViewerOf } from "./gate";
import { themeFrom } from "./pages";
import { readCookie } from "./cookies";
import { LOCATION_COOKIE } from "../ui/state";
import type { Render } from "./ssr";

/**
 * The trip pages: /trips and /trips/{id} for the signed-in owner (others: the landing page, or 404 for a
 * trip that is not theirs), and /t/{token}, a shared trip read-only for anyone, signed in or not.
 */
export function tripPages(deps: { render: Render; viewer: ViewerOf; trips: TripsService; cityCount: number }) {
  const gate = signInGate({
    render: deps.render,
    viewerOf: deps.viewer,
    themeOf: themeFrom,
    cityCount: deps.cityCount,
  });
  const notFound = (request: Request, path: string) =>
    gate.renderNow(request, <NotFoundPage path={path} />, {
      title: "Page Not Found · LocalScope",
      status: 404,
      theme: themeFrom(request),
    });
  const shared = new Elysia({ name: "shared-trip-page" }).get("/t/:token", async ({ request, params }) => {
    const path = new URL(request.url).pathname;
    const trip = /^[A-Za-z0-9_-]{20,64}$/.test(params.token) ? await deps.trips.shared(params.token) : null;
    if (!trip) return notFound(request, path);
    const response = await gate.renderNow(request, <SharedTripPage trip={trip} path={path} />, {
      title: `${trip.title} · LocalScope`,
      theme: themeFrom(request),
    });
    response.headers.set("cache-control", "no-store");
    response.headers.set("referrer-policy", "no-referrer");
    return response;
  });
  const owned = new Elysia({ name: "trip-pages" })
    .onBeforeHandle(gate.beforeHandle)
    .mapResponse(gate.mapResponse)
    .get("/trips", ({ request }) =>
      gate.render(<TripsPage city={readCookie(request, LOCATION_COOKIE) ?? ""} />, {
        title: "Trips · LocalScope",
        theme: themeFrom(request),
      }),
    )
    .get("/trips/:id", async ({ request, params }) => {
      const viewer = (await gate.viewerOf(request))!;
      const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0;
      const trip = await deps.trips.get(viewer.id, id).catch(() => null);
      if (!trip) return notFound(request, new URL(request.url).pathname);
      return gate.render(<TripPage trip={trip} />, {
        title: `${trip.title} · Trips · LocalScope`,
        theme: themeFrom(request),
      });
    });
  return new Elysia({ name: "trips-pages-all" }).use(shared).use(owned);
}
