import { Elysia } from "elysia";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { parseOrThrow } from "../../src/http";
import type { AuthGuard } from "../auth";
import type { CityIndex } from "../cities";
import type { PlacesService } from "../places";
import { daysOf, fileName, tripCalendar, tripGpx } from "./export";
import {
  DayParams,
  MESSAGES,
  PlanInput,
  StopInput,
  StopParams,
  StopPatch,
  TripInput,
  TripParams,
  TripPatch,
} from "./model";
import { TripsService } from "./service";

export { TripsService } from "./service";
export { LIMITS, MESSAGES as TRIP_MESSAGES, WALKING_MPH } from "./model";
export type { Day, Stop, StopPlace, Trip, TripSummary } from "./model";

const ExportQuery = v.object({
  day: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, "day must be a day number"), v.transform(Number))),
});

/**
 * Trips of the signed-in user (guests included): the trip, its days and stops, "Plan my day", the share link
 * and the calendar and GPX exports. Only the owner reads or changes a trip: anyone else gets 404, exactly as
 * for a trip that does not exist. The shared, read-only view is the page /t/{token} (src/pages.tsx).
 */
export function tripsModule(deps: { database: Database; guard: AuthGuard; service: TripsService }) {
  const trips = deps.service;
  return new Elysia({ name: "trips", prefix: "/api/trips" })
    .use(deps.guard({ signInMessage: MESSAGES.signIn }))
    .onTransform(({ set }) => {
      set.headers["cache-control"] = "no-store";
    })
    .guard({ auth: "user" })
    .get("/", ({ user }) => trips.list(user.id))
    .post(
      "/",
      async ({ user, body, set }) => {
        const trip = await trips.create(user.id, body);
        set.status = 201;
        return trip;
      },
      { body: TripInput },
    )
    .get("/:id", ({ user, params }) => trips.get(user.id, params.id), { params: TripParams })
    .patch("/:id", ({ user, params, body }) => trips.update(user.id, params.id, body), {
      params: TripParams,
      body: TripPatch,
    })
    .delete(
      "/:id",
      async ({ user, params, set }) => {
        await trips.remove(user.id, params.id);
        set.status = 204;
        return null;
      },
      { params: TripParams },
    )
    .post(
      "/:id/days",
      async ({ user, params, set }) => {
        const trip = await trips.addDay(user.id, params.id);
        set.status = 201;
        return trip;
      },
      { params: TripParams },
    )
    .delete("/:id/days/:dayId", ({ user, params }) => trips.removeDay(user.id, params.id, params.dayId), {
      params: DayParams,
    })
    .post(
      "/:id/days/:dayId/stops",
      async ({ user, params, body, set }) => {
        const trip = await trips.addStop(user.id, params.id, params.dayId, body);
        set.status = 201;
        return trip;
      },
      { params: DayParams, body: StopInput },
    )
    .patch(
      "/:id/stops/:stopId",
      ({ user, params, body }) => trips.updateStop(user.id, params.id, params.stopId, body),
      {
        params: StopParams,
        body: StopPatch,
      },
    )
    .delete("/:id/stops/:stopId", ({ user, params }) => trips.removeStop(user.id, params.id, params.stopId), {
      params: StopParams,
    })
    .post(
      "/:id/plan",
      async ({ user, params, body, set }) => {
        const trip = await trips.plan(user.id, params.id, body?.dayId);
        set.status = 201;
        return trip;
      },
      { params: TripParams, body: PlanInput },
    )
    .post("/:id/share", ({ user, params }) => trips.share(user.id, params.id), { params: TripParams })
    .delete("/:id/share", ({ user, params }) => trips.unshare(user.id, params.id), { params: TripParams })
    .get(
      "/:id/export.ics",
      async ({ user, params, request }) => {
        const trip = await trips.get(user.id, params.id);
        const calendar = tripCalendar(trip, daysOf(trip, exportDay(request)));
        return new Response(calendar, {
          headers: {
            "content-type": "text/calendar; charset=utf-8",
            "content-disposition": `attachment; filename="${fileName(trip, "ics")}"`,
            "cache-control": "no-store",
          },
        });
      },
      { params: TripParams },
    )
    .get(
      "/:id/export.gpx",
      async ({ user, params, request }) => {
        const trip = await trips.get(user.id, params.id);
        return new Response(tripGpx(trip, daysOf(trip, exportDay(request))), {
          headers: {
            "content-type": "application/gpx+xml; charset=utf-8",
            "content-disposition": `attachment; filename="${fileName(trip, "gpx")}"`,
            "cache-control": "no-store",
          },
        });
      },
      { params: TripParams },
    );
}

/** `?day=N` of an export (1-based), or every day. */
function exportDay(request: Request): number | undefined {
  const day = new URL(request.url).searchParams.get("day");
  return parseOrThrow(ExportQuery, day === null ? {} : { day }).day;
}

/** The service over the app's database, places and cities (src/app.ts builds one for the API and the pages). */
export const createTripsService = (deps: { database: Database; places: PlacesService; cityIndex: CityIndex }) =>
  new TripsService(deps.database.db, deps.places, deps.cityIndex);
