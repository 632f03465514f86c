/**
 * Opening hours as the sources give them (OpenStreetMap's `opening_hours` syntax, which All the Places and the other
 * datasets also use): parsed once per distinct text, read for "open now" in the city's time zone, and spelled out as
 * a week a traveller can read ("Mon–Thu: 10:30 AM–midnight") instead of the tag's syntax ("Mo-Th 10:30-00:00").
 */
import { LRUCache } from "lru-cache";
import OpeningHours from "opening_hours";

const WEEKDAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];
const DAYS_THEN_TIMES =
  /^((?:Mo|Tu|We|Th|Fr|Sa|Su)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?(?:,(?:Mo|Tu|We|Th|Fr|Sa|Su)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?)*)\s+\d{1,2}:\d{2}-\d{1,2}:\d{2}(?:,\d{1,2}:\d{2}-\d{1,2}:\d{2})*$/;

/** The weekdays a selector such as "Mo-Th,Sa" names (a range may wrap: "Fr-Mo"). */
function selectedDays(selector: string): number[] {
  const days: number[] = [];
  for (const part of selector.split(",")) {
    const [from, to = from] = part.split("-").map((d) => WEEKDAYS.indexOf(d));
    for (let d = from!; ; d = (d + 1) % 7) {
      days.push(d);
      if (d === to) break;
    }
  }
  return days;
}

/**
 * Rules written one per weekday group ("Mo-Th 10:30-00:00; Fr-Sa 10:30-01:00; Su 10:30-00:00") mean each group's own
 * hours. The syntax's ";" lets a later rule take over the whole of its days, so Sunday's rule would cut Saturday's
 * opening at midnight though the text says Saturday closes at 1 AM: when no weekday is in two rules, the rules are
 * read side by side (the syntax's ",") and every opening runs as written.
 */
function sideBySide(hours: string): string {
  const rules = hours
    .split(";")
    .map((r) => r.trim())
    .filter(Boolean);
  if (rules.length < 2) return hours;
  const seen = new Set<number>();
  for (const rule of rules) {
    const selector = DAYS_THEN_TIMES.exec(rule)?.[1];
    if (!selector) return hours;
    for (const d of selectedDays(selector)) {
      if (seen.has(d)) return hours;
      seen.add(d);
    }
  }
  return rules.join(", ");
}

/** Parsed opening hours by their text; `false` for text the parser refuses. */
const parsedHours = new LRUCache<string, OpeningHours | false>({
  max: 5000,
  memoMethod: (hours) => {
    try {
      return new OpeningHours(sideBySide(hours), null, 0);
    } catch {
      return false;
    }
  },
});

/**
 * Wall-clock time in a time zone as a local Date (the opening-hours parser reads local fields). Formatting the
 * time is most of an "open now" (about 0.05–0.1 ms, against 0.01 ms for the parser's answer): the last second's
 * wall clock is kept per time zone, and every place of an answer or a list reads it.
 */
const formatters = new LRUCache<string, { format: Intl.DateTimeFormat; second: number; time: number }>({
  max: 500,
  memoMethod: (timeZone) => ({
    format: new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }),
    second: Number.NaN,
    time: 0,
  }),
});
function wallClock(now: Date, timeZone: string): Date {
  const zone = formatters.memo(timeZone);
  // The wall clock has no milliseconds: within one second it is the same.
  const second = Math.floor(now.getTime() / 1000);
  if (zone.second !== second) {
    const parts = Object.fromEntries(zone.format.formatToParts(now).map((p) => [p.type, p.value]));
    zone.time = new Date(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ).getTime();
    zone.second = second;
  }
  return new Date(zone.time);
}

/** The parsed hours (one parse per distinct text, shared by every reader); null when the parser refuses them. */
export const parseHours = (hours: string): OpeningHours | null => parsedHours.memo(hours) || null;

/**
 * "Open now" as last worked out, per parsed hours and time zone: the parser gives with a state the time of its
 * next change, and the state holds until then (every answer and list showing a place asked the parser again:
 * 0.02–0.2 ms a place). A state worked out on a whole minute is not kept: an opening with an open end ("17:00+")
 * reads the moment before, which at the minute it opens lies in the interval before.
 */
const states = new WeakMap<OpeningHours, Map<string, { from: number; until: number; open: boolean | null }>>();

/** true/false in the city's time zone; null when the hours are unknown or unreadable. */
export function openNow(hours: string | null, timeZone: string, now = new Date()): boolean | null {
  if (!hours) return null;
  const parsed = parsedHours.memo(hours);
  if (!parsed) return null;
  try {
    const zone = timeZone || "America/New_York";
    const at = wallClock(now, zone);
    const time = at.getTime();
    let byZone = states.get(parsed);
    const known = byZone?.get(zone);
    if (known && time >= known.from && time < known.until) return known.open;
    const [state, next, unknown] = parsed.getStatePair(at);
    const open = unknown ? null : state;
    if (at.getSeconds() !== 0) {
      if (!byZone) states.set(parsed, (byZone = new Map()));
      byZone.set(zone, { from: time, until: next ? next.getTime() : Number.POSITIVE_INFINITY, open });
    }
    return open;
  } catch {
    return null;
  }
}

const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** An opening that runs past midnight and ends before this hour belongs to the evening before ("Fri: 10 AM–1 AM"). */
const LATE_NIGHT_HOURS = 6;
/** A rule closing on public or school holidays only: the rest of the text is the same every week. */
const HOLIDAY_RULE = /;\s*(PH|SH)\s+(off|closed)\s*(?=;|$)/gi;

/** "7 AM", "7:30 PM", "noon", "midnight". */
function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  if (m === 0) return "midnight";
  if (m === 720) return "noon";
  const h = Math.floor(m / 60);
  const min = m % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${min ? `:${String(min).padStart(2, "0")}` : ""} ${h < 12 ? "AM" : "PM"}`;
}

/** What one weekday says, from the week's open intervals (local Dates from the parser). */
function dayText(intervals: Array<[Date, Date]>, dayStart: number): string {
  const dayEnd = dayStart + DAY;
  const spans: string[] = [];
  for (const [from, to] of intervals) {
    const s = from.getTime();
    const e = to.getTime();
    if (e <= dayStart || s >= dayEnd) continue;
    const start = Math.max(s, dayStart);
    const end = Math.min(e, dayEnd);
    // The small hours of an opening that began the evening before are that evening's ("Fri: 10 AM–1 AM").
    if (s < dayStart && end < dayStart + LATE_NIGHT_HOURS * HOUR) continue;
    if (start === dayStart && end === dayEnd) {
      spans.push("24 hours");
      continue;
    }
    const lateEnd = end === dayEnd && e > dayEnd && e - dayEnd < LATE_NIGHT_HOURS * HOUR ? e : end;
    spans.push(`${clock((start - dayStart) / 60_000)}–${clock((lateEnd - dayStart) / 60_000)}`);
  }
  return spans.length ? spans.join(", ") : "Closed";
}

/** Each weekday's text (Monday first) and the lines after the week, or null when the text is not one plain week. */
function spellDays(hours: string): { days: string[]; extra: string[] } | null {
  let text = hours;
  let parsed = parsedHours.memo(text);
  const extra: string[] = [];
  if (parsed && !parsed.isWeekStable()) {
    const withoutHolidays = text.replace(HOLIDAY_RULE, "");
    if (withoutHolidays === text) return null;
    text = withoutHolidays;
    parsed = parsedHours.memo(text);
    extra.push("Public holidays: closed");
  }
  if (!parsed || !parsed.isWeekStable()) return null;
  // A week without holidays, read from the Sunday before so an opening running past Sunday midnight is whole.
  const monday = new Date(2025, 0, 13).getTime();
  let intervals: Array<[Date, Date, boolean, string | undefined]>;
  try {
    intervals = parsed.getOpenIntervals(new Date(monday - DAY), new Date(monday + 8 * DAY));
  } catch {
    return null;
  }
  // Hours "unknown" or carrying a comment ("by appointment") are not a plain week: the text says it better.
  if (intervals.some(([, , unknown, comment]) => unknown || comment)) return null;
  const days = DAY_NAMES.map((_, i) =>
    dayText(
      intervals.map(([from, to]) => [from, to]),
      new Date(2025, 0, 13 + i).getTime(),
    ),
  );
  return { days, extra };
}

function spellWeek({ days, extra }: { days: string[]; extra: string[] }): string[] {
  if (days.every((d) => d === "24 hours")) return ["Open 24 hours, every day", ...extra];
  if (days.every((d) => d === days[0])) return [`Every day: ${days[0]}`, ...extra];
  const lines: string[] = [];
  for (let i = 0; i < 7; ) {
    let j = i;
    while (j + 1 < 7 && days[j + 1] === days[i]) j++;
    const name = j === i ? DAY_NAMES[i] : `${DAY_NAMES[i]}–${DAY_NAMES[j]}`;
    lines.push(`${name}: ${days[i]}`);
    i = j + 1;
  }
  return [...lines, ...extra];
}

const spelled = new LRUCache<string, { week: string[] | null; days: string[] | null }>({
  max: 5000,
  memoMethod: (hours) => {
    const spelt = spellDays(hours);
    return { week: spelt && spellWeek(spelt), days: spelt?.days ?? null };
  },
});

/** The week as lines a traveller reads; null when the text is not one plain week (seasons, comments): show it as is. */
export function weekHours(hours: string | null): string[] | null {
  return hours ? spelled.memo(hours).week : null;
}

/**
 * Each weekday's hours as the week's lines read them, Monday first ("Closed" on a day it does not open; the small
 * hours of an opening that began the evening before are that evening's), or null when they are not one plain week.
 */
export function dayHours(hours: string | null): string[] | null {
  return hours ? spelled.memo(hours).days : null;
}
