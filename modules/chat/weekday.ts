/** A weekday a question asks about ("open on Monday", "Sunday brunch"), and whether a place's hours open on it. */
import { dayHours } from "../places";

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const DAY = "(mon|tues|wednes|thurs|fri|satur|sun)days?";
/** A weekday as a time ("on Monday", "open Sunday", "Sunday brunch"), not in a name ("TGI Fridays", "Ruby Tuesday"). */
const ASKED = new RegExp(
  `\\b(?:on|this|next|every|open|until|till|by|for)\\s+${DAY}\\b|\\b${DAY}\\s+(?:brunch|breakfast|lunch|dinner|morning|afternoon|evening|night)\\b`,
  "i",
);

/** The weekday the question names (0 = Monday), or null. */
export function weekdayOf(text: string): number | null {
  const match = text.match(ASKED);
  const day = (match?.[1] ?? match?.[2])?.toLowerCase().slice(0, 2);
  if (!day) return null;
  return ["mo", "tu", "we", "th", "fr", "sa", "su"].indexOf(day);
}

/**
 * Whether the place opens on that weekday (0 = Monday), as its week's lines read (an opening past midnight belongs
 * to the evening it began): null when it has no hours or they are not one plain week.
 */
export function openOn(hours: string | null, weekday: number): boolean | null {
  const days = dayHours(hours);
  return days ? days[weekday] !== "Closed" : null;
}
