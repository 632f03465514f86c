/**
 * A day's stops keep the times the traveller gave them when they are reordered, so a new order can put a later
 * time before an earlier one. We never change a time the traveller set: we say where the order and the times
 * disagree, and they change one or the other.
 */
export function timesOutOfOrder(stops: ReadonlyArray<{ time: string | null }>): string | null {
  let last: { time: string; number: number } | null = null;
  for (const [i, stop] of stops.entries()) {
    if (!stop.time) continue;
    // "HH:MM" (24-hour) strings compare as times.
    if (last && stop.time < last.time)
      return `Times out of order: stop ${i + 1} is at ${stop.time}, after stop ${last.number} at ${last.time}. Change a time or the order.`;
    last = { time: stop.time, number: i + 1 };
  }
  return null;
}
