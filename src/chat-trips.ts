import type { ChatTrips } from "../modules/chat";
import type { Trip, TripsService } from "../modules/trips";

/** What the chat does with a user's trips, through the trips module's service (a draft is "A day in {city}"). */
export function chatTripsOf(trips: TripsService): ChatTrips {
  const brief = (t: Trip) => ({
    id: t.id,
    title: t.title,
    city: t.city,
    walkingMph: t.walkingMph,
    days: t.days.map((d) => ({
      id: d.id,
      number: d.number,
      stops: d.stops.length,
      totalMiles: d.totalMiles,
      walkingMinutes: d.walkingMinutes,
    })),
  });
  return {
    async planDay(userId, city) {
      const trip = await trips.create(userId, { title: `A day in ${city.replace(/,.*$/, "")}`, city, startDate: null });
      try {
        return brief(await trips.plan(userId, trip.id));
      } catch (error) {
        // No draft is left behind when no day could be planned.
        await trips.remove(userId, trip.id);
        throw error;
      }
    },
    async latestIn(userId, city) {
      const latest = await trips.latestIn(userId, city);
      return latest && brief(latest);
    },
    addStop: async (userId, tripId, dayId, placeId) =>
      brief(await trips.addStop(userId, tripId, dayId, { placeId, note: "", time: null })),
  };
}
