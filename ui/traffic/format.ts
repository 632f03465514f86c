/** How the traffic screen writes its figures: counts, UTC hours and times, country names. */

export { grouped as number } from "../../src/domain/numbers";
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
/** Every time on the screen is UTC, like the hours of the rollups and the chart's axis. */
export const timeLabel = (iso: string) =>
  `${new Date(iso).toLocaleString("en-US", { timeZone: "UTC", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" })} UTC`;
let regionNames: Intl.DisplayNames | undefined;
/** "US" → "United States" (from the browser's own locale data); "Unknown" stays. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
