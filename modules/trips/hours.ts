import { dayHours, parseHours } from "../places";

const WEEKDAYS = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];
export const HOURS_UNKNOWN = "Hours unknown";

/** A reference week without public holidays (local dates; the parser reads local fields): from Sunday 9 August 2026. */
const dayAt = (weekday: number) => new Date(2026, 7, 9 + weekday);

/**
 * Weekdays (0 = Sunday) on which the hours open at no time; null when the hours are missing or unreadable. A plain
 * week is read as its lines read (places' `dayHours`: an opening past midnight is the evening's, so a bar open
 * "Mo-Sa 17:00-02:00" is closed on Sundays); other hours (seasons) by whether they open at all that day.
 */
export function closedWeekdays(hours: string | null): number[] | null {
  const days = dayHours(hours);
  if (days) return days.flatMap((text, monday) => (text === "Closed" ? [(monday + 1) % 7] : [])).sort((a, b) => a - b);
  const parsed = hours ? parseHours(hours) : null;
  if (!parsed) return null;
  const closed: number[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    const from = dayAt(weekday);
    const to = dayAt(weekday + 1);
    try {
      if (parsed.getOpenIntervals(from, to).length === 0) closed.push(weekday);
    } catch {
      return null;
    }
  }
  return closed;
}

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * What a traveller should know about a stop's hours: "Hours unknown" when no source gives them (or they cannot
 * be read); on a dated day, "Closed on Mondays" when that day is one it never opens; undated, every weekday it
 * never opens. Nothing when it opens every day.
 */
export function hoursWarnings(hours: string | null, date: string | null): string[] {
  const closed = closedWeekdays(hours);
  if (closed === null) return [HOURS_UNKNOWN];
  if (closed.length === 7) return ["Closed every day in its listed hours"];
  if (date) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    return closed.includes(weekday) ? [`Closed on ${WEEKDAYS[weekday]}`] : [];
  }
  const mondayFirst = [...closed].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  return closed.length ? [`Closed on ${list(mondayFirst.map((d) => WEEKDAYS[d]!))}`] : [];
}
