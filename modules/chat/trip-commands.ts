/**
 * What the chat does with the user's trips: "plan a day in Savannah" (a new draft trip planned by the trips
 * module's "Plan my day") and "add the Mob Museum to day 1" (a named place, found as every named place is,
 * added to that day of the user's latest trip in the city). The trips module is reached through what the app
 * injects (ChatTrips), never directly.
 */

export type TripCommand = { kind: "plan"; city: string | null } | { kind: "add"; name: string; day: number };

/** A trip as the chat reports on it. */
export interface TripBrief {
  id: number;
  title: string;
  city: string;
  walkingMph: number;
  days: Array<{ id: number; number: number; stops: number; totalMiles: number; walkingMinutes: number }>;
}

export interface ChatTrips {
  /** A new trip in "City, ST" whose first day is planned ("Plan my day"); a 4xx HttpError when it cannot be. */
  planDay(userId: number, city: string): Promise<TripBrief>;
  /** The user's most recently changed trip in "City, ST", or null. */
  latestIn(userId: number, city: string): Promise<TripBrief | null>;
  /** The place added as the day's last stop; a 4xx HttpError past the limits. */
  addStop(userId: number, tripId: number, dayId: number, placeId: number): Promise<TripBrief>;
}

const POLITE = String.raw`(?:(?:please|can you|could you|would you|help me)\s+)*`;
const PLAN = new RegExp(
  String.raw`^${POLITE}plan\s+(?:me\s+|us\s+)?(?:a|my|one|our)?\s*(?:whole\s+|full\s+)?day(?:\s+(?:out\s+)?(?:in|for|at|around)\s+(.{2,80}?))?\s*(?:for me\s*)?(?:please\s*)?[?.!]*$`,
  "i",
);
const ADD = new RegExp(
  String.raw`^${POLITE}add\s+(?:the\s+)?(.{2,80}?)\s+to\s+(?:my\s+|the\s+)?day\s+(\d{1,2})\b(?:\s+of\s+my\s+trip)?\s*(?:please\s*)?[?.!]*$`,
  "i",
);

/** The trip command a message is, or null for a question (answered from the city's data as usual). */
export function tripCommand(query: string): TripCommand | null {
  const text = query.replace(/\s+/g, " ").trim();
  const plan = PLAN.exec(text);
  if (plan) return { kind: "plan", city: plan[1]?.trim() || null };
  const add = ADD.exec(text);
  if (add) return { kind: "add", name: add[1]!.trim(), day: Number(add[2]) };
  return null;
}
