/** A weekday a question asks about ("open on Monday", "Sunday brunch"), and whether a place's hours open on it. */
import { parseHours } from "../places";

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const ASKED = /\b(mon|tues?|wed(nes)?|thu(rs)?|fri|sat(ur)?|sun)(day)s?\b/i;

/** The weekday the question names (0 = Monday), or null. */
export function weekdayOf(text: string): number | null {
  const day = text.match(ASKED)?.[1]?.toLowerCase().slice(0, 2);
  if (!day) return null;
  return ["mo", "tu", "we", "th", "fr", "sa", "su"].indexOf(day);
}

/** A week with no holidays in it, for reading which weekdays a place's hours open on (0 = Monday, 13 Jan 2025). */
const dayOf = (weekday: number) => new Date(2025, 0, 13 + weekday);

/**
 * Whether the place opens at some time on that weekday: true or false from hours that are one plain week, null
 * when it has none, or they cannot be read, or they say "unknown" for that day.
 */
export function openOn(hours: string | null, weekday: number): boolean | null {
  if (!hours) return null;
  const parsed = parseHours(hours);
  if (!parsed) return null;
  try {
    const intervals = parsed.getOpenIntervals(dayOf(weekday), dayOf(weekday + 1));
    if (intervals.some(([, , unknown]) => unknown)) return null;
    return intervals.length > 0;
  } catch {
    return null;
  }
}
