/**
 * Before any browser test: import the states the tests browse (places are imported per state on first
 * use, 1–9 s each) into the template database, once per run, so no test waits for an import inside its own
 * expect timeouts. Each worker then starts its own server on a copy of it (e2e/server.ts, decision 025).
 */
import { startServer, TEMPLATE_DIR, BASE_PORT } from "./server";

const WARM = [
  ["Las Vegas", "NV"],
  ["Alzada", "MT"],
  ["New York", "NY"],
  // Cities the tests switch to: imported here once, not by every worker inside a test's own timeout.
  ["Boston", "MA"],
  ["Pittsburgh", "PA"],
  ["Springfield", "IL"],
  ["West Yellowstone", "MT"],
  // City stories (e2e/stories.e2e.ts).
  ["Savannah", "GA"],
  ["Abbeville", "AL"],
] as const;

export default async function globalSetup() {
  const server = await startServer(BASE_PORT, TEMPLATE_DIR);
  try {
    for (const [city, state] of WARM) {
      const url = `${server.url}/api/places/nearby?city=${encodeURIComponent(city)}&state=${state}&count=1`;
      const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
      if (!response.ok) throw new Error(`warming ${city}, ${state} failed: ${response.status}`);
    }
  } finally {
    await server.stop();
  }
}
