import { createEvents, type EventAttributes } from "ics";
import { HttpError } from "../../src/http";
import type { Day, Stop, Trip } from "./model";

export const NEEDS_DATE = "Set the trip's start date to export it to a calendar.";
/** A stop's calendar event lasts until the next stop's time, else this long. */
const DEFAULT_EVENT_MINUTES = 60;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const dateArray = (date: string) => date.split("-").map(Number) as [number, number, number];
const placed = (day: Day) => day.stops.filter((s): s is Stop & { place: NonNullable<Stop["place"]> } => !!s.place);
const where = (s: Stop & { place: NonNullable<Stop["place"]> }) =>
  [s.place.title, s.place.address, s.place.city && `${s.place.city}, ${s.place.stateCode}`].filter(Boolean).join(", ");

/** The days asked for: every day, or day `n` (1-based); 404 for a day the trip does not have. */
export function daysOf(trip: Trip, day?: number): Day[] {
  if (day === undefined) return trip.days;
  const found = trip.days.find((d) => d.number === day);
  if (!found) throw new HttpError(404, `This trip has no day ${day}.`);
  return [found];
}

/**
 * The trip as iCalendar: one event per stop on its day (floating local times: the city's clock); a stop with a
 * time lasts until the next timed stop, one without a time is an all-day entry. Needs the trip's start date.
 */
export function tripCalendar(trip: Trip, days: Day[]): string {
  if (!trip.startDate) throw new HttpError(409, NEEDS_DATE, { startDate: [NEEDS_DATE] });
  const events: EventAttributes[] = days.flatMap((day) => {
    const stops = placed(day);
    return stops.map((s, i): EventAttributes => {
      const common = {
        title: s.place.title,
        location: where(s),
        geo: { lat: s.place.latitude, lon: s.place.longitude },
        description: [`${trip.title}, day ${day.number}`, s.note].filter(Boolean).join("\n"),
        uid: `trip-${trip.id}-stop-${s.id}@localscope`,
        productId: "localscope/trips",
        calName: trip.title,
      };
      const [y, m, d] = dateArray(day.date!);
      if (!s.time) return { ...common, start: [y, m, d], duration: { days: 1 } };
      const start = minutesOf(s.time);
      const next = stops.slice(i + 1).find((n) => n.time && minutesOf(n.time) > start)?.time;
      const minutes = next ? minutesOf(next) - start : DEFAULT_EVENT_MINUTES;
      return {
        ...common,
        start: [y, m, d, Math.floor(start / 60), start % 60],
        startInputType: "local",
        startOutputType: "local",
        duration: { minutes },
      };
    });
  });
  const { error, value } = createEvents(events, { productId: "localscope/trips", calName: trip.title });
  if (error || !value) throw new HttpError(500, "The calendar could not be written.");
  return value;
}

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The trip as GPX 1.1 waypoints, one per stop in day order ("Day 1 · 2. Title"). */
export function tripGpx(trip: Trip, days: Day[]): string {
  const points = days.flatMap((day) =>
    placed(day).map((s, i) =>
      [
        `  <wpt lat="${s.place.latitude}" lon="${s.place.longitude}">`,
        `    <name>${xml(`Day ${day.number} · ${i + 1}. ${s.place.title}`)}</name>`,
        s.place.address || s.note
          ? `    <desc>${xml([s.place.address, s.note].filter(Boolean).join(" — "))}</desc>`
          : "",
        `    <src>${xml(`${s.place.source} (${s.place.licence})`)}</src>`,
        "  </wpt>",
      ]
        .filter(Boolean)
        .join("\n"),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="LocalScope" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${xml(trip.title)}</name></metadata>`,
    ...points,
    "</gpx>",
    "",
  ].join("\n");
}

/** A file name from the title: letters, digits and dashes. */
export const fileName = (trip: Trip, ext: string) =>
  `${
    trip.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "trip"
  }.${ext}`;
