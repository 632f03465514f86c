import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tripDays, tripStops, trips, type TripRow } from "../../db/schema";
import { HttpError } from "../../src/http";
import { resolveCityParam, type CityIndex } from "../cities";
import type { Place, PlacesService } from "../places";
import { hoursWarnings } from "./hours";
import { LIMITS, MESSAGES, WALKING_MPH } from "./model";
import type { Day, StopPatch, StopInput, StopPlace, Trip, TripInput, TripPatch, TripSummary } from "./model";
import { planDay } from "./plan";
import { legs, walkingMinutes } from "./route";

const conflict = (message: string, field: string) => new HttpError(409, message, { [field]: [message] });
const invalid = (message: string, field: string) => new HttpError(400, message, { [field]: [message] });
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const toStopPlace = (p: Place): StopPlace => ({
  id: p.id,
  title: p.title,
  address: p.address,
  city: p.city,
  stateCode: p.stateCode,
  category: p.category,
  categoryId: p.categoryId,
  latitude: p.latitude,
  longitude: p.longitude,
  openingHours: p.openingHours,
  source: p.source,
  licence: p.licence,
});

/** Trips on plain values. Every read and write names the owner: another user's trip is "not found". */
export class TripsService {
  constructor(
    private readonly db: Db,
    private readonly places: PlacesService,
    private readonly cityIndex: CityIndex,
  ) {}

  /** "savannah, ga" → "Savannah, GA" (the index's spelling), or a 400 naming the field. */
  private city(text: string): string {
    const [, name = "", state = ""] = /^(.*),\s*([A-Za-z]{2})$/.exec(text.trim()) ?? [];
    const found = name ? this.cityIndex.find(name.trim(), state.toUpperCase()) : undefined;
    if (!found) throw invalid(MESSAGES.cityUnknown(text), "city");
    return `${found.name}, ${found.stateCode}`;
  }

  private async place(id: number): Promise<Place | null> {
    try {
      return await this.places.get(id);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  private async ownedOrNull(userId: number, id: number): Promise<TripRow | null> {
    const [row] = await this.db
      .select()
      .from(trips)
      .where(and(eq(trips.id, id), eq(trips.userId, userId)));
    return row ?? null;
  }

  private async owned(userId: number, id: number): Promise<TripRow> {
    const row = await this.ownedOrNull(userId, id);
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    return row;
  }

  private touch(id: number) {
    return this.db.update(trips).set({ updatedAt: new Date() }).where(eq(trips.id, id));
  }

  private async days(tripId: number) {
    return this.db.select().from(tripDays).where(eq(tripDays.tripId, tripId)).orderBy(asc(tripDays.position));
  }

  private async dayOf(tripId: number, dayId: number, field = "dayId") {
    const [day] = await this.db
      .select()
      .from(tripDays)
      .where(and(eq(tripDays.id, dayId), eq(tripDays.tripId, tripId)));
    if (!day) throw field === "dayId" ? invalid(MESSAGES.dayId, field) : new HttpError(404, MESSAGES.dayNotFound);
    return day;
  }

  private async stopsOfDay(dayId: number) {
    return this.db.select().from(tripStops).where(eq(tripStops.dayId, dayId)).orderBy(asc(tripStops.position));
  }

  /** Rewrite a day's positions 0..n-1 in the order given. */
  private async renumber(dayId: number, stopIds: number[]) {
    for (const [position, id] of stopIds.entries())
      await this.db.update(tripStops).set({ dayId, position }).where(eq(tripStops.id, id));
  }

  /** The whole trip as clients see it: days in order, each stop with its place, legs, totals and hours warnings. */
  async view(row: TripRow, withToken = true): Promise<Trip> {
    const days = await this.days(row.id);
    const stops = await this.db
      .select()
      .from(tripStops)
      .where(eq(tripStops.tripId, row.id))
      .orderBy(asc(tripStops.position));
    const placeIds = [...new Set(stops.map((s) => s.placeId))];
    const found = new Map<number, Place | null>();
    for (const id of placeIds) found.set(id, await this.place(id));
    const dayViews: Day[] = days.map((day, index) => {
      const date = row.startDate ? addDays(row.startDate, index) : null;
      const own = stops.filter((s) => s.dayId === day.id);
      const places = own.map((s) => found.get(s.placeId) ?? null);
      const { legMiles, totalMiles } = legs(places);
      return {
        id: day.id,
        number: index + 1,
        date,
        stops: own.map((s, i) => {
          const place = places[i] ?? null;
          return {
            id: s.id,
            placeId: s.placeId,
            position: i,
            note: s.note,
            time: s.time,
            place: place && toStopPlace(place),
            warnings: place ? hoursWarnings(place.openingHours, date) : [],
            legMiles: legMiles[i] ?? null,
          };
        }),
        totalMiles,
        walkingMinutes: walkingMinutes(totalMiles),
      };
    });
    return {
      id: row.id,
      title: row.title,
      city: row.city,
      startDate: row.startDate,
      shareToken: withToken ? row.shareToken : null,
      days: dayViews,
      walkingMph: WALKING_MPH,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async list(userId: number): Promise<TripSummary[]> {
    const rows = await this.db
      .select()
      .from(trips)
      .where(eq(trips.userId, userId))
      .orderBy(desc(trips.updatedAt), desc(trips.id));
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const dayCounts = await this.db
      .select({ tripId: tripDays.tripId, n: count() })
      .from(tripDays)
      .where(inArray(tripDays.tripId, ids))
      .groupBy(tripDays.tripId);
    const stopCounts = await this.db
      .select({ tripId: tripStops.tripId, n: count() })
      .from(tripStops)
      .where(inArray(tripStops.tripId, ids))
      .groupBy(tripStops.tripId);
    const of = (list: Array<{ tripId: number; n: number }>, id: number) => list.find((c) => c.tripId === id)?.n ?? 0;
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      city: r.city,
      startDate: r.startDate,
      days: of(dayCounts, r.id),
      stops: of(stopCounts, r.id),
      shared: r.shareToken !== null,
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  async get(userId: number, id: number): Promise<Trip> {
    return this.view(await this.owned(userId, id));
  }

  /** The user's most recently changed trip in a city ("City, ST" as trips store it), or null when there is none. */
  async latestIn(userId: number, city: string): Promise<Trip | null> {
    const [row] = await this.db
      .select()
      .from(trips)
      .where(and(eq(trips.userId, userId), eq(trips.city, city)))
      .orderBy(desc(trips.updatedAt), desc(trips.id))
      .limit(1);
    return row ? this.view(row) : null;
  }

  /** The user's trip, or null when they have none of that id (a storage failure is thrown on, never "not found"). */
  async find(userId: number, id: number): Promise<Trip | null> {
    const row = await this.ownedOrNull(userId, id);
    return row && this.view(row);
  }

  /** A new trip with one empty day; 409 past the per-user limit. */
  async create(userId: number, input: TripInput): Promise<Trip> {
    const city = this.city(input.city);
    const [existing] = await this.db.select({ n: count() }).from(trips).where(eq(trips.userId, userId));
    if ((existing?.n ?? 0) >= LIMITS.trips) throw conflict(MESSAGES.tooManyTrips, "trips");
    const now = new Date();
    const [row] = await this.db
      .insert(trips)
      .values({ userId, title: input.title, city, startDate: input.startDate, createdAt: now, updatedAt: now })
      .returning();
    await this.db.insert(tripDays).values({ tripId: row!.id, position: 0 });
    return this.view(row!);
  }

  async update(userId: number, id: number, patch: TripPatch): Promise<Trip> {
    await this.owned(userId, id);
    const set: Partial<TripRow> = { updatedAt: new Date() };
    if (patch.title !== undefined) set.title = patch.title;
    if (patch.city !== undefined) set.city = this.city(patch.city);
    if (patch.startDate !== undefined) set.startDate = patch.startDate;
    const [row] = await this.db.update(trips).set(set).where(eq(trips.id, id)).returning();
    return this.view(row!);
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.owned(userId, id);
    await this.db.delete(trips).where(and(eq(trips.id, id), eq(trips.userId, userId)));
  }

  async addDay(userId: number, id: number): Promise<Trip> {
    const row = await this.owned(userId, id);
    const days = await this.days(id);
    if (days.length >= LIMITS.daysPerTrip) throw conflict(MESSAGES.tooManyDays, "days");
    await this.db.insert(tripDays).values({ tripId: id, position: (days.at(-1)?.position ?? -1) + 1 });
    await this.touch(id);
    return this.view(row);
  }

  async removeDay(userId: number, id: number, dayId: number): Promise<Trip> {
    const row = await this.owned(userId, id);
    await this.dayOf(id, dayId, "");
    const days = await this.days(id);
    if (days.length <= 1) throw conflict(MESSAGES.lastDay, "days");
    await this.db.delete(tripDays).where(eq(tripDays.id, dayId));
    await this.touch(id);
    return this.view(row);
  }

  async addStop(userId: number, id: number, dayId: number, input: StopInput): Promise<Trip> {
    const row = await this.owned(userId, id);
    await this.dayOf(id, dayId, "");
    if (!(await this.place(input.placeId))) throw invalid(MESSAGES.placeUnknown(input.placeId), "placeId");
    const stops = await this.stopsOfDay(dayId);
    if (stops.length >= LIMITS.stopsPerDay) throw conflict(MESSAGES.tooManyStops, "stops");
    const [added] = await this.db
      .insert(tripStops)
      .values({
        tripId: id,
        dayId,
        placeId: input.placeId,
        position: stops.length,
        note: input.note || null,
        time: input.time,
      })
      .returning();
    if (input.position !== undefined && input.position < stops.length) {
      const order = stops.map((s) => s.id);
      order.splice(input.position, 0, added!.id);
      await this.renumber(dayId, order);
    }
    await this.touch(id);
    return this.view(row);
  }

  /** Edit a stop's note or time, move it within its day (position) or to another day (dayId, at position or last). */
  async updateStop(userId: number, id: number, stopId: number, patch: StopPatch): Promise<Trip> {
    const row = await this.owned(userId, id);
    const [stop] = await this.db
      .select()
      .from(tripStops)
      .where(and(eq(tripStops.id, stopId), eq(tripStops.tripId, id)));
    if (!stop) throw new HttpError(404, MESSAGES.stopNotFound);
    const fields: { note?: string | null; time?: string | null } = {};
    if (patch.note !== undefined) fields.note = patch.note || null;
    if (patch.time !== undefined) fields.time = patch.time;
    if (Object.keys(fields).length) await this.db.update(tripStops).set(fields).where(eq(tripStops.id, stopId));
    const target = patch.dayId ?? stop.dayId;
    if (patch.dayId !== undefined || patch.position !== undefined) {
      await this.dayOf(id, target);
      const targetStops = (await this.stopsOfDay(target)).filter((s) => s.id !== stopId);
      if (target !== stop.dayId && targetStops.length >= LIMITS.stopsPerDay)
        throw conflict(MESSAGES.tooManyStops, "stops");
      const order = targetStops.map((s) => s.id);
      order.splice(Math.min(patch.position ?? order.length, order.length), 0, stopId);
      await this.renumber(target, order);
      if (target !== stop.dayId)
        await this.renumber(
          stop.dayId,
          (await this.stopsOfDay(stop.dayId)).map((s) => s.id),
        );
    }
    await this.touch(id);
    return this.view(row);
  }

  async removeStop(userId: number, id: number, stopId: number): Promise<Trip> {
    const row = await this.owned(userId, id);
    const [gone] = await this.db
      .delete(tripStops)
      .where(and(eq(tripStops.id, stopId), eq(tripStops.tripId, id)))
      .returning();
    if (!gone) throw new HttpError(404, MESSAGES.stopNotFound);
    await this.renumber(
      gone.dayId,
      (await this.stopsOfDay(gone.dayId)).map((s) => s.id),
    );
    await this.touch(id);
    return this.view(row);
  }

  /**
   * "Plan my day": the city's best sights close together and a food stop near midday (./plan.ts), into the
   * given day when it is empty, else a new day.
   */
  async plan(userId: number, id: number, dayId?: number): Promise<Trip> {
    const row = await this.owned(userId, id);
    const [name, state] = row.city.split(/,\s*/) as [string, string];
    const city = resolveCityParam(this.cityIndex, name, state);
    const [featured, food] = [
      await this.places.page(city, "featured", 40, 0),
      await this.places.page(city, "category-10", 60, 0),
    ];
    const planned = planDay(featured, food);
    if (!planned.length) throw conflict(MESSAGES.noSights, "city");
    let target = dayId === undefined ? undefined : await this.dayOf(id, dayId);
    if (target && (await this.stopsOfDay(target.id)).length) target = undefined;
    if (!target) {
      const days = await this.days(id);
      const empty = dayId === undefined && days.length === 1 ? days[0] : undefined;
      if (empty && !(await this.stopsOfDay(empty.id)).length) target = empty;
      else {
        if (days.length >= LIMITS.daysPerTrip) throw conflict(MESSAGES.tooManyDays, "days");
        [target] = await this.db
          .insert(tripDays)
          .values({ tripId: id, position: (days.at(-1)?.position ?? -1) + 1 })
          .returning();
      }
    }
    await this.db
      .insert(tripStops)
      .values(
        planned.map((p, position) => ({ tripId: id, dayId: target!.id, placeId: p.placeId, position, time: p.time })),
      );
    await this.touch(id);
    return this.view(row);
  }

  /** Share: an unguessable token (24 random bytes), kept until revoked. */
  async share(userId: number, id: number): Promise<Trip> {
    const row = await this.owned(userId, id);
    if (!row.shareToken) {
      const token = randomBytes(24).toString("base64url");
      await this.db
        .update(trips)
        .set({ shareToken: token, sharedAt: row.sharedAt ?? new Date() })
        .where(eq(trips.id, id));
    }
    return this.get(userId, id);
  }

  async unshare(userId: number, id: number): Promise<Trip> {
    await this.owned(userId, id);
    await this.db.update(trips).set({ shareToken: null }).where(eq(trips.id, id));
    return this.get(userId, id);
  }

  /** A shared trip, read-only, without its token; null when no trip is shared under it. */
  async shared(token: string): Promise<Trip | null> {
    const [row] = await this.db.select().from(trips).where(eq(trips.shareToken, token));
    return row ? this.view(row, false) : null;
  }
}
