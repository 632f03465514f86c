/**
 * A day's walk as every trip view and the chat say it: the straight-line miles stop to stop and the minutes they
 * take at the stated walking speed, always called an estimate ("2.4 mi · about 50 min on foot at 3 mph (estimate,
 * straight lines)").
 */
export function dayTotals(day: { totalMiles: number; walkingMinutes: number }, mph: number): string {
  return `${day.totalMiles} mi · about ${day.walkingMinutes} min on foot at ${mph} mph (estimate, straight lines)`;
}
