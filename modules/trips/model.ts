import * as v from "valibot";

/** How much one account may keep (guards against filling the database, not product limits). */
export const LIMITS = { trips: 50, daysPerTrip: 14, stopsPerDay: 20 } as const;
export const MAX_TITLE_LENGTH = 120;
export const MAX_NOTE_LENGTH = 500;
/** The walking speed every estimate states (miles an hour, straight-line distances). */
export const WALKING_MPH = 3;

export const MESSAGES = {
  signIn: "Please sign in to plan trips.",
  notFound: "Trip not found.",
  dayNotFound: "Day not found.",
  stopNotFound: "Stop not found.",
  shareNotFound: "This shared trip does not exist or is no longer shared.",
  titleRequired: "title is required",
  titleTooLong: `title must be at most ${MAX_TITLE_LENGTH} characters`,
  cityRequired: 'city is required, as "City, ST"',
  cityFormat: 'city must be "City, ST" (for example "Savannah, GA")',
  cityUnknown: (city: string) => `We don't know a city called "${city}".`,
  startDate: "startDate must be a date as YYYY-MM-DD",
  placeIdRequired: "placeId must be the id of a place (a whole number)",
  placeUnknown: (id: number) => `No place has the id ${id}.`,
  note: `note must be text of at most ${MAX_NOTE_LENGTH} characters`,
  time: "time must be a time of day as HH:MM (24-hour)",
  dayId: "dayId must be the id of one of this trip's days",
  position: "position must be a whole number from 0",
  idNotNumber: "id must be a whole number",
  tooManyTrips: `You can keep at most ${LIMITS.trips} trips. Delete one to start another.`,
  tooManyDays: `A trip can have at most ${LIMITS.daysPerTrip} days.`,
  tooManyStops: `A day can have at most ${LIMITS.stopsPerDay} stops. Move some to another day.`,
  lastDay: "A trip keeps at least one day.",
  noSights: "We found no sights to plan a day with in this city yet.",
  offline: "You are offline: changes cannot be saved until the network is back.",
} as const;

const title = v.pipe(
  v.string(MESSAGES.titleRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.titleRequired),
  v.maxLength(MAX_TITLE_LENGTH, MESSAGES.titleTooLong),
);
const city = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    const value = dataset.value;
    if (typeof value !== "string" || value.trim() === "") addIssue({ message: MESSAGES.cityRequired });
    else if (!/^[^,]{1,80},\s*[A-Za-z]{2}$/.test(value.trim())) addIssue({ message: MESSAGES.cityFormat });
  }),
  v.transform((value) => (value as string).trim()),
);
const startDate = v.nullable(
  v.pipe(
    v.string(MESSAGES.startDate),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.startDate),
    v.check(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      MESSAGES.startDate,
    ),
  ),
);
const note = v.nullable(v.pipe(v.string(MESSAGES.note), v.trim(), v.maxLength(MAX_NOTE_LENGTH, MESSAGES.note)));
const time = v.nullable(v.pipe(v.string(MESSAGES.time), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.time)));
const wholeNumber = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(Number.MAX_SAFE_INTEGER, message));
const BODY = "The request body must be a JSON object.";

/** POST /api/trips */
export const TripInput = v.object(
  { title: v.optional(title, ""), city: v.optional(city, ""), startDate: v.optional(startDate, null) },
  BODY,
);
/** PATCH /api/trips/{id}: any of the fields. */
export const TripPatch = v.object(
  { title: v.optional(title), city: v.optional(city), startDate: v.optional(startDate) },
  BODY,
);
/** POST /api/trips/{id}/days/{dayId}/stops */
export const StopInput = v.object(
  {
    // A missing id is checked as "" (0), so it reads as the field's message.
    placeId: v.optional(
      v.pipe(
        v.unknown(),
        v.transform(Number),
        wholeNumber(MESSAGES.placeIdRequired),
        v.minValue(1, MESSAGES.placeIdRequired),
      ),
      "",
    ),
    note: v.optional(note, null),
    time: v.optional(time, null),
    position: v.optional(wholeNumber(MESSAGES.position)),
  },
  BODY,
);
/** PATCH /api/trips/{id}/stops/{stopId}: edit the note or time, reorder (position), move to another day (dayId). */
export const StopPatch = v.object(
  {
    note: v.optional(note),
    time: v.optional(time),
    dayId: v.optional(wholeNumber(MESSAGES.dayId)),
    position: v.optional(wholeNumber(MESSAGES.position)),
  },
  BODY,
);
/** POST /api/trips/{id}/plan: propose a day (into `dayId`, else a new day). */
export const PlanInput = v.optional(v.object({ dayId: v.optional(wholeNumber(MESSAGES.dayId)) }, BODY), {});

const idParam = v.pipe(v.string(), v.regex(/^\d{1,15}$/, MESSAGES.idNotNumber), v.transform(Number));
export const TripParams = v.object({ id: idParam });
export const DayParams = v.object({ id: idParam, dayId: idParam });
export const StopParams = v.object({ id: idParam, stopId: idParam });
export const TokenParams = v.object({
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,64}$/, MESSAGES.shareNotFound)),
});

export type TripInput = v.InferOutput<typeof TripInput>;
export type TripPatch = v.InferOutput<typeof TripPatch>;
export type StopInput = v.InferOutput<typeof StopInput>;
export type StopPatch = v.InferOutput<typeof StopPatch>;

/** A stop's place as the trip shows it (from the places store; never typed in). */
export interface StopPlace {
  id: number;
  title: string;
  address: string | null;
  city: string | null;
  stateCode: string;
  category: string;
  categoryId: number;
  latitude: number;
  longitude: number;
  openingHours: string | null;
  source: string;
  licence: string;
}

export interface Stop {
  id: number;
  placeId: number;
  position: number;
  note: string | null;
  time: string | null;
  /** Null when the place has left the store since it was added. */
  place: StopPlace | null;
  /** "Closed on Mondays", "Hours unknown", … (from the place's opening hours, when a source gives them). */
  warnings: string[];
  /** Straight-line miles from the previous stop (null for the first). */
  legMiles: number | null;
}

export interface Day {
  id: number;
  /** 1-based. */
  number: number;
  /** YYYY-MM-DD when the trip has a start date. */
  date: string | null;
  stops: Stop[];
  /** Straight-line miles stop to stop, one decimal. */
  totalMiles: number;
  /** Minutes of walking at WALKING_MPH over those miles: an estimate. */
  walkingMinutes: number;
}

export interface Trip {
  id: number;
  title: string;
  city: string;
  startDate: string | null;
  /** The share link's token, or null when not shared (only the owner sees it). */
  shareToken: string | null;
  days: Day[];
  walkingMph: number;
  createdAt: string;
  updatedAt: string;
}

export interface TripSummary {
  id: number;
  title: string;
  city: string;
  startDate: string | null;
  days: number;
  stops: number;
  shared: boolean;
  updatedAt: string;
}
