/**
 * Before any browser test: import the states the tests browse (places are imported per state on first
 * use, 1–9 s each), so no test waits for an import inside its own expect timeouts.
 */
import type { FullConfig } from "@playwright/test";

const WARM = [
  ["Las Vegas", "NV"],
  ["Terlingua", "TX"],
  ["New York", "NY"],
] as const;

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) return;
  for (const [city, state] of WARM) {
    const url = `${baseURL}/api/places/nearby?city=${encodeURIComponent(city)}&state=${state}&count=1`;
    const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    if (!response.ok) throw new Error(`warming ${city}, ${state} failed: ${response.status}`);
  }
}
